"""Derived values: a Chara's AP/DP, usage costs, keywords in force.

Values may be computed below 0; :func:`used` floors them at 0 where they are
used (rules.md: numbers below 0 count as 0).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any, Final

from engine.pm import conditions
from engine.pm.cards import Card, base_id
from engine.pm.state import EXTRA_KEY, HELD_COST, Chara, GameState, next_cost_key

COIN_STATS: Final = {"+10/+10": (10, 10)}


def used(value: int) -> int:
    """A value as the rules use it: below 0 counts as 0."""
    return value if value > 0 else 0


def condition_holds(g: GameState, owner: int, cond: object, source: Chara | None = None) -> bool:
    """Evaluate a scripted condition (:mod:`engine.pm.conditions`) for ``owner``."""
    return conditions.holds(g, owner, cond, source)  # type: ignore[arg-type]


def pinch_active(g: GameState, owner: int, card: Card) -> bool:
    return card.pinch is not None and len(g.players[owner].points) >= card.pinch[0]


def ap_dp(g: GameState, c: Chara) -> tuple[int, int]:
    """Current AP and DP of a Chara with every modifier applied (may be negative): its own continuous steps and
    those of Charas on either Area reaching it (``{"all": spec}``: "all your X get +N/+N"; a Chara without AP/DP
    gets none, as the ``modify`` op skips it)."""
    card = g.card(c.card)
    bonus = 10 * len(c.stack)
    ap = (card.ap or 0) + bonus
    dp = (card.dp or 0) + bonus
    for a, d, _ in c.mods:
        ap += a
        dp += d
    for coin, n in c.coins.items():
        stats = COIN_STATS.get(coin)
        if stats:
            ap += stats[0] * n
            dp += stats[1] * n
    if card.pinch is not None and pinch_active(g, c.owner, card) and not text_negated(g, c):
        ap += card.pinch[1]
        dp += card.pinch[2]
    info = g.db_info
    ops = info[4].get(c.card) if info is not None else None
    if c.supports or (ops is not None and "modify" in ops) or (ops is None and "modify" in self_ops(g, c.card)):
        for step in self_steps(g, c, "modify"):
            if step.get("op") == "modify":
                k = 1 if "per" not in step else conditions.count(g, c.owner, step["per"], c) // int(step["per"].get("each", 1))
                ap += int(step.get("ap", 0)) * k
                dp += int(step.get("dp", 0)) * k
    wide = g.wide_cache
    if "modify" in (wide[2] if wide is not None and wide[0] == g.area_gen else _wide_entry(g)[2]) and card.has_stats \
            and c.uid not in _WIDE_BUSY:
        a, d = _wide_modify(g, c)
        ap += a
        dp += d
    return ap, dp


#: Charas whose area-wide bonuses are being worked out: a spec or count reading their AP/DP meanwhile (e.g. "your
#: Charas with DP 30 or less get ...") sees them without those bonuses, instead of recursing
_WIDE_BUSY: Final[set[int]] = set()


def _wide_modify(g: GameState, c: Chara) -> tuple[int, int]:
    """The AP/DP that continuous ``modify`` steps of Charas on either Area give ``c`` ("all your X get +N/+N")."""
    ap = dp = 0
    _WIDE_BUSY.add(c.uid)
    try:
        for x, step in wide_steps(g, c, "modify"):
            k = 1 if "per" not in step else conditions.count(g, x.owner, step["per"], x) // int(step["per"].get("each", 1))
            ap += int(step.get("ap", 0)) * k
            dp += int(step.get("dp", 0)) * k
    finally:
        _WIDE_BUSY.discard(c.uid)
    return ap, dp


_STATIC: Final[dict[int, tuple[Card, tuple[tuple[Any, Mapping[str, Any]], ...], tuple[tuple[Any, Mapping[str, Any]], ...]]]] = {}


def _static_entry(card: Card) -> tuple[Card, tuple[tuple[Any, Mapping[str, Any]], ...], tuple[tuple[Any, Mapping[str, Any]], ...]]:
    """(card, its static steps, those of them that reach other Charas: ``target`` ``{"all": spec}``), cached."""
    hit = _STATIC.get(id(card))
    if hit is not None and hit[0] is card:
        return hit
    out = [(eff.condition, step) for eff in card.continuous() for step in eff.script or ()]
    out += [(eff.condition, step) for eff in (*card.effects, *([card.backup] if card.backup else []))
            if eff.kind != "continuous" for step in eff.script or () if step.get("static")]
    wide = tuple((c, s) for c, s in out if isinstance(s.get("target"), Mapping) and "all" in s["target"])
    entry = (card, tuple(out), wide)
    _STATIC[id(card)] = entry
    return entry


_DB_INFO: Final[dict[int, tuple[Any, Any]]] = {}
NO_OPS: Final[frozenset[str]] = frozenset()


def _own_ops(card: Card) -> frozenset[str]:
    return frozenset(str(s.get("op")) for _, s in _static_entry(card)[1] if s.get("target", "self") == "self")


def db_info(db: Any) -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str], dict[str, frozenset[str]],
                              frozenset[str], bool, frozenset[str]]:
    """Ids of the database's cards (cached): with static steps, with static steps reaching other Charas, listening
    for what happens to other Charas; every card id it holds (a parallel id is looked up instead); and the ops of
    each card's static steps on its own Chara; the cards whose continuous effects change hand costs; whether some
    card listens for a Chara leaving the Area; the cards whose static steps grant their own Chara nothing."""
    hit = _DB_INFO.get(id(db))
    if hit is None or hit[0] is not db:
        cards = list(db)
        info = (frozenset(c.id for c in cards if _static_entry(c)[1]),
                frozenset(c.id for c in cards if _static_entry(c)[2]),
                frozenset(c.id for c in cards if watches(c)), frozenset(c.id for c in cards),
                {c.id: _own_ops(c) for c in cards if _static_entry(c)[1]},
                frozenset(c.id for c in cards if _cuts_hand_costs(c)),
                any(db.listened(x) for x in ("leave", "other_leave", "any_leave")),
                frozenset(c.id for c in cards if "grant" not in _own_ops(c)))
        hit = (db, info)
        _DB_INFO[id(db)] = hit
    return hit[1]  # type: ignore[no-any-return]


def _cuts_hand_costs(card: Card) -> bool:
    """True when a continuous effect of the card changes the usage cost of cards in its player's hand."""
    return any(s.get("op") == "cost" and isinstance(s.get("target"), dict) for e in card.continuous() for s in e.script or ())


