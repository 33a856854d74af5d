"""Effect ops: the primitive steps an effect is made of (log-format.md, "Effect ops").

:func:`apply_op` applies one op to the state, raising ``effect.result`` when the
op is impossible (a card that is not where the op says, a purple Chara put onto
the Area by an effect, ...). It returns True for ``disable``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from engine.asplayed import refuse
from engine.pm import conditions, effects, hidden, static_bans, stats
from engine.pm.cards import base_id
from engine.pm.state import EXTRA_KEY, HELD_COST, Chara, GameState, Support, expiry
from engine.pm.triggers import fire, fire_card, fire_others, fire_to_point
from engine.pm.zones import (
    AREA_ZONES,
    area_holds,
    describe,
    draw,
    enter_area,
    find_chara,
    leave_area,
    mark_seen,
    put_cards,
    remove_copy,
    same_card,
    take_point,
)
from engine.rulings import Trail, illegal

MAIN_LIMIT: Final = 5


def _chara(g: GameState, op: Mapping[str, Any]):  # type: ignore[no-untyped-def]
    p = op["p"]
    c = find_chara(g.players[p], op["card"])
    if c is None:
        raise illegal("effect.result", f"op {op['op']}: {describe(g, op['card'])} is not on player {p}'s Area")
    return c


def apply_op(g: GameState, op: Mapping[str, Any], trail: Trail, *, verified: bool, in_response: bool) -> bool:
    """Apply one op; return True when it is ``disable``."""
    kind = op["op"]
    note = trail.check if verified else trail.unverified
    if kind == "disable":
        if not in_response:
            raise illegal("effect.result", "op disable is only possible inside a response")
        note("effect.result", "disables the action it answers")
        return True
    handler = _HANDLERS[kind]
    msg = handler(g, op)
    note("effect.result", msg)
    return False


def _draw(g: GameState, op: Mapping[str, Any]) -> str:
    got = draw(g, op["p"], op["n"])
    if "cards" in op:
        hidden.name_drawn(g, op["p"], len(got), op["cards"], "draw op")
    return f"player {op['p']} draws {len(got)}" + (f" of {op['n']}" if len(got) < op["n"] else "")


def _move(g: GameState, op: Mapping[str, Any]) -> str:
    if "card" not in op:
        if "under" in (op["from"], op["to"]):  # a card the recorder did not see, under the Chara ``on`` (table logs)
            return hidden.move_under(g, op["p"], _under_holder(g, op), op["from"], op["to"], op.get("face"))
        return hidden.move_unknown(g, op["p"], op["from"], op["to"], op.get("face"))
    p, card_id, src, dst = op["p"], op["card"], op["from"], op["to"]
    holder = _under_holder(g, op) if dst == "under" else None
    pl = g.players[p]
    face = op.get("face")
    what = describe(g, card_id)
    if src in AREA_ZONES:
        if dst == "under":
            raise illegal("effect.result", f"move: {what} is a Chara on the Area; only a card elsewhere goes under a Chara")
        c = find_chara(pl, card_id)
        if c is None or c.area != src:
            raise illegal("effect.result", f"move: {what} is not in player {p}'s {src} area")
        if dst in AREA_ZONES:
            if dst == src:
                raise illegal("effect.result", f"move: {what} is already in the {src} area")
            if dst == "main":
                if not g.card(c.card).has_stats:
                    raise illegal("summon.area", f"{what} has no AP/DP and cannot move to the Main Area")
                check_main_entry(g, p, card_id, op.get("replace"))
                if op.get("replace"):
                    leave_area(g, find_chara(pl, op["replace"]), "discard")  # type: ignore[arg-type]
            (pl.main if src == "main" else pl.support).remove(c)
            c.area = dst
            (pl.main if dst == "main" else pl.support).append(c)
            return f"{what} moves from the {src} area to the {dst} area"
        if stats.stays_on_area(g, c):
            raise illegal("effect.result", f"move: {what} does not leave the Area (退場しない is in force on it)")
        leave_area(g, c, dst, face=face)
        return f"{what} leaves the {src} area for {dst}"
    if dst in AREA_ZONES and static_bans.bans(g):
        banned = effects.entry_ban(g, p, card_id, src)
        if banned is not None:
            raise illegal("effect.result", f"move: {what} cannot enter the Area: an effect forbids player {p} to "
                                           f"summon (登場) cards fitting {banned} this turn")
    # take the card out of its zone
    if src == "deck":
        # a deck with unknown positions: the topmost position that holds it or may hold it (the looked-at top cards
        # come first), not a known copy further down
        taken = hidden.take_from_deck(g, p, card_id, "move op") if None in pl.deck else remove_copy(  # type: ignore[operator]
            pl.deck, card_id, from_end=True)
        if not taken:
            raise illegal("effect.result", f"move: no {what} in player {p}'s deck")
    elif src == "point":
        if take_point(pl, card_id, face) is None and not (
            hidden.identify_point(g, p, card_id, "move op", face_up=None if face is None else face == "up") is not None
            and take_point(pl, card_id, face) is not None
        ):
            raise illegal("effect.result", f"move: no {what} in player {p}'s Point Zone")
    elif src == "hand":
        if not hidden.take_from_hand(g, p, card_id, "move op"):
            raise illegal("effect.result", f"move: no {what} in player {p}'s hand")
    elif src == "deck_bottom":
        raise illegal("effect.result", "move: deck_bottom is a destination only")
    elif src == "under":  # a card face down under a Chara (``on``: the Chara's card id)
        below = _under_holder(g, op)
        if not remove_copy(below.under, card_id) and not (
                hidden.identify_in(g, p, below.under, card_id, "under a Chara", "move op") and remove_copy(below.under, card_id)):
            raise illegal("effect.result", f"move: no {what} under player {p}'s {describe(g, below.card)}")
    elif src == "set":  # a Support card set on a Chara (``on``: the Chara's card id; engine.pm.support_moves)
        from engine.pm.support_moves import take_set

        take_set(g, p, card_id, op.get("on"))
    else:
        zone = {"discard": pl.discard, "removed": pl.removed, "ex_deck": pl.ex_deck}[src]
        if not remove_copy(zone, card_id) and not (src in ("ex_deck", "discard")
                                                   and hidden.identify_source(g, p, src, card_id, "move op")
                                                   and remove_copy(zone, card_id)):
            raise illegal("effect.result", f"move: no {what} in player {p}'s {src}")
    if dst in AREA_ZONES:
        card = g.card(card_id)
        if card.type != "chara":
            raise illegal("effect.result", f"move: {what} is not a Character and cannot go onto the Area")
        if card.color == "purple":
            raise illegal("effect.result", f"move: purple {what} cannot be put onto the Area by an effect (P17)")
        if dst == "main" and not card.has_stats:
            raise illegal("summon.area", f"{what} has no AP/DP and cannot go to the Main Area")
        if area_holds(pl, card_id):
            raise illegal("summon.unique", f"player {p} already has {what} on the Area")
        if dst == "main":
            check_main_entry(g, p, card_id, op.get("replace"))
        new = enter_area(g, p, card_id, dst, summoned=False, rested=bool(op.get("rested")), replace=op.get("replace"))
        fire(g, "enter", [new], Trail())
        fire_others(g, "enter", new, Trail())
        return f"{what} enters the {dst} area" + (" rested" if op.get("rested") else " active")
    if holder is not None:
        holder.under.append(card_id)
        return f"{what} moves from {src} face down under {describe(g, holder.card)}"
    if dst == "set":
        return _set_on(g, p, card_id, op, src)
    put_cards(g, p, [card_id], dst, face=face)
    if src == "deck" and dst == "hand":
        mark_seen(g, p, [card_id])
    elif src == "deck" and dst == "discard" and g.cards.listened("milled"):
        # "when this card is put from the deck into the discard" (デッキから捨て札置き場に置かれた場合): only an
        # effect moves a card so, so "by a card's effect" reads the same; logged ``from`` the discard
        fire_card(g, p, card_id, "milled", None, g.trail)
    return f"{what} moves from {src} to {dst}"


def _set_on(g: GameState, p: int, card_id: str, op: Mapping[str, Any], src: str) -> str:
    """A Support card an effect sets on player ``p``'s Chara ``on`` (round 25: EXデッキから…抜き出し、…にセットする):
    as a Support played and set (rule book 000 "Support Cards": one copy of a Support per Chara), its "when this card
    is set" effect heard (engine.pm.play sets a played one so)."""
    what = describe(g, card_id)
    chara = find_chara(g.players[p], op["on"]) if isinstance(op.get("on"), str) else None
    if chara is None:
        raise illegal("effect.result", f"move: {what} is to be set on {op.get('on')!r}, no Chara of player {p}")
    if g.card(card_id).type != "support":
        raise illegal("support.target", f"move: {what} is not a Support card and cannot be set on a Chara")
    if any(same_card(s.card, card_id) for s in chara.supports):
        raise illegal("support.target", f"move: {describe(g, chara.card)} already holds a copy of {what}")
    chara.supports.append(Support(card_id, g.new_uid()))
    stats.area_changed(g, chara.card, card_id)
    if "set" in g.card(card_id).listens:  # "when this card is set" (セットされた場合)
        fire_card(g, p, card_id, "set", None, g.trail)
    fire_others(g, "supported", chara, g.trail)  # "when a Support is set on your X"
    return f"{what} moves from {src} and is set on {describe(g, chara.card)}"


