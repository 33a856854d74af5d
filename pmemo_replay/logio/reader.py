"""Reading pmemo-log v1: JSON documents and JSON Lines, validated into :class:`PmemoLog`."""

from __future__ import annotations

import json
import math
import os
import re
import sys
from collections.abc import Callable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import orjson

from .boundary import read_header, ruleset_card_ids, unknown_card_error
from .errors import LogError
from .fastcheck import CARD_ID_KEYS, CARD_ID_LIST_KEYS, NESTED_KEYS, PAY_KEY, actions_keys, json_keys
from .schemas import (
    FORMAT,
    VERSION,
    is_plain_pass,
    show,
    validate_action,
    validate_top,
)

LogForm = Literal["json", "jsonl"]


@dataclass(frozen=True, slots=True)
class PmemoLog:
    """A validated game log: the header (defaults filled) and the actions as given.

    ``form`` records how it was read; it takes no part in equality, so a log read back
    from either form compares equal to the original.
    """

    header: dict[str, Any]
    actions: list[dict[str, Any]]
    form: LogForm = field(default="json", compare=False)
    #: the card ids :func:`check_card_ids` reads in the actions as they were read (the quick path collects them while
    #: it validates; None: not collected). Only :func:`check_card_ids`' caller can tell they still are the actions'.
    action_card_ids: frozenset[str] | None = field(default=None, compare=False, repr=False)

    def document(self) -> dict[str, Any]:
        """The log as one JSON document object."""
        return {"format": FORMAT, "version": VERSION, "game": self.header, "actions": self.actions}


class _JsonProblem(ValueError):
    """Valid JSON syntax the reader still refuses (duplicate keys, NaN, Infinity)."""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _JsonProblem(f"duplicate key {show(key)} in an object")
            seen.add(key)
    return obj


def _constant(name: str) -> Any:
    raise _JsonProblem(f"{name} is not a JSON number")


class _Overflow(Exception):
    """A number beyond a double met while decoding: :func:`parse_log` finds and names it (not a ValueError, so no
    decoding fallback takes it for a JSON Lines line or a syntax error)."""


_INFINITIES = (math.inf, -math.inf)


def _finite(text: str) -> float:
    value = float(text)
    if value in _INFINITIES:
        raise _Overflow(text)
    return value


_DECODER = json.JSONDecoder(object_pairs_hook=_object, parse_constant=_constant, parse_float=_finite)
#: the C decoder's own dicts (a duplicate key keeps its last value): the fast path counts keys instead
_PLAIN = json.JSONDecoder(parse_constant=_constant, parse_float=_finite)
#: as _DECODER, but a number beyond a double decodes as an infinity (for :func:`_refuse_unstorable` to name it)
_WALKER = json.JSONDecoder(object_pairs_hook=_object, parse_constant=_constant)
#: JSON's whitespace, as the decoder skips it
_SPACE = re.compile(r"[ \t\n\r]*").match


def _problem(exc: ValueError, *, with_line: bool = True) -> str:
    if isinstance(exc, json.JSONDecodeError):
        where = f"line {exc.lineno} column {exc.colno}" if with_line else f"column {exc.colno}"
        return f"not valid JSON: {exc.msg.removesuffix(' at')} at {where}"  # "Invalid control character at"
    return f"not valid JSON: {exc}"


def _decode_bytes(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        hint = " (it looks like UTF-16)" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise LogError(
            f"input is not UTF-8 text{hint}: byte {exc.object[exc.start]:#04x} "
            f"at offset {exc.start} cannot be decoded"
        ) from None


#: a ``\\uD800``-``\\uDFFF`` or ``\\u0000`` escape in JSON text, or such a code point in a ``str``
_MAYBE_UNSTORABLE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}|\\u0000|[\ud800-\udfff\x00]")
#: once decoded, a surrogate pair is one code point: a surrogate left is lone; NUL is refused by PostgreSQL's text and jsonb
_UNSTORABLE = re.compile("[\ud800-\udfff\x00]")


#: the other way a number may not fit a double: 309 digits in a row (slower to search for; the decoders see it anyway)
_LONG_DIGITS = re.compile(r"[0-9]{309}")
#: every ASCII digit as ``0`` and ``E`` as ``e``: a run of digits is then a run of zeros, found by a substring search
#: (several times faster than a regular expression's scan of a log), and an exponent is ``e`` either way (two searches
#: instead of four). Done on the UTF-8 bytes, where digits, ``e``, ``E`` and ``+`` stay what they are and no other
#: character gives such a byte (``str.translate`` is fast on ASCII text only); the bytes as received need no encoding.
_ZEROED = bytes.maketrans(b"123456789E", b"000000000e")
#: 19 digits in a row, zeroed
_RUN_19 = b"0" * 19
#: an exponent of three digits or more, zeroed (one regular expression search is twice as fast as two substring
#: searches here: ``e`` is frequent in a log)
_EXPONENT = re.compile(rb"e\+?000")