def self_ops(g: GameState, card_id: str) -> frozenset[str]:
    """The ops of the card's static steps on its own Chara (``modify``, ``grant``, ``source``...)."""
    info: Any = g.db_info
    if info is None:
        info = g.db_info = db_info(g.cards)
    ops = info[4].get(card_id)
    if ops is not None:
        return ops  # type: ignore[no-any-return]
    return NO_OPS if card_id in info[3] else _own_ops(g.card(card_id))


def watches(card: Card) -> bool:
    """True when the card listens for what happens to other Charas (``other_*``/``any_*`` triggers)."""
    return any(x.startswith(("other_", "any_")) for x in card.listens)


def has_static(g: GameState, card_id: str) -> bool:
    """True when the card has steps in force while it is in play."""
    info = g.db_info
    if info is None:
        info = g.db_info = db_info(g.cards)
    return card_id in info[0] or (card_id not in info[3] and bool(_static_entry(g.card(card_id))[1]))  # type: ignore[index]


def static_steps(card: Card) -> tuple[tuple[Any, Mapping[str, Any]], ...]:
    """(effect condition, step) of every step in force while the card is in play: the steps of its scripted
    continuous effects, and steps marked ``"static": true`` in its other effects (docs/log-extensions.md)."""
    return _static_entry(card)[1]


def self_steps(g: GameState, c: Chara, op: str | None = None) -> Iterator[Mapping[str, Any]]:
    """Steps of continuous scripted effects in force on ``c`` itself: its own card's (none while its text is negated:
    :func:`text_negated`), and those of the Supports set on it ("self" in a Support's effect is the Chara it is set
    on). ``op``: only steps of that op, told before their conditions are checked (a keyword granted while this card's
    AP is N or more reads the AP, whose ``modify`` steps must not check that condition again: round 20)."""
    sources = [*(() if text_negated(g, c) else (g.card(c.card),)), *(g.card(s.card) for s in c.supports)]
    for card in sources:
        for cond, step in _static_entry(card)[1]:
            if (op is None or step.get("op") == op) and step.get("target", "self") == "self" and (
                    not cond or conditions.holds(g, c.owner, cond, c)) and (
                    "if" not in step or conditions.holds(g, c.owner, step["if"], c)):
                yield step