def _under_holder(g: GameState, op: Mapping[str, Any]) -> Chara:
    """The Chara ``on`` of player ``p`` (the card's owner) that a ``move`` to or from ``"under"`` names."""
    on = op.get("on")
    c = find_chara(g.players[op["p"]], on) if isinstance(on, str) else None
    if c is None:
        raise illegal("effect.result", f"move {op['from']} -> {op['to']}: `on` must name a Chara on player {op['p']}'s "
                                       f"Area ({describe(g, on) if isinstance(on, str) else 'none given'})")
    return c


def check_main_entry(g: GameState, p: int, card_id: str, replace: str | None) -> None:
    """``summon.main_full``: a full Main Area needs a valid ``replace`` (reading 5); a non-full one takes none."""
    pl = g.players[p]
    full = len(pl.main) >= MAIN_LIMIT
    if full and replace is None:  # as played it enters all the same, one over the limit (docs/as-played.md)
        refuse(illegal("summon.main_full", f"player {p}'s Main Area holds {len(pl.main)} Charas; name one to replace"),
               "count")
    if replace is not None:
        if not full:  # as played the Chara named is replaced all the same
            refuse(illegal("summon.main_full", f"replace {replace} given but player {p}'s Main Area holds only "
                                               f"{len(pl.main)} Charas"), "condition")
        old = find_chara(pl, replace)
        if old is None or old.area != "main":
            raise illegal("summon.main_full", f"replace: {describe(g, replace)} is not in player {p}'s Main Area")
        if same_card(old.card, card_id):
            raise illegal("summon.main_full", f"{describe(g, card_id)} cannot replace the same card")
        if stats.stays_on_area(g, old):
            refuse(illegal("summon.main_full", f"replace: {describe(g, replace)} does not leave the Area (退場しない is "
                                               "in force on it)"), "condition")


