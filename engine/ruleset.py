"""The ruleset interface: what a game implements, in one folder of ``engine/``, for the fold and the service.

A game is a package ``engine/<game>/`` whose module ``ruleset`` holds ``RULESET``, an object satisfying
:class:`Ruleset`; :mod:`engine.rulesets` finds it by scanning the ``engine`` package (and the entry-point group
``pmemo_replay.rulesets`` for games installed from elsewhere), so nothing in the service names a game.
Modelled on Pokémon Showdown's formats (a named bundle of rules), boardgame.io's game objects (``setup``,
``moves``, ``playerView``) and OpenSpiel's game/state pair (legal actions, per-player observations).

The fold drives :class:`FoldHooks` alone; the service also reads identity, queries, views, persistence,
analytics facts and self-play. A third game is one folder plus its card data::

    engine/mygame/ruleset.py     RULESET = MyGame()          # name "mygame-1", rules catalogue, hooks below
    engine/mygame/...            state, actions (apply), legal, snapshot, view, selfplay
    fixtures/mygame/cards.json   its bundled cards

>>> from engine.rulesets import get_ruleset
>>> isinstance(get_ruleset("pm-2.22"), Ruleset), isinstance(get_ruleset("mahou-shoujo-1"), Ruleset)
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from engine.rulings import Trail

State = Any  # each game's own mutable state class
Action = dict[str, Any]


@runtime_checkable
class FoldHooks(Protocol):
    """What :class:`engine.fold.Folder` calls: one action at a time, atomic by rebuilding, passes it may imply."""

    name: str
    #: rule ids that inserting passes may cure (an empty set: the game has no implied passes)
    impliable: frozenset[str]

    def new_state(self, header: Mapping[str, Any], cards: Any, *, check: bool = True) -> State:
        """The state before action 0 (its deck rules checked unless ``check`` is False: ``IllegalAction``)."""

    def apply(self, state: State, action: Mapping[str, Any], trail: Trail) -> None:
        """Apply one action in place, or raise ``IllegalAction`` (the fold rebuilds the state before it)."""

    def clone(self, state: State) -> State: ...

    def right_holder(self, state: State) -> int | None:
        """The player who could pass now (None outside windows, or in a game without passes)."""

    def implied_pass(self, state: State, player: int, trail: Trail) -> None: ...

    def before(self, state: State, action: Mapping[str, Any], trail: Trail) -> bool:
        """Let happen what happens by itself before ``action``; True when something did."""

    def settle(self, state: State, trail: Trail) -> None:
        """What happens by itself when the log stops here."""

    def turn_shown(self, state: State, next_action: Mapping[str, Any] | None = None) -> int: ...

    def to_json(self, state: State) -> dict[str, Any]:
        """The judge's view: the game's state JSON."""

    def result(self, state: State) -> dict[str, Any] | None:
        """``None`` while the game goes on, else ``{"winner", "reason", ...}`` (``scores``/``placements`` when the
        game has them)."""


@runtime_checkable
class Ruleset(FoldHooks, Protocol):
    """A whole game for the service: identity, queries, views, persistence, analytics facts, self-play."""

    #: the game's name for people ("Precious Memories"), the seats it takes, and its rule book
    game: str
    players: tuple[int, int]
    book: str

    def rules(self) -> Mapping[str, tuple[str | None, str]]:
        """The game's rule catalogue: rule id -> (the book's page or section, when an action breaks it)."""

    def actor(self, state: State) -> int | None:
        """The player the game waits for (None when it is over)."""

    def legal_actions(self, state: State) -> list[Action]:
        """Every action the fold accepts now, for the player who may act."""

    def player_view(self, state_json: dict[str, Any], seat: int) -> dict[str, Any]:
        """The state JSON as ``seat`` may see it (what the rules keep from that player replaced by null)."""

    snapshot_version: int

    def to_snapshot(self, state: State) -> dict[str, Any]: ...

    def from_snapshot(self, data: dict[str, Any], cards: Any) -> State: ...

    def facts(self, state: State, seat: int) -> dict[str, Any]:
        """Analytics facts of one seat at the end of a game (what its statistics count)."""

    def self_play(self, cards: Any, decks: Any, seed: int) -> dict[str, Any]:
        """One complete log played by the built-in policies (a pmemo-log document)."""
