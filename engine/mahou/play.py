"""The seven actions of a turn (§5, SR Act ...): each one of the turn player's two (HR 7)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.asplayed import refuse
from engine.mahou.cards import MsCard
from engine.mahou.effects import resolve
from engine.mahou.field import draw
from engine.mahou.rules import check, event, illegal
from engine.mahou.state import Fighter, MsState
from engine.rulings import Trail

TYPE_NAMES = {"hero": "a Hero", "magical_girl": "a Magical Girl", "grand_magical_girl": "a Grand Magical Girl",
              "pet": "a Pet", "magical_power": "a Magical Power", "event": "an Event"}


def from_hand(g: MsState, p: int, a: Mapping[str, Any], kind: str) -> MsCard:
    """The card ``a`` plays: in ``p``'s hand (``zone``) and of type ``kind`` (``card.type``)."""
    cid = a["card"]
    if cid not in g.players[p].hand:
        raise illegal("zone", f"{cid} is not in player {p}'s hand")
    card = g.card(cid)
    if card.type != kind:
        raise illegal("card.type", f"{a['type']} plays {TYPE_NAMES[kind]}; {cid} ({card.name}) is {TYPE_NAMES[card.type]}")
    return card


def _active(g: MsState, p: int) -> Fighter:
    """Player ``p``'s Active fighter; never empty in a legal game (HR 14). As played, an action that needs an empty
    Active position cannot be carried out: ``replace.required``."""
    f = g.players[p].active
    if f is None:
        raise illegal("replace.required", f"player {p}'s Active position is empty: it must be filled first")
    return f


def do_transform(g: MsState, p: int, a: Mapping[str, Any], trail: Trail) -> None:
    card = from_hand(g, p, a, "magical_girl")
    me = g.players[p]
    f = me.fighter_at(a["onto"])
    if f is None:
        raise illegal("transform.target", f"player {p}'s {a['onto']} position is empty: nothing to transform")
    if f.girl is not None:
        raise illegal("transform.target", f"player {p}'s {f.hero} at {a['onto']} already has a Magical Girl ({f.girl})")
    me.hand.remove(card.id)
    f.girl = card.id
    f.attach(card)
    f.mgk = card.mgk
    check(trail, "transform.target", f"{card.id} attaches to {f.hero} at {a['onto']}: HP {f.hp}/{f.max_hp}, MGK {f.mgk}")


def grand_conditions(g: MsState, p: int, card: MsCard) -> str | None:
    """The first condition of a Grand MG that does not hold for ``p``'s Active fighter, or None."""
    f = _active(g, p)
    cond = card.conditions
    girl_name = g.card(f.girl).name if f.girl is not None else None
    if "girl" in cond and girl_name not in cond["girl"]:
        return f"girl: the Active MG is {girl_name}, not one of {', '.join(cond['girl'])}"
    if "mgk_at_least" in cond and f.mgk < cond["mgk_at_least"]:
        return f"mgk_at_least: the Active fighter's MGK is {f.mgk} < {cond['mgk_at_least']}"
    if "hp_at_most" in cond and f.hp > cond["hp_at_most"]:
        return f"hp_at_most: the Active fighter's HP is {f.hp} > {cond['hp_at_most']}"
    n = len(g.players[p].dreamscape)
    if "dreamscape_at_least" in cond and n < cond["dreamscape_at_least"]:
        return f"dreamscape_at_least: player {p}'s Dreamscape holds {n} < {cond['dreamscape_at_least']} cards"
    return None


def do_grand_transform(g: MsState, p: int, a: Mapping[str, Any], trail: Trail) -> None:
    card = from_hand(g, p, a, "grand_magical_girl")
    me = g.players[p]
    f = _active(g, p)
    if f.girl is None:
        raise illegal("grand.target", f"player {p}'s Active fighter {f.hero} has no Magical Girl to transform")
    if f.grand is not None:
        raise illegal("grand.target", f"player {p}'s Active fighter {f.hero} already has a Grand MG ({f.grand})")
    broken = grand_conditions(g, p, card)
    if broken:
        raise illegal("grand.condition", f"{card.id} ({card.name}) cannot be played: {broken}")
    check(trail, "grand.condition", f"every condition of {card.id} holds")
    me.hand.remove(card.id)
    f.grand = card.id
    f.attach(card)
    f.mgk = 0
    f.grand_attacked = False
    event(trail, "action", f"{card.id} joins {f.hero}: HP {f.hp}/{f.max_hp}, ATK {f.atk(g.cards)}, MGK 0")


