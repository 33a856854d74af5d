"""Putting the top cards of a deck back in any order (issue 20, fifteenth round): the step ``reorder`` (``who``,
``n``, ``to``: ``"top"``, ``"bottom"`` or ``"top_or_bottom"``) for デッキの上のカードN枚を見て、任意の順番でデッキの上
(の下 / の上または下)に移す(戻す).

The player looks at the top ``n`` cards (as many as the deck holds) and puts them back in the order they choose:
- ``top``: on top. Logged as ``move`` ops from ``deck`` to ``deck`` (each one of the looked-at cards, each at most
  once; the last moved ends on top); cards not moved stay below them in their order, so no op is the order kept.
- ``bottom``: every one of them to the bottom, one ``move`` op each (``deck`` → ``deck_bottom``), in the order put.
- ``top_or_bottom``: all of them to the top, or all to the bottom (docs/compiler.md, decisions): the ops' one
  destination says which.
A ``move`` without ``card`` is an unknown card (table logs: the opponent's order is hidden information,
../shared/spec/table-logs.md): it moves as the other hidden moves do (engine.pm.hidden.move_unknown). A ``choices``
entry ``{"to": "top" | "bottom", "cards": [...]}`` says the same as the ops. Nothing named and no choice: the order
is kept (``top``), or the cards go to the bottom top card first (``bottom``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from engine.pm.zones import describe, same_card
from engine.rulings import illegal

if TYPE_CHECKING:
    from engine.pm.script import Run, Step

_ZONE: Final = {"top": "deck", "bottom": "deck_bottom"}


def _given_moves(r: Run, n: int) -> list[tuple[Any, str]]:
    """The given ``move`` ops from the deck back into it, up to ``n``: (card or None, destination zone)."""
    out: list[tuple[Any, str]] = []
    while len(out) < n:
        op = r.next_given(len(out))
        if op is None or op.get("op") != "move" or op.get("from") != "deck" or op.get("to") not in ("deck", "deck_bottom"):
            break
        out.append((op.get("card"), str(op["to"])))
    return out


def _chosen(r: Run, step: Step, looked: list[Any]) -> list[tuple[Any, str]]:
    mode = step.get("to", "top")
    if r.choices is not None:
        entry = r.decision()
        if entry is not None:
            if not isinstance(entry, Mapping) or entry.get("to") not in _ZONE or not isinstance(entry.get("cards"), list):
                raise illegal("effect.target", f"{describe(r.g, r.card_id)}: choice {entry!r} is not "
                                               '{"to": "top"|"bottom", "cards": [...]}')
            r.made.append(entry)
            return [(cid, _ZONE[entry["to"]]) for cid in entry["cards"]]
    elif r.given is not None:
        return _given_moves(r, len(looked))
    if mode == "bottom":
        return [(cid, "deck_bottom") for cid in looked[::-1]]
    return []


def reorder(r: Run, step: Step) -> None:
    """Run a ``reorder`` step (see the module docstring)."""
    p = r.player(step)
    deck = r.g.players[p].deck
    n = min(int(step.get("n", 1)), len(deck))
    looked = list(deck[len(deck) - n:])
    moves = _chosen(r, step, looked)
    mode = step.get("to", "top")
    allowed = {"top": {"deck"}, "bottom": {"deck_bottom"}, "top_or_bottom": {"deck", "deck_bottom"}}[mode]
    where = {to for _, to in moves}
    what = describe(r.g, r.card_id)
    if not where <= allowed or len(where) > 1:
        raise illegal("effect.result", f"{what}: the cards looked at go back {' or '.join(sorted(allowed))}, all to one "
                                       f"side; the log puts them {', '.join(sorted(where))}")
    if where == {"deck_bottom"} and len(moves) != n:
        raise illegal("effect.result", f"{what}: all {n} card(s) looked at go to the bottom; {len(moves)} did")
    left = list(looked)
    for cid, _ in moves:
        hit = next((i for i, c in enumerate(left) if c is not None and cid is not None and same_card(c, cid)), None)
        if hit is None:
            hit = next((i for i, c in enumerate(left) if c is None), None)  # an unknown card (table logs)
        if hit is None:
            raise illegal("effect.result", f"{what}: {describe(r.g, cid) if cid else 'a card'} is not among the "
                                           f"{n} card(s) looked at")
        del left[hit]
    for cid, to in moves:
        op: dict[str, Any] = {"op": "move", "p": p, "from": "deck", "to": to}
        if cid is not None:
            op["card"] = cid
        r.emit(op)
    r.trail.event("effect", f"{what}: player {p} puts the top {n} card(s) of their deck back in the order chosen")