def area_steps(g: GameState, c: Chara, op: str) -> Iterator[Mapping[str, Any]]:
    """Steps ``op`` of continuous effects in force on ``c``: its own (and its Supports'), and those of any
    Chara on either Area whose step targets ``{"all": spec}`` that ``c`` fits (seen from that Chara's owner)."""
    if c.supports or op in self_ops(g, c.card):
        yield from self_steps(g, c, op)
    if op not in _wide_ops(g):
        return
    for _, step in wide_steps(g, c, op):
        yield step


def wide_steps(g: GameState, c: Chara, op: str) -> Iterator[tuple[Chara, Mapping[str, Any]]]:
    """(source Chara, step) of each continuous step ``op`` in force on ``c`` from a Chara on either Area whose step
    targets ``{"all": spec}`` that ``c`` fits, seen from that Chara's owner (its own Chara included when it fits): in
    force while that Chara is on the Area, its text is not negated and its condition holds, gone when it leaves."""
    for x in _wide_charas(g):
        if text_negated(g, x):
            continue
        for cond, step in _static_entry(g.card(x.card))[2]:
            if step.get("op") != op:
                continue
            if (not cond or conditions.holds(g, x.owner, cond, x)) and (
                    "if" not in step or conditions.holds(g, x.owner, step["if"], x)) and \
                    conditions.chara_problem(g, x.owner, step["target"]["all"], c, x) is None:
                yield x, step


def _wide_charas(g: GameState) -> list[Chara]:
    """The Charas on either Area whose continuous steps reach other Charas (cached per ``g.area_gen``)."""
    cache = g.wide_cache
    if cache is not None and cache[0] == g.area_gen:
        return cache[1]
    return _wide_entry(g)[1]


def _wide_ops(g: GameState) -> frozenset[str]:
    """The ops of the continuous steps reaching other Charas from either Area (cached with :func:`_wide_charas`)."""
    cache = g.wide_cache
    if cache is not None and cache[0] == g.area_gen:
        return cache[2]
    return _wide_entry(g)[2]


def _wide_entry(g: GameState) -> tuple[int, list[Chara], frozenset[str], frozenset[str], bool]:
    """Work out and cache (``g.wide_cache``) the area generation, the wide-reaching Charas and their steps' ops; the
    cards that nothing can grant anything on their Chara but a Support (none while a wide grant step is on either
    Area: :func:`_grant_free`); whether a wide step may negate texts (:func:`text_negated`)."""
    info = g.db_info
    if info is None:
        info = g.db_info = db_info(g.cards)
    _, wide, _, known, _, _, _, grant_free = info
    card = g.card
    found = [x for p in g.players for x in (*p.main, *p.support)
             if x.card in wide or (x.card not in known and _static_entry(card(x.card))[2])] if wide else []
    ops = frozenset(str(step.get("op")) for x in found for _, step in _static_entry(card(x.card))[2]) if found else NO_OPS
    negates = "grant" in ops and any(step.get("op") == "grant" and step.get("what") == NEGATED
                                     for x in found for _, step in _static_entry(card(x.card))[2])
    entry = g.wide_cache = (g.area_gen, found, ops, NO_OPS if "grant" in ops else grant_free, negates)
    return entry


def area_changed(g: GameState, *cards: str) -> None:
    """A Chara entered or left either Area, or levelled up (``cards``: its card ids, before and after). The Charas
    reaching others (:func:`_wide_charas`) and those listening for others (:func:`watchers`) are cached per
    ``g.area_gen``: it is bumped only when one of ``cards`` is such a card (or one the database does not hold by that
    id), as the others leave both lists as they were."""
    info = g.db_info
    if info is not None:
        wide, watch, known = info[1], info[2], info[3]
        for cid in cards:
            if cid in wide or cid in watch or cid not in known:
                break
        else:
            return
    g.area_gen += 1