def do_attack(g: MsState, p: int, a: Mapping[str, Any], trail: Trail) -> None:
    f = _active(g, p)
    if f.grand is not None and not f.grand_attacked:
        f.grand_attacked = True
        how = f"the Grand attack of {f.grand} (no MGK)"
    elif f.mgk >= 1:
        f.mgk -= 1
        how = f"1 MGK spent, {f.mgk} left"
    else:
        grand = "its Grand attack is spent" if f.grand is not None else "no Grand MG"
        raise illegal("attack.mgk", f"player {p}'s Active fighter {f.hero} has 0 MGK and {grand}")
    target = _active(g, 1 - p)
    dmg = f.atk(g.cards)
    target.hp -= dmg
    check(trail, "attack.mgk", f"{f.hero} attacks: {how}")
    event(trail, "action", f"player {1 - p}'s {target.hero} loses {dmg} HP (ATK {dmg}), now {target.hp}")


def do_retreat(g: MsState, p: int, a: Mapping[str, Any], trail: Trail) -> None:
    me = g.players[p]
    i = int(a["with"][6:])
    if i >= len(me.squad):
        raise illegal("retreat.target", f"player {p}'s {a['with']} is empty (the Squad holds {len(me.squad)})")
    out = _active(g, p)
    me.active, me.squad[i] = me.squad[i], out
    out.hp = out.max_hp
    check(trail, "retreat.target", f"{me.squad[i].hero} comes in from {a['with']}; {out.hero} goes there, "
                                   f"healed to {out.max_hp} HP (HR 12)")


def do_draw(g: MsState, p: int, a: Mapping[str, Any], trail: Trail) -> None:
    cid = draw(g, p, trail)
    if cid is not None:
        event(trail, "draw", f"player {p} draws 1")


def do_play_pet(g: MsState, p: int, a: Mapping[str, Any], trail: Trail) -> None:
    card = from_hand(g, p, a, "pet")
    me = g.players[p]
    f = _active(g, p)
    if f.girl is None:
        raise illegal("pet.target", f"player {p}'s Active fighter {f.hero} has no Magical Girl: {card.id} cannot join")
    paid = f.mgk >= card.cost
    if not paid:
        refuse(illegal("pet.cost", f"{card.id} costs {card.cost} MGK; player {p}'s Active fighter has {f.mgk}"), "payment")
    f.mgk = max(0, f.mgk - card.cost)  # as played, a short payment spends what there is
    me.hand.remove(card.id)
    f.pets.append(card.id)
    f.attach(card)
    if paid:  # else its ✗ says it (review r22f)
        check(trail, "pet.cost", f"paid {card.cost} MGK of {card.cost + f.mgk}; {card.id} joins {f.hero}: HP {f.hp}/{f.max_hp}")
    else:
        event(trail, "action", f"{card.id} joins {f.hero}: HP {f.hp}/{f.max_hp}")


def do_play_power(g: MsState, p: int, a: Mapping[str, Any], trail: Trail) -> None:
    card = from_hand(g, p, a, "magical_power")
    me = g.players[p]
    f = _active(g, p)
    paid = f.mgk >= card.cost
    if not paid:
        refuse(illegal("power.cost", f"{card.id} costs {card.cost} MGK; player {p}'s Active fighter has {f.mgk}"), "payment")
    f.mgk = max(0, f.mgk - card.cost)  # as played, a short payment spends what there is
    me.hand.remove(card.id)
    if paid:
        check(trail, "power.cost", f"paid {card.cost} MGK of {card.cost + f.mgk} for {card.id}")
    resolve(g, p, card, a, trail)
    me.dreamscape.append(card.id)