def _zeroed(text: str | bytes) -> bytes:
    """``text`` as UTF-8 (lone surrogates kept) with every digit as ``0`` and every ``E`` as ``e``; or bytes so."""
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    return data.translate(_ZEROED)


def _maybe_overflow(text: str, zeroed: bytes | None = None) -> bool:
    """A JSON number that may not fit a double: an exponent of three digits or more (inside a string too: the decoded
    value decides); what ``re.search(r"[eE]\\+?[0-9]{3}", text)`` finds. ``zeroed``: :func:`_zeroed` of ``text`` (or of
    the bytes it was decoded from), when already made.

    >>> [_maybe_overflow(t) for t in ('[1e308]', '[1E+400]', '[1e99]', '{"type": "keep", "p": 100}', '"é\\ud800e123"')]
    [True, True, False, False, True]
    """
    return _EXPONENT.search(_zeroed(text) if zeroed is None else zeroed) is not None


def _beyond_64_bits(text: str) -> bool:
    """19 digits in a row: maybe an integer beyond 64 bits, which orjson would read as a float (the slow path keeps
    it); what ``re.search("[0-9]{19}", text)`` finds.

    >>> _beyond_64_bits('["青", 18446744073709551616]'), _beyond_64_bits('[184467440737095516, "x1"]')
    (True, False)
    """
    return _RUN_19 in _zeroed(text)


def _unstorable_at(value: Any) -> tuple[list[str | int], str | float, bool] | None:
    """The path of the first string or key (in document order) holding a lone surrogate or NUL, or of a number that
    overflowed a double (decoded as an infinity: the literals ``Infinity`` are refused when decoding), the string or
    number, and whether it is a key.

    A list index is an ``int`` in the path, an object key a ``str`` (a key such as ``"2"`` or ``"²"`` is not an index).
    """
    stack: list[tuple[Any, list[str | int]]] = [(value, [])]
    while stack:
        node, path = stack.pop()
        if type(node) is str:
            if _UNSTORABLE.search(node):
                return path, node, False
        elif type(node) is float:
            if math.isinf(node):
                return path, node, False
        elif type(node) is dict:
            for key in node:
                if _UNSTORABLE.search(key):
                    return path, key, True
            stack.extend((v, [*path, k]) for k, v in reversed(node.items()))
        elif type(node) is list:
            stack.extend((v, [*path, j]) for j, v in reversed(list(enumerate(node))))
    return None


def _refuse_unstorable(text: str, *, utf8: bool = False, shortcut: bool = True, long_digits: bool = True,
                       zeroed: bytes | None = None) -> None:
    """Raise :class:`LogError` naming the first string or key that holds a lone UTF-16 surrogate (``"\\udfff"``) or NUL,
    or the first number too large for a double (``1e400``: stored it would turn into null, or be refused).

    Such a string is valid JSON, but a lone surrogate is not Unicode text (it can be neither printed as UTF-8 nor
    stored) and PostgreSQL keeps no NUL in text. Only text with such an escape is decoded here (twice, then):
    others pass at the cost of one search, or of two substring tests when the text holds no raw surrogate
    (``utf8``: it was decoded from strict UTF-8, which has none; or it is ASCII). ``shortcut=False``: always search.
    ``long_digits=False``: a number is not searched for 309 digits in a row (the caller's decoders refuse it).
    ``zeroed``: :func:`_zeroed` of ``text`` or of the bytes it was decoded from, when the caller made it.
    """
    if not _maybe_overflow(text, zeroed) and (not long_digits or _LONG_DIGITS.search(text) is None):
        if shortcut and ("\\" not in text or "\\u" not in text) and "\x00" not in text and (utf8 or text.isascii()):
            return  # no escape and no NUL, and no raw surrogate: nothing the search below could find
        if _MAYBE_UNSTORABLE.search(text) is None:
            return
    try:
        values: list[tuple[int | None, int | None, Any]] = [(None, None, _WALKER.decode(text))]
    except ValueError:  # JSON Lines: (action index, line number, value) of each line that decodes
        values = list(_jsonl_values(text))
    for action, line, value in values:
        found = _unstorable_at(value)
        if found is not None:
            path, string, is_key = found
            raise _unstorable_error([action, *path] if action is not None else path, string, is_key=is_key, line=line)


