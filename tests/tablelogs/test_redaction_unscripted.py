"""Player views of effects with no script (review rev12b): a ``choices`` entry the engine never read names no card the
seat could not see (D1: SSSS 01-089, unscripted, logged with ``choices`` and ``ops`` as docs/log-extensions.md
describes; and entries a scripted effect left over past an unverified pick), and a ``move`` out of the Point Zone
without ``face`` is hidden when the card was face down there (D2). The redacted logs fold legally to the same public
facts (tests.tablelogs.redaction_check). Cards: ../shared/data/precious-data/data/SSSS (not copied here)."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.fold import Folder
from engine.pm import script
from engine.pm.cards import CardDB
from engine.pm.redact import redact
from tests.tablelogs.redaction_check import check_redaction

SSSS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "precious-data" / "data" / "SSSS"
pytestmark = pytest.mark.skipif(not SSSS.is_dir(), reason="needs ../shared/data/precious-data")

UNSCRIPTED = "SSSS 01-089"  # an automatic 'enter' effect, left unscripted by cards() below
PAY = "SSSS 01-028"
EX_CARD = "SSSS 01-084"  # in player 1's EX deck
DECK_CARD = "SSSS 01-108"  # in player 1's main deck
MAIN = [["SSSS 01-077", "SSSS ST-022", "SSSS 01-085", "SSSS 01-007", "SSSS 01-048", "SSSS 01-101", "SSSS 01-098",
         "SSSS 01-081", "SSSS ST-025", "SSSS ST-031", "SSSS 01-062", "SSSS 01-097", "SSSS 01-073", "SSSS P-001",
         "SSSS 01-040"],
        [PAY, "SSSS ST-012", UNSCRIPTED, "SSSS ST-018", "SSSS 01-105", "SSSS ST-015", "SSSS ST-028", "SSSS ST-002",
         DECK_CARD, "SSSS 01-065", "SSSS 01-022", "SSSS 01-012", "SSSS 01-070", "SSSS 01-096", "SSSS 01-073"]]
EX = [["SSSS 01-087", "SSSS 01-019", "SSSS 01-054", "SSSS 01-017", "SSSS 01-052"],
      ["SSSS 01-056", "SSSS 01-046", "SSSS 01-102", EX_CARD, "SSSS 01-080"]]


@cache
def cards() -> CardDB:
    from pmemo_replay.cards import load_cards

    db = load_cards([SSSS])
    # the compiler reads this card's effects since round 24: the test keeps them unscripted on purpose (its subject
    # is what an effect the engine does not read may log), so it does not depend on how far the compiler has come
    card = db.get(UNSCRIPTED)
    db.add(replace(card, effects=tuple(replace(e, script=None, targets=(), condition=None, compiled=False,
                                               why="left unscripted by this test") for e in card.effects)))
    return db


def _log(trigger_ops: list[dict[str, Any]], choices: list[Any] | None = None) -> dict[str, Any]:
    """Player 1 (first) keeps an opening hand holding 01-089, draws and summons it; its unscripted effect then
    resolves as logged (player 1's deck order puts each kind's first copy on top: 01-108 is then the deck top)."""
    players = [{"name": n, "deck": [c for c in main for _ in range(4)], "ex_deck": [c for c in ex for _ in range(3)]}
               for n, main, ex in zip(("Aoi", "Ren"), MAIN, EX, strict=True)]
    orders = [list(pl["deck"]) for pl in players]
    orders[1] = MAIN[1] + [c for c in MAIN[1] for _ in range(3)]
    trigger: dict[str, Any] = {"type": "trigger", "p": 1, "card": UNSCRIPTED, "effect": 0, "ops": trigger_ops}
    if choices is not None:
        trigger["choices"] = choices
    actions = [{"type": "shuffle", "p": 0, "order": orders[0]}, {"type": "shuffle", "p": 1, "order": orders[1]},
               {"type": "keep", "p": 1}, {"type": "keep", "p": 0},
               {"type": "summon", "p": 1, "card": UNSCRIPTED, "area": "main", "pay": [{"hand": PAY}]}, trigger]
    return {"game": {"first": 1, "players": players}, "actions": actions}


def _shown(doc: dict[str, Any], view: Any) -> dict[str, Any]:
    """The trigger (the last source action) as ``view`` records it, after checking the whole redaction."""
    red = check_redaction(doc["game"], doc["actions"], cards(), view)
    return red.actions[red.steps[-2]]


def test_the_effect_is_unscripted_and_the_logs_are_legal() -> None:
    assert all(e.script is None for e in cards().get(UNSCRIPTED).effects)
    assert cards().get(EX_CARD).ex and not cards().get(DECK_CARD).ex
    for doc in (_ex_fetch(), _deck_fetch(), _point_swap()):
        folder = Folder(doc["game"], cards(), keep_trails=False)
        for a in doc["actions"]:
            folder.push(a)
        assert DECK_CARD in folder.state.players[1].hand or EX_CARD in folder.state.players[1].hand
    folder = Folder(_log([])["game"], cards(), keep_trails=False)
    for a in _log([])["actions"][:-1]:
        folder.push(a)
    assert folder.state.players[1].deck[-1] == DECK_CARD and DECK_CARD not in folder.state.players[1].hand


def _ex_fetch() -> dict[str, Any]:
    return _log([{"op": "move", "p": 1, "card": EX_CARD, "from": "ex_deck", "to": "hand"}], [[EX_CARD]])


def _deck_fetch() -> dict[str, Any]:
    return _log([{"op": "move", "p": 1, "card": DECK_CARD, "from": "deck", "to": "hand"}], [[DECK_CARD]])


def _point_swap() -> dict[str, Any]:
    """D2: the card goes face down into the Point Zone (nobody sees it), then to the hand by a move without ``face``."""
    return _log([{"op": "put_point", "p": 1, "n": 1, "face": "down", "cards": [DECK_CARD]},
                 {"op": "move", "p": 1, "card": DECK_CARD, "from": "point", "to": "hand"}])


@pytest.mark.parametrize(("make", "card"), [(_ex_fetch, EX_CARD), (_deck_fetch, DECK_CARD)])
def test_unscripted_choices_are_null_for_the_other_seat_and_public(make: Any, card: str) -> None:
    """D1: the move op loses its card and so does the ``choices`` entry (the engine does not read it)."""
    doc = make()
    for view in (0, "public"):
        shown = _shown(doc, view)
        assert shown["choices"] == [[None]], shown
        assert card not in json.dumps(shown), shown
    mine = _shown(doc, 1)
    assert mine["choices"] == [[card]] and mine["ops"][0]["card"] == card


def test_unscripted_choices_stay_named_when_the_ops_show_the_card() -> None:
    """A card the view sees in the ops (into the discard: public) stays named in the choices."""
    doc = _log([{"op": "move", "p": 1, "card": DECK_CARD, "from": "deck", "to": "discard"}], [[DECK_CARD], 2])
    for view in (0, 1, "public"):
        assert _shown(doc, view)["choices"] == [[DECK_CARD], 2]


def test_a_move_out_of_the_point_zone_without_face_is_hidden_when_the_card_was_face_down() -> None:
    """D2: the op's ``face`` only picks which copy leaves; the entry it took was face down, so the card is unseen."""
    doc = _point_swap()
    for view in (0, "public"):
        shown = _shown(doc, view)
        assert DECK_CARD not in json.dumps(shown), shown
        put, move = shown["ops"]
        assert "cards" not in put and "card" not in move
    assert _shown(doc, 1)["ops"][1]["card"] == DECK_CARD  # it reaches its owner's hand


