"""Issue 22 (docs/as-played.md): an end logged by the player whose turn it is not is a duplicate when it repeats the
end logged just before it (it ends nothing), else the turn player's end under the wrong name (it ends the turn or
phase). Both mutations of simulated games fold to the end with one irregular action in the large majority of cases;
the cases that stay are the ones no heuristic can tell apart (an empty turn: the end before it is the same player's)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from engine.fold import fold
from pmemo_replay.cards import bundled_for
from pmemo_replay.games.cards import CardLibrary
from pmemo_replay.logio import load_log
from pmemo_replay.simulate import simulated_logs

ENDS = {"mahou-shoujo-1": ("end_turn",), "clockwork-memorion-1": ("end_phase", "end_turn"), "pm-2.22": ("end_approach",)}
#: simulated games per ruleset (seed 7): enough ends to measure (a Clockwork game is short)
GAMES = {"mahou-shoujo-1": 1, "clockwork-memorion-1": 3, "pm-2.22": 1}
Log = tuple[dict[str, Any], list[dict[str, Any]]]


@cache
def _games(ruleset: str) -> tuple[Log, ...]:
    docs = [load_log(d).document() for d in simulated_logs(CardLibrary(), GAMES[ruleset], 7, ruleset=ruleset)]
    games = [(doc["game"], doc["actions"]) for doc in docs]
    if ruleset == "clockwork-memorion-1":  # the simulation ends turns with end_phase: log its turn ends as end_turn
        games += [(h, _as_end_turn(h, acts)) for h, acts in games]
    return tuple(games)


def _as_end_turn(header: dict[str, Any], actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``actions`` with every end_phase that ends a turn (the next action is the other player's) logged as end_turn."""
    log = [{**a, "type": "end_turn"} if a["type"] == "end_phase" and i + 1 < len(actions)
           and actions[i + 1].get("p") not in (None, a["p"]) else a for i, a in enumerate(actions)]
    cards = bundled_for("clockwork-memorion-1", True)
    assert fold(header, log, cards).result == fold(header, actions, cards).result
    return log


def _mutated(ruleset: str, kind: str, mutation: str) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]], int, bool]]:
    """(header, log, index of the mutated end, ambiguous) for each ``kind`` the ordinary fold then refuses there
    with ``turn.priority``/``turn.step``; ambiguous: a renamed end right after the same end by the wrong player."""
    cards = bundled_for(ruleset, True)
    for header, actions in _games(ruleset):
        for e, a in enumerate(actions):
            if a["type"] != kind or a["type"] != actions[e]["type"]:
                continue
            log = copy.deepcopy(actions)
            if mutation == "duplicate":
                log.insert(e + 1, copy.deepcopy(a))
                at = e + 1
            else:
                log[e] = {**a, "p": 1 - a["p"]}
                at = e
            plain = fold(header, log, cards)
            if plain.ruling is None or plain.ruling.index != at or plain.ruling.rule == "game.over":
                continue  # legal (a second end_phase in the player's own turn) or after the game: nothing to tell
            ambiguous = mutation == "rename" and at > 0 and log[at - 1] == log[at]
            yield header, log, at, ambiguous


@cache
def _measure(ruleset: str, kind: str, mutation: str) -> tuple[int, int, int, int]:
    """(cases, folded, ambiguous cases, ambiguous folded): folded = as played, the log folds to the end, to the
    simulated game's result, with every irregular ruling at the mutated end."""
    cards = bundled_for(ruleset, True)
    legal = {id(acts): fold(h, acts, cards).result for h, acts in _games(ruleset)}
    counts = [0, 0, 0, 0]
    for header, log, at, ambiguous in _mutated(ruleset, kind, mutation):
        res = fold({**header, "as_played": True}, log, cards)
        original = next(acts for h, acts in _games(ruleset) if h is header)
        good = (res.ruling is None and bool(res.irregular) and all(r.index == at for r in res.irregular)
                and res.result == legal[id(original)])
        counts[0] += 1
        counts[1] += good
        counts[2] += ambiguous
        counts[3] += good and ambiguous
    return counts[0], counts[1], counts[2], counts[3]