def watchers(g: GameState) -> dict[str, list[Chara]]:
    """The Charas on either Area listening for what happens to other Charas, by cause (``other_*``/``any_*``),
    cached per ``g.area_gen`` with the events they hear (``enter`` for ``other_enter``)."""
    cache = g.watch_cache
    if cache is not None and cache[0] == g.area_gen:
        return cache[1]
    info = g.db_info
    if info is None:
        info = g.db_info = db_info(g.cards)
    _, _, watch, known, _, _, _, _ = info
    card = g.card
    found: dict[str, list[Chara]] = {}
    if watch:
        for p in g.players:
            for x in (*p.main, *p.support):
                if x.card in watch or (x.card not in known and watches(card(x.card))):
                    for cause in card(x.card).listens:
                        found.setdefault(cause, []).append(x)
    heard = frozenset(cause.split("_", 1)[1] for cause in found if cause.startswith(("other_", "any_")))
    g.watch_cache = (g.area_gen, found, heard)
    return found


def may_hold_grants(g: GameState, c: Chara) -> bool:
    """False when no grant can be in force on ``c``: none by ops, no Support, no own or area-wide grant step."""
    return bool(c.grants) or not _grant_free(g, c)


def _grant_free(g: GameState, c: Chara) -> bool:
    """True when no continuous step can grant ``c`` anything: no Support on it, no grant step of its own card and
    none reaching other Charas from either Area (ops' grants, ``c.grants``, are not looked at)."""
    if c.supports:
        return False
    wide = g.wide_cache
    if wide is None or wide[0] != g.area_gen:
        wide = _wide_entry(g)
    cid = c.card
    if cid in wide[3]:  # the common answer, one look-up: it runs for nearly every check of a keyword
        return True
    return "grant" not in wide[2] and cid not in g.db_info[3] and "grant" not in self_ops(g, cid)  # type: ignore[index]


def grant_values(g: GameState, c: Chara, key: str) -> list[Any]:
    """The values of the mapping grants ``{key: value}`` on ``c``: by ops, and by continuous effects."""
    out = [w[key] for w, _ in c.grants if isinstance(w, Mapping) and key in w] if c.grants else []
    if _grant_free(g, c):
        return out
    out += [s["what"][key] for s in area_steps(g, c, "grant") if isinstance(s.get("what"), Mapping) and key in s["what"]]
    return out


#: where an ``also_color`` step without ``zones`` makes cards count as its color: the hand, the deck and the own
#: field (MHK P-008: 手札とデッキと自分の場; not the Point Zone, the discard, the EX deck or removed cards)
ALSO_COLOR_ZONES: Final = ("hand", "deck", "area")


def extra_colors(g: GameState, owner: int, zone: str = "area") -> tuple[str, ...]:
    """Colors ``owner``'s cards in ``zone`` (``area``: the Main or the Support Area) count as too: ``also_color``
    steps of Charas on the owner's Area, each for the ``zones`` it names."""
    zone = "area" if zone in ("main", "support") else zone
    return tuple(step["color"] for x in g.players[owner].area() for cond, step in static_steps(g.card(x.card))
                 if step.get("op") == "also_color" and zone in step.get("zones", ALSO_COLOR_ZONES)
                 and (not cond or conditions.holds(g, owner, cond, x)) and not text_negated(g, x))


def source_bonus(g: GameState, paying: Card, played: Card, owner: int) -> int:
    """Extra source value ``paying`` gives when paid for ``played`` (``source`` steps with a ``for`` filter)."""
    return sum(int(step.get("n", 0)) for cond, step in static_steps(paying)
               if step.get("op") == "source" and conditions.card_matches(g, played, step.get("for", {}), owner))


def has_active(g: GameState, c: Chara) -> bool:
    """[Active]: printed, granted by an effect, or given by a scripted continuous effect."""
    card = g.card(c.card)
    if (card.active and not text_negated(g, c)) or c.has_grant("active"):
        return True
    return has_grant(g, c, "active")


