"""The Precious Memories ruleset ``pm-2.22`` (Rule Book Ver.2.22 as rules.md reads it)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import PurePath
from typing import Any, ClassVar

from engine.asplayed import unchecked
from engine.pm import legal, snapshot, view
from engine.pm.actions import apply_action, skip_turn_end
from engine.pm.cards import CardDB, base_id
from engine.pm.setup import check_decks
from engine.pm.state import GameState, PlayerState
from engine.pm.turns import do_pass, settle, starts_next_turn, turn_end_waits
from engine.pm.verify import unverified_steps
from engine.pm.view import player_view as pm_player_view
from engine.pm.view import state_json
from engine.ruleset import JUDGE, PUBLIC, Redaction, View, seat_rows
from engine.rulings import BOOK, RULES, IllegalAction, Trail


def _listed(cards: Any) -> list[str] | None:
    """A header deck list (None: unlisted, table-logs.md)."""
    return None if cards is None else list(cards)


#: the refusals of a ``trigger`` that omitted passes before it may cure (:meth:`PreciousMemories.pass_may_cure`)
PASS_CURED_TRIGGER_RULINGS = frozenset({"effect.result", "zone"})


class PreciousMemories:
    """Ruleset object the generic fold drives (see :mod:`engine.fold`)."""

    name = "pm-2.22"
    #: rulings that inserting passes may cure (rules.md, "Omitted passes")
    impliable = frozenset({"turn.priority", "turn.step"})
    #: the actions that only close a window or a phase (the viewer's "hide passes", engine.ruleset)
    quiet_actions = frozenset({"pass", "end_approach"})

    def new_state(self, header: Mapping[str, Any], cards: CardDB, *, check: bool = True) -> GameState:
        """Check the decks (``deck.*``, unless ``check`` is False) and build the state before the first action."""
        if check:
            check_decks(header, cards)
        players = [
            PlayerState(pl.get("name", f"player {i}"), _listed(pl.get("deck")), _listed(pl.get("ex_deck", [])))
            for i, pl in enumerate(header["players"])
        ]
        return GameState(cards, players, header["first"], self.name)

    #: ``apply(state, action, trail)``: the single entry point (no wrapper frame: it runs for every action)
    apply = staticmethod(apply_action)
    #: as played (engine.ruleset.AsPlayedHooks): the same code with irregularities carried out (engine.asplayed)
    apply_despite = staticmethod(unchecked(apply_action))
    #: apply_action starts a waiting next turn itself before an action that does not belong to the Turn End
    settles_in_apply = True

    def skip_owed(self, state: GameState, action: Mapping[str, Any], trail: Trail) -> None:
        """As played (engine.ruleset.AsPlayedHooks): the owed Turn End steps ``action`` skips lapse and the next turn
        starts when the action belongs to it, so that the passes it omitted can be implied there."""
        state.trail = trail
        skip_turn_end(state, action, trail)

    def clone(self, state: GameState) -> GameState:
        return state.clone()

    def right_holder(self, state: GameState) -> int | None:
        """The player who could pass now (at a waiting Turn End: the next turn's player), or None outside windows."""
        if state.result is not None:
            return None
        return 1 - state.turn_player if turn_end_waits(state) else state.priority

    def pass_may_cure(self, action: Mapping[str, Any], err: IllegalAction) -> bool:
        """A ``trigger`` refused because its cause has not happened yet (``effect.result``), or its card is not yet
        where it fires from (``zone``: a card put into the discard as the battle ends), may follow omitted passes:
        the cause (an elimination, a point given...) may come once the window closes (rules.md, "Omitted passes")."""
        return action.get("type") == "trigger" and err.rule in PASS_CURED_TRIGGER_RULINGS

    def implied_pass(self, state: GameState, player: int, trail: Trail) -> None:
        settle(state, trail)
        do_pass(state, player, trail, implied=True)

    def pass_action(self, player: int) -> dict[str, Any]:
        """The logged action :meth:`implied_pass` stands for (a log with its implied passes written out)."""
        return {"type": "pass", "p": player}

    def before(self, state: GameState, action: Mapping[str, Any], trail: Trail) -> bool:
        """Let happen what happens by itself before ``action`` (the next turn's start after a waiting Turn End),
        reporting it in ``trail``; True when something did."""
        if state.phase != "end" or not starts_next_turn(state, action):
            return False
        settle(state, trail)
        return True

    def settle(self, state: GameState, trail: Trail) -> None:
        """What happens by itself when the log stops here: a waiting Turn End starts the next turn."""
        settle(state, trail)

    def turn_shown(self, state: GameState, next_action: Mapping[str, Any] | None = None) -> int:
        """The turn number the state shows once settled before ``next_action`` (None: the log stops here)."""
        if turn_end_waits(state) and (next_action is None or starts_next_turn(state, next_action)):
            return state.turn + 1
        return state.turn

    def to_json(self, state: GameState) -> dict[str, Any]:
        return state_json(state)

    def result(self, state: GameState) -> dict[str, Any] | None:
        return state.result

    # -- identity, queries, views, persistence, facts, self-play (engine.ruleset.Ruleset) -----------

    game = "Precious Memories"
    players = (2, 2)
    book = BOOK
    snapshot_version = snapshot.SNAPSHOT_VERSION

    def rules(self) -> Mapping[str, tuple[str | None, str]]:
        return RULES

    def actor(self, state: GameState) -> int | None:
        return legal.actor(state)

    def legal_actions(self, state: GameState) -> list[dict[str, Any]]:
        return legal.legal_actions(state)

    def player_view(self, state_json: dict[str, Any], seat: int) -> dict[str, Any]:
        return view.player_view(state_json, seat)

    def to_snapshot(self, state: GameState) -> dict[str, Any]:
        return snapshot.to_snapshot(state)

    def from_snapshot(self, data: dict[str, Any], cards: CardDB) -> GameState:
        return snapshot.from_snapshot(data, cards)

    #: the final state keeps every statistics fact (seen, played): no tracker
    facts_tracker = None

    def facts(self, state: GameState, seat: int) -> dict[str, Any]:
        """metrics.md facts: the deck list (None: unlisted), the opening hand, first seen and first played turns."""
        p = state.players[seat]
        return {"deck": p.deck_list, "opening_hand": [c for c in (*p.opening_hand, *p.opening_found) if c is not None],
                "seen": dict(p.seen), "played": dict(p.played), "redraw": p.opening == "redraw",
                "hands_known": p.hands_known()}

    policies = ("random", "greedy")
    bundled_decks = ("fixtures/decks",)

    def self_play(self, cards: CardDB, decks: Any, seed: int, *, policies: Any = ("greedy", "greedy"),
                  names: Any = ("Aoi", "Ren"), deck_names: Any = None) -> dict[str, Any]:
        from engine.pm import selfplay  # it folds through this ruleset

        chosen = [getattr(selfplay, f"{name}_policy") for name in policies]
        mains = [d["main"] if isinstance(d, Mapping) else d for d in decks]  # a deck: its ids, or {"main", "ex"}
        exes = [d.get("ex", ()) if isinstance(d, Mapping) else () for d in decks]
        doc = selfplay.play_game(cards, mains, random.Random(seed), policies=chosen, names=names, ex_decks=exes)
        for pl, deck_name in zip(doc["game"]["players"], deck_names or (), strict=False):
            if deck_name:
                pl["deck_name"] = deck_name
        return doc

    def check_by_play(self, cards: CardDB, games: int, seed: int = 0, *, decks: Any = None,
                      decks_source: str = "decks", max_actions: int | None = None,
                      logs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """Self-play on any card set (``pmemo-replay simulate --cards``): decks built per set, or ``decks`` (a decoded
        deck-list file), each log re-checked by the fold; a summary (engine.pm.simulate_cards)."""
        from engine.pm.simulate_cards import check_by_play

        return check_by_play(cards, games, seed, decks=decks, decks_source=decks_source, max_actions=max_actions,
                             logs=logs)

    # -- log boundary, cards, seats (engine.ruleset.Ruleset): the service reads its logs and card files ---------

    check_header = None  # pmemo_replay/logio's marshmallow schemas (log-format.md)
    check_action = None
    card_formats = ("pmemo-cards", "precious-data")
    bundled_cards = ("fixtures/cards/mhk.json", "fixtures/cards/original.json")
    #: the project's hand-written effect scripts, laid over the bundled sets and over precious-data cards
    script_cards = ("fixtures/cards/scripted",)
    #: where the community precious-data files are found by set (``<folder>/<SET>/``), next to the project
    community_cards = ("../shared/data/precious-data/data",)
    #: the independent reads of its effect scripts (``card_coverage``'s ``verified_cards``), from the project root
    verification_records = "docs/verification.md"

    def card_format_of(self, document: Any) -> str | None:
        """precious-data files carry no ``format``: told by their shape (engine.pm.cards.files)."""
        from engine.pm.cards.files import card_format_of

        return card_format_of(document)

    def parse_cards(self, document: Any, source: str = "cards") -> CardDB:
        return self.parse_card_set([(source, document)], PurePath(source).stem)

    def parse_card_set(self, documents: Sequence[tuple[str, Any]], name: str, scripts: CardDB | None = None) -> CardDB:
        """A folder's files read as one set: precious-data cards together, with ``scripts`` laid over them."""
        from engine.pm.cards.files import parse_documents

        return parse_documents(documents, name, hand=scripts)

    def card_plays(self, action: Mapping[str, Any]) -> list[tuple[int, str]]:
        """``(seat, card id)`` per card ``action`` plays, its responses included (engine.pm.plays)."""
        from engine.pm.plays import card_plays

        return card_plays(action)

    def card_key(self, card_id: str) -> str:
        """The id statistics count a card under: a parallel printing (``MHK 01-001a``) counts as its base card."""
        return base_id(card_id)

    def archetype(self, deck: Sequence[str], cards: CardDB) -> str:
        """metrics.md's deck archetype: the main series and the colors holding at least 8 cards."""
        from engine.pm.archetype import archetype

        return archetype(deck, cards)

    def card_facts(self, card: Any) -> dict[str, Any] | None:
        """What the pages show of a card of this game (None for another game's card)."""
        from engine.pm.card_facts import card_facts

        return card_facts(card)

    def effect_reading(self, card: Any) -> list[dict[str, str]] | None:
        """How the engine reads each of the card's effects: scripted, compiled or unverified (with why)."""
        from engine.pm.card_facts import effect_reading

        return effect_reading(card)

    def card_coverage(self, cards: CardDB, compiled: CardDB | None = None,
                      records: str | None = None) -> list[dict[str, Any]]:
        """Per set, how many effects the engine verifies (engine.pm.cards.coverage); ``records``: the text of the
        file named by :attr:`verification_records`."""
        from engine.pm.cards.coverage import coverage

        return coverage(cards, compiled, records)

    def measure_compiler(self, sets: Sequence[tuple[str, Sequence[tuple[str, Any]]]], scripts: CardDB | None, *,
                         diff: bool = False, gaps: int | None = None, blockers: int | None = None) -> list[str]:
        """The text compiler against the hand scripts, per set of decoded precious-data files (report lines)."""
        from engine.pm.cards.compile_measure import report

        return report(sets, scripts, diff=diff, gaps=gaps, blockers=blockers)

    def log_card_ids(self, header: Mapping[str, Any], actions: Any) -> None:
        return None  # pmemo_replay.logio.card_ids

    def merge_cards(self, databases: Any) -> CardDB:
        merged = CardDB(name="cards")
        for db in databases:
            merged.merge(db)
        return merged

    def owns_cards(self, cards: Any) -> bool:
        return isinstance(cards, CardDB)

    def seats(self, header: Mapping[str, Any], state: GameState) -> list[dict[str, Any]]:
        """Names and deck names from the header; each seat's Point Zone size as its score."""
        return seat_rows(header, state.result, [len(p.points) for p in state.players])

    def unverified_steps(self, actions: Any, trails: Any) -> list[dict[str, Any]]:
        return unverified_steps(actions, trails)

    def player_actions(self, actions: Any, seat: int) -> None:
        return None  # the service's table-log redaction (engine.pm.redact)

    def player_legal(self, state: Any, seat: int) -> None:
        return None  # the legal actions of the fold of the seat's redaction (pmemo_replay.views.player_legal)

    def player_trail(self, entries: Any, action: Any, seat: int) -> None:
        return None  # folded from the redaction: the trail holds only what the seat saw

    # -- recording at the table (engine.ruleset.Ruleset): table logs, table-logs.md -----------------------

    table_logs = True
    knowledge_actions = frozenset({"identify"})
    #: a payment's cards carry no order (two phones tap them in any order): the merge compares them as multisets
    unordered_fields = frozenset({"pay"})
    #: what a seat's table log may leave out (table-logs.md, "What may be left out"), by action type or op: the merge
    #: takes the other seat's value there; any other field one copy lacks is a disagreement
    omissible_fields: ClassVar[dict[str, frozenset[str]]] = {"shuffle": frozenset({"order"}),
                                                             "no_interfere": frozenset({"card"}), "draw": frozenset({"cards"}),
                                                             "put_point": frozenset({"cards"}), "move": frozenset({"card"})}

    def seat_header(self, header: Mapping[str, Any], view: View) -> dict[str, Any]:
        from engine.pm import redact  # it folds through this ruleset

        return redact.redact_header(header, view)

    def redact(self, header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: CardDB,
               view: View, *, keep_lists: bool = False) -> Redaction:
        from engine.pm import redact

        return redact.redact(header, actions, cards, view, keep_lists=keep_lists)

    def push_seen(self, folder: Any, action: Mapping[str, Any], view: View, known: GameState | None) -> dict[str, Any]:
        from engine.pm import redact

        return redact.push_redacted(folder, action, view, known)

    def seat_state(self, state_json: dict[str, Any], view: View, *, from_judge: bool = True) -> dict[str, Any]:
        """The seat's view (view.player_view); the public's knows no pool, and from the judge's state no face-down
        point (it cannot tell which the public once saw face up)."""
        if view == JUDGE:
            return state_json
        state_json = pm_player_view(state_json, view)
        if view == PUBLIC:
            for player in state_json["players"]:
                if from_judge:
                    player["points"] = [pt if pt["face"] == "up" else {**pt, "card": None} for pt in player["points"]]
                if "unseen" in player:
                    player["unseen"] = None
        return state_json

    def offers(self, state: GameState) -> dict[str, Any]:
        from engine.pm import offers

        return offers.offers(state)

    def hand_options(self, state: GameState, player: int, card: str) -> list[dict[str, Any]]:
        from engine.pm import offers

        return offers.hand_options(state, player, card)

    def merge_news(self, seats: Sequence[GameState], merged: GameState) -> list[dict[str, Any]]:
        """Each hand as its own seat knows it, each Point Zone's face-up cards as either seat knows them (the
        redaction's ``news`` for the judge, from the seats' knowledge instead of the full log)."""
        from engine.pm import redact

        return redact.merged_news(seats, merged)

    def named_cards(self, state: GameState) -> dict[tuple[str, int, int], str]:
        """Each known hand, Point Zone and discard card by its place ``(zone, player, position)`` (the merge compares
        what a seat's ``identify`` names with what the merged log names there: engine/pm/redact.py)."""
        from engine.pm import redact

        return redact.named_cards(state)

    def knowledge_seat(self, action: Mapping[str, Any]) -> int | None:
        """The player of an ``identify`` that names cards in a hand (a seat identifies only its own hand,
        table-logs.md); None for one naming no card (the other seat's, emptied by the seat's redaction) or a point."""
        p = action.get("p")
        cards = action.get("cards")
        if action.get("type") != "identify" or action.get("zone") != "hand" or type(p) is not int:
            return None
        return p if isinstance(cards, list) and len(cards) > 0 else None

    def seat_secret(self, header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: CardDB,
                    seat: int) -> str | None:
        """The first action holding what ``seat`` could not have seen: what the seat's own redaction of the log
        drops (engine/pm/seatlog.py: a shuffle's order, the rival's draws, searches and identified hand)."""
        from engine.pm.seatlog import seat_secret

        return seat_secret(header, actions, cards, seat)

    def describe_action(self, header: Mapping[str, Any], action: Mapping[str, Any]) -> str:
        """The action in plain words, with the players' names (a merge's disagreement: engine/pm/narrate.py)."""
        from engine.pm.narrate import describe_action

        return describe_action(header, action)

    def state_lines(self, state_json: Mapping[str, Any]) -> list[str]:
        """The state JSON in readable lines (``pmemo-replay check``: engine/pm/narrate.py)."""
        from engine.pm.narrate import state_lines

        return state_lines(state_json)

    def knowledge_unlearned(self, action: Mapping[str, Any]) -> dict[str, Any]:
        """An ``identify`` naming no card (the public's copy of what the recorder learned: a hand, a face-down
        point); one of the discard stays as it is (its cards are face up: the public saw them too)."""
        return dict(action) if action.get("zone") == "discard" else {**action, "cards": []}

    def knowledge_clash(self, a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
        """Two ``identify`` of the same player's zone naming as many cards, some of them differently (a seat naming
        more than the other is no clash: it learned more)."""
        if a.get("type") != "identify" or b.get("type") != "identify":
            return False
        if a.get("p") != b.get("p") or a.get("zone") != b.get("zone"):
            return False
        x: list[Any] = list(a.get("cards") or ()) if isinstance(a.get("cards"), list) else []
        y: list[Any] = list(b.get("cards") or ()) if isinstance(b.get("cards"), list) else []
        if len(x) != len(y):
            return False
        return any(c is not None and d is not None and c != d for c, d in zip(x, y, strict=True))


RULESET = PreciousMemories()