#: (ruleset, kind, mutation) -> (cases, folded, ambiguous, ambiguous folded) measured at seed 7: every case a
#: heuristic can tell folds; the 30 Mahou renames right after the same player's end_turn (empty turns in the
#: simulation) read as duplicates, as a double tap would, and stop later (Clockwork's re-measured after issue 24's
#: review r24: its self-play now nests interrupts and Recall Times, so the seed plays other games)
MEASURED = {
    ("mahou-shoujo-1", "end_turn", "duplicate"): (65, 65, 0, 0),
    ("mahou-shoujo-1", "end_turn", "rename"): (66, 36, 30, 0),
    ("clockwork-memorion-1", "end_phase", "duplicate"): (20, 20, 0, 0),
    ("clockwork-memorion-1", "end_phase", "rename"): (82, 82, 0, 0),
    ("clockwork-memorion-1", "end_turn", "duplicate"): (20, 20, 0, 0),
    ("clockwork-memorion-1", "end_turn", "rename"): (20, 20, 0, 0),
    ("pm-2.22", "end_approach", "duplicate"): (44, 44, 0, 0),
    ("pm-2.22", "end_approach", "rename"): (45, 45, 0, 0),
}


@pytest.mark.parametrize(("ruleset", "kind", "mutation"), list(MEASURED))
def test_both_mutations_fold_to_the_end_with_one_irregular_action(ruleset: str, kind: str, mutation: str) -> None:
    cases, folded, ambiguous, ambiguous_folded = got = _measure(ruleset, kind, mutation)
    assert got == MEASURED[ruleset, kind, mutation]
    assert cases >= 19 and folded - ambiguous_folded >= 0.9 * (cases - ambiguous)
    if mutation == "duplicate" or ruleset != "mahou-shoujo-1":
        assert folded >= 0.9 * cases


@pytest.mark.parametrize("ruleset", list(ENDS))
def test_a_renamed_end_is_the_turn_players_and_the_game_is_the_same(ruleset: str) -> None:
    """The first renamed end that repeats none: one ``turn.priority`` naming the wrong player, carried out as the
    turn player's (its trail says so), and the state is the simulated game's own."""
    cards = bundled_for(ruleset, True)
    header, log, at, _ = next(m for m in _mutated(ruleset, ENDS[ruleset][0], "rename") if not m[3] and m[2] > 40)
    original = next(acts for h, acts in _games(ruleset) if h is header)
    res = fold({**header, "as_played": True}, log, cards)
    assert res.ruling is None and [(r.index, r.rule) for r in res.irregular] == [(at, "turn.priority")]
    assert any(f"player {log[at]['p']}'s {log[at]['type']} is carried out as player {1 - log[at]['p']}'s" in m.message
               for m in res.trails[at].entries)
    assert res.state_json() == fold(header, original, cards).state_json()
    assert fold(header, log, cards).ruling.index == at  # the ordinary fold still refuses it


@pytest.mark.parametrize("ruleset", list(ENDS))
def test_a_duplicated_end_ends_nothing(ruleset: str) -> None:
    cards = bundled_for(ruleset, True)
    header, log, at, _ = next(m for m in _mutated(ruleset, ENDS[ruleset][0], "duplicate") if m[2] > 40)
    res = fold({**header, "as_played": True}, log, cards)
    assert res.ruling is None and {r.index for r in res.irregular} == {at}
    assert "turn.priority" in [x.rule for r in res.irregular for x in r.every()]
    assert any("repeats the one before it and ends nothing" in m.message for m in res.trails[at].entries)
    before = fold({**header, "as_played": True}, log, cards, at=at).state_json()
    after = fold({**header, "as_played": True}, log, cards, at=at + 1).state_json()
    assert (after["turn"], after.get("phase"), after.get("step")) == (before["turn"], before.get("phase"),
                                                                       before.get("step"))