#: the grant of 退場しない ("does not leave"; the log's name for it predates this reading)
STAYS: Final = "not_eliminated"
#: the grant of 活動状態にならない ("does not become active": no effect makes it active while it lasts; the turn's own
#: standing of the Area comes after every "this turn" / "until the end of the turn" grant has ended)
STAYS_RESTED: Final = "stays_rested"
#: "does not become active at the start of the turn" (ターン開始時に活動状態にならない, round 25): the Stand step of its
#: player's Turn Start passes it over (rule book 000 "Turn Start": the Charas of the turn player stand), effects do not
NO_START_STAND: Final = "no_start_stand"


def stays_on_area(g: GameState, c: Chara) -> bool:
    """退場しない in force on ``c``: no move takes it off the Area while it lasts. Leaving (退場) is any move off the
    Area (tools/mhk_scripts.py's readings), so this holds against the Elimination Judgement, an effect's discard,
    a return to the hand or the deck, a removal and a Main Area replacement alike."""
    if not c.grants and _grant_free(g, c):  # nothing grants it anything: only a printed 〔我慢〕 can keep it
        return bool(g.card(c.card).endure) and used(ap_dp(g, c)[1]) >= 10
    return has_grant(g, c, STAYS) or endures(g, c)


def endures(g: GameState, c: Chara) -> bool:
    """〔我慢〕 (printed, or granted: ``endure``) in force with DP 10 or more: the Chara does not leave (退場しない, read
    as :func:`stays_on_area` reads it). The rule book (Ver.2.22) predates the keyword; its rule is the reminder text
    the cards print with it (a Chara with DP 10 or more that has it does not leave)."""
    if not ((g.card(c.card).endure and not text_negated(g, c)) or has_grant(g, c, "endure")):
        return False
    return used(ap_dp(g, c)[1]) >= 10


#: the grant of "its text is negated" (テキストは無効になる / テキストを失う, docs/log-extensions.md)
NEGATED: Final = "text_negated"
#: Charas whose negation is being worked out: a continuous grant read meanwhile sees them with their text
_NEGATION_BUSY: Final[set[int]] = set()


def text_negated(g: GameState, c: Chara) -> bool:
    """``c``'s text is negated now (a ``text_negated`` grant: by an op, or a continuous effect of another Chara):
    while it holds the Chara has no text — its continuous effects are not in force, its automatic effects do not
    fire (triggers.fire), its activated ones cannot be used (play.check_text_allowed), and its printed keywords
    (〔アクティブ〕〔強引〕〔我慢〕〔突破〕〔無視〕〔逆境〕, untargetable) are gone. Grants given by other cards stay."""
    if c.grants and c.has_grant(NEGATED):
        return True
    wide = g.wide_cache
    if wide is None or wide[0] != g.area_gen:
        wide = _wide_entry(g)
    if not wide[4] or c.uid in _NEGATION_BUSY:  # no wide step on either Area negates a text (the common case)
        return False
    _NEGATION_BUSY.add(c.uid)
    try:
        return any(s.get("what") == NEGATED for x, s in wide_steps(g, c, "grant") if x is not c)
    finally:
        _NEGATION_BUSY.discard(c.uid)


def has_grant(g: GameState, c: Chara, what: str) -> bool:
    """``what`` granted to ``c`` by an op, or by a scripted continuous effect in force on it."""
    if c.grants and c.has_grant(what):
        return True
    if _grant_free(g, c):
        return False
    return any(s.get("what") == what for s in area_steps(g, c, "grant"))


def forceful(g: GameState, c: Chara) -> bool:
    """〔強引〕 in force with AP 10 or more: the opponent's Chara judged against it is eliminated."""
    if not ((g.card(c.card).forceful and not text_negated(g, c)) or has_grant(g, c, "forceful")):  # by an op or a continuous effect
        return False
    return used(ap_dp(g, c)[0]) >= 10