def _jsonl_values(text: str) -> Iterator[tuple[int | None, int, Any]]:
    """JSON Lines: the first non-blank line is the header (action None), each later non-blank line the next action,
    whether or not it decodes (as :func:`_parse_jsonl` counts them); the lines that decode, with their line numbers.

    >>> [(i, n) for i, n, _ in _jsonl_values('{"bad header"\\n\\n{"a": 1}\\nnot json\\n{"b": 2}')]
    [(0, 3), (2, 5)]
    """
    action: int | None = None
    for n, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            value = _WALKER.decode(line)
        except ValueError:
            value = _UNDECODED
        if value is not _UNDECODED:
            yield action, n, value
        action = 0 if action is None else action + 1


_UNDECODED = object()


#: public name: the drafts API checks each posted action body the same way
refuse_unstorable = _refuse_unstorable


def _unstorable_error(path: list[str | int], string: str | float, *, is_key: bool, line: int | None = None) -> LogError:
    """The ruling for a lone surrogate or NUL (or a number beyond a double) at ``path`` (a document's path, or a JSON
    Lines action's ``[index, ...]``); ``line``: the JSON Lines line it is on, named first.

    List indices are ``int`` and keys ``str``: only an ``int`` first step (after ``actions``) names an action.
    """
    if path[:1] == ["actions"] and len(path) > 1 and type(path[1]) is int:
        path = path[1:]
    index: int | None = None
    if path and type(path[0]) is int:
        index = path[0]
        context, rel = f"action {index}", path[1:]
    else:
        context, rel = ("game", path[1:]) if path[:1] == ["game"] else ("log", path)
    where = ".".join(map(str, rel))
    what = (f"a key in '{where}'" if where else "a key") if is_key else f"field '{where}'"
    at = f"line {line}: " if line is not None else ""
    if type(string) is float:
        return LogError(f"{at}{context}: field '{where}' holds a number too large for a double (it would be stored as "
                        f"{'-' if string < 0 else ''}infinity, which JSON has not)", index=index, path=".".join(map(str, path)))
    problem = "a NUL character (U+0000), which no text column keeps" if "\x00" in string else \
        "a lone UTF-16 surrogate, which is not Unicode text"
    return LogError(f"{at}{context}: {what} holds {problem}: {show(string)}", index=index, path=".".join(map(str, path)))


def load_log(document: Any, *, form: LogForm = "json") -> PmemoLog:
    """Validate an already-decoded JSON document object (``{"format", "version", "game",
    "actions"}``). The action objects are kept, not copied."""
    validate_top(document, jsonl=False)
    header, check = read_header(document["game"])
    actions = document["actions"]
    check = check or validate_action
    for index, action in enumerate(actions):
        check(action, index)
    return PmemoLog(header, actions, form)


def parse_log(text: str | bytes, *, fast: bool = True) -> PmemoLog:
    """Parse and validate a log given as a JSON document or as JSON Lines (see :func:`_parse`).

    Nesting deeper than Python's recursion allows (thousands of nested responses) is malformed.
    ``fast=False`` skips :func:`_parse_fast` (the tests compare both ways).
    """
    try:
        return _parse(text, fast=fast)
    except RecursionError:
        raise LogError("the log nests objects or responses too deeply to be a game log") from None
    except _Overflow as overflow:
        whole = _decode_bytes(bytes(text)) if not isinstance(text, str) else text
        _refuse_unstorable(whole.removeprefix("\ufeff"), shortcut=False)  # raises the ruling naming the number's path
        raise LogError(f"a number is too large for a double: {str(overflow)[:40]}") from None