def test_a_move_out_of_the_point_zone_without_face_stays_named_when_face_up() -> None:
    doc = _log([{"op": "put_point", "p": 1, "n": 1, "cards": [DECK_CARD]},
                {"op": "move", "p": 1, "card": DECK_CARD, "from": "point", "to": "hand"}])
    for view in (0, 1, "public"):
        put, move = _shown(doc, view)["ops"]
        assert put["cards"] == [DECK_CARD] and move["card"] == DECK_CARD


def test_a_card_seen_face_up_then_turned_down_stays_named_when_it_leaves() -> None:
    """Put face up (everyone sees it), turned face down, then moved to the hand: the view knows which card leaves."""
    doc = _log([{"op": "put_point", "p": 1, "n": 1, "cards": [DECK_CARD]},
                {"op": "flip", "p": 1, "card": DECK_CARD, "face": "down"},
                {"op": "move", "p": 1, "card": DECK_CARD, "from": "point", "to": "hand"}])
    for view in (0, 1, "public"):
        assert _shown(doc, view)["ops"][2]["card"] == DECK_CARD


@pytest.mark.parametrize("face", ["down", "up", None])
def test_an_unknown_card_moved_into_the_point_zone_keeps_its_face(face: str | None) -> None:
    """A hand card put into the Point Zone by a move: face up unless the op says down; a view that did not see it
    folds the card-less move onto an entry of the same face (hidden.move_unknown)."""
    op: dict[str, Any] = {"op": "move", "p": 1, "card": DECK_CARD, "from": "deck", "to": "hand"}
    into: dict[str, Any] = {"op": "move", "p": 1, "card": DECK_CARD, "from": "hand", "to": "point"}
    if face is not None:
        into["face"] = face
    doc = _log([op, into])
    for view in (0, 1, "public"):
        _shown(doc, view)  # check_redaction compares the point faces


def test_left_over_choices_of_an_unverified_pick_are_null_for_the_other_seat() -> None:
    """A scripted search (MHK P-008) in the searcher's own table log: its deck order is unknown, so the pick is
    taken as recorded (unverified) and a left-over entry is allowed; no other view may read the card it names."""
    from tests.tablelogs.test_redaction_picks import CARDS, _find

    doc, i = _find("MHK P-008")
    me = doc["actions"][i]["p"]
    own = redact(doc["game"], doc["actions"], CARDS, me)
    actions = [dict(a) for a in own.actions]
    k = own.steps[i]
    folder = Folder(own.header, CARDS, keep_trails=False)
    for a in actions[:k]:
        folder.push(a)
    extra = next(c for c in folder.state.players[me].hand if c is not None)
    actions[k] = {**actions[k], "choices": [*actions[k]["choices"], [extra]]}
    with script.watch() as runs:
        folder.push(actions[k])
    assert runs and runs[0].unverified and runs[0].taken == 1
    for view in (1 - me, "public"):
        red = check_redaction(own.header, actions, CARDS, view)
        assert red.actions[red.steps[k]]["choices"] == [[None], [None]]