def breakthrough_value(g: GameState, c: Chara) -> int | None:
    """The Chara's 〔突破N〕, printed or granted (``{"breakthrough": N}``, by an op or a continuous effect in force;
    the largest), or None."""
    printed = g.card(c.card).breakthrough
    if not c.grants and _grant_free(g, c):  # nothing can grant it anything, nor negate its text
        return None if printed is None else int(printed)
    values = [None if text_negated(g, c) else printed]
    if c.grants:
        values += [w["breakthrough"] for w, _ in c.grants if isinstance(w, dict) and "breakthrough" in w]
    if c.supports or "grant" in self_ops(g, c.card) or "grant" in _wide_ops(g):
        values += [s["what"]["breakthrough"] for s in area_steps(g, c, "grant")
                   if isinstance(s.get("what"), dict) and "breakthrough" in s["what"]]
    found = [int(v) for v in values if v is not None]
    return max(found) if found else None


def ignore_value(g: GameState, c: Chara) -> int | None:
    """The Chara's [Ignore X] (〔天然X〕), printed or granted (``{"ignore": X}``, by an op or a continuous effect in
    force; the largest), raised by each 〔天然+N〕 granted (``{"ignore_plus": N}``; a Chara without one gets 〔天然N〕:
    lead's decision, session 10), or None."""
    card = g.card(c.card)
    printed = None if card.ignore is None or text_negated(g, c) else card.ignore
    values = [v for v in (printed, c.granted_ignore()) if v is not None]
    plus = [int(w["ignore_plus"]) for w, _ in c.grants if isinstance(w, dict) and "ignore_plus" in w] if c.grants else []
    if not _grant_free(g, c):
        values += [int(s["what"]["ignore"]) for s in area_steps(g, c, "grant")
                   if isinstance(s.get("what"), dict) and "ignore" in s["what"]]
        from engine.pm import ignore_plus  # here: it reads this module's steps

        plus += ignore_plus.continuous(g, c)
    if plus:
        return max(values, default=0) + sum(plus)
    return max(values) if values else None


def chara_cost(g: GameState, c: Chara) -> int | None:
    """A Chara's usage cost on the Area: printed cost +1 per level above 1 (reading 6, 8), plus ``{"cost": n}`` grants
    (an effect giving Charas on the Area a usage cost change, e.g. MHK 01-053), by ops and by its own continuous
    effects ("this card gets usage cost +N (while …)": :func:`_own_cost`); None for a card that prints no numeric
    usage cost (a symbol: no cost reading fits it)."""
    printed = g.card(c.card).cost
    if printed is None:
        return None
    extra = sum(int(w["cost"]) for w, _ in c.grants if isinstance(w, dict) and "cost" in w) if c.grants else 0
    if (c.supports or "grant" in self_ops(g, c.card)) and c.uid not in _COST_BUSY:
        extra += _own_cost(g, c)
    return used(printed + len(c.stack) + extra)


#: Charas whose own continuous cost changes are being worked out: a condition read meanwhile that asks for the cost
#: again sees it without them (the compiler keeps no such condition: compile_r14.own_cost)
_COST_BUSY: Final[set[int]] = set()


def _own_cost(g: GameState, c: Chara) -> int:
    """The usage cost changes in force on ``c`` from its own (and its Supports') continuous ``grant`` ``{"cost": n}``
    steps (on the Area only: a card's continuous text is in force in play; 手札にある状態で is the hand's)."""
    cards = [g.card(c.card), *(g.card(x.card) for x in c.supports)]
    if not any(st.get("op") == "grant" and isinstance(st.get("what"), Mapping) and "cost" in st["what"]
               for card in cards for _, st in _static_entry(card)[1]):
        return 0
    _COST_BUSY.add(c.uid)
    try:
        return sum(int(st["what"]["cost"]) for st in self_steps(g, c)
                   if st.get("op") == "grant" and isinstance(st.get("what"), Mapping) and "cost" in st["what"])
    finally:
        _COST_BUSY.discard(c.uid)