def _flip(g: GameState, op: Mapping[str, Any]) -> str:
    pl = g.players[op["p"]]
    want_up = op["face"] == "up"
    for pt in pl.points:
        if same_card(pt[0], op["card"]) and pt[1] != want_up:
            pt[1] = want_up
            return f"{describe(g, op['card'])} turned face {op['face']} in player {op['p']}'s Point Zone"
    pt = hidden.identify_point(g, op["p"], op["card"], "flip op", face_up=not want_up)
    if pt is not None:
        pt[1] = want_up
        return f"{describe(g, op['card'])} turned face {op['face']} in player {op['p']}'s Point Zone"
    other = "down" if want_up else "up"
    raise illegal("effect.result", f"flip: no face-{other} {describe(g, op['card'])} in player {op['p']}'s Point Zone")


def _shuffle(g: GameState, op: Mapping[str, Any]) -> str:
    pl = g.players[op["p"]]
    if "order" not in op or None in pl.deck:
        return hidden.shuffle_table(g, op["p"], op.get("order"))
    order = list(op["order"])
    if sorted(order) != sorted(pl.deck):  # type: ignore[type-var]
        raise illegal("effect.result", f"shuffle: the order is not a permutation of player {op['p']}'s {len(pl.deck)}-card deck")
    order.reverse()
    pl.deck = order
    return f"player {op['p']} shuffles the deck"


