"""From bytes as received to the rows of one game: parse, fold with full rule checking, snapshot, hash.

Pure (no database), so it runs in worker processes; the parent only inserts what it returns.
"""

from __future__ import annotations

import hashlib
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any

from engine.fold import EngineFault, Folder
from engine.rulesets import UnknownRuleset
from engine.rulings import IllegalAction
from pmemo_replay.checking import EXIT_MALFORMED, check_log
from pmemo_replay.games import ruleset_name
from pmemo_replay.games.cards import cards_for
from pmemo_replay.logio import LogError, PmemoLog, check_card_ids, dump_jsonl, parse_log
from pmemo_replay.store.db import encode_json, encode_sorted, encode_sorted_lines

SNAPSHOT_EVERY = 64
AS_PLAYED = "as_played"
ENGINE_DIR = Path(__file__).resolve().parents[2] / "engine"


@lru_cache(maxsize=1)
def engine_version() -> str:
    """The package version plus a digest of the engine's source: it changes with every engine fix."""
    try:
        version = metadata.version("pmemo-replay")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        version = "0"
    digest = hashlib.sha256()
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        digest.update(path.relative_to(ENGINE_DIR).as_posix().encode())
        digest.update(path.read_bytes())
    return f"{version}+{digest.hexdigest()[:12]}"


def canonical_text(log: PmemoLog, *, irregular: bool = False) -> str:
    """The log's content as canonical JSON: header and actions, sorted keys, compact, not ASCII-escaped.

    Written by the store's own encoder (:func:`db.encode_sorted`), as :func:`prepare_log` writes it: so a game read
    back from the store hashes to the content hash it was stored under, numbers included (``1e-05``: ``1e-5``).
    The header's ``as_played`` takes part only in a game where an irregularity stood (``irregular``): a regular game
    is the same game with or without the flag (stored once).
    """
    return _canonical(encode_sorted_lines(log.actions), identity_header(log.header, irregular=irregular))


def identity_header(header: dict[str, Any], *, irregular: bool) -> dict[str, Any]:
    """The header as the game's identity sees it: without ``as_played`` when no irregularity stood.

    >>> identity_header({"first": 0, "as_played": True}, irregular=False)
    {'first': 0}
    >>> identity_header({"first": 0, "as_played": True}, irregular=True)
    {'first': 0, 'as_played': True}
    """
    if irregular or AS_PLAYED not in header:
        return header
    return {k: v for k, v in header.items() if k != AS_PLAYED}


def _canonical(action_lines: str, header: dict[str, Any]) -> str:
    """``action_lines``: the actions' canonical texts, one per line (:func:`db.encode_sorted_lines`)."""
    return f'{{"actions":[{action_lines.replace(chr(10), ",")}],"game":{encode_sorted(header)}}}'


def content_hash(log: PmemoLog, *, irregular: bool = False) -> str:
    """sha256 of :func:`canonical_text`: equal for the same log in JSON and JSON Lines form, and for a regular game
    with or without ``"as_played"`` in its header."""
    return hashlib.sha256(canonical_text(log, irregular=irregular).encode("utf-8")).hexdigest()


