"""Picks of scripted effects in player views (issue 12 review): a seat's redaction names no card that seat could not
see, in any action's ``choices`` or ops, step by step over many scripted MHK self-play games; a search the text does
not reveal (MHK P-008) is a ``null`` entry for the other seat, a revealed one (表にしてから) stays named; and the
redacted log folds legally to the same counts (tests.tablelogs.redaction_check)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.fold import Folder
from engine.pm import script
from engine.pm.cards import CardDB
from engine.pm.redact import redact, shown_state
from engine.pm.selfplay import greedy_policy, play_game, random_deck, random_policy
from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import is_card_id
from tests.tablelogs.redaction_check import check_redaction

CARDS = bundled_cards()
#: the self-play games (``games``, ``mixed_games``) are made once per process: under xdist the tests share one worker
pytestmark = pytest.mark.xdist_group("redaction-picks")
#: MHK cards whose effects pick cards from a hidden zone (searches, looks, EX deck fetches, Point Zone swaps)
PICKERS = ["MHK P-008", "MHK 01-108", "MHK 01-115", "MHK 01-061", "MHK 01-064", "MHK ST-019", "MHK ST-032",
           "MHK 01-017", "MHK P-004", "MHK 01-059", "MHK 01-003", "MHK 01-107", "MHK P-010", "MHK 01-006"]
# Mizuki (P-008's subject) and cheap Charas that approach
MIZUKI = [c.id for c in CARDS if c.id.startswith("MHK") and c.name == "柴田 美月" and not c.ex]


def _ids(value: Any) -> set[str]:
    return {part for part in json.dumps(value, ensure_ascii=False).split('"') if is_card_id(part)}


def _deck(rng: random.Random) -> tuple[list[str], list[str]]:
    pool = [c.id for c in CARDS if c.id.startswith("MHK")]
    main, ex = random_deck(CARDS, rng, pool)
    kinds = sorted({c for c in main})
    keep = [c for c in kinds if c not in PICKERS and c not in MIZUKI][: 15 - 6]
    picks = ["MHK P-008", *rng.sample([c for c in PICKERS if not CARDS.get(c).ex and c != "MHK P-008"], 3),
             *rng.sample([c for c in MIZUKI if c != "MHK P-008"], 2)]
    chosen = list(dict.fromkeys(picks + keep + kinds))[:15]
    return [c for c in chosen for _ in range(4)], ex


@cache
def games() -> list[dict[str, Any]]:
    out = []
    for seed in range(24):
        rng = random.Random(1000 + seed)
        (ma, ea), (mb, eb) = _deck(rng), _deck(rng)
        pol = (greedy_policy, random_policy)[seed % 2]
        out.append(play_game(CARDS, [ma, mb], rng, policies=(pol, pol), ex_decks=[ea, eb], max_actions=400))
    return out


def seen_and_revealed(doc: Mapping[str, Any], seat: int, cards: CardDB = CARDS, *,
                      own_lists: bool = True) -> Iterator[tuple[set[str], set[str]]]:
    """For each source step (after the action): the ids ``seat`` has seen so far (its own deck lists unless not
    ``own_lists``, every card that has stood where it sees: its hand, discards, Areas, removed cards, face-up points,
    and cards a text revealed), and the ids that stand now where it cannot see (decks, the other hand and EX deck,
    face-down points)."""
    folder = Folder(doc["game"], cards, keep_trails=False)
    mine = doc["game"]["players"][seat]
    seen: set[str] = set(mine["deck"]) | set(mine.get("ex_deck") or ()) if own_lists else set()
    actions = doc["actions"]
    for n, action in enumerate(actions):
        with script.watch() as runs:
            folder.push(action)
        for run in runs:
            for note in run.notes:
                if note.reveal or note.p == seat:
                    seen.update(c for c in note.cards if c is not None)
        g = shown_state(folder, actions[n + 1] if n + 1 < len(actions) else None)
        secret: set[str] = set()
        for p, pl in enumerate(g.players):
            secret |= {c for c in pl.deck if c is not None}
            if p == seat:
                seen.update(c for c in pl.hand if c is not None)
            else:
                secret |= {c for c in (*pl.hand, *pl.ex_deck) if c is not None}
            seen |= set(pl.discard) | set(pl.removed) | {c for c, up in pl.points if up and c is not None}
            secret |= {c for c, up in pl.points if not up and c is not None}
            for chara in pl.area():
                seen |= set(chara.ids()) | {s.card for s in chara.supports}
        yield set(seen), secret


def _picks(actions: Sequence[Mapping[str, Any]]) -> Iterator[Any]:
    for a in actions:
        yield from a.get("choices") or ()
        for r in a.get("responses") or ():
            yield from _picks([r])


@pytest.mark.parametrize("seat", [0, 1])
def test_no_player_view_names_a_card_the_seat_could_not_see(seat: int) -> None:
    hidden_picks = 0
    for doc in games():
        red = redact(doc["game"], doc["actions"], CARDS, seat)
        for n, (seen, secret) in enumerate(seen_and_revealed(doc, seat, own_lists=False)):
            shown = red.actions[red.steps[n]:red.steps[n + 1]]
            leaked = _ids(shown) & (secret - seen)
            assert not leaked, f"seat {seat}, source action {n} ({doc['actions'][n]}): {leaked} in {shown}"
        hidden_picks += sum(1 for c in _picks(red.actions) if isinstance(c, list) and None in c)
    assert hidden_picks > 0, "no pick was hidden: the sweep tests nothing"


DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "precious-data" / "data"


@cache
def mixed_games() -> tuple[CardDB, list[dict[str, Any]]]:
    """Games of MHK pickers against SSSS decks (review rev12b): the two sides share no card id, so an id leaked from
    the other side cannot pass for one of the viewer's own cards."""
    from pmemo_replay.cards import load_cards

    db = load_cards([DATA / "MHK", DATA / "SSSS"])
    ssss = [c.id for c in db if c.id.startswith("SSSS")]
    out = []
    for seed in range(12):
        rng = random.Random(500 + seed)
        mhk, other = _deck(rng), random_deck(db, rng, ssss)
        (ma, ea), (mb, eb) = (mhk, other) if seed % 2 == 0 else (other, mhk)
        pol = (greedy_policy, random_policy)[seed // 2 % 2]
        out.append(play_game(db, [ma, mb], rng, policies=(pol, pol), ex_decks=[ea, eb], max_actions=400))
    return db, out


@pytest.mark.skipif(not (DATA / "SSSS").is_dir(), reason="needs ../shared/data/precious-data")
@pytest.mark.parametrize("seat", [0, 1])
def test_no_player_view_names_a_hidden_card_of_a_disjoint_deck(seat: int) -> None:
    db, docs = mixed_games()
    hidden_picks = 0
    for doc in docs:
        lists = [set(pl["deck"]) | set(pl.get("ex_deck") or ()) for pl in doc["game"]["players"]]
        assert not lists[0] & lists[1]
        red = redact(doc["game"], doc["actions"], db, seat)
        for n, (seen, secret) in enumerate(seen_and_revealed(doc, seat, db, own_lists=False)):
            shown = red.actions[red.steps[n]:red.steps[n + 1]]
            leaked = _ids(shown) & (secret - seen)
            assert not leaked, f"seat {seat}, source action {n} ({doc['actions'][n]}): {leaked} in {shown}"
        hidden_picks += sum(1 for c in _picks(red.actions) if isinstance(c, list) and None in c)
    assert hidden_picks > 0, "no pick was hidden: the sweep tests nothing"


def test_the_sweep_covers_hidden_and_revealed_picks() -> None:
    notes: list[script.PickNote] = []
    for doc in games():
        folder = Folder(doc["game"], CARDS, keep_trails=False)
        with script.watch() as runs:
            for a in doc["actions"]:
                folder.push(a)
        notes += [n for r in runs for n in r.notes if n.cards]
    srcs = {(n.src, n.dst, n.reveal) for n in notes}
    assert ("deck", "hand", False) in srcs and ("deck", "hand", True) in srcs, srcs


@pytest.mark.parametrize("view", [0, 1, "public"])
def test_redacted_picks_fold_legally(view: Any) -> None:
    for doc in games()[:8]:
        check_redaction(doc["game"], doc["actions"], CARDS, view)


def _find(card: str) -> tuple[dict[str, Any], int]:
    for doc in games():
        for i, a in enumerate(doc["actions"]):
            if a.get("card") == card and any(isinstance(c, list) and c for c in a.get("choices") or ()):
                return doc, i
    raise AssertionError(f"no {card} pick in the sweep's games")


def _copy(doc: dict[str, Any], i: int, view: Any) -> dict[str, Any]:
    red = redact(doc["game"], doc["actions"], CARDS, view)
    return red.actions[red.steps[i]]


def test_p008_search_is_named_only_for_its_player() -> None:
    """P-008: 'look through the deck, take a card into the hand, then shuffle': no 表にしてから, nothing shown."""
    doc, i = _find("MHK P-008")
    a = doc["actions"][i]
    me = a["p"]
    picks = [c for c in a["choices"] if isinstance(c, list)]
    assert _copy(doc, i, me)["choices"] == picks  # the shuffle's order is dropped for every seat
    for view in (1 - me, "public"):
        shown = _copy(doc, i, view)
        assert shown["choices"] == [[None]], shown
        assert not _ids(shown) - {"MHK P-008"}


@pytest.mark.parametrize("card", ["MHK 01-108", "MHK 01-061"])
def test_a_revealed_pick_stays_named_for_both(card: str) -> None:
    doc, i = _find(card)
    a = doc["actions"][i]
    assert _copy(doc, i, 1 - a["p"])["choices"] == [c for c in a["choices"] if isinstance(c, list)]


def test_no_interfere_names_no_card_when_no_point_is_given() -> None:
    """Random self-play seed 25, action 68: player 1 does not interfere, but no point is given (an effect keeps the
    approach from giving points): player 1's deck top stays unseen, so the copies name no card."""
    rng = random.Random(25)
    pool = [c.id for c in CARDS if c.id.startswith("MHK")]
    (ma, ea), (mb, eb) = random_deck(CARDS, rng, pool), random_deck(CARDS, rng, pool)
    doc = play_game(CARDS, [ma, mb], rng, policies=(random_policy, random_policy), ex_decks=[ea, eb], max_actions=400)
    a = doc["actions"][68]
    assert a["type"] == "no_interfere" and a["p"] == 1
    for view in (0, 1, "public"):
        red = redact(doc["game"], doc["actions"], CARDS, view)
        assert "card" not in red.actions[red.steps[68]]


def test_http_player_views_hide_the_p008_pick(tmp_path: Any) -> None:
    """The server's views (``/actions`` and ``/state`` with ``view=``) come from the same redaction."""
    from tests.web.conftest import make_app
    from tests.web.data import jsonl

    doc, i = _find("MHK P-008")
    me = doc["actions"][i]["p"]
    picked = doc["actions"][i]["choices"][0][0]
    app = make_app(tmp_path)
    try:
        client = app.test_client()
        game_id = app.extensions["pmemo_store"].ingest_text(jsonl(doc), "sim").game_id
        mine = client.get(f"/api/games/{game_id}/actions?view={me}").get_json()["actions"][i]
        theirs = client.get(f"/api/games/{game_id}/actions?view={1 - me}").get_json()["actions"][i]
        assert mine["choices"][0] == [picked] and theirs["choices"][0] == [None]
        state = client.get(f"/api/games/{game_id}/state?at={i + 1}&view={1 - me}").get_json()
        assert all(c is None for c in state["state"]["players"][me]["hand"])
    finally:
        app.extensions["pmemo_store"].close()
