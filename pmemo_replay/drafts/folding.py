"""A draft's fold, one action at a time: the judge's state (what the recorder knows) and the public one beside it.

The public fold folds each action as :func:`engine.pm.redact.push_redacted` copies it for the public
(and an ``identify`` names nothing: it is what the recorder learned), from the header without deck
lists; its states and trails therefore never hold a card the public did not see (a face-down point
stays known when the public saw it face up). Shown states are settled copies: a waiting Turn End
starts the next turn there, reported in the last action's trail, as the viewer shows a log's end.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.cards import CardDB
from engine.fold import Folder
from engine.pm.redact import push_redacted, redact_header
from engine.pm.snapshot import from_snapshot, to_snapshot
from engine.pm.view import player_view
from engine.rulings import IllegalAction, Trail

logger = logging.getLogger(__name__)
PUBLIC = "public"
Action = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Shown:
    """A state JSON and the rulings trail of the action that led to it (None before any)."""

    state: dict[str, Any]
    trail: list[dict[str, Any]] | None


def public_header(header: Mapping[str, Any]) -> dict[str, Any]:
    """The header the public sees: both deck lists unlisted."""
    return redact_header(header, PUBLIC)


def hide_for_public(state: dict[str, Any], *, points: bool = False) -> dict[str, Any]:
    """Hands hidden (and with ``points`` every face-down point), no pool (the public knows no deck list)."""
    state["players"] = player_view(state, PUBLIC)["players"]
    for player in state["players"]:
        if points:
            player["points"] = [pt if pt["face"] == "up" else {**pt, "card": None} for pt in player["points"]]
        if "unseen" in player:
            player["unseen"] = None
    return state


class DraftFold:
    """The judge and public folds of one draft after ``applied`` actions."""

    def __init__(self, header: Mapping[str, Any], cards: CardDB, *, offset: int = 0,
                 judge: dict[str, Any] | None = None, public: dict[str, Any] | None = None) -> None:
        """From the header's setup, or from the snapshots ``judge`` and ``public`` taken after ``offset`` actions."""
        self.cards = cards
        self.judge = Folder(header, cards, state=None if judge is None else from_snapshot(judge, cards), offset=offset)
        self.public: Folder | None = None
        try:
            state = None if public is None else from_snapshot(public, cards)
            if public is not None or offset == 0:
                self.public = Folder(public_header(header), cards, state=state, offset=offset)
        except (IllegalAction, ValueError, KeyError):
            logger.warning("a draft's public fold could not start: the public view hides the judge's")

    @property
    def applied(self) -> int:
        return self.judge.applied

    def push(self, action: Mapping[str, Any]) -> Action:
        """Fold ``action`` (``IllegalAction`` when illegal: nothing changed); returns its public copy."""
        # the public copy, scripted effects' picks included (engine.pm.redact.push_redacted pushes onto the judge)
        copied = push_redacted(self.judge, action, PUBLIC, self.public.state if self.public is not None else None)
        if copied["type"] == "identify":
            copied["cards"] = []  # the recorder's own knowledge (a hand, a face-down point): not the public's
        if self.public is not None:
            try:
                self.public.push(copied)
            except IllegalAction as err:  # the public cannot follow: from now on its view hides the judge's
                logger.warning("a draft's public fold refused action %d (%s)", self.applied - 1, err.rule)
                self.public = None
        return copied

    def shown(self, view: str = "judge") -> Shown:
        """The settled state JSON in ``view`` (``judge`` or ``public``) and the last action's trail."""
        folder = self.judge if view == "judge" or self.public is None else self.public
        state = folder.ruleset.clone(folder.state)
        extra = Trail()
        folder.ruleset.settle(state, extra)
        data = folder.ruleset.to_json(state)
        trail = None
        if folder.applied and folder.trails:
            trail = folder.trails[-1].to_json() + extra.to_json()
        if view != "judge":
            hide_for_public(data, points=folder is self.judge)
            if folder is self.judge:
                trail = None  # the judge's trail may name what the public did not see
        return Shown(data, trail)

    def snapshots(self) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """Snapshots of both folds (the public one None when it could not follow)."""
        return to_snapshot(self.judge.state), None if self.public is None else to_snapshot(self.public.state)

    def settled_judge(self) -> Any:
        """A settled copy of the judge's state (for legal actions)."""
        state = self.judge.ruleset.clone(self.judge.state)
        self.judge.ruleset.settle(state, Trail())
        return state