def _parse(text: str | bytes, *, fast: bool = True) -> PmemoLog:
    """Parse and validate a log given as a JSON document or as JSON Lines.

    The form is told from the content: text that parses as one JSON value is a document
    (or, when it is a single line without ``"actions"``, a JSON Lines log with no action
    yet); otherwise a first line that parses as a header object starts JSON Lines.
    Raises :class:`LogError` (``log.schema``) naming the line, index and path.
    """
    if isinstance(text, str):
        text = text.removeprefix("\ufeff")
        utf8, zeroed = False, _zeroed(text)
    else:  # the digit checks read the bytes as received (a byte order mark holds neither digits nor newlines)
        data = bytes(text)
        text = _decode_bytes(data).removeprefix("\ufeff")
        utf8, zeroed = True, _zeroed(data)
    _refuse_unstorable(text, utf8=utf8, shortcut=fast, long_digits=False, zeroed=zeroed)
    if fast:
        log = _parse_fast(text, zeroed)
        if log is not None:
            return log
    stripped = text.strip()
    if not stripped:
        raise LogError("empty input: expected a pmemo-log JSON document or JSON Lines")
    try:
        document = _DECODER.decode(text)
    except ValueError as exc:
        return _parse_jsonl(text, exc)
    if type(document) is dict and "actions" not in document and "\n" not in stripped:
        line = text.count("\n", 0, text.index(stripped[0])) + 1
        validate_top(document, jsonl=True, context=f"line {line}")
        return PmemoLog(read_header(document["game"])[0], [], "jsonl")
    return load_log(document)


def _parse_fast(text: str, zeroed: bytes | None = None) -> PmemoLog | None:
    """The log when it is surely valid, read the quick way; None when unsure (:func:`_parse` then decides).

    A well-formed log (a document, or JSON Lines whose action lines follow the header line with no blank line
    between) is decoded by the C decoder without the duplicate-key hook, its actions are checked by
    :func:`fastcheck.actions_keys` (a game with its own boundary: by its check), and it is taken only when its
    keys are all accounted for (:func:`_keys_all_decoded`). Anything else, whatever the problem, takes the slow
    path from the start, which gives the same verdict and names the problem. ``zeroed``: :func:`_zeroed` of ``text``
    (or of the bytes it was decoded from), when already made.
    """
    try:
        return _fast_document(text, zeroed)
    except Exception:  # a LogError, or anything else: the slow path meets it again (or decides otherwise)
        return None


def _fast_document(text: str, zeroed: bytes | None) -> PmemoLog | None:
    start = _SPACE(text).end()
    value, end = _PLAIN.raw_decode(text, start)  # what _DECODER.decode(text) does, less the hook
    if _SPACE(text, end).end() < len(text):  # more after the value: JSON Lines
        return _fast_jsonl(text, value, end, zeroed)
    if type(value) is not dict or "actions" not in value:
        return None
    validate_top(value, jsonl=False)
    header, check = read_header(value["game"])
    keys = json_keys(value["game"])
    ids: set[str] | None = set() if check is None else None
    n = _checked_keys(value["actions"], check, ids)
    if keys < 0 or n < 0 or not _keys_all_decoded(text, len(value) + keys + n):
        return None
    return PmemoLog(header, value["actions"], "json", None if ids is None else frozenset(ids))


def _fast_jsonl(text: str, head: Any, end: int, zeroed: bytes | None) -> PmemoLog | None:
    """JSON Lines whose first line holds the header ``head`` (decoded up to ``end``) and no blank line follows.
    ``zeroed``: as :func:`_parse_fast`'s (its first newline is the text's, a newline byte being no part of another
    character's UTF-8)."""
    line_end = text.find("\n")
    if not 0 <= end <= line_end or _SPACE(text, end).end() < line_end:
        return None  # the header spans lines, or more follows it on its line
    if type(head) is not dict or "actions" in head or not _keys_all_decoded(text[:line_end], json_keys(head)):
        return None
    validate_top(head, jsonl=True, context="line 1")
    header, check = read_header(head["game"])
    body = text[line_end + 1:].strip()
    if not body:
        return PmemoLog(header, [], "jsonl")
    beyond = _beyond_64_bits(body) if zeroed is None else zeroed.find(_RUN_19, zeroed.find(b"\n") + 1) >= 0
    if beyond:  # orjson reads an integer beyond 64 bits as a float: the slow path keeps it exact
        return None
    actions = orjson.loads("[" + body.replace("\n", ",") + "]")  # as _PLAIN decodes it, faster; what it refuses
    # (a lone surrogate, NaN) takes the slow path (_parse_fast)
    if len(actions) != body.count("\n") + 1:  # a blank line, or two values on one line
        return None
    ids: set[str] | None = set() if check is None else None
    keys = _checked_keys(actions, check, ids)
    if keys < 0 or not _keys_all_decoded(body, keys):
        return None
    return PmemoLog(header, actions, "jsonl", None if ids is None else frozenset(ids))


