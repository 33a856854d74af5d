"""The Toy Race ruleset object (engine.ruleset.Ruleset), found through the entry point ``toy-race-1``."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.asplayed import unchecked
from engine.ruleset import CompleteLogRecording, LogProblem, seat_rows, unverified_in
from engine.rulings import Trail

from . import game as toy
from .cards import FORMAT, ToyCards, parse_cards
from .game import Seat, ToyState

HERE = Path(__file__).parent
HEADER_KEYS = {"ruleset", "players", "first", "id", "played_at", "event", "round", "meta", "as_played"}
ACTION_FIELDS = {"shuffle": {"type", "p", "order"}, "play": {"type", "p", "card"}, "pass": {"type", "p"}}


class ToyRace(CompleteLogRecording):
    """2–4 players race to 10 points with six-card decks (tests/generic/toygame/__init__.py)."""

    name = "toy-race-1"
    game = "Toy Race"
    players = (2, 4)
    book = "Toy Race rules (tests/generic/toygame/__init__.py)"
    impliable: frozenset[str] = frozenset()
    snapshot_version = toy.SNAPSHOT_VERSION
    policies = ("random", "greedy")
    card_formats = (FORMAT,)
    bundled_cards = (str(HERE / "cards.json"),)  # absolute: the game is installed outside the project
    bundled_decks = (str(HERE / "decks"),)

    # -- fold hooks --------------------------------------------------------------------------------

    def new_state(self, header: Mapping[str, Any], cards: ToyCards, *, check: bool = True) -> ToyState:
        seats = [Seat(str(p.get("name", f"player {i}")), list(p.get("deck", [])))
                 for i, p in enumerate(header.get("players", []))]
        if check:
            toy.check_decks(seats)
        return ToyState(cards, seats, header.get("first", 0), self.name)

    apply = staticmethod(toy.apply_action)
    #: as played (engine.ruleset.AsPlayedHooks): an action out of turn, a pass holding a card
    apply_despite = staticmethod(unchecked(toy.apply_action))

    def clone(self, state: ToyState) -> ToyState:
        return state.clone()

    def right_holder(self, state: ToyState) -> int | None:
        return None

    def implied_pass(self, state: ToyState, player: int, trail: Trail) -> None:
        raise NotImplementedError("toy-race-1 implies no passes")

    def before(self, state: ToyState, action: Mapping[str, Any], trail: Trail) -> bool:
        return False

    def settle(self, state: ToyState, trail: Trail) -> None:
        """Nothing waits when the log stops."""

    def turn_shown(self, state: ToyState, next_action: Mapping[str, Any] | None = None) -> int:
        return state.turn

    def to_json(self, state: ToyState) -> dict[str, Any]:
        return toy.state_json(state)

    def result(self, state: ToyState) -> dict[str, Any] | None:
        return None if state.result is None else dict(state.result)

    # -- identity, queries, views --------------------------------------------------------------------

    def rules(self) -> Mapping[str, tuple[str | None, str]]:
        return toy.RULES

    def actor(self, state: ToyState) -> int | None:
        return toy.actor(state)

    def legal_actions(self, state: ToyState) -> list[dict[str, Any]]:
        return toy.legal_actions(state)

    def player_legal(self, state: ToyState, seat: int) -> list[dict[str, Any]]:
        """The seat's own actions, a shuffle's order (a deck order) null: only its own hand is named."""
        return [toy.seen_action(a, seat) for a in toy.legal_actions(state) if a["p"] == seat]

    def player_view(self, state_json: dict[str, Any], seat: int) -> dict[str, Any]:
        return toy.player_view(state_json, seat)

    def player_actions(self, actions: Sequence[Mapping[str, Any]], seat: int) -> list[dict[str, Any]]:
        return [toy.seen_action(dict(a), seat) for a in actions]

    def player_trail(self, entries: list[dict[str, Any]], action: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
        """Draws name the cards: another seat's draw shows only how many."""
        if action.get("p") == seat:
            return entries
        return [{**e, "message": e["message"].split(":")[0]} if e["rule"] == "draw" else e for e in entries]

    # -- log boundary ----------------------------------------------------------------------------------

    def check_header(self, header: Mapping[str, Any]) -> dict[str, Any]:
        extra = sorted(set(header) - HEADER_KEYS)
        if extra:
            raise LogProblem(f"game: unknown field {extra[0]!r}", path=f"game.{extra[0]}")
        players = header.get("players")
        if not isinstance(players, list) or not self.players[0] <= len(players) <= self.players[1]:
            raise LogProblem("game: players must be a list of 2 to 4 players", path="game.players")
        for i, p in enumerate(players):
            if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not isinstance(p.get("deck"), list) \
                    or not all(isinstance(c, str) for c in p["deck"]):
                raise LogProblem(f"game: player {i} needs a name and a deck of card ids", path=f"game.players.{i}")
        first = header.get("first", 0)
        if type(first) is not int or not 0 <= first < len(players):
            raise LogProblem(f"game: first must be a seat 0–{len(players) - 1}", path="game.first")
        return {**header, "first": first}

    def check_action(self, action: Any, index: int) -> None:
        kind = action.get("type") if isinstance(action, dict) else None
        if kind not in ACTION_FIELDS:
            raise LogProblem(f"action {index}: unknown action type {kind!r}", path=str(index), index=index)
        if set(action) != ACTION_FIELDS[kind]:
            raise LogProblem(f"action {index}: {kind} takes exactly {sorted(ACTION_FIELDS[kind])}",
                             path=str(index), index=index)
        if type(action["p"]) is not int or not 0 <= action["p"] < 4:
            raise LogProblem(f"action {index}: p must be a seat number", path=f"{index}.p", index=index)
        if kind == "play" and not isinstance(action["card"], str):
            raise LogProblem(f"action {index}: card must be a card id", path=f"{index}.card", index=index)
        if kind == "shuffle" and not (isinstance(action["order"], list)
                                      and all(isinstance(c, str) for c in action["order"])):
            raise LogProblem(f"action {index}: order must be a list of card ids", path=f"{index}.order", index=index)

    def log_card_ids(self, header: Mapping[str, Any],
                     actions: Sequence[Mapping[str, Any]]) -> Iterator[tuple[int | None, str, str]]:
        for i, p in enumerate(header.get("players", [])):
            for k, card in enumerate(p.get("deck", [])):
                yield None, f"game.players.{i}.deck.{k}", card
        for index, a in enumerate(actions):
            if a.get("type") == "play":
                yield index, f"{index}.card", a["card"]
            for k, card in enumerate(a.get("order", ())):
                yield index, f"{index}.order.{k}", card

    # -- cards, seats, persistence, facts ---------------------------------------------------------------

    def parse_cards(self, document: Any, source: str = "cards") -> ToyCards:
        return parse_cards(document, source)

    def merge_cards(self, databases: Iterable[ToyCards]) -> ToyCards:
        merged = ToyCards()
        for db in databases:
            merged.update(db)
        return merged

    def owns_cards(self, cards: Any) -> bool:
        return isinstance(cards, ToyCards)

    def seats(self, header: Mapping[str, Any], state: ToyState) -> list[dict[str, Any]]:
        return seat_rows(header, state.result, [p.score for p in state.players])

    def unverified_steps(self, actions: Sequence[Mapping[str, Any]], trails: Sequence[Trail]) -> list[dict[str, Any]]:
        return unverified_in(actions, trails)

    def to_snapshot(self, state: ToyState) -> dict[str, Any]:
        return toy.to_snapshot(state)

    def from_snapshot(self, data: dict[str, Any], cards: ToyCards) -> ToyState:
        return toy.from_snapshot(data, cards)

    # -- hidden orders (engine.ruleset.HiddenOrders): nobody at the table sees a shuffled deck -------------------

    hidden_orders = frozenset({"shuffle"})

    def placeholder_order(self, state: ToyState, action: Mapping[str, Any]) -> list[str]:
        return toy.placeholder_order(state, dict(action))

    def pile(self, state: ToyState, player: int) -> list[str]:
        return state.players[player].deck

    def hand(self, state: ToyState, player: int) -> list[str]:
        return state.players[player].hand

    def named(self, state: ToyState, action: Mapping[str, Any]) -> list[tuple[int, str | None, str]]:
        return toy.named(dict(action))

    facts_tracker = None  # the final state keeps what the statistics count

    def facts(self, state: ToyState, seat: int) -> dict[str, Any]:
        p = state.players[seat]
        return {"deck": list(p.deck_list), "opening_hand": list(p.opening_hand), "seen": dict(p.seen),
                "played": dict(p.first_played), "score": p.score}

    # -- self-play ---------------------------------------------------------------------------------------

    def self_play(self, cards: ToyCards, decks: Any, seed: int, *, policies: Sequence[str] = ("greedy", "greedy"),
                  names: Sequence[str] = ("Aoi", "Ren"), deck_names: Sequence[str | None] | None = None) -> dict[str, Any]:
        """One game, one seat per deck: "greedy" plays its highest card, "random" any card."""
        rng = random.Random(seed)
        n = len(decks)
        players: list[dict[str, Any]] = []
        for i in range(n):
            pl: dict[str, Any] = {"name": names[i], "deck": list(decks[i])}
            if deck_names and deck_names[i]:
                pl["deck_name"] = deck_names[i]
            players.append(pl)
        header = {"ruleset": self.name, "first": rng.randrange(n), "players": players}
        state = self.new_state(header, cards)
        actions: list[dict[str, Any]] = []
        trail = Trail()
        while (who := toy.actor(state)) is not None:
            options = toy.legal_actions(state)
            if options[0]["type"] == "shuffle":
                choice = {**options[0], "order": rng.sample(options[0]["order"], len(options[0]["order"]))}
            elif policies[who % len(policies)] == "greedy":
                choice = max(options, key=lambda a: cards[a["card"]].value if "card" in a else -1)
            else:
                choice = rng.choice(options)
            toy.apply_action(state, choice, trail)
            actions.append(choice)
        return {"format": "pmemo-log", "version": 1, "game": header, "actions": actions}


RULESET = ToyRace()