def hand_cost(g: GameState, player: int, card_id: str) -> int | None:
    """The usage cost of a card in ``player``'s hand, with cost effects applied, floored at 0; None for a card that
    prints no numeric usage cost (a symbol: it cannot be played from the hand, and no cost change gives it one)."""
    card = g.card(card_id)
    cost = card.cost
    if cost is None:
        return None
    me = g.players[player]
    if me.cost_mods:
        for key, mods in me.cost_mods.items():
            if key == base_id(card_id):
                cost += sum(n for n, _ in mods)
            elif key.startswith(HELD_COST):  # locked onto the copies there: the cheapest copy is played first
                if mods and key.split("|", 2)[1] == base_id(card_id) and _copies(me.hand, card_id) <= len(mods):
                    cost += mods[0][0]
            elif "|" in key and conditions.card_matches(g, card, _cost_filter(key), player, "hand", printed_cost=True):
                cost += mods[0][0] if next_cost_key(key) else sum(n for n, _ in mods)
                if EXTRA_KEY in key:  # round 30: "if it is Y, N more" (the same change, used up with it)
                    cost += sum(int(x["n"]) for x in _cost_extra(key)
                                if conditions.card_matches(g, card, x["filter"], player, "hand", printed_cost=True))
    info = g.db_info
    if info is None:
        info = g.db_info = db_info(g.cards)
    cutters, known = info[5], info[3]
    for c in (*me.main, *me.support):
        if (c.card not in cutters and c.card in known) or text_negated(g, c):
            continue  # no continuous effect of this card changes hand costs (or none is in force)
        for eff in g.card(c.card).continuous():
            if conditions.holds(g, player, eff.condition, c):
                assert eff.script is not None
                for step in eff.script:
                    if step.get("op") == "cost" and _cost_step_applies(g, step, card, player):
                        cost += int(step.get("n", 0))
    for eff in _own_cost_effects(card) if "cost" in self_ops(g, card_id) else ():
        if conditions.holds(g, player, eff.condition):
            assert eff.script is not None
            for step in eff.script:
                if step.get("op") == "cost" and step.get("target", "self") == "self":
                    k = 1 if "per" not in step else conditions.count(g, player, step["per"]) // int(step["per"].get("each", 1))
                    cost += int(step.get("n", 0)) * k
    return used(cost)


def _own_cost_effects(card: Card) -> tuple[Any, ...]:
    """The continuous effects of a card that may change its own usage cost in the hand: a Chara's or a Support's, and
    an Event's later effects that are only such a change (round 24: このカードは、手札にある状態で、…使用コスト-Nを得る);
    an Event's first effect is the one its play runs, never read here."""
    if card.type != "event":
        return card.continuous()
    return tuple(e for e in card.effects[1:] if e.scripted and e.script
                 and all(s.get("op") == "cost" and set(s) <= {"op", "n"} for s in e.script))


def _copies(hand: list[str | None], card_id: str) -> int:
    key = base_id(card_id)
    return sum(1 for c in hand if c is not None and base_id(c) == key)


@lru_cache(maxsize=256)
def _cost_filter(key: str) -> dict[str, Any]:
    f = json.loads(key.split("|", 1)[1])
    f.pop(EXTRA_KEY, None)
    return f  # type: ignore[no-any-return]


def _cost_extra(key: str) -> list[dict[str, Any]]:
    """The further changes of a ``next|`` cost change for a card fitting their own filter too (state.EXTRA_KEY)."""
    return list(json.loads(key.split("|", 1)[1]).get(EXTRA_KEY, ()))


def use_next_cost(g: GameState, player: int, card_id: str) -> None:
    """A card was played: every "next card played" cost change it fits is used up for it (a change naming several
    next cards passes to the one after)."""
    me = g.players[player]
    card = g.card(card_id)
    for key in [k for k in me.cost_mods if next_cost_key(k)]:
        if conditions.card_matches(g, card, _cost_filter(key), player, "hand", printed_cost=True):
            me.cost_mods[key].pop(0)
            if not me.cost_mods[key]:
                del me.cost_mods[key]


def _cost_step_applies(g: GameState, step: Mapping[str, Any], card: Card, player: int) -> bool:
    """True when a continuous ``cost`` step reaches ``card`` in ``player``'s hand (its colors there included)."""
    target = step.get("target")
    return isinstance(target, dict) and conditions.card_matches(g, card, target, player, "hand", printed_cost=True)


def can_be_targeted(g: GameState, c: Chara, by_owner: int) -> bool:
    """False for an untargetable Chara chosen by the opponent's effect."""
    card = g.card(c.card)
    if c.owner == by_owner:
        return True
    return not ((card.untargetable and not text_negated(g, c)) or has_grant(g, c, "untargetable"))
