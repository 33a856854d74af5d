"""Slot contents (§3.3), current values of Rulers and Successors (§3.2) and continuous abilities (§8.1)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.clockwork.cards import Ability, CwCard, Kinds
from engine.clockwork.state import Game, Unit
from engine.clockwork.words import KEYWORDS, NUMERIC


def abilities_of(g: Game, u: Unit) -> tuple[Ability, ...]:
    """The unit's own abilities (a Ruler: its current face)."""
    card = g.cards.by_id[u.card]
    return card.faces[u.face]["abilities"] if u.face is not None else card.abilities


def kinds(card: CwCard, face: str | None) -> Kinds:
    """The card's abilities (a Ruler: of one face) sorted by kind."""
    try:
        return card._kinds[face]  # type: ignore[attr-defined,no-any-return]
    except (AttributeError, KeyError):
        return card.kinds(face)


def unit_kinds(g: Game, u: Unit) -> Kinds:
    """:func:`kinds` of the unit's card and face, kept on the unit (``Unit.kinds``, reset when the face turns)."""
    k = u.kinds
    if k is None:
        k = u.kinds = kinds(g.cards.by_id[u.card], u.face)
    return k


def words_matter(g: Game, u: Unit, card_id: str) -> bool:
    """Whether a card joining or leaving ``u`` (a word, a King's Memorion) can change its Mind so that a destruction
    sweep is owed: never for a Ruler (the sweep looks at Successors only), else only through a continuous ability of
    its own or of a King's Memorion."""
    if u.face is not None:
        return False
    by_id = g.cards.by_id
    if by_id[u.card].continuous or by_id[card_id].type == "kings_memorion":
        return True
    for m in u.memorions:  # noqa: SIM110 (a plain loop: no generator on the common path)
        if by_id[m[0]].type == "kings_memorion":
            return True
    return False


def kings_on(g: Game, u: Unit) -> Iterator[CwCard]:
    """The King's Memorions a unit memorises: inherited ones, then recalled ones (CG King)."""
    if not u.memorions and not u.recalls:
        return
    by_id = g.cards.by_id
    for m in u.memorions:
        c = by_id[m[0]]
        if c.type == "kings_memorion":
            yield c
    for r in u.recalls:
        c = by_id[r[0]]
        if c.type == "kings_memorion":
            yield c


def holder_fits(holder: str, u: Unit) -> bool:
    return holder == "any" or (holder == "ruler") == u.is_ruler


def slot_words(g: Game, u: Unit | None, ability: Ability, a_index: int | None, s_index: int) -> list[Any]:
    """The words in slot ``s_index`` of an ability, in order (printed, inherited, recalled); a King's Memorion's
    ability (``a_index`` None) has only its printed words."""
    slot = ability.slots[s_index]
    genre = slot.genre
    words: list[Any] = [] if slot.printed is None else [slot.printed]
    if u is None or a_index is None:
        return words
    by_id = g.cards.by_id
    numeric = genre in NUMERIC
    for m in u.memorions:
        sl = m[1]
        if sl is not None and sl[0] == a_index and sl[1] == s_index:
            c = by_id[m[0]]
            if c.genre == genre and (numeric or c.word not in words):
                words.append(c.word)
    for r in u.recalls:
        sl = r[2]
        if sl is not None and sl[0] == a_index and sl[1] == s_index:
            given = by_id[r[0]].word_given()
            if given is None or given[0] != genre:
                continue
            if r[3] == "rewrite" and not numeric:
                words = [given[1]]
            elif numeric or given[1] not in words:
                words.append(given[1])
    return words


def slot_value(words: list[Any], signed: bool) -> int:
    total = sum(words)
    return total if signed or total >= 0 else 0


def is_active(g: Game, u: Unit | None, ability: Ability, a_index: int | None) -> bool:
    """No blank slot (CG Ability)."""
    for s, slot in enumerate(ability.slots):  # noqa: SIM110 (a plain loop: this runs for every trigger and value)
        if slot.printed is None and not slot_words(g, u, ability, a_index, s):
            return False
    return True


def _continuous(g: Game, u: Unit) -> list[tuple[Ability, int | None]]:
    """The unit's continuous abilities: its own (with their indexes), then its King's Memorions' that fit it."""
    out: list[tuple[Ability, int | None]] = list((u.kinds or unit_kinds(g, u)).sources)
    if u.memorions or u.recalls:
        by_id = g.cards.by_id
        for held in (*u.memorions, *u.recalls):  # kings_on, inlined: inherited, then recalled
            king = by_id[held[0]]
            if king.type == "kings_memorion":
                for _, ab in kinds(king, None).continuous:
                    if holder_fits(ab.holder, u):
                        out.append((ab, None))
    return out


def resolve_number(g: Game, u: Unit | None, ab: Ability, i: int | None, v: Any) -> int:
    if isinstance(v, dict):
        s = v["slot"]
        return slot_value(slot_words(g, u, ab, i, s), ab.slots[s].signed)
    return v