def _checked_keys(actions: list[Any], check: Callable[[Any, int], None] | None, ids: set[str] | None = None) -> int:
    """The keys in ``actions`` when all are surely valid, else -1. ``check``: the game's own action check (it raises
    on the first problem), or None (:func:`fastcheck.actions_keys` decides, adding to ``ids``, when given, the card
    ids :func:`check_card_ids` reads)."""
    if check is None:
        return actions_keys(actions, ids)
    for index, action in enumerate(actions):
        check(action, index)
    return json_keys(actions)


def _keys_all_decoded(text: str, keys: int) -> bool:
    """True when the JSON ``text``, decoded into objects holding ``keys`` keys in all, has no duplicate key.

    The decoded objects hold at most as many keys as the text names (fewer exactly when an object repeats a
    key, or a repeated key's dropped value held objects). When no colon follows whitespace, each key's colon
    directly follows its closing quote, so the text names at most as many keys as it holds ``":``: if that
    count equals ``keys``, every key the text names was decoded, and none repeats.
    """
    quoted = text.count('":')
    if quoted != keys:
        return False
    return text.count(":") == quoted or not any(space + ":" in text for space in " \t\r\n")


def _parse_jsonl(text: str, whole: ValueError) -> PmemoLog:
    lines = text.split("\n")  # not splitlines(): U+2028 may stand unescaped in a string
    first = next(n for n, line in enumerate(lines) if line.strip())
    try:
        head = _DECODER.decode(lines[first])
    except ValueError:
        raise LogError(_problem(whole)) from None
    if type(head) is dict and "actions" in head:
        raise LogError(_problem(whole))  # a one-line document followed by more text
    if type(head) is not dict:
        raise LogError(
            f"line {first + 1}: expected the pmemo-log header object "
            f"{{\"format\", \"version\", \"game\"}}, got {show(head)}"
        )
    validate_top(head, jsonl=True, context=f"line {first + 1}")
    header, own_check = read_header(head["game"])
    check = own_check or validate_action
    decoded = _decode_action_lines(lines, first)
    if decoded is not None:
        for index, action in enumerate(decoded):
            if own_check is not None or not is_plain_pass(action):
                validate_action_at_line(action, index, lines, first, check)
        return PmemoLog(header, decoded, "jsonl")
    actions: list[dict[str, Any]] = []
    decode = _DECODER.decode
    for n in range(first + 1, len(lines)):
        line = lines[n]
        if not line or line.isspace():
            continue
        index = len(actions)
        try:
            action = decode(line)
        except ValueError as exc:
            raise LogError(
                f"line {n + 1} (action {index}): {_problem(exc, with_line=False)}",
                index=index, path=str(index),
            ) from None
        try:
            check(action, index)
        except LogError as err:
            raise LogError(f"line {n + 1}: {err.message}", index=index, path=err.path) from None
        actions.append(action)
    return PmemoLog(header, actions, "jsonl")


def _decode_action_lines(lines: list[str], first: int) -> list[dict[str, Any]] | None:
    """Every action line (after the header line ``first``) decoded in one decoder call, or None on any problem
    (the line-by-line reading then names it).

    The lines join with commas into one array: a blank line or a value spread over lines then breaks
    the array, so a result holds exactly one object per line.
    """
    body = "\n".join(lines[first + 1:]).strip()
    if not body:
        return []
    try:
        decoded = _DECODER.decode("[" + body.replace("\n", ",") + "]")
    except ValueError:
        decoded = None
    if decoded is not None and len(decoded) != body.count("\n") + 1:  # two values on one line
        return None
    if decoded is None:  # blank lines between actions: drop them and try once more
        kept = [line for line in lines[first + 1:] if line and not line.isspace()]
        try:
            decoded = _DECODER.decode("[" + ",".join(kept) + "]")
        except ValueError:
            return None
        if len(decoded) != len(kept):
            return None
    if not all(type(a) is dict for a in decoded):
        return None
    return decoded


def validate_action_at_line(action: Any, index: int, lines: list[str], first: int,
                            check: Callable[[Any, int], None] = validate_action) -> None:
    """Validate action ``index`` of a JSON Lines log; errors name its line."""
    try:
        check(action, index)
    except LogError as err:
        n = _line_of(lines, first, index)
        raise LogError(f"line {n + 1}: {err.message}", index=index, path=err.path) from None


def _line_of(lines: list[str], first: int, index: int) -> int:
    """The 0-based line number of action ``index`` (blank lines skipped)."""
    seen = -1
    for n in range(first + 1, len(lines)):
        if lines[n] and not lines[n].isspace():
            seen += 1
            if seen == index:
                return n
    return len(lines) - 1


