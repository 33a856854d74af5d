"""Seat redactions of a judge's table log (a merged game, a game recorded from the judge's seat) merge back into it
(review r21h, 1): each seat's copy keeps the other seat's ``identify`` actions one for one, emptied (``cards: []``),
and such an empty identify names no hand, so it says nothing of the seat a log was recorded from."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.merge import merge, recorded_seats, seat_mismatch
from engine.rulesets import get_ruleset
from pmemo_replay.cli import main
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs

PM = get_ruleset("pm-2.22")
CARDS = bundled_for("pm-2.22")


def test_seat_redactions_of_a_judge_table_log_merge() -> None:
    """(Review r21h's failing test.)"""
    doc = next(iter(simulated_logs(CARDS, 1, 3)))
    judge = PM.redact(doc["game"], doc["actions"], CARDS, "judge")  # a table log holding both hands' identify
    seats = [PM.redact(judge.header, judge.actions, CARDS, view) for view in (0, 1)]
    logs = [(s.header, s.actions) for s in seats]
    assert any(a["type"] == "identify" and a["p"] == 1 and a["cards"] == [] for a in seats[0].actions)
    assert [recorded_seats(PM, s.header, s.actions) for s in seats] == [{0}, {1}]
    assert seat_mismatch(PM, logs) is None
    out = merge(PM, CARDS, logs)
    assert out.complete and out.actions == judge.actions


def test_knowledge_seat_is_the_hand_an_identify_names() -> None:
    assert PM.knowledge_seat({"type": "identify", "p": 1, "zone": "hand", "cards": ["X"]}) == 1
    assert PM.knowledge_seat({"type": "identify", "p": 1, "zone": "hand", "cards": []}) is None
    assert PM.knowledge_seat({"type": "identify", "p": 0, "zone": "point", "cards": ["X"]}) is None
    a = {"type": "identify", "p": 0, "zone": "hand", "cards": ["X", "Y"]}
    assert PM.knowledge_clash(a, {**a, "cards": ["X", "Z"]}) and not PM.knowledge_clash(a, {**a, "cards": ["X"]})
    assert not PM.knowledge_clash(a, {**a, "p": 1, "cards": ["X", "Z"]})


def _write(path: Path, header: dict[str, Any], actions: list[dict[str, Any]]) -> str:
    path.write_text("\n".join([json.dumps({"format": "pmemo-log", "version": 1, "game": header}),
                               *map(json.dumps, actions)]) + "\n", encoding="utf-8")
    return str(path)


def test_merge_cli_takes_the_seat_redactions_of_a_judge_log(tmp_path: Path) -> None:
    """The reviewer's repro: simulate, redact to the judge, redact that to each seat, merge: the judge's log."""
    doc = list(simulated_logs(CARDS, 4, 3))[2]
    judge = PM.redact(doc["game"], doc["actions"], CARDS, "judge")
    paths = [_write(tmp_path / f"s{v}.jsonl", r.header, r.actions)
             for v in (0, 1) for r in [PM.redact(judge.header, judge.actions, CARDS, v)]]
    out = tmp_path / "m.jsonl"
    assert main(["merge", *paths, "--out", str(out)]) == 0
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["game"] == {"ruleset": "pm-2.22", **judge.header} and lines[1:] == judge.actions


class _OtherShape:
    """A table-log game whose knowledge action has another shape than Precious Memories' identify."""

    knowledge_actions = frozenset({"learn"})

    def knowledge_seat(self, action: dict[str, Any]) -> int | None:
        return action.get("seat") if action.get("what") else None


def test_the_merge_reads_a_logs_seat_only_through_the_ruleset() -> None:
    """engine/merge.py knows no action shape (review r21h, 4b): the seat comes from ``knowledge_seat``."""
    game = _OtherShape()
    learned = [{"type": "play"}, {"type": "learn", "seat": 1, "what": ["X"]}, {"type": "learn", "seat": 0, "what": []}]
    assert recorded_seats(game, {"players": [{}, {}]}, learned) == {1}
    assert seat_mismatch(game, [({}, learned), ({}, [])]) is not None  # seat 1's log given as seat 0's
    assert recorded_seats(game, {"players": [{}, {}]}, [{"type": "identify", "p": 0, "zone": "hand", "cards": ["X"]}]) \
        == set()


def test_merge_and_redact_write_to_a_name_without_a_log_suffix(tmp_path: Path) -> None:
    """``--out /dev/null`` (or any name without .json/.jsonl) is taken, in the input's form (review r21h, 5c)."""
    doc = next(iter(simulated_logs(CARDS, 1, 3)))
    seats = [PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1)]
    paths = [_write(tmp_path / f"s{v}.jsonl", r.header, r.actions) for v, r in enumerate(seats)]
    assert main(["merge", *paths, "--out", "/dev/null"]) == 0
    assert main(["redact", paths[0], "--view", "public", "--out", "/dev/null"]) == 0
    out = tmp_path / "merged.log"
    assert main(["merge", *paths, "--out", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines]  # JSON Lines: the header, then one action a line
    assert rows[0]["format"] == "pmemo-log" and "actions" not in rows[0] and all("type" in a for a in rows[1:])


def test_disagreements_read_as_the_game_tells_actions(tmp_path: Path, capsys: Any) -> None:
    """The messages tell each seat's version in plain words with the players' names (review r21h, 5f), in the CLI
    as in the API's ``message``; ``versions`` and ``fields`` stay the actions and the fields that differ."""
    doc = next(iter(simulated_logs(CARDS, 1, 3)))
    seats = [PM.redact(doc["game"], doc["actions"], CARDS, v) for v in (0, 1)]
    at = next(i for i, a in enumerate(seats[1].actions) if a["type"] == "summon")
    changed = json.loads(json.dumps(seats[1].actions))
    changed[at]["area"] = "support" if changed[at]["area"] == "main" else "main"
    out = merge(PM, CARDS, [(seats[0].header, seats[0].actions), (seats[1].header, changed)])
    d = out.disagreement
    assert d is not None and d.kind == "action" and d.fields == ["area"]
    name = doc["game"]["players"][changed[at]["p"]]["name"]
    card = changed[at]["card"]
    areas = {"main": "the Main Area", "support": "the Support Area"}
    assert (f"seat 0 recorded: {name} summons {card} to {areas[seats[1].actions[at]['area']]}; seat 1 recorded: "
            f"{name} summons {card} to {areas[changed[at]['area']]}") in d.message
    assert "'" not in d.message and "type " not in d.message  # no Python reprs, no "type 'summon', p 0"
    assert d.index[1] == at and d.versions == [seats[0].actions[d.index[0]], changed[at]]
    short = seats[1].actions[:-3]  # seat 1 stopped early (each log legal alone: the CLI checks them first)
    paths = [_write(tmp_path / "s0.jsonl", seats[0].header, seats[0].actions),
             _write(tmp_path / "s1.jsonl", seats[1].header, short)]
    assert main(["merge", *paths]) == 1
    err = capsys.readouterr().err.splitlines()[-1]
    names = [p["name"] for p in doc["game"]["players"]]
    assert "seat 1's log has no action where seat 0 recorded: " in err and any(f"recorded: {n} " in err for n in names)
    assert "'type'" not in err and "type '" not in err, err


def test_a_game_without_its_own_words_is_told_plainly() -> None:
    from engine.merge import plain, teller

    header = {"players": [{"name": "Aoi"}, {"name": "Ren"}]}
    assert plain(header, {"type": "play", "p": 1, "card": "TR-04"}) == "Ren: play (card TR-04)"
    assert teller(object(), header)(None) == "nothing (the log ends)"
