"""The Mahou Shoujo ruleset ``mahou-shoujo-1`` (mahou-shoujo.md), as the generic fold drives it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from engine.asplayed import unchecked
from engine.mahou import hidden, legal, snapshot, view
from engine.mahou.actions import apply_action
from engine.mahou.cards import MsCardDB, parse_cards
from engine.mahou.rules import BOOK, RULES
from engine.mahou.schema import action_problem, card_ids_with_paths, check_header, check_header_shape
from engine.mahou.setup import check_decks
from engine.mahou.state import MsState, Player
from engine.mahou.stats import FactsTracker
from engine.mahou.view import state_json
from engine.ruleset import CompleteLogRecording, LogProblem, seat_rows, unverified_in
from engine.rulings import IllegalAction, Trail

#: the actions that play a card for its effect, and what the card is
EFFECT_PLAYS = {"play_power": "Magical Power", "play_event": "Event"}


class MahouShoujo(CompleteLogRecording):
    """Ruleset object for :mod:`engine.fold`. Mahou has no passes: nothing is implied, nothing waits. Its logs are
    always complete: it is recorded as :class:`~engine.ruleset.CompleteLogRecording` says."""

    name = "mahou-shoujo-1"
    impliable: frozenset[str] = frozenset()
    #: the actions that only close a phase (the viewer's "hide passes", engine.ruleset)
    quiet_actions = frozenset({"end_turn"})

    def new_state(self, header: Mapping[str, Any], cards: MsCardDB, *, check: bool = True) -> MsState:
        """Check the header (``log.*``) and decks (``deck.*``) unless ``check`` is False; the state before action 0."""
        if check:
            check_header(header, cards)
            check_decks(header, cards)
        raw = header.get("players") if isinstance(header, Mapping) else None
        raw = raw if isinstance(raw, list) and len(raw) == 2 else [{}, {}]
        players = []
        for i, pl in enumerate(raw):
            pl = pl if isinstance(pl, Mapping) else {}
            deck = pl.get("deck")
            players.append(Player(str(pl.get("name", f"player {i}")), list(deck) if isinstance(deck, list) else []))
        first = header.get("first") if isinstance(header, Mapping) else 0
        return MsState(cards, players, first if first in (0, 1) else 0, self.name)

    #: ``apply(state, action, trail)``: the single entry point
    apply = staticmethod(apply_action)
    #: as played (engine.ruleset.AsPlayedHooks): the same code with irregularities carried out
    apply_despite = staticmethod(unchecked(apply_action))
    #: nothing happens by itself between actions (``before`` does nothing): a fold keeping no trails skips it
    settles_in_apply = True

    def clone(self, state: MsState) -> MsState:
        return state.clone()

    def right_holder(self, state: MsState) -> int | None:
        """Nobody passes in Mahou Shoujo."""
        return None

    def implied_pass(self, state: MsState, player: int, trail: Trail) -> None:
        raise NotImplementedError("mahou-shoujo-1 has no passes")

    def before(self, state: MsState, action: Mapping[str, Any], trail: Trail) -> bool:
        """Turn starts happen inside the action that causes them: nothing waits."""
        return False

    def settle(self, state: MsState, trail: Trail) -> None:
        """Nothing waits when the log stops."""

    def turn_shown(self, state: MsState, next_action: Mapping[str, Any] | None = None) -> int:
        return state.turn

    def to_json(self, state: MsState) -> dict[str, Any]:
        return state_json(state)

    def result(self, state: MsState) -> dict[str, Any] | None:
        """``{"winner": 0|1|None, "reason": ...}`` once the game is over (§12), else None."""
        return None if state.result is None else dict(state.result)

    # -- identity, queries, views, persistence, facts, self-play (engine.ruleset.Ruleset) -----------

    game = "Mahou Shoujo"
    players = (2, 2)
    book = BOOK
    snapshot_version = snapshot.SNAPSHOT_VERSION

    def card_plays(self, action: Mapping[str, Any]) -> list[tuple[int, str]]:
        """``(seat, card id)`` per card ``action`` plays, as the statistics count a play (engine.mahou.plays)."""
        from engine.mahou.plays import card_plays

        return card_plays(action)

    def rules(self) -> Mapping[str, tuple[str | None, str]]:
        return RULES

    def actor(self, state: MsState) -> int | None:
        return legal.actor(state)

    def legal_actions(self, state: MsState) -> list[dict[str, Any]]:
        return legal.legal_actions(state)

    def player_legal(self, state: MsState, seat: int) -> list[dict[str, Any]]:
        return legal.seat_legal(state, seat)

    def player_view(self, state_json: dict[str, Any], seat: int) -> dict[str, Any]:
        return view.player_view(state_json, seat)

    def offer_about(self, state: MsState, action: Mapping[str, Any]) -> dict[str, Any] | None:
        """A Magical Power's or an Event's play: the card's effect, in words, and its text from the card file."""
        kind = EFFECT_PLAYS.get(str(action.get("type")))
        if kind is None or action.get("card") not in state.cards.by_id:
            return None
        card = state.card(action["card"])
        text = " ".join(card.text.split()) if card.text and card.text.strip() else None
        return {"effect": f"{card.name}: {kind} effect", "text": text}

    def to_snapshot(self, state: MsState) -> dict[str, Any]:
        return snapshot.to_snapshot(state)

    def from_snapshot(self, data: dict[str, Any], cards: MsCardDB) -> MsState:
        return snapshot.from_snapshot(data, cards)

    def facts(self, state: MsState, seat: int) -> dict[str, Any]:
        p = state.players[seat]
        return {"deck": list(p.deck_list), "opening_hand": list(p.opening_hand), "redraw": p.redraws > 0}

    #: when each card was first seen is not in the final state: the statistics watch the fold (engine/mahou/stats.py)
    facts_tracker = FactsTracker

    def state_lines(self, state_json: dict[str, Any]) -> list[str]:
        """The state JSON in readable lines (``pmemo-replay check``: engine/mahou/lines.py)."""
        from engine.mahou.lines import state_lines

        return state_lines(state_json)

    def describe_card(self, card: Any) -> dict[str, Any] | None:
        """A card of this game in words for its page (its effect narrated); None for another game's card."""
        from engine.mahou.card_facts import card_words

        return card_words(card)

    policies = ("random", "greedy")
    bundled_decks = ("fixtures/mahou/decks",)

    def self_play(self, cards: MsCardDB, decks: Any, seed: int, *, policies: Sequence[str] = ("greedy", "greedy"),
                  names: Sequence[str] = ("Aoi", "Ren"), deck_names: Sequence[str | None] | None = None) -> dict[str, Any]:
        from engine.mahou.selfplay import play_game  # it folds through this ruleset

        return play_game(cards, decks, seed, policies=policies, names=names, deck_names=deck_names or (None, None))

    # -- log boundary, cards, seats ----------------------------------------------------------------

    card_formats = ("ms-cards",)
    bundled_cards = ("fixtures/mahou/cards.json",)

    def check_header(self, header: Mapping[str, Any]) -> dict[str, Any]:
        """The header as given (nothing to fill: every field is required or has no default), or ``LogProblem``."""
        try:
            check_header_shape(header)
        except IllegalAction as err:
            raise LogProblem(err.ruling.message, path=err.ruling.path or "game") from None
        return dict(header)

    def check_action(self, action: Any, index: int) -> None:
        """``LogProblem`` (path: the index, mahou-shoujo.md §11) for a malformed action."""
        problem = action_problem(action)
        if problem is not None:
            raise LogProblem(f"action {index}: {problem}", path=str(index), index=index)

    def log_card_ids(self, header: Mapping[str, Any],
                     actions: Sequence[Mapping[str, Any]]) -> Iterator[tuple[int | None, str, str]]:
        return card_ids_with_paths(header, actions)

    def parse_cards(self, document: Any, source: str = "cards") -> MsCardDB:
        """An ms-cards v1 file already decoded (``CardFileError`` names the card and the field)."""
        return parse_cards(document)

    def merge_cards(self, databases: Iterable[MsCardDB]) -> MsCardDB:
        merged = MsCardDB(name="cards")
        for db in databases:
            merged.merge(db)
            merged.name = db.name if len(merged) == len(db) else "cards"
        return merged

    def owns_cards(self, cards: Any) -> bool:
        return isinstance(cards, MsCardDB)

    def seats(self, header: Mapping[str, Any], state: MsState) -> list[dict[str, Any]]:
        """Names and deck names from the header; each seat's Gems as its score."""
        return seat_rows(header, state.result, [p.gems for p in state.players])

    def unverified_steps(self, actions: Sequence[Mapping[str, Any]], trails: Sequence[Trail]) -> list[dict[str, Any]]:
        return unverified_in(actions, trails)

    def player_trail(self, entries: list[dict[str, Any]], action: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
        return view.seen_trail(entries, action, seat)

    def player_actions(self, actions: Sequence[Mapping[str, Any]], seat: int) -> list[dict[str, Any]]:
        """The log as ``seat`` saw it: the rival's searched Heroes and every deck order (no view shows one) null,
        and the rival's face-down pair while the log ends before both pairs are revealed."""
        revealed = sum(a.get("type") == "place_active" for a in actions) >= 2
        return [view.seen_action(a, seat, revealed=revealed) for a in actions]

    # -- at a real table (engine.ruleset.HiddenOrders): the deck orders nobody saw ---------------------

    hidden_orders = hidden.HIDDEN_ORDERS
    draws_named_first = hidden.DRAWS_NAMED_FIRST

    def placeholder_order(self, state: MsState, action: Mapping[str, Any]) -> list[str]:
        return hidden.placeholder_order(state, action)

    def pile(self, state: MsState, player: int) -> list[str]:
        return state.players[player].deck

    def hand(self, state: MsState, player: int) -> list[str]:
        return state.players[player].hand

    def named(self, state: MsState, action: Mapping[str, Any]) -> list[tuple[int, str, str]]:
        return hidden.named(state, action)

    def hide_unnamed(self, state_json: dict[str, Any], player: int, cards: Sequence[str]) -> None:
        hidden.hide_unnamed(state_json, player, cards)

    # -- from one seat: the rival's searched Heroes and redraws stay unnamed until seen ----------------------

    seat_recordings = True
    hidden_choices = hidden.HIDDEN_CHOICES

    def placeholder_choice(self, state: MsState, action: Mapping[str, Any]) -> list[str]:
        return hidden.placeholder_choice(state, action)

    def choice_fits(self, state: MsState, action: Mapping[str, Any], card: str) -> bool:
        return hidden.choice_fits(state, action, card)

    def due_if_drawn(self, state: MsState) -> list[tuple[dict[str, Any], int, int | None, Any]]:
        return hidden.due_if_drawn(state)

    def ends_draws(self, state: MsState, action: Mapping[str, Any], card: str) -> bool:
        return hidden.ends_draws(state, action, card)


RULESET = MahouShoujo()