def as_utc(value: str | datetime | None) -> datetime | None:
    """An ISO 8601 date-time (text or value) as an aware UTC time; a time without offset is taken as UTC."""
    if value is None:
        return None
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return value.astimezone(UTC) if value.tzinfo else value.replace(tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Rejected:
    """A log that stores nothing, with the ruling why (exit code 1 illegal, 2 malformed)."""

    source: str
    ruling: dict[str, Any]
    exit_code: int


#: actions per ``game_action_block`` row (migration 0012); a snapshot every ``SNAPSHOT_EVERY`` starts a block
ACTION_BLOCK = 64


@dataclass(slots=True)
class Prepared:
    """Everything to insert for one legal log, ids aside.

    The actions travel as one text (their canonical JSON, one per line) rather than a tuple per action: a worker
    process pickles a string instead of hundreds of tuples, and :meth:`action_blocks` cuts it into the stored rows.
    """

    source: str
    data: bytes
    upload_hash: str
    content_hash: str
    game: dict[str, Any]
    action_json: str = field(repr=False)  # canonical JSON of each action, one per line (JSON text has no raw newline)
    snapshots: list[tuple[int, str]] = field(repr=False)
    cards: list[tuple[int, str]] = field(repr=False)
    #: ``(seat, player, deck_name, score, placement)`` per seat
    seats: list[tuple[int, str, str | None, float | None, int | None]] = field(default_factory=list, repr=False)

    @property
    def actions(self) -> list[str]:
        """Each action's canonical JSON text, in order."""
        return self.action_json.split("\n") if self.action_json else []

    def action_blocks(self, game_id: int) -> list[tuple[int, int, int, str]]:
        """``(game_id, seq, stop, text)``: the ``game_action_block`` rows, the actions ``seq``..``stop``-1 each,
        one canonical JSON text per line."""
        lines = self.actions
        n = len(lines)
        return [(game_id, i, min(i + ACTION_BLOCK, n), "\n".join(lines[i:i + ACTION_BLOCK])) for i in range(0, n, ACTION_BLOCK)]


def _fold(log: PmemoLog, cards: Any, every: int) -> tuple[Folder, list[tuple[int, str]]]:
    """Fold every action (raises ``IllegalAction``/``UnknownRuleset``), snapshotting every ``every`` and at the end
    with the ruleset's snapshots (each names its version); unverified steps counted."""
    folder = Folder(log.header, cards, keep_trails=False, count_unverified=True)
    to_snapshot = folder.ruleset.to_snapshot
    snapshots = []
    push, run = folder.push, folder.apply_run
    actions = log.actions
    total = len(actions)

    def push_ruled(i: int) -> None:
        try:
            push(actions[i])
        except IllegalAction:
            raise
        except Exception as err:  # an engine bug: named at the action it failed on (engine.error)
            raise EngineFault(i, err) from err

    for stop in range(every, total, every):  # the end gets its own snapshot: the settled state
        for i in range(run(actions, stop), stop):  # straight while the ruleset allows; push rules on a refusal
            push_ruled(i)
        snapshots.append((stop, encode_json(to_snapshot(folder.state))))
    for i in range(run(actions, total), total):
        push_ruled(i)
    folder.settle()
    snapshots.append((total, encode_json(to_snapshot(folder.state))))
    return folder, snapshots


def _game_row(log: PmemoLog, folder: Folder, digest: str) -> dict[str, Any]:
    header = log.header
    state = folder.state
    result = folder.ruleset.result(state) or {}
    return {
        "content_hash": digest, "source_id": header.get("id"), "header": encode_json(header),
        "first": header["first"], "winner": result.get("winner"), "reason": result.get("reason"),
        "n_actions": len(log.actions), "turns": state.turn, "ruleset": header["ruleset"],
        "unverified": folder.unverified, "irregular": len(folder.irregular), "engine_version": engine_version(),
        "played_at": as_utc(header.get("played_at")), "event": header.get("event"), "round": header.get("round"),
    }


def _seats(log: PmemoLog, folder: Folder) -> list[tuple[int, str, str | None, float | None, int | None]]:
    return [(n, s["name"], s["deck_name"], s["score"], s["placement"])
            for n, s in enumerate(folder.ruleset.seats(log.header, folder.state))]


def prepare_log(log: PmemoLog, cards: Any, *, data: bytes, source: str, every: int = SNAPSHOT_EVERY,
                as_played: bool = False, action_card_ids: AbstractSet[str] | None = None) -> Prepared | Rejected:
    """Check ``log`` with a full fold; the rows to store, or the ruling (exactly as ``check_log`` gives it).

    ``cards``: a card library (pmemo_replay.games.cards) or one game's card database. ``as_played``: the uploader
    says the table let irregular actions stand (docs/as-played.md): folded as if the header said so; a game where
    one stood is stored with ``"as_played": true`` in its header (the bytes rewritten as JSON Lines), a regular one
    as received. ``action_card_ids``: the card ids in ``log``'s actions, when the caller has them from reading it
    (``PmemoLog.action_card_ids``; the card-id check then does not walk the actions again)."""
    texts = encode_sorted_lines(log.actions)  # before the fold sees them
    asked = as_played and log.header.get(AS_PLAYED) is not True
    folded = PmemoLog({**log.header, AS_PLAYED: True}, log.actions, log.form) if asked else log
    marked = dump_jsonl(folded).encode("utf-8") if asked else data  # before the fold sees the actions
    try:
        game_cards = cards_for(cards, ruleset_name(log.header))
        check_card_ids(log, game_cards.__contains__, collected=action_card_ids)
        folder, snapshots = _fold(folded, game_cards, every)
    except (LogError, IllegalAction, UnknownRuleset):
        report = check_log(folded, cards)
        if report.valid:  # pragma: no cover - the fold is deterministic
            raise RuntimeError(f"{source}: ingest refused a log check_log accepts") from None
        return Rejected(source, report.ruling or {}, report.exit_code)
    irregular = bool(folder.irregular)
    if asked and irregular:  # stored as the game it is: its header says the irregularities stood
        log, data = folded, marked
    digest = hashlib.sha256(_canonical(texts, identity_header(log.header, irregular=irregular)).encode("utf-8")).hexdigest()
    cards_in = [(n, card) for n, pl in enumerate(log.header["players"])  # (player, card) in order; unlisted: none
                for card in sorted({*(pl.get("deck") or ()), *(pl.get("ex_deck") or ())})]
    return Prepared(source, data, hashlib.sha256(data).hexdigest(), digest, _game_row(log, folder, digest),
                    texts, snapshots, cards_in, _seats(log, folder))


def prepare(data: bytes, source: str, cards: Any, *, every: int = SNAPSHOT_EVERY,
            as_played: bool = False) -> Prepared | Rejected:
    """Parse bytes as received (JSON or JSON Lines) and :func:`prepare_log` them."""
    try:
        log = parse_log(data)
    except LogError as err:
        return Rejected(source, err.ruling, EXIT_MALFORMED)
    return prepare_log(log, cards, data=data, source=source, every=every, as_played=as_played,
                       action_card_ids=log.action_card_ids)  # read just now: the actions' own
