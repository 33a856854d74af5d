"""Check a log end to end: read it, resolve its card ids, fold it through the engine.

The one place the command line, the HTTP API and ingest share, so they rule alike.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from engine.fold import EngineFault, FoldResult, check_at, fold
from engine.rulesets import UnknownRuleset
from pmemo_replay.games import ruleset_name
from pmemo_replay.games.cards import cards_for
from pmemo_replay.logio import LogError, PmemoLog, check_card_ids, parse_log

EXIT_VALID, EXIT_ILLEGAL, EXIT_MALFORMED = 0, 1, 2
logger = logging.getLogger(__name__)


@dataclass
class CheckReport:
    """The outcome of checking a log (the ``check --json`` object plus the fold)."""

    valid: bool
    applied: int
    ruling: dict[str, Any] | None
    state: dict[str, Any] | None
    result: dict[str, Any] | None
    exit_code: int
    log: PmemoLog | None = None
    folded: FoldResult | None = field(default=None, repr=False)
    #: as played (docs/as-played.md): ``{index, path, rule, ref, message}`` per irregularity that stood
    irregular: list[dict[str, Any]] = field(default_factory=list)
    #: as played, beside a final ``ruling``: what the refused action itself broke that could have been let pass (its
    #: skipped trigger among them); not in ``irregular``, as the action was not carried out
    refused_irregular: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"valid": self.valid, "applied": self.applied, "ruling": self.ruling, "state": self.state,
                "result": self.result, "unverified": self.unverified, "irregular": self.irregular,
                "refused_irregular": self.refused_irregular}

    @classmethod
    def refused(cls, ruling: dict[str, Any] | None) -> CheckReport:
        """The report of a log refused before any fold (nothing applied): its JSON has every key of a check."""
        return cls(valid=False, applied=0, ruling=ruling, state=None, result=None, exit_code=EXIT_MALFORMED)

    @property
    def as_played(self) -> bool:
        """True when the log says the table let irregular actions stand (its header's ``as_played``)."""
        return bool(self.log is not None and self.log.header.get("as_played"))

    @property
    def folded_whole(self) -> bool:
        """True when the fold reached the end: legal, or as played with only irregularities that stood."""
        return self.ruling is None and self.exit_code != EXIT_MALFORMED

    @property
    def unverified(self) -> list[dict[str, Any]]:
        """What the engine applied as recorded without being able to check it: ``{index, path, card, why}``."""
        if self.log is None or self.folded is None:
            return []
        return self.folded.ruleset.unverified_steps(self.log.actions, self.folded.trails)


def engine_failure(err: Exception) -> dict[str, Any]:
    """The ruling for a log the engine failed on (an engine bug, not a rule of the game): ``engine.error``, at the
    action it failed on when the fold names it (:class:`engine.fold.EngineFault`), else at no action."""
    if isinstance(err, EngineFault):
        cause = err.cause
        message = f"the engine failed on this log at action {err.index}: {type(cause).__name__}: {cause}"
        return {"index": err.index, "path": err.path, "rule": "engine.error", "ref": None, "message": message}
    message = f"the engine failed on this log: {type(err).__name__}: {err}"
    return {"index": None, "path": "", "rule": "engine.error", "ref": None, "message": message}


def malformed(err: LogError, log: PmemoLog | None = None) -> CheckReport:
    return CheckReport(False, 0, err.ruling, None, None, EXIT_MALFORMED, log)


def unknown_ruleset(err: UnknownRuleset) -> dict[str, Any]:
    """The ruling on a header naming a ruleset the engine does not have (``log.schema``)."""
    return {"index": None, "path": "game.ruleset", "rule": "log.schema", "ref": None, "message": str(err.args[0])}


def check_log(log: PmemoLog, cards: Any, *, at: int | None = None, as_played: bool = False) -> CheckReport:
    """Fold an already parsed log; ``at`` folds only the first N actions. ``cards``: a card library
    (pmemo_replay.games.cards) or one game's card database (other games then use their bundled sets).
    ``as_played``: fold it as if its header said ``"as_played": true`` (docs/as-played.md; the log is not changed).

    An engine failure (a bug, not a rule of the game) is the ruling ``engine.error`` (exit 1), logged with its traceback.
    ``at`` below 0 is the caller's mistake, not the log's: :class:`engine.fold.BadStep` (a ValueError naming ``at``).
    """
    check_at(at)
    try:
        cards = cards_for(cards, ruleset_name(log.header))
    except UnknownRuleset as err:
        return CheckReport(False, 0, unknown_ruleset(err), None, None, EXIT_MALFORMED, log)
    try:
        check_card_ids(log, cards.__contains__)
    except LogError as err:
        return malformed(err, log)
    try:
        header = {**log.header, "as_played": True} if as_played else log.header
        res = fold(header, log.actions, cards, at=at)
        state = res.state_json()
    except UnknownRuleset as err:
        return CheckReport(False, 0, unknown_ruleset(err), None, None, EXIT_MALFORMED, log)
    except Exception as err:
        logger.exception("the engine failed on a log")
        failure = engine_failure(err)  # at the action it failed on: the actions before it were applied
        return CheckReport(False, failure["index"] or 0, failure, None, None, EXIT_ILLEGAL, log)
    ruling = res.ruling.to_json() if res.ruling else None
    irregular = [r.to_json() for r in res.irregular]
    valid = res.valid and not irregular
    return CheckReport(valid, res.applied, ruling, state, res.result, EXIT_VALID if valid else EXIT_ILLEGAL, log, res,
                       irregular, [r.to_json() for r in res.refused_irregular])


def check_text(text: str | bytes, cards: Any, *, at: int | None = None, as_played: bool = False) -> CheckReport:
    """Parse and check a log given as JSON or JSON Lines text (``at``, ``as_played``: as :func:`check_log`)."""
    check_at(at)
    try:
        log = parse_log(text)
    except LogError as err:
        return malformed(err)
    return check_log(log, cards, at=at, as_played=as_played)


def text_stands_as_played(text: str | bytes, cards: Any, ruling: dict[str, Any] | None = None) -> bool:
    """:func:`stands_as_played` for a log given as text that was refused (an upload, an import): checked, then as
    played. ``ruling``, the refusal when known: one at no action (the header, an unknown card) never stands."""
    if ruling is not None and ruling.get("index") is None:
        return False
    return stands_as_played(check_text(text, cards), cards)


def text_as_played(text: str | bytes, cards: Any) -> CheckReport | None:
    """A refused log given as text, checked as played (None when it cannot be: malformed, an unknown card, a ruling on
    its header): how far the as-played fold got, its ruling, and ``irregular``, what stood before it stopped."""
    report = check_text(text, cards, as_played=True)
    if report.exit_code == EXIT_MALFORMED or report.state is None or (
            report.ruling is not None and report.ruling.get("index") is None):
        return None
    return report


def stands_as_played(report: CheckReport, cards: Any) -> bool:
    """True when ``report`` refused a log at an action that would stand were the log folded as played (an
    irregularity the table may have let pass, docs/as-played.md) and the log then stands whole: the as-played fold
    reaches its end (one that stops at a later action, a card that is not there, would store nothing either)."""
    ruling, log = report.ruling, report.log
    if ruling is None or log is None or report.state is None or ruling.get("index") is None or log.header.get("as_played"):
        return False
    again = check_log(log, cards, as_played=True)
    return again.exit_code != EXIT_MALFORMED and again.ruling is None