def _modify(g: GameState, op: Mapping[str, Any]) -> str:
    c = _chara(g, op)
    ap, dp = op.get("ap", 0), op.get("dp", 0)
    c.mods.append((ap, dp, expiry(op.get("until"), g.turn)))
    return f"{describe(g, c.card)} gets {ap:+d}/{dp:+d} until {op.get('until', 'turn_end')}"


def _grant(g: GameState, op: Mapping[str, Any]) -> str:
    c = _chara(g, op)
    c.grants.append((_bound(g, op["what"]), expiry(op.get("until"), g.turn)))
    return f"{describe(g, c.card)} gains {op['what']} until {op.get('until', 'turn_end')}"


#: the grants whose Chara spec may name one Chara (round 28: 指定したキャラに妨害されない, このカードを妨害できない)
NAMED_CHARA_GRANTS: Final = ("not_interfered_by", "cannot_interfere_with")


def _bound(g: GameState, what: Any) -> Any:
    """A grant as the Chara holds it: a spec naming one Chara (``chara``: ``{"p", "card"}``, as the op says it) bound
    to that Chara as it is on the Area now (``uid``; none there: a uid no Chara has), so that a copy of it entering
    later is another Chara (rule book 000: a card changing zones is a new card)."""
    if not isinstance(what, Mapping):
        return what
    out = dict(what)
    for key in NAMED_CHARA_GRANTS:
        spec = out.get(key)
        if isinstance(spec, Mapping) and isinstance(spec.get("chara"), Mapping):
            ref = spec["chara"]
            held = find_chara(g.players[ref["p"]], ref["card"]) if ref.get("p") in (0, 1) else None
            out[key] = {**{k: v for k, v in spec.items() if k != "chara"}, "uid": held.uid if held is not None else -1}
    return out


def _cost(g: GameState, op: Mapping[str, Any]) -> str:
    pl = g.players[op["p"]]
    until = expiry(op.get("until"), g.turn)
    if "all" in op:
        return _cost_held(g, op, until)
    if "next" in op:  # docs/log-extensions.md: the next card played fitting a filter
        # one key per change: two changes of one filter both reach the next fitting card (they add up on it, as
        # changes of different filters do); docs/compiler.md, decisions (session 12, SZ2 01-016)
        f = json.dumps({**op["next"], **({EXTRA_KEY: list(op["extra"])} if op.get("extra") else {})}, sort_keys=True,
                       ensure_ascii=False)
        key, i = f"next|{f}", 1
        while key in pl.cost_mods:
            key, i = f"next#{i}|{f}", i + 1
        pl.cost_mods[key] = [(op["n"], until)] * int(op.get("count", 1))
        more = "".join(f", {x['n']:+d} more if it fits {dict(x['filter'])}" for x in op.get("extra", ()))
        return f"the next card fitting {dict(op['next'])} in player {op['p']}'s hand: usage cost {op['n']:+d}{more}"
    pl.cost_mods.setdefault(base_id(op["card"]), []).append((op["n"], until))
    return f"{describe(g, op['card'])} in player {op['p']}'s hand: usage cost {op['n']:+d}"


