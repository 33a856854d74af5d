"""``support_move``: Support cards set on Charas moved off them by an effect (サポートカード1枚を捨て札にする, 相手の
サポートカード1枚をデッキの下に移す...), issue 20 round 17.

Step: ``{"op": "support_move", "n": N, "to": zone, "side": "self" | "opponent" (absent: either player's),
"filter": {card filter of the Support}, "up_to": bool, "then": [...]}``. The effect's player chooses ``n`` of the
Supports set on Charas of that side fitting the filter (as many as there are when fewer; ``up_to``: any number up to
``n``). Each goes to its owner's zone (the player of the Chara it is set on) in a ``move`` op ``from`` ``"set"`` that
names the Chara it leaves (``on``: a Chara's card id is unique on its player's Area, and one Chara holds one copy of
a Support): ``{"op": "move", "p": owner, "card": support, "from": "set", "on": chara, "to": zone}``. A ``choices``
entry is the list of ``{"p", "on", "card"}`` chosen. ``then`` runs when one moved; the moved cards are "those
cards" of later steps.

With ``"from": "under"`` (round 20) the same step moves cards face down under Charas (engine.pm.state.Chara.under:
自分のキャラの下に裏向きで重ねられているカード1枚を捨て札にする) in ``move`` ops ``from`` ``"under"`` with ``on``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.pm import conditions, stats
from engine.pm.state import Chara, GameState
from engine.pm.zones import describe, find_chara, same_card
from engine.rulings import illegal

if TYPE_CHECKING:
    from engine.pm.script import Run

Step = Mapping[str, Any]


def take_set(g: GameState, p: int, card_id: str, on: Any) -> None:
    """Take the Support ``card_id`` off player ``p``'s Chara ``on`` (a ``move`` op ``from`` ``"set"``); the caller
    puts it into its zone. ``effect.result`` when no such Support is set there."""
    chara = find_chara(g.players[p], on) if isinstance(on, str) else None
    sup = None if chara is None else next((s for s in chara.supports if same_card(s.card, card_id)), None)
    if chara is None or sup is None:
        raise illegal("effect.result", f"move: {describe(g, card_id)} is not set on a Chara {on!r} of player {p}")
    chara.supports.remove(sup)
    stats.area_changed(g, chara.card, sup.card)  # its continuous steps, if any reach other Charas, are gone


def _pool(g: GameState, actor: int, step: Step) -> list[tuple[Chara, str | None]]:
    """(Chara, Support card id) of every Support fitting the step, the effect's player's side first."""
    side = step.get("side")
    players = [actor if side == "self" else 1 - actor] if side in ("self", "opponent") else [actor, 1 - actor]
    f = step.get("filter") or {}
    if step.get("from") == "under":  # the cards face down under Charas (round 20), bottom first; None: one the
        # recorder did not see (a table log), which may be any card: the choice names it (its op identifies it)
        return [(c, card) for p in players for c in g.players[p].area() for card in c.under
                if card is None or conditions.card_matches(g, g.card(card), f, p)]
    return [(c, s.card) for p in players for c in g.players[p].area() for s in c.supports
            if conditions.card_matches(g, g.card(s.card), f, p)]


def _entry(x: Any, src: str) -> tuple[int, str, str | None] | None:
    """A ``choices`` item as (player, Chara, card); the card may be ``null`` only for a card under a Chara (one the
    recorder did not see, moved to a hidden zone)."""
    if isinstance(x, Mapping) and isinstance(x.get("p"), int) and isinstance(x.get("on"), str) \
            and (isinstance(x.get("card"), str) or (src == "under" and x.get("card") is None)):
        return x["p"], x["on"], x.get("card")
    return None


def _take(g: GameState, left: list[tuple[Chara, str | None]], e: tuple[int, str, str | None],
          f: Mapping[str, Any]) -> tuple[Chara, str | None] | None:
    """The entry of ``left`` a choice takes: a known copy of its card, else an unknown card under that Chara (a
    named one must fit the filter: the op moving it identifies it); None when none fits."""
    p, on, card = e
    hit = None if card is None else next((x for x in left if x[0].owner == p and x[0].card == on
                                          and same_card(x[1], card)), None)
    if hit is None and (card is None or conditions.card_matches(g, g.card(card), f, p)):
        hit = next((x for x in left if x[0].owner == p and x[0].card == on and x[1] is None), None)
    if hit is None:
        return None
    left.remove(hit)
    return hit[0], hit[1] if hit[1] is not None else card


def support_move(r: Run, step: Step) -> None:
    """Move the Supports the player chooses off their Charas; ``then`` when one moved."""
    from engine.pm.script import PickNote, steps  # the script runner calls this step: imported when run

    g = r.g
    pool = _pool(g, r.actor, step)
    src = "under" if step.get("from") == "under" else "set"
    what = "card(s) face down under Charas" if src == "under" else "Support card(s) set on Charas"
    noun = "card(s)" if src == "under" else "Support card(s)"
    n, up_to = int(step.get("n", 1)), bool(step.get("up_to"))
    before = r.taken
    raw = r.decision() if r.choices is not None else None
    if raw is None and r.choices is None and r.given is not None:
        raw = []
        while len(raw) < n:
            op = r.next_given(len(raw))
            if op is None or op.get("op") != "move" or op.get("from") != src:
                break
            raw.append({"p": op.get("p"), "on": op.get("on"), "card": op.get("card")})
    if raw is None and (r.auto or (not up_to and len(pool) <= n)):
        raw = [{"p": c.owner, "on": c.card, "card": s} for c, s in pool[:n]]  # nothing to choose, or the first ones
    if raw is None:
        raise illegal("effect.target", f"{describe(g, r.card_id)}: a choice of {'up to ' if up_to else ''}{n} {what} "
                                       "is needed (the action's choices)")
    r.made.append(raw)
    chosen = [_entry(x, src) for x in raw] if isinstance(raw, list) else [None]
    left = list(pool)
    moves: list[tuple[Chara, str | None]] = []
    for e in chosen:
        hit = None if e is None else _take(g, left, e, step.get("filter") or {})
        if hit is None:
            raise illegal("effect.target", f"{describe(g, r.card_id)}: choice {e!r} is not a fitting "
                                           + ("card face down under a Chara" if src == "under" else "Support card set on a Chara"))
        moves.append(hit)
    need = min(n, len(pool))
    if len(moves) > n or (not up_to and len(moves) < need):
        raise illegal("effect.target", f"{describe(g, r.card_id)}: {len(moves)} {noun} chosen; the effect "
                                       f"takes {'up to ' if up_to else ''}{n if up_to else need}")
    for k, (chara, card) in enumerate(moves):
        move: dict[str, Any] = {"op": "move", "p": chara.owner, "from": src, "on": chara.card, "to": step["to"]}
        if card is not None:  # None: an unknown card under it goes to a hidden zone (hidden.move_under)
            move = {"op": "move", "p": chara.owner, "card": card, "from": src, "on": chara.card, "to": step["to"]}
        if src == "under":  # for the redaction: a view that does not see the card gets it as null (script.PickNote)
            r.notes.append(PickNote(chara.owner, src, step["to"], False, None, [card], [False],
                                    before if r.taken > before else None, [len(r.ops)], slot=k))
        r.emit(move)
    r.picked = [card for _, card in moves if card is not None]
    if moves and "then" in step:
        steps(r, step["then"])
