"""The Clockwork Memorion ruleset ``clockwork-memorion-1`` (clockwork-memorion.md), as the generic fold drives it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import chain
from typing import Any

from engine.asplayed import unchecked
from engine.clockwork import hidden, legal, snapshot, stats, view
from engine.clockwork.actions import apply_action
from engine.clockwork.cards import CwCardDB, parse_cards
from engine.clockwork.rules import BOOK, RULES, illegal
from engine.clockwork.schema import action_problem_at, card_ids_with_paths, header_problem
from engine.clockwork.setup import _stage, check_decks
from engine.clockwork.state import Game, Player
from engine.ruleset import CompleteLogRecording, LogProblem, seat_rows, unverified_in
from engine.rulings import Trail


class ClockworkMemorion(CompleteLogRecording):
    """Ruleset object for :mod:`engine.fold`: no passes; nothing happens between actions (``apply`` settles).
    Its logs are always complete, so it is recorded as :class:`~engine.ruleset.CompleteLogRecording` says: from the
    judge's seat, or from one seat (``seat_recordings``), two of which merge (engine/merge.py)."""

    name = "clockwork-memorion-1"
    impliable: frozenset[str] = frozenset()
    #: the actions that only close a phase (the viewer's "hide passes", engine.ruleset)
    quiet_actions = frozenset({"end_phase", "end_turn"})
    settles_in_apply = True

    def new_state(self, header: Mapping[str, Any], cards: CwCardDB, *, check: bool = True) -> Game:
        """The state before action 0; with ``check``, ``log.schema``/``log.card`` on the header, then ``deck.*``."""
        if check:
            problem = header_problem(header)
            if problem is not None:
                err = illegal("log.schema", problem[1])
                err.ruling.path = problem[0]
                raise err
            known = cards.by_id.__contains__
            listed = chain.from_iterable(pl.get(key) or () for pl in header["players"] for key in ("deck", "sideboard"))
            for _, path, cid in () if all(map(known, listed)) else card_ids_with_paths(header, ()):  # paths if unknown
                if cid not in cards:
                    err = illegal("log.card", f"game: {path.removeprefix('game.')} holds an unknown card {cid!r}")
                    err.ruling.path = path
                    raise err
            check_decks(header, cards)
        raw = header.get("players") if isinstance(header, Mapping) else None
        raw = raw if isinstance(raw, list) and len(raw) == 2 else [{}, {}]
        players = [Player(str(pl.get("name", f"player {i}")), list(pl.get("deck") or []), list(pl.get("sideboard") or []))
                   for i, pl in enumerate(raw)]
        first = header.get("first") if isinstance(header, Mapping) else 0
        return Game(cards, players, first if first in (0, 1) else 0, self.name)

    # -- at a real table (engine.ruleset.HiddenOrders): the deck orders nobody saw ---------------------

    hidden_orders = frozenset({"shuffle", "mulligan"})

    def placeholder_order(self, state: Game, action: Mapping[str, Any]) -> list[str]:
        """The deck (and a mulligan's cards sent back, last) sorted: top first."""
        p, kind = action["p"], action["type"]
        _stage(state, p, kind, "shuffle" if kind == "shuffle" else "decide")
        back = list(action.get("cards") or ()) if kind == "mulligan" else []
        return sorted(state.players[p].deck) + back

    def pile(self, state: Game, player: int) -> list[str]:
        return state.players[player].deck

    def hand(self, state: Game, player: int) -> list[str]:
        return state.players[player].hand

    def named(self, state: Game, action: Mapping[str, Any]) -> list[tuple[int, str | None, str]]:
        """The hand cards an action and its interrupts play or send away, and what their ops (logged, else read from
        their cards' effects) take from hands and decks (engine/clockwork/hidden.py)."""
        return hidden.named(action, state)

    def hide_unnamed(self, state_json: dict[str, Any], player: int, cards: Sequence[str]) -> None:
        hidden.hide_unnamed(state_json, player, cards)

    # -- from one seat: the rival's mulligan cards and draws stay unnamed until seen (engine/clockwork/hidden.py) --

    seat_recordings = True
    returns_unseen = hidden.RETURNS_UNSEEN

    apply = staticmethod(apply_action)
    #: as played (docs/as-played.md): ``turn``, ``trigger``, ``count``, ``payment`` and ``ops`` can stand
    apply_despite = staticmethod(unchecked(apply_action))

    def clone(self, state: Game) -> Game:
        return state.clone()

    def right_holder(self, state: Game) -> int | None:
        return None

    def implied_pass(self, state: Game, player: int, trail: Trail) -> None:
        raise NotImplementedError("clockwork-memorion-1 has no passes")

    def before(self, state: Game, action: Mapping[str, Any], trail: Trail) -> bool:
        return False

    def settle(self, state: Game, trail: Trail) -> None:
        """Nothing waits when the log stops."""

    def turn_shown(self, state: Game, next_action: Mapping[str, Any] | None = None) -> int:
        return state.turn

    def to_json(self, state: Game) -> dict[str, Any]:
        return view.state_json(state)

    def result(self, state: Game) -> dict[str, Any] | None:
        return None if state.result is None else dict(state.result)

    # -- identity, queries, views, persistence, facts, self-play -----------------------------------

    game = "Clockwork Memorion"
    players = (2, 2)
    book = BOOK
    snapshot_version = snapshot.SNAPSHOT_VERSION

    def card_plays(self, action: Mapping[str, Any]) -> list[tuple[int, str]]:
        """``(seat, card id)`` per card ``action`` plays, as the statistics count a play (engine.clockwork.plays)."""
        from engine.clockwork.plays import card_plays

        return card_plays(action)

    def rules(self) -> Mapping[str, tuple[str | None, str]]:
        return RULES

    def actor(self, state: Game) -> int | None:
        return legal.actor(state)

    def legal_actions(self, state: Game) -> list[dict[str, Any]]:
        return legal.legal_actions(state)

    def player_legal(self, state: Game, seat: int) -> list[dict[str, Any]]:
        return legal.seat_legal(state, seat)

    def player_view(self, state_json: dict[str, Any], seat: int) -> dict[str, Any]:
        return view.player_view(state_json, seat)

    def player_actions(self, actions: Sequence[Mapping[str, Any]], seat: int) -> list[dict[str, Any]]:
        placed = sum(isinstance(a, Mapping) and a.get("type") == "setup" for a in actions) >= 2
        return [view.seen_action(a, seat, placed=placed) for a in actions]

    def player_trail(self, entries: list[dict[str, Any]], action: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
        return view.seen_trail(entries, action, seat)

    def card_facts(self, card: Any) -> dict[str, Any] | None:
        """What the pages show of a card of this game: its facts, abilities and text (None for another game's card)."""
        from engine.clockwork.card_facts import card_facts

        return card_facts(card)

    def effect_reading(self, card: Any) -> list[dict[str, str]] | None:
        """How the engine reads each of the card's abilities: scripted (the card file's ops) or unverified."""
        from engine.clockwork.card_facts import effect_reading

        return effect_reading(card)

    def offer_about(self, state: Game, action: Mapping[str, Any]) -> dict[str, Any] | None:
        """A ``trigger``'s or ``activate``'s ability, in words, and its text from the card file."""
        from engine.clockwork.offers import about

        return about(state, action)

    def to_snapshot(self, state: Game) -> dict[str, Any]:
        return snapshot.to_snapshot(state)

    def from_snapshot(self, data: dict[str, Any], cards: CwCardDB) -> Game:
        return snapshot.from_snapshot(data, cards)

    def facts(self, state: Game, seat: int) -> dict[str, Any]:
        return stats.facts(state, seat)

    facts_tracker = None  # the final state keeps what the statistics count

    policies = ("random", "greedy")
    bundled_decks = ("fixtures/clockwork/decks",)

    def self_play(self, cards: CwCardDB, decks: Any, seed: int, *, policies: Sequence[str] = ("greedy", "greedy"),
                  names: Sequence[str] = ("Aoi", "Ren"), deck_names: Sequence[str | None] | None = None) -> dict[str, Any]:
        from engine.clockwork.selfplay import play_game

        return play_game(cards, decks, seed, policies=policies, names=names, deck_names=deck_names or (None, None))

    # -- log boundary, cards, seats ----------------------------------------------------------------

    card_formats = ("cwm-cards",)
    bundled_cards = ("fixtures/clockwork/cards.json",)

    def check_header(self, header: Mapping[str, Any]) -> dict[str, Any]:
        problem = header_problem(header)
        if problem is not None:
            raise LogProblem(problem[1], path=problem[0])
        out = dict(header)
        out.setdefault("match", "standard")
        out["players"] = [{"sideboard": [], **pl} for pl in header["players"]]
        return out

    def check_action(self, action: Any, index: int) -> None:
        problem = action_problem_at(action)
        if problem is not None:  # a nested item at fault: the outer index with the nested path (§11)
            path = f"{index}.{problem[0]}" if problem[0] else str(index)
            raise LogProblem(f"action {index}: {problem[1]}", path=path, index=index)

    def log_card_ids(self, header: Mapping[str, Any],
                     actions: Sequence[Mapping[str, Any]]) -> Iterator[tuple[int | None, str, str]]:
        return card_ids_with_paths(header, actions)

    def parse_cards(self, document: Any, source: str = "cards") -> CwCardDB:
        return parse_cards(document)

    def merge_cards(self, databases: Iterable[CwCardDB]) -> CwCardDB:
        merged = CwCardDB(name="cards")
        for db in databases:
            merged.merge(db)
            merged.name = db.name if len(merged) == len(db) else "cards"
        return merged

    def owns_cards(self, cards: Any) -> bool:
        return isinstance(cards, CwCardDB)

    def seats(self, header: Mapping[str, Any], state: Game) -> list[dict[str, Any]]:
        """Names and deck names from the header; each seat's final Life as its score (§13)."""
        return seat_rows(header, state.result, [p.life for p in state.players])

    def unverified_steps(self, actions: Sequence[Mapping[str, Any]], trails: Sequence[Trail]) -> list[dict[str, Any]]:
        return unverified_in(actions, trails)


RULESET = ClockworkMemorion()