def continuous_values(g: Game, u: Unit) -> tuple[int, int, tuple[str, ...], tuple[tuple[bool, int], ...]]:
    """What the unit's active continuous abilities add: Power, Mind, keywords, and summon level changes as
    (for its own controller?, amount) pairs; cached per unit version."""
    cache = u.cache
    if cache is not None and cache[0] == u.version:
        return cache[1]  # type: ignore[no-any-return]
    power = mind = 0
    keywords: list[str] = []
    levels: list[tuple[bool, int]] = []
    for ab, i in _continuous(g, u):
        if not ab.effect or not is_active(g, u, ab, i):
            continue
        for op in ab.effect:
            name = op["op"]
            if name == "summon_level":
                levels.append((op["p"] == "self", resolve_number(g, u, ab, i, op["n"])))
            elif op.get("at") != "self":
                continue
            elif name == "modify":
                power += resolve_number(g, u, ab, i, op.get("power", 0))
                mind += resolve_number(g, u, ab, i, op.get("mind", 0))
            elif name == "grant":
                kw = op["keyword"]
                keywords += slot_words(g, u, ab, i, kw["slot"]) if isinstance(kw, dict) else [kw]
    values = (power, mind, tuple(keywords), tuple(levels))
    u.cache = (u.version, values)
    return values


def _stats(g: Game, u: Unit) -> tuple[int, int, list[str]]:
    card = g.cards.by_id[u.card]
    power, mind, more, _ = continuous_values(g, u)
    power += card.power
    mind += card.mind
    for dp, dm in u.mods:
        power += dp
        mind += dm
    return power, mind, [*card.keywords, *u.grants, *more]


def power(g: Game, u: Unit) -> int:
    card = g.cards.by_id[u.card]
    value = card.power
    for m in u.mods:
        value += m[0]
    if card.continuous or u.memorions or u.recalls:
        cache = u.cache  # (continuous_values' cache, looked at here first: no call)
        value += (cache[1] if cache is not None and cache[0] == u.version else continuous_values(g, u))[0]
    return value if value > 0 else 0


def mind(g: Game, u: Unit) -> int:
    """Printed Mind plus modifications, minus damage, never below 0."""
    card = g.cards.by_id[u.card]
    value = card.mind - u.damage
    for m in u.mods:
        value += m[1]
    if card.continuous or u.memorions or u.recalls:
        cache = u.cache  # (continuous_values' cache, looked at here first: no call)
        value += (cache[1] if cache is not None and cache[0] == u.version else continuous_values(g, u))[1]
    return value if value > 0 else 0


def keywords(g: Game, u: Unit) -> list[str]:
    kws = set(_stats(g, u)[2])
    return [k for k in KEYWORDS if k in kws]


def has(g: Game, u: Unit, keyword: str) -> bool:
    card = g.cards.by_id[u.card]
    if keyword in card.keywords or keyword in u.grants:
        return True
    if not (card.continuous or u.memorions or u.recalls):
        return False
    cache = u.cache  # (continuous_values' cache, looked at here first: no call)
    return keyword in (cache[1] if cache is not None and cache[0] == u.version else continuous_values(g, u))[2]


def summon_level(g: Game, p: int) -> int:
    """The Ruler's face level plus summon_level ops in force (turn-long ones and continuous ones of both players)."""
    ruler = g.players[p].ruler
    if ruler is None:
        return 0
    by_id = g.cards.by_id
    level = by_id[ruler.card].faces[ruler.face]["summon_level"] + ruler.level_mods  # type: ignore[index]
    units = g.level_units  # only a continuous summon_level op, of the unit's card or a King's Memorion on it, changes it
    if not units:
        return level
    players = g.players
    gone = False
    for owner, u in units:
        pl = players[owner]
        if u is not pl.ruler and u not in pl.zones:  # it has left the field
            gone = True
            continue
        cache = u.cache  # (continuous_values' cache, kept per unit version, looked at here first: no call)
        for own, n in (cache[1] if cache is not None and cache[0] == u.version else continuous_values(g, u))[3]:
            if own == (owner == p):  # a change for its own controller, or for the rival
                level += n
    if gone:
        g.level_units = [(o, u) for o, u in units if u is players[o].ruler or u in players[o].zones]
    return level


def has_slot(g: Game, u: Unit, slot: Any, genre: str) -> bool:
    """Whether ``slot`` ([ability, slot]) names a slot of ``genre`` among the unit's abilities."""
    if not (isinstance(slot, list) and len(slot) == 2):
        return False
    return (u.kinds or unit_kinds(g, u)).genres.get((slot[0], slot[1])) == genre


def any_slot(g: Game, u: Unit, genre: str) -> bool:
    return genre in (u.kinds or unit_kinds(g, u)).genres.values()  # (its abilities' slots, by kind)


def slots_of(g: Game, u: Unit, genre: str) -> list[list[int]]:
    return [[a, s] for a, ab in enumerate(abilities_of(g, u)) for s, sl in enumerate(ab.slots) if sl.genre == genre]
