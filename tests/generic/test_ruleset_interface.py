"""The ruleset interface's log boundary, cards, seats and views (engine.ruleset), for every registered game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.fold import Folder, fold
from engine.ruleset import CardFileProblem, LogProblem, Ruleset, placements
from engine.rulesets import RULESETS
from pmemo_replay.games.cards import ROOT, bundled_for
from pmemo_replay.simulate import ruleset_decks

NAMES = sorted(RULESETS)


def _decks(name: str) -> list[list[str]]:
    if name == "pm-2.22":
        from pmemo_replay.decks import bundled_decks

        return [list(d.main) for d in bundled_decks()[:2]]
    return [list(cards) for _, cards in ruleset_decks(name)[:2]]


def _game(name: str, seed: int = 5, policies: tuple[str, str] = ("greedy", "random")) -> dict[str, Any]:
    return RULESETS[name].self_play(bundled_for(name), _decks(name), seed, policies=policies, names=("Kei", "Rio"),
                                    deck_names=("first deck", None))


@pytest.mark.parametrize("name", NAMES)
def test_identity_cards_and_self_play(name: str) -> None:
    game = RULESETS[name]
    assert isinstance(game, Ruleset) and game.name == name and {"random", "greedy"} <= set(game.policies)
    assert game.card_formats and all((ROOT / entry).exists() for entry in (*game.bundled_cards, *game.bundled_decks))
    cards = bundled_for(name)
    assert game.owns_cards(cards) and not any(RULESETS[o].owns_cards(cards) for o in NAMES if o != name)
    assert game.merge_cards([cards]) is not cards and len(game.merge_cards([cards])) == len(cards)
    for policies in (("random", "random"), ("greedy", "greedy")):
        doc = _game(name, 11, policies)
        header = doc["game"]
        assert [p["name"] for p in header["players"]] == ["Kei", "Rio"] and header["players"][0]["deck_name"] == "first deck"
        res = fold(header, doc["actions"], cards)
        assert res.valid and res.result is not None
        seats = game.seats(header, res.state)
        assert [s["name"] for s in seats] == ["Kei", "Rio"] and seats[0]["deck_name"] == "first deck"
        assert [s["placement"] for s in seats] == placements(res.result, 2)
        assert all(isinstance(s["score"], int | float) for s in seats)
        winner = res.result["winner"]
        if winner is not None:
            assert seats[winner]["placement"] == 1 and seats[1 - winner]["placement"] == 2
        folder = Folder(header, cards, keep_trails=False, count_unverified=True)
        for action in doc["actions"]:
            folder.push(action)
        assert folder.unverified == len({u["index"] for u in game.unverified_steps(doc["actions"], res.trails)})


def test_placements_of_results() -> None:
    assert placements(None, 3) == [None, None, None]
    assert placements({"winner": 0, "reason": "gems"}, 2) == [1, 2]
    assert placements({"winner": None, "reason": "draw"}, 2) == [1, 1]
    assert placements({"winner": 2, "reason": "x", "placements": [3, 2, 1]}, 3) == [3, 2, 1]


def test_a_game_with_its_own_log_boundary_names_problems_by_path() -> None:
    game = RULESETS["mahou-shoujo-1"]
    doc = _game("mahou-shoujo-1")
    assert game.check_header(doc["game"]) == doc["game"]
    for i, action in enumerate(doc["actions"]):
        game.check_action(action, i)
    with pytest.raises(LogProblem) as err:
        game.check_header({**doc["game"], "first": 2})
    assert err.value.path == "game.first" and err.value.index is None and err.value.rule == "log.schema"
    with pytest.raises(LogProblem) as err:
        game.check_header({**doc["game"], "played_at": "yesterday"})
    assert err.value.path == "game.played_at"
    with pytest.raises(LogProblem) as err:
        game.check_action({"type": "retreat", "p": 0, "with": "active"}, 7)
    assert (err.value.index, err.value.path) == (7, "7") and "'with'" in err.value.message
    ids = list(game.log_card_ids(doc["game"], doc["actions"]))
    assert ids[0] == (None, "game.players.0.deck.0", doc["game"]["players"][0]["deck"][0])
    assert all(index is None or path == str(index) for index, path, _ in ids)
    assert {cid for _, _, cid in ids} <= set(bundled_for("mahou-shoujo-1").by_id)


def test_precious_memories_leaves_its_log_boundary_to_the_service() -> None:
    game = RULESETS["pm-2.22"]
    assert game.check_header is None and game.check_action is None
    assert game.player_actions([], 0) is None and game.log_card_ids({}, []) is None


def test_precious_memories_reads_its_own_card_files() -> None:
    """Like every game: its bundled files parsed by its ruleset, precious-data files told by their shape, and its
    hand scripts laid over a community card of the same id."""
    game = RULESETS["pm-2.22"]
    doc = json.loads((ROOT / game.bundled_cards[0]).read_text(encoding="utf-8"))
    assert doc["format"] in game.card_formats and game.card_format_of(doc) == "pmemo-cards"
    assert len(game.parse_cards(doc, "bundled.json")) == len(doc["cards"])
    precious = {"id": "TST 01-001", "name": "試験", "setName": "試験", "type": "キャラクター", "color": "赤",
                "cost": "1", "source": "1", "ap": "10", "dp": "10", "text": "このカードが登場した場合、カードを1枚引く。"}
    assert game.card_format_of(precious) == "precious-data" and game.card_format_of({"format": "ms-cards"}) is None
    card = game.parse_card_set([("a.json", precious)], "TST").get("TST 01-001")
    assert card.name == "試験" and card.effects[0].compiled
    with pytest.raises(CardFileProblem, match=r"b\.json: neither a pmemo-cards file nor precious-data"):
        game.parse_cards({"hello": 1}, "b.json")


def test_a_card_file_refused_by_its_game() -> None:
    game = RULESETS["mahou-shoujo-1"]
    doc = json.loads((ROOT / game.bundled_cards[0]).read_text(encoding="utf-8"))
    assert len(game.parse_cards(doc, "bundled")) == len(doc["cards"])
    doc["cards"][2] = {**doc["cards"][2], "hp": True}
    with pytest.raises(CardFileProblem, match=doc["cards"][2]["id"]):
        game.parse_cards(doc, "bad")


def test_player_views_of_actions_and_trails() -> None:
    game = RULESETS["mahou-shoujo-1"]
    doc = _game("mahou-shoujo-1")
    for seat in (0, 1):
        seen = game.player_actions(doc["actions"], seat)
        assert len(seen) == len(doc["actions"])
        for mine, theirs in zip(doc["actions"], seen, strict=True):
            assert mine["type"] == theirs["type"] and mine.get("p") == theirs.get("p")
            if mine["type"] in ("shuffle", "redraw"):
                assert theirs["order"] == [None] * len(mine["order"])
            elif mine["type"] == "search":
                assert theirs["cards"] == (mine["cards"] if mine["p"] == seat else [None, None, None])
            else:
                assert theirs == mine  # the pairs were revealed: nothing else is secret in a finished log
    first_pair = next(a for a in doc["actions"] if a["type"] == "place_active")
    cut = [*[a for a in doc["actions"] if a["type"] != "place_active"][:4], first_pair]
    rival = 1 - cut[-1]["p"]
    assert game.player_actions(cut, rival)[-1]["hero"] is None
    res = fold(doc["game"], doc["actions"], bundled_for("mahou-shoujo-1"))
    shuffle = next(i for i, a in enumerate(doc["actions"]) if a["type"] == "shuffle")
    entries = res.trails[shuffle].to_json()
    owner = doc["actions"][shuffle]["p"]
    assert game.player_trail(entries, doc["actions"][shuffle], owner) == entries
    hidden = game.player_trail(entries, doc["actions"][shuffle], 1 - owner)
    drawn = [e for e in hidden if "draws 4" in e["message"]]
    assert drawn and all("a hidden card" in e["message"] and "KRM" not in e["message"] for e in drawn)


def test_unknown_ruleset_in_a_checked_log(tmp_path: Path) -> None:
    from pmemo_replay.checking import check_text

    doc = _game("mahou-shoujo-1")
    doc["game"]["ruleset"] = "chess-1"
    report = check_text(json.dumps(doc), None)
    assert report.exit_code == 2 and report.ruling is not None and report.ruling["path"] == "game.ruleset"
    assert "chess-1" in report.ruling["message"]


def test_a_precious_data_folder_is_read_through_its_ruleset(tmp_path: Path) -> None:
    """The service's generic card loading asks the rulesets whose files these are (no ``format``: their shape) and
    reads the folder's files as one set."""
    from pmemo_replay.games.cards import load_library

    for n in (1, 2):
        card = {"id": f"TST 01-00{n}", "name": f"試験 {n}", "setName": "試験", "type": "キャラクター", "color": "赤",
                "cost": "1", "source": "1", "ap": "10", "dp": "10", "text": "-"}
        (tmp_path / f"TST_01-00{n}.json").write_text(json.dumps(card, ensure_ascii=False), encoding="utf-8")
    library = load_library([tmp_path])
    assert set(library.given) == {"pm-2.22"}
    db = library.for_ruleset("pm-2.22")
    assert sorted(c.id for c in db) == ["TST 01-001", "TST 01-002"] and db.name == tmp_path.name
    (tmp_path / "other.json").write_text('{"hello": "world"}', encoding="utf-8")
    with pytest.raises(CardFileProblem, match=r"other\.json: not a card file of any game"):
        load_library([tmp_path])
