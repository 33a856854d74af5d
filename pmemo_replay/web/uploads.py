"""A log from a request (JSON body, or the multipart/form field ``log``) and what a ruling points at.

>>> action_at(b'{"actions": [{"type": "keep", "p": 0}, {"type": "pass", "p": 1, "responses": []}]}', "1")
{'type': 'pass', 'p': 1, 'responses': []}
>>> action_at(b'{"game": {}}\\n{"type": "keep", "p": 0}\\n', "0")
{'type': 'keep', 'p': 0}
>>> action_at(b'not json', "0") is None
True
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Request, abort
from werkzeug.exceptions import RequestEntityTooLarge

from pmemo_replay.flags import FlagError, parse_flag
from pmemo_replay.logio import LogError, PmemoLog, dump_jsonl, parse_log

FIELD = "log"
AS_PLAYED = "as_played"  # the form's box (or the API's query parameter): the table let irregular actions stand
FORM_TYPES = ("multipart/form-data", "application/x-www-form-urlencoded")


class NoLog(ValueError):
    """The request carries no log."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.ruling: dict[str, Any] = {"index": None, "path": "", "rule": "log.schema", "ref": None, "message": message}


def refuse_cut_body(req: Request) -> None:
    """413 when a body sent without ``Content-Length`` (chunked) went past the upload limit.

    Werkzeug rejects a declared length over the limit up front, but silently cuts a chunked body
    at the limit: what is left unread in the server's input tells the two apart.
    """
    if req.content_length is not None or req.max_content_length is None or "wsgi.input_terminated" not in req.environ:
        return
    if getattr(req.stream, "is_exhausted", False) and req.environ["wsgi.input"].read(1):  # read up to the limit, and more came
        raise RequestEntityTooLarge()


def log_from_request(req: Request) -> tuple[bytes, str]:
    """The log bytes and a source name: a form's file or text field ``log``, else the raw body.

    A body over the upload limit is a 413, whether or not it declares its length.
    """
    try:
        return _log_from_request(req)
    finally:
        refuse_cut_body(req)


def _log_from_request(req: Request) -> tuple[bytes, str]:
    if req.mimetype in FORM_TYPES:
        upload = req.files.get(FIELD)
        if upload is not None and upload.filename:
            data = upload.read()
            if data:  # the name is kept as the upload's source: text a database can hold (PostgreSQL: no NUL)
                return data, upload.filename.replace("\x00", "\ufffd")
        text = req.form.get(FIELD, "")
        if text.strip():
            return text.encode("utf-8"), "pasted"
        raise NoLog(f"no log in the form: send a file or text in the field {FIELD!r}")
    data = req.get_data(cache=False)
    if not data.strip():
        raise NoLog("the request body is empty: send the log as the body (JSON or JSON Lines)")
    return data, "api"


def as_played_asked(req: Request) -> bool:
    """True when the uploader says the game was played as logged: the form's box ``as_played`` or ``?as_played=1``
    (read as every flag, pmemo_replay.flags); 400 naming the parameter for a value that is not a flag's."""
    value = req.form.get(AS_PLAYED) if req.mimetype in FORM_TYPES else None
    value = value if value is not None else req.args.get(AS_PLAYED)
    if value is None:
        return False
    try:
        return parse_flag(AS_PLAYED, value)
    except FlagError as err:
        abort(400, description=str(err))


def marked_as_played(data: bytes) -> bytes:
    """The log ``data`` with ``"as_played": true`` in its header (rewritten as JSON Lines), for the judge's box; as
    given when it already says so or does not read (the ruling then says why)."""
    try:
        log = parse_log(data)
    except LogError:
        return data
    if log.header.get(AS_PLAYED) is True:
        return data
    return dump_jsonl(PmemoLog({**log.header, AS_PLAYED: True}, log.actions, log.form)).encode("utf-8")


def _raw_actions(data: bytes) -> list[Any] | None:
    """The actions as given, even from a log the schema refuses (JSON document or JSON Lines)."""
    try:
        return parse_log(data).actions
    except LogError:
        pass
    text = data.decode("utf-8", errors="replace")
    try:
        doc = json.loads(text)
    except ValueError:
        lines = [line for line in text.splitlines() if line.strip()]
        out: list[Any] = []
        for line in lines[1:]:
            try:
                out.append(json.loads(line))
            except ValueError:
                out.append(None)
        return out or None
    actions = doc.get("actions") if isinstance(doc, dict) else None
    return actions if isinstance(actions, list) else None


def action_at(data: bytes, path: str | None) -> Any:
    """The action a ruling's ``path`` names (``"11"``, ``"11.responses.0"``, ``"5.pay.0"``: action 5), or None."""
    if not path:
        return None
    parts = path.split(".")
    if not parts[0].isdigit():
        return None
    actions = _raw_actions(data)
    index = int(parts[0])
    if actions is None or index >= len(actions):
        return None
    found = actions[index]
    rest = parts[1:]
    while len(rest) >= 2 and rest[0] == "responses" and rest[1].isdigit() and isinstance(found, dict):
        responses = found.get("responses")
        k = int(rest[1])
        if not isinstance(responses, list) or k >= len(responses):
            break
        found, rest = responses[k], rest[2:]
    return found


_SURROGATE = re.compile("[\ud800-\udfff]")


def _printable(action: Any) -> Any:
    """``action`` with each lone surrogate written out as the text ``\\udfff`` (a page cannot carry the code point)."""
    text = json.dumps(action, ensure_ascii=False)
    if not _SURROGATE.search(text):
        return action
    return json.loads(_SURROGATE.sub(lambda m: f"\\\\u{ord(m.group()):04x}", text))


def explain(data: bytes, ruling: dict[str, Any]) -> dict[str, Any]:
    """A rejected log's ruling plus the action it points at (pretty JSON), for the pages."""
    action = _printable(action_at(data, ruling.get("path")))
    text = None if action is None else json.dumps(action, ensure_ascii=False, indent=2)
    return {"ruling": ruling, "action": action, "action_json": text}