def read_log(path: str | os.PathLike[str]) -> PmemoLog:
    """Read and validate a log file (UTF-8), or standard input when ``path`` is ``"-"``."""
    data = sys.stdin.buffer.read() if os.fspath(path) == "-" else Path(path).read_bytes()
    return parse_log(data)


# --- card ids ----------------------------------------------------------------------------

_ID_KEYS = CARD_ID_KEYS
_ID_LIST_KEYS = CARD_ID_LIST_KEYS
_NESTED_KEYS = NESTED_KEYS


def _card_ids(obj: dict[str, Any], prefix: str) -> Iterator[tuple[str, str]]:
    """Yield ``(path, card id)`` for every card id an action (or ref, op, response) holds."""
    for key, value in obj.items():
        if key in _ID_KEYS:
            if type(value) is str:
                yield f"{prefix}.{key}", value
        elif key in _ID_LIST_KEYS:
            if type(value) is str:
                yield f"{prefix}.{key}", value
            else:
                for j, card in enumerate(value):
                    yield f"{prefix}.{key}.{j}", card
        elif key == PAY_KEY:
            for j, item in enumerate(value):
                for source, card in item.items():
                    yield f"{prefix}.pay.{j}.{source}", card
        elif key in _NESTED_KEYS:
            for j, item in enumerate(value):
                if item is not None:  # a target left out (docs/log-extensions.md)
                    yield from _card_ids(item, f"{prefix}.{key}.{j}")


def card_ids(log: PmemoLog) -> Iterator[tuple[int | None, str, str]]:
    """Yield ``(index, path, card id)`` for every card id in the log, header decks first."""
    own = ruleset_card_ids(log.header, log.actions)
    if own is not None:
        yield from own
        return
    for n, player in enumerate(log.header["players"]):
        for key in ("deck", "ex_deck"):
            for j, card in enumerate(player.get(key) or ()):
                yield None, f"game.players.{n}.{key}.{j}", card
    for index, action in enumerate(log.actions):
        for path, card in _card_ids(action, str(index)):
            yield index, path, card


def _collect(obj: dict[str, Any], out: set[str]) -> None:
    """Add every card id ``obj`` holds to ``out`` (the path-free twin of :func:`_card_ids`)."""
    for key, value in obj.items():
        if key in _ID_KEYS:
            if type(value) is str:
                out.add(value)
        elif key in _ID_LIST_KEYS:
            if type(value) is str:
                out.add(value)
            else:
                out.update(value)
        elif key == PAY_KEY:
            for item in value:
                out.update(item.values())
        elif key in _NESTED_KEYS:
            for item in value:
                if item is not None:  # a target left out, as _card_ids passes it over
                    _collect(item, out)


def check_card_ids(log: PmemoLog, known: Callable[[str], bool], *, collected: AbstractSet[str] | None = None) -> None:
    """Raise :class:`LogError` (``log.card``) for the first card id ``known`` rejects.

    Header decks come first, then the actions in order (fields in the order written).
    ``known`` is asked once per distinct id, with the id as written (parallel letter kept). ``collected``: the
    actions' card ids when the caller has them (``log.action_card_ids`` of a log just read): the actions are then
    walked only to name an unknown id.
    """
    own = ruleset_card_ids(log.header, log.actions)
    if own is not None:  # a game with its own log boundary names its card ids itself
        answers: dict[str, bool] = {}
        for index, path, card in own:
            if not answers.setdefault(card, known(card)):
                raise unknown_card_error(index, path, card, log.actions)
        return
    distinct: set[str] = set()
    for player in log.header["players"]:
        distinct.update(player.get("deck") or (), player.get("ex_deck") or ())
    if collected is not None:
        distinct.update(collected)
    else:
        for action in log.actions:
            if len(action) > 2 or action.get("type") != "pass":  # a pass names no card
                _collect(action, distinct)
    unknown = {card for card in distinct if not known(card)}
    if not unknown:
        return
    for index, path, card in card_ids(log):
        if card not in unknown:
            continue
        if index is None:
            _, _, n, key, j = path.split(".")
            message = f"game: player {n}'s {key} holds an unknown card {show(card)} (position {j})"
        else:
            kind = log.actions[index].get("type")
            field_path = path[len(str(index)) + 1:]
            message = f"action {index} ({kind}): unknown card {show(card)} in '{field_path}'"
        raise LogError(message, index=index, path=path, rule="log.card")
