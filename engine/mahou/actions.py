"""The single entry point applying one action, with the gates of §11's order before each handler.

Order: ``log.*``, ``game.over``, ``setup.order``, (setup ids), ``turn.priority``, ``replace.required``,
``action.count``, then the handler's own ids (``zone``, ``card.type``, ... ``effect.result``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.asplayed import refuse
from engine.mahou import free, play, setup
from engine.mahou.check import end_turn, finish, run_check
from engine.mahou.rules import check, event, illegal
from engine.mahou.schema import check_action
from engine.mahou.state import MsState
from engine.rulings import Trail

Handler = Callable[[MsState, int, Mapping[str, Any], Trail], None]

#: the seven actions, each one of the turn player's two (HR 7)
COUNTED: dict[str, Handler] = {
    "transform": play.do_transform,
    "grand_transform": play.do_grand_transform,
    "attack": play.do_attack,
    "retreat": play.do_retreat,
    "draw": play.do_draw,
    "play_pet": play.do_play_pet,
    "play_power": play.do_play_power,
}
FREE: dict[str, Handler] = {
    "place_hero": free.do_place_hero,
    "play_event": free.do_play_event,
    "promote": free.do_promote,
    "out_of_heroes": free.do_out_of_heroes,
}
SETUP: dict[str, Callable[[MsState, Mapping[str, Any], Trail], None]] = {
    "search": setup.do_search,
    "shuffle": setup.do_shuffle,
    "redraw": setup.do_redraw,
    "place_active": setup.do_place_active,
}
FILLING = ("promote", "out_of_heroes")
MAX_ACTIONS = 2


def _turn_only(a: Mapping[str, Any]) -> bool:
    kind = a["type"]
    return kind in COUNTED or kind == "end_turn" or (kind == "place_hero" and a["to"] == "squad")


def _nth(n: int) -> str:
    return "third" if n == 3 else f"{n}th"


def _fills(a: Mapping[str, Any]) -> bool:
    return a["type"] in FILLING or (a["type"] == "place_hero" and a["to"] == "active")


def apply_action(g: MsState, a: Mapping[str, Any], trail: Trail) -> None:
    """Apply one action to ``g`` (mutating it); raise :class:`~engine.rulings.IllegalAction` for the first rule broken."""
    check_action(a, g.cards)
    kind = a["type"]
    if kind == "note":
        event(trail, "note", f"note{'' if a.get('p') is None else ' by player ' + str(a['p'])}: {a['text']}")
        return
    if g.result is not None:
        raise illegal("game.over", f"the game is over ({g.result['reason']}); no {kind} after it")
    p = a["p"]
    if kind == "concede":
        event(trail, "concede", f"player {p} concedes")
        finish(g, 1 - p, "concede", trail)
        return
    if g.phase == "setup":
        if kind not in SETUP:
            raise illegal("setup.order", f"{kind} before turn 1: both players must finish setup first (SR Start 1-2)")
        SETUP[kind](g, a, trail)
        return
    if kind in SETUP:
        raise illegal("setup.order", f"{kind} belongs to setup, which ended when turn 1 began")
    repeat, g.last_end = g.last_end == (kind, p), None
    _gates(g, p, a, trail)
    if kind == "end_turn":
        g.last_end = (kind, p)
        if p != g.turn_player and repeat:  # as played (its turn.priority stood): a repeat of the end just logged
            event(trail, "turn.end", f"player {p}'s end_turn repeats the one before it and ends nothing: it stays "
                                     f"player {g.turn_player}'s turn {g.turn}")
            return
        if p != g.turn_player:  # as played: the turn player's end, logged under the other player's name
            event(trail, "turn.end", f"player {p}'s end_turn is carried out as player {g.turn_player}'s, whose turn "
                                     f"it is")
        end_turn(g, trail)
        return
    handler = COUNTED.get(kind)
    if handler is not None:
        handler(g, p, a, trail)
        if p == g.turn_player:  # as played, an action out of turn is not one of the turn player's two
            g.actions_used += 1
    else:
        FREE[kind](g, p, a, trail)
    run_check(g, trail)


def _gates(g: MsState, p: int, a: Mapping[str, Any], trail: Trail) -> None:
    """``turn.priority``, ``replace.required`` and ``action.count``."""
    kind = a["type"]
    due = g.must_replace
    if due and p != due[0]:  # as played, the fill stays owed; an action needing the empty position is refused later
        refuse(illegal("turn.priority", f"player {due[0]} must fill the Active position first; no {kind} by player {p} "
                                        "before it"), "turn")
    if g.turn_player != p and _turn_only(a):
        refuse(illegal("turn.priority", f"{kind} is the turn player's; it is player {g.turn_player}'s turn {g.turn}, "
                                        f"not player {p}'s"), "turn")
    if due and p in due and not _fills(a):
        refuse(illegal("replace.required", f"player {p}'s Active position is empty: it must be filled (promote, "
                                           f"place_hero to active or out_of_heroes) before {kind}"), "step")
    if kind in COUNTED and p == g.turn_player:  # out of turn (as played) it is no one's third action
        if g.actions_used >= MAX_ACTIONS:
            refuse(illegal("action.count", f"{kind} would be player {p}'s {_nth(g.actions_used + 1)} action in turn {g.turn}; at most 2 "
                                           "are allowed"), "count")
        else:
            check(trail, "action.count", f"action {g.actions_used + 1} of 2 in turn {g.turn}")