def _cost_held(g: GameState, op: Mapping[str, Any], until: int | None) -> str:
    """``all``: the cards fitting the filter in the hand *now* gain ``n`` (「このターン、相手の手札にある全てのキャラは、
    使用コスト+2を得る」, MHK 01-004): one ``held|`` entry per copy there, none for a card that reaches the hand later
    (zones.hand_arrival, stats.hand_cost; issue 26)."""
    pl = g.players[op["p"]]
    counts: dict[str, int] = {}
    for cid in pl.hand:
        if cid is not None and conditions.card_matches(g, g.card(cid), op["all"], op["p"], "hand"):
            counts[base_id(cid)] = counts.get(base_id(cid), 0) + 1
    for base, k in counts.items():
        i = 0
        while f"{HELD_COST}{base}|{i}" in pl.cost_mods:
            i += 1
        pl.cost_mods[f"{HELD_COST}{base}|{i}"] = [(op["n"], until)] * k
    return (f"the {sum(counts.values())} card(s) fitting {dict(op['all'])} in player {op['p']}'s hand now: usage cost "
            f"{op['n']:+d}")


def _coin(g: GameState, op: Mapping[str, Any]) -> str:
    c = _chara(g, op)
    n = c.coins.get(op["coin"], 0) + op["n"]
    if n < 0:
        raise illegal("effect.result", f"coin: {describe(g, c.card)} holds fewer than {-op['n']} {op['coin']} coins")
    if n:
        c.coins[op["coin"]] = n
    else:
        c.coins.pop(op["coin"], None)
    return f"{describe(g, c.card)} now holds {n} {op['coin']} coin(s)"


def _rest(g: GameState, op: Mapping[str, Any]) -> str:
    c = _chara(g, op)
    c.rested = True
    fire_others(g, "rested", c, g.trail)
    return f"{describe(g, c.card)} rests"


def _activate(g: GameState, op: Mapping[str, Any]) -> str:
    c = _chara(g, op)
    if c.rested and stats.has_grant(g, c, stats.STAYS_RESTED):
        raise illegal("effect.result", f"{describe(g, c.card)} does not become active this turn (an effect)")
    c.rested = False
    return f"{describe(g, c.card)} becomes active"


def _put_point(g: GameState, op: Mapping[str, Any]) -> str:
    p = op["p"]
    pl = g.players[p]
    up = op.get("face", "up") != "down"
    placed = []
    named = op.get("cards", ())
    n = min(op["n"], len(pl.deck))
    if len(named) > n:
        raise illegal("effect.result", f"put_point names {len(named)} card(s) but {n} can be put from player {p}'s deck")
    for j in range(n):
        cid = hidden.take_top(g, p, named[j], "put_point op") if j < len(named) else pl.deck.pop()
        pl.points.append([cid, up])
        placed.append(cid)
        hidden.placed(g, p, cid)
    if up:
        fire_to_point(g, p, placed, g.trail)
    shown = ", ".join(c or "an unknown card" for c in placed) or "none"
    return f"{len(placed)} card(s) from player {p}'s deck put into the Point Zone: {shown}"


def _reveal(g: GameState, op: Mapping[str, Any]) -> str:
    hidden.reveal(g, op["p"], op["from"], op["cards"])
    return f"player {op['p']} reveals {', '.join(op.get('cards', []))} from {op.get('from', '?')}"


_HANDLERS: Final = {
    "draw": _draw, "move": _move, "flip": _flip, "shuffle": _shuffle, "modify": _modify,
    "grant": _grant, "cost": _cost, "coin": _coin, "rest": _rest, "activate": _activate,
    "put_point": _put_point, "reveal": _reveal,
}
