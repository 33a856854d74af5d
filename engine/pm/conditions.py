"""Filters, counts and conditions of effect scripts (data only; see docs/log-extensions.md).

A *card filter* is a mapping whose keys all must hold for a card: ``type``, ``color`` (a color or
a list), ``name`` (a name or a list: any of the card's names), ``name_has`` (a part of a name),
``property``, ``series`` (a series, compared after merging groups), ``max_cost``, ``min_cost``,
``combo`` (bool), ``ex`` (bool), ``left_this_turn`` (a card of its owner's that left the Area this turn: a card in
the discard "that left this turn"; copies of one card are alike), and read after those (FILTER_MORE_KEYS) ``any_of``
(a list of card filters: one must fit), ``not`` (a card filter that must not fit), ``source`` (printed source
value), ``keyword`` (a keyword the card prints: ``active``), ``has_stats`` (printed with AP/DP values, round 22).

A *Chara spec* is a card filter (whose ``max_cost`` / ``min_cost`` read the Chara's usage cost on the Area:
levels and cost changes, :func:`_cost_problem`) plus ``side`` (``self``/``opponent``/``any``, seen from the acting
player), ``area`` (``main``/``support``/``any``), ``rested``, ``not_self`` (not the effect's own
Chara), ``uid`` (that one Chara: a grant's spec naming a Chara, bound when granted, engine.pm.ops; round 28),
``left_by_approach`` (a trigger's subject leaving by the Elimination Judgement of an approach it took part in, as the
condition of that name reads the effect's own Chara; round 28),
``zero_stat`` (AP or DP is 0), ``min_stat`` (AP or DP at least this; both need a Chara with AP/DP: "-/-"
has no value), ``approaching``, ``interfering``, ``interfered`` (approaching and being interfered),
``entered_this_turn``, ``has_stats``,
``any_of`` (a list of Chara specs: one must fit), ``not`` (a Chara spec that must not fit: "other than"),
``shares_property`` (has a property of the effect's own Chara), ``shares_name`` (round 29: has a name the effect's
own Chara has, both as they count now), ``keyword`` (a keyword in force on the Chara:
``active``, as the engine applies it), ``interfering_with`` (a Chara spec: it is the
Interferer of the approach under way, against a Chara fitting the spec), ``interfered_by`` (a Chara spec: it is an
approaching Chara of the approach under way, interfered by a Chara fitting the spec), ``is_source`` (it is the
effect's own Chara: "this card" inside a phrase, このカードを妨害しているキャラ), ``max_ap``/``max_dp`` (AP/DP at most: a
Chara with AP/DP only, as ``zero_stat``), ``min_ap`` / ``min_dp`` (AP / DP at least: the same; ``min_dp`` round 30),
``source``
(printed source value), ``used_text`` (used one of its Movement effects this turn: テキストの使用 is Effect Usage, 000 "Regarding Effect
Usage"; an automatic effect firing is not a use), ``ap_below_source_dp`` (AP below the
DP of the effect's own Chara), ``name_of_eliminated`` (shares a name with a card just eliminated),
``sum_at_most_source`` (AP + DP at most the effect's own Chara's AP + DP; round 24), ``min_level`` (level
at least N: 1 + the cards of its Level Up stack, rule book 001 "Level up"; round 24),
``approached_at_least`` (approached N or more times this turn; round 24), ``below_source`` (``{"stat": "cost" |
"ap" | "dp", "by": n}``: its usage cost on the Area / AP / DP at least ``n`` below the effect's own Chara's, as both
stand, このカードより使用コストが低い, APが30以上低い; for a ``not_interfered_by`` grant the Chara holding it, whose
approach it is; a Chara without the value, or no such Chara on the Area, does not fit; round 25).
A number in a filter or spec (``max_cost``, ``max_dp``...) may be a count (``{"count": what}``, see
:func:`count`) worked out for the acting player when it is checked.

A *condition* is a mapping whose keys all must hold: ``own_turn``, ``has_name``, ``has_property``,
``points_at_least``, ``hand_at_most``, ``played_at_least`` (cards the owner played this turn),
``count`` (``{"spec": Chara spec, "at_least": n}``), ``approaching``/``interfering``/``interfered``
(the effect's own Chara now), ``interfered_by`` / ``interfering_with`` (a Chara spec: the effect's own Chara is
interfered by a Chara fitting it / interferes one fitting it now), ``entered_this_turn`` (the effect's own Chara),
``not`` (a condition),
``any_of`` / ``all_of`` (a list of conditions: one / each must hold), ``first_time`` (a trigger that fires once a
turn, the first time its cause happens), ``phase`` (``main``/``approach``), ``in_area`` (the effect's
own Chara is in that area), ``history`` (this turn's plays, entries, approaches or interferences: ``{"event", "filter",
"who", "at_least"|"exactly", "distinct"}``), ``answers`` (a response: what it answers, ``{"type": action type,
"side", "filter"}``), ``entered_by`` (a card filter the card whose effect put the Chara onto the Area fits; ``side``:
whose effect it is, round 24), ``opponent_leaves_too`` (an opposing participant of the approach leaves by the same
Elimination Judgement; checked when the Chara leaves),
``cards`` (``{"zone", "who", "filter", "at_least"|"at_most"}``: cards in a player's discard, removed zone or hand,
see :func:`cards_in_zone`; also a count),
``nothing_under`` (no card under the effect's own Chara: none face down, no Level Up stack; round 20),
``left_by_approach`` (アプローチで退場: the effect's own Chara leaves by the Elimination Judgement of an approach in
which it approached or interfered; checked when it leaves), ``left_to`` (the zone the effect's own Chara leaves the
Area for, after its own replacement effects: 場から捨て札置き場に置かれた; checked when it leaves; round 24).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from engine.pm import coins, stats
from engine.pm.cards import Card, base_id
from engine.pm.state import Chara, GameState

CARD_KEYS: Final = frozenset({"type", "color", "name", "name_has", "property", "series", "max_cost", "min_cost", "combo", "ex",
                       "backup", "left_this_turn", "cost_symbol"})


def _one(value: Any) -> tuple[Any, ...]:
    return tuple(value) if isinstance(value, (list, tuple)) else (value,)


def number(g: GameState, owner: int, value: Any) -> Any:
    """A filter's number: a count (``{"count": what}``) worked out for ``owner``, else the value itself."""
    if isinstance(value, dict) and "count" in value:  # card data is JSON: a plain dict (a fast check)
        return count(g, owner, value["count"])
    return value


def _left_this_turn(g: GameState, card: Card, owner: int | None) -> bool:
    key = base_id(card.id)
    return owner is not None and any(ev == "leave" and cid is not None and base_id(cid) == key
                                    for ev, cid, _ in g.players[owner].turn_log)


def card_matches(g: GameState, card: Card, f: Mapping[str, Any], owner: int | None = None, zone: str = "area", *,
                 printed_cost: bool = False, chara: Chara | None = None) -> bool:
    """True when ``card`` passes the card filter ``f`` (other keys are ignored here); ``owner``: the player
    whose card it is (effects making their cards count as another color, dynamic numbers); ``zone``: where the card
    is (``area``: on the Area or being played from the hand; such color effects name the zones they reach).
    ``max_cost`` / ``min_cost`` of a card in the hand (``zone`` ``hand``) compare its usage cost as changed there
    (:func:`engine.pm.stats.hand_cost`); ``printed_cost`` (the hand-cost reckoning itself) compares the printed one.
    ``chara``: the Chara on the Area the card is, if it is one (its names under a condition go with its text)."""
    cost = card.cost
    if zone == "hand" and owner is not None and not printed_cost and ("max_cost" in f or "min_cost" in f):
        cost = _cost_in_hand(g, card, owner)
    for key, want in f.items():
        if key not in CARD_KEYS:
            continue
        if isinstance(want, dict):
            want = number(g, 0 if owner is None else owner, want)
        if key == "type" and card.type != want:
            return False
        if key == "color" and card.color not in _one(want) and not (
                owner is not None and set(stats.extra_colors(g, owner, zone)) & set(_one(want))):
            return False
        if key == "name" and not set(_one(want)) & set(card.names if not card.cond_names else names_now(g, card, owner, chara)):
            return False
        if key == "name_has" and not any(want in n for n in (card.names if not card.cond_names else names_now(g, card, owner, chara))):
            return False
        if key == "property" and want not in card.properties:
            return False
        if key == "series" and g.cards.series_key(card.series) != g.cards.series_key(want):
            return False
        if key == "max_cost" and (cost is None or cost > want):  # a symbol cost (△) fits no cost filter
            return False
        if key == "min_cost" and (cost is None or cost < want):
            return False
        if key == "combo" and (card.combo is not None) != bool(want):
            return False
        if key == "ex" and card.ex != bool(want):
            return False
        if key == "backup" and (card.backup is not None) != bool(want):
            return False
        if key == "left_this_turn" and _left_this_turn(g, card, owner) != bool(want):
            return False
        if key == "cost_symbol" and card.cost_symbol != want:  # round 25: usage cost printed as this symbol (△)
            return False
    return FILTER_MORE_KEYS.isdisjoint(f) or _filter_more(g, card, f, owner, zone, chara)


#: card filter keys read after the others (:func:`_filter_more`): ``any_of`` (a list of card filters: one fits),
#: ``not`` (a card filter that must not fit: 以外の), ``source`` (the printed source value), ``keyword`` (a keyword the
#: card prints: ``active``; on the Area a Chara spec's ``keyword`` reads the keywords in force, :func:`has_keyword`)
FILTER_MORE_KEYS: Final = frozenset({"any_of", "not", "source", "keyword", "has_stats"})
#: the keywords a filter or spec may name: printed on the card / in force on a Chara
KEYWORDS: Final[dict[str, tuple[Any, Any]]] = {
    "active": (lambda card: card.active, lambda g, c: stats.has_active(g, c)),
    # round 27: 〔天然〕 with no number: any [Ignore N] (printed, granted or given by an effect in force); 〔コンビ〕: a
    # Combo card (printed only: no effect grants it)
    "ignore": (lambda card: card.ignore is not None, lambda g, c: stats.ignore_value(g, c) is not None),
    "combo": (lambda card: card.combo is not None, lambda g, c: g.card(c.card).combo is not None),
    # round 31: 〔ブレイク〕 (printed only, as 〔コンビ〕: no effect grants it)
    "break": (lambda card: card.break_, lambda g, c: g.card(c.card).break_),
}


def _filter_more(g: GameState, card: Card, f: Mapping[str, Any], owner: int | None, zone: str,
                 chara: Chara | None = None) -> bool:
    """The keys of FILTER_MORE_KEYS in the card filter ``f`` (``not`` and ``any_of`` hold card filters, read by
    :func:`card_matches` on the same card, owner and zone)."""
    if "source" in f and card.source != f["source"]:
        return False
    if "keyword" in f and not KEYWORDS[f["keyword"]][0](card):
        return False
    if "has_stats" in f and card.has_stats != bool(f["has_stats"]):  # round 22: printed with AP/DP (or -/-)
        return False
    if "not" in f and card_matches(g, card, f["not"], owner, zone, chara=chara):
        return False
    return "any_of" not in f or any(card_matches(g, card, alt, owner, zone, chara=chara) for alt in f["any_of"])


def filter_unread(f: Mapping[str, Any]) -> set[str]:
    """The keys of the card filter ``f`` (also inside its ``not`` / ``any_of``) that no card filter reads: a filter
    holding one would be looser than its text (the compiler then leaves the effect unread)."""
    bad = set(f) - CARD_KEYS - FILTER_MORE_KEYS
    if f.get("keyword", "active") not in KEYWORDS:
        bad.add("keyword")
    for key, inner in [("not", f.get("not"))] * ("not" in f) + [("any_of", x) for x in f.get("any_of", ())]:
        bad |= filter_unread(inner) if isinstance(inner, Mapping) else {key}
    return bad


#: Charas whose keywords are being worked out (:func:`has_keyword`)
_KEYWORD_BUSY: Final[set[int]] = set()


def has_keyword(g: GameState, c: Chara, keyword: str) -> bool:
    """Whether the keyword (a key of KEYWORDS) is in force on Chara ``c`` (printed, granted, or given by a continuous
    effect: as the engine applies it). Asked again while one is being worked out (a continuous effect's condition
    counting Charas with the keyword, the effect being one of those that could give it: SZ2 01-057), it reads what
    is printed and granted by ops only, so that no condition waits on itself."""
    if _KEYWORD_BUSY:
        return bool(KEYWORDS[keyword][0](g.card(c.card)) or c.has_grant(keyword))
    _KEYWORD_BUSY.add(c.uid)
    try:
        return bool(KEYWORDS[keyword][1](g, c))
    finally:
        _KEYWORD_BUSY.discard(c.uid)


#: cards whose cost in the hand is being worked out: a filter read meanwhile compares the printed cost
_HAND_COST_BUSY: Final[set[str]] = set()


def _cost_in_hand(g: GameState, card: Card, owner: int) -> int | None:
    """The usage cost of ``card`` in ``owner``'s hand as cost effects change it (the printed one while it is being
    worked out, so that a cost effect reading a cost never reads itself)."""
    if card.id in _HAND_COST_BUSY:
        return card.cost
    _HAND_COST_BUSY.add(card.id)
    try:
        return stats.hand_cost(g, owner, card.id)
    finally:
        _HAND_COST_BUSY.discard(card.id)


def _eliminated_of_opponent(g: GameState, actor: int) -> list[str]:
    """The cards of ``actor``'s opponent the last Elimination Judgement sent off (MHK 01-065: "the opponent's Chara
    that left by this card's approach"; this card leaving in the same judgement names nothing)."""
    owners = g.eliminated_owners
    if len(owners) != len(g.eliminated):  # a snapshot from before owners were kept: every card sent off
        return list(g.eliminated)
    return [cid for cid, owner in zip(g.eliminated, owners, strict=True) if owner != actor]


def chara_problem(g: GameState, actor: int, spec: Mapping[str, Any], c: Chara, source: Chara | None = None) -> str | None:
    """Why Chara ``c`` does not fit ``spec`` (None when it does)."""
    side, area, f, early, later = _spec_parts(spec)
    if side == "self" and c.owner != actor:
        return "is not the player's own Chara"
    if side == "opponent" and c.owner == actor:
        return "is not an opponent's Chara"
    if area != "any" and c.area != area:
        return f"is not in the {area} area"
    if early:
        if "max_cost" in spec or "min_cost" in spec:  # the usage cost on the Area (levels, cost grants), both limits
            problem = _cost_problem(g, actor, spec, c)
            if problem:
                return problem
        if "rested" in spec and c.rested != spec["rested"]:
            return "is not rested" if spec["rested"] else "is not active"
        if spec.get("not_self") and source is not None and c.uid == source.uid:
            return "is the effect's own Chara"
        if "uid" in spec and c.uid != spec["uid"]:  # one Chara a grant names (engine.pm.ops._bound; round 28)
            return "is not the Chara the effect named"
    if f and not card_matches(g, g.card(c.card), f, c.owner, chara=c):
        return f"does not fit {f}"
    if later:
        return _later_problem(g, actor, spec, c, source)
    return None


def _cost_problem(g: GameState, actor: int, spec: Mapping[str, Any], c: Chara) -> str | None:
    """A Chara spec's ``max_cost`` / ``min_cost`` against the Chara's usage cost on the Area now (stats.chara_cost):
    a Chara's usage cost is a value of the Chara as it stands, which a Level Up raises by 1 a card (rule book 000
    ⑬ Other Rules P20–24, "Level Up Rules") and effects change, so "usage cost N or more / N or less / exactly N"
    reads that value for both limits, never the printed cost alone."""
    cost = stats.chara_cost(g, c)
    if cost is None and ("max_cost" in spec or "min_cost" in spec):
        return "has no numeric usage cost"
    if cost is None:
        return None
    if "max_cost" in spec and cost > number(g, actor, spec["max_cost"]):
        return f"has usage cost {cost} > {number(g, actor, spec['max_cost'])}"
    if "min_cost" in spec and cost < number(g, actor, spec["min_cost"]):
        return f"has usage cost {cost} < {number(g, actor, spec['min_cost'])}"
    return None


#: spec keys checked after the card filter (rarer; their order in :func:`_later_problem` is the rulings' order)
_EARLY_KEYS: Final = frozenset({"max_cost", "min_cost", "rested", "not_self", "uid"})
_LATER_KEYS: Final = frozenset({
    "max_ap", "max_dp", "min_ap", "min_dp", "source", "used_text", "ap_below_source_dp", "name_of_eliminated", "any_of",
    "has_stats", "zero_stat", "min_stat", "approaching", "interfering", "interfered", "entered_this_turn", "not", "shares_property",
    "interfering_with", "keyword", "interfered_by", "is_source", "coins", "supported", "sum_at_most_source", "min_level",
    "approached_at_least", "below_source", "left_by_approach", "shares_name"})
#: card filter keys a Chara spec reads on the Chara as it stands on the Area (:func:`_cost_problem`)
_AREA_COST_KEYS: Final = frozenset({"max_cost", "min_cost"})
_SpecParts = tuple[str, str, dict[str, Any], bool, bool]
_SPECS: Final[dict[int, tuple[Mapping[str, Any], _SpecParts]]] = {}


def _spec_parts(spec: Mapping[str, Any]) -> _SpecParts:
    """(side, area, the card filter, whether a key checked before / after the filter is present) of a Chara spec,
    cached per spec object (specs come from card data and logs and are not changed once read)."""
    hit = _SPECS.get(id(spec))
    if hit is not None and hit[0] is spec:
        return hit[1]
    parts = (spec.get("side", "any"), spec.get("area", "any"),
             {k: v for k, v in spec.items() if k in CARD_KEYS and k not in _AREA_COST_KEYS}, not _EARLY_KEYS.isdisjoint(spec),
             not _LATER_KEYS.isdisjoint(spec))
    if len(_SPECS) > 8192:
        _SPECS.clear()
    _SPECS[id(spec)] = (spec, parts)
    return parts


def _later_problem(g: GameState, actor: int, spec: Mapping[str, Any], c: Chara, source: Chara | None) -> str | None:
    """The Chara spec keys checked once side, area and the card filter fit."""
    card = g.card(c.card)
    if not SPEC_EXTRA.isdisjoint(spec):
        problem = _extra_problem(g, actor, spec, c, source)
        if problem:
            return problem
    if spec.get("has_stats") and not card.has_stats:
        return "has no AP/DP"
    if "zero_stat" in spec or "min_stat" in spec:
        if not card.has_stats:  # "-/-": no AP/DP value at all, so none that is 0 (or at least N)
            return "has no AP/DP"
        ap, dp = (stats.used(v) for v in stats.ap_dp(g, c))
        if spec.get("zero_stat") and ap and dp:
            return f"has AP {ap} and DP {dp}, neither 0"
        if "min_stat" in spec and max(ap, dp) < spec["min_stat"]:
            return f"has AP {ap} and DP {dp}, both below {spec['min_stat']}"
    ap_ = g.approach
    if spec.get("approaching") and (ap_ is None or c.uid not in ap_.attackers):
        return "is not approaching"
    if spec.get("interfering") and (ap_ is None or ap_.interferer != c.uid):
        return "is not interfering"
    if spec.get("interfered") and (ap_ is None or c.uid not in ap_.attackers or ap_.interferer is None):
        return "is not being interfered"
    if spec.get("entered_this_turn") and c.entered_turn != g.turn:
        return "did not enter this turn"
    if spec.get("left_by_approach") and not (ap_ is not None and ap_.judging and (
            c.uid in ap_.attackers or ap_.interferer == c.uid)):
        return "is not leaving by an approach's Elimination Judgement"  # round 28: a subject leaving (アプローチで退場)
    return None


SPEC_EXTRA: Final = frozenset({"max_ap", "max_dp", "min_ap", "min_dp", "source", "used_text", "ap_below_source_dp",
                        "name_of_eliminated", "any_of",
                        "not", "shares_property", "interfering_with", "keyword", "interfered_by", "is_source", "coins",
                        "supported", "sum_at_most_source", "min_level", "approached_at_least", "below_source",
                        "shares_name"})


def _extra_problem(g: GameState, actor: int, spec: Mapping[str, Any], c: Chara, source: Chara | None) -> str | None:
    """The rarer Chara spec keys (SPEC_EXTRA)."""
    card = g.card(c.card)
    if "any_of" in spec and all(chara_problem(g, actor, alt, c, source) for alt in spec["any_of"]):
        return f"fits none of {list(spec['any_of'])}"
    if "not" in spec and chara_problem(g, actor, spec["not"], c, source) is None:
        return f"fits {dict(spec['not'])}"
    if "interfering_with" in spec:  # the Interferer of the approach under way, against a Chara fitting the spec
        appr = g.approach
        if appr is None or appr.interferer != c.uid or not any(
                (x := g.chara_by_uid(u)) is not None and chara_problem(g, actor, spec["interfering_with"], x, source) is None
                for u in appr.attackers):
            return f"is not interfering a Chara fitting {dict(spec['interfering_with'])}"
    if "interfered_by" in spec:  # an approaching Chara of the approach under way, its Interferer fitting the spec
        appr = g.approach
        blocker = g.chara_by_uid(appr.interferer) if appr is not None and appr.interferer is not None else None
        if appr is None or c.uid not in appr.attackers or blocker is None \
                or chara_problem(g, actor, spec["interfered_by"], blocker, source) is not None:
            return f"is not interfered by a Chara fitting {dict(spec['interfered_by'])}"
    if "is_source" in spec and (source is None or c.uid != source.uid) == bool(spec["is_source"]):
        return "is not the effect's own Chara" if spec["is_source"] else "is the effect's own Chara"
    if spec.get("shares_property") and (source is None or not set(card.properties) & set(g.card(source.card).properties)):
        return "shares no property with the effect's own Chara"
    if spec.get("shares_name") and (source is None or not set(names_now(g, card, c.owner, c)) & set(
            names_now(g, g.card(source.card), source.owner, source))):
        # round 29: "with this card's name" (このカードと同じ名称の) as a Chara spec: a name both count as now
        return "shares no name with the effect's own Chara"
    if "coins" in spec:  # coins on it (engine.pm.coins)
        problem = coins.spec_problem(c, spec["coins"])
        if problem:
            return problem
    if "supported" in spec and not any(card_matches(g, g.card(x.card), {**spec["supported"], "type": "support"}, c.owner)
                                       for x in c.supports):
        return f"has no Support fitting {dict(spec['supported'])} set on it"
    if "source" in spec and card.source != spec["source"]:
        return f"has source {card.source}, not {spec['source']}"
    if "keyword" in spec and not has_keyword(g, c, spec["keyword"]):
        return f"has no {spec['keyword']} keyword in force"
    if spec.get("used_text") and g.turn not in c.used.values():  # a Movement effect used (000 Effect Usage)
        return "has used no text this turn"
    if "name_of_eliminated" in spec and not set(names_now(g, card, c.owner, c)) & names_of(g, _eliminated_of_opponent(g, actor),
                                                                                   1 - actor):
        return "shares no name with the opponent's Chara just eliminated"
    if "min_level" in spec and c.level < int(spec["min_level"]):  # round 24: LVN以上 (1 + its Level Up stack)
        return f"is level {c.level} < {spec['min_level']}"
    if "approached_at_least" in spec:  # round 24: approached N or more times this turn (its own turn's history)
        n = sum(1 for ev, _, uid in g.players[c.owner].turn_log if ev == "approach" and uid == c.uid)
        if n < int(spec["approached_at_least"]):
            return f"approached {n} time(s) this turn, fewer than {spec['approached_at_least']}"
    if "below_source" in spec:  # round 25: lower than the effect's own Chara's (このカードより使用コストが低い)
        problem = _below_source(g, spec["below_source"], c, source)
        if problem:
            return problem
    if spec.get("sum_at_most_source"):  # round 24: AP + DP at most the effect's own Chara's AP + DP
        if not card.has_stats or source is None or g.chara_by_uid(source.uid) is None:
            return "has no AP + DP to compare"
        mine, theirs = (sum(stats.used(v) for v in stats.ap_dp(g, x)) for x in (c, source))
        if mine > theirs:
            return f"has AP + DP {mine} > {theirs}"
    if "max_ap" in spec or "max_dp" in spec or "min_ap" in spec or "min_dp" in spec or "ap_below_source_dp" in spec:
        if ("max_ap" in spec or "max_dp" in spec or "min_ap" in spec or "min_dp" in spec) and not card.has_stats:
            return "has no AP/DP"  # "-/-": no value at all, so none that is N or less (as zero_stat / min_stat)
        ap, dp = (stats.used(v) for v in stats.ap_dp(g, c))
        if "max_ap" in spec and ap > number(g, actor, spec["max_ap"]):
            return f"has AP {ap} > {spec['max_ap']}"
        if "max_dp" in spec and dp > number(g, actor, spec["max_dp"]):
            return f"has DP {dp} > {spec['max_dp']}"
        if "min_ap" in spec and ap < number(g, actor, spec["min_ap"]):  # round 20: AP at least (このカードのAPがN以上)
            return f"has AP {ap} < {spec['min_ap']}"
        if "min_dp" in spec and dp < number(g, actor, spec["min_dp"]):  # round 30: DP at least (DPが100以上の)
            return f"has DP {dp} < {spec['min_dp']}"
        if spec.get("ap_below_source_dp"):
            limit = stats.used(stats.ap_dp(g, source)[1]) if source is not None and g.chara_by_uid(source.uid) else 0
            if ap >= limit:
                return f"has AP {ap}, not below {limit}"
    return None


def _stat_of(g: GameState, stat: str, c: Chara) -> int | None:
    """A Chara's usage cost on the Area, AP or DP as it stands (None: it has no such value)."""
    if stat == "cost":
        return stats.chara_cost(g, c)
    if not g.card(c.card).has_stats:
        return None
    return stats.used(stats.ap_dp(g, c)[0 if stat == "ap" else 1])


def _below_source(g: GameState, want: Mapping[str, Any], c: Chara, source: Chara | None) -> str | None:
    """``below_source``: the Chara's value at least ``by`` below the effect's own Chara's (round 25)."""
    stat, by = str(want["stat"]), int(want.get("by", 1))
    if source is None or g.chara_by_uid(source.uid) is None:
        return f"has no Chara to compare its {stat} with"
    mine, theirs = _stat_of(g, stat, c), _stat_of(g, stat, source)
    if mine is None or theirs is None:
        return f"has no {stat} value to compare"
    if mine > theirs - by:
        return f"has {stat} {mine}, not {by} or more below {theirs}"
    return None


def charas(g: GameState, actor: int, spec: Mapping[str, Any], source: Chara | None = None) -> list[Chara]:
    """Every Chara on either Area that fits ``spec``: "your Charas" are those in the Main and the Support Area
    (rule book 001, "place"), unless ``area`` names one."""
    return [c for p in g.players for c in p.area() if chara_problem(g, actor, spec, c, source) is None]


def count(g: GameState, owner: int, what: Mapping[str, Any], source: Chara | None = None) -> int:
    """A number an effect scales with: ``{"charas": spec}``, ``{"hand": "self"}``, ``{"points": "self"}``,
    ``{"supports": "self"}`` (the Support cards set on that player's Charas, round 25)."""
    if "charas" in what:
        return len(charas(g, owner, what["charas"], source))
    if "hand" in what:
        return len(g.players[owner if what["hand"] == "self" else 1 - owner].hand)
    if "points" in what:
        return len(g.players[owner if what["points"] == "self" else 1 - owner].points)
    if "supports" in what:
        return sum(len(c.supports) for c in g.players[owner if what["supports"] == "self" else 1 - owner].area())
    if "played" in what:
        return g.players[owner].played_this_turn
    if "history" in what:
        return history_count(g, owner, what["history"])
    if "cards" in what:
        return cards_in_zone(g, owner, what["cards"])
    return 0


#: the zones whose cards a ``cards`` count may look at: public ones, and the hand (its size only, no filter)
_COUNTED_ZONES: Final = {"discard": "discard", "removed": "removed", "hand": "hand"}


def cards_in_zone(g: GameState, owner: int, what: Mapping[str, Any]) -> int:
    """The cards in a player's zone (``who``: ``self`` / ``opponent`` seen from ``owner``; ``zone``: discard, removed,
    hand, or ``point_up``: the Point Zone's face-up cards, round 25) fitting ``filter`` (none for the hand: its cards
    are hidden, only their number is known). Cards the recorder did not see (None) count only without a filter."""
    p = g.players[owner if what.get("who", "self") == "self" else 1 - owner]
    zone = what["zone"]
    if zone == "point_up":
        cards: list[str | None] = [cid for cid, up in p.points if up]
        zone = "point"
    elif zone not in _COUNTED_ZONES or (zone == "hand" and what.get("filter")):
        raise ValueError(f"cards of {zone!r} fitting a filter are not counted")
    else:
        cards = getattr(p, _COUNTED_ZONES[zone])
    f = what.get("filter") or {}
    if not f:
        return len(cards)
    who = owner if what.get("who", "self") == "self" else 1 - owner
    return sum(1 for cid in cards if cid is not None and card_matches(g, g.card(cid), f, who, zone))


def history_count(g: GameState, owner: int, h: Mapping[str, Any]) -> int:
    """This turn's plays/entries/approaches/interferences/cards put into the Point Zone (``event``: ``point``, an
    unknown card fitting only an empty filter) of cards fitting ``filter`` (``who``: self by
    default, ``opponent`` or ``any``); ``distinct``: count each card once (a Chara approaching twice once, two copies
    of it twice; plays by card id); ``sum``: ``"cost"`` adds up printed costs."""
    who = h.get("who", "self")
    players = (0, 1) if who == "any" else (owner if who == "self" else 1 - owner,)
    f = h.get("filter", {})
    found = [(cid, uid) for p in players for ev, cid, uid in g.players[p].turn_log
             if ev == h.get("event", "play") and (card_matches(g, g.card(cid), f, p) if cid is not None else not f)]
    if h.get("distinct"):  # each card once: a Chara by its object (two copies are two cards), a play by its id
        found = list(dict.fromkeys(found))
    hits = [cid for cid, _ in found]
    if h.get("sum") == "cost":
        return sum(g.card(cid).cost or 0 for cid in hits if cid is not None)  # a symbol cost (△), an unknown card: no number
    return len(hits)


def holds(g: GameState, owner: int, cond: Mapping[str, Any] | None, source: Chara | None = None) -> bool:
    """Evaluate a condition for ``owner`` (``source``: the effect's own Chara, when on the Area)."""
    if not cond:
        return True
    me = g.players[owner]
    for key, want in cond.items():  # noqa: SIM110 - a plain loop: this runs for every condition checked
        if not _holds(g, owner, me, key, want, source):
            return False
    return True


def _holds(g: GameState, owner: int, me: Any, key: str, want: Any, source: Chara | None) -> bool:
    if key == "own_turn":
        return (g.turn_player == owner and g.phase != "setup") == bool(want)
    if key == "has_name":
        return any(set(_one(want)) & set(names_now(g, g.card(c.card), owner, c)) for c in me.area()
                   if source is None or c is not source)
    if key == "has_property":
        return any(want in g.card(c.card).properties for c in me.area())
    if key == "points_at_least":
        return len(me.points) >= int(want)
    if key == "hand_at_most":
        return len(me.hand) <= int(want)
    if key == "played_at_least":
        return int(me.played_this_turn) >= int(want)
    if key == "count":
        return count(g, owner, {"charas": want["spec"]}, source) >= int(want.get("at_least", 1))
    if key in ("approaching", "interfering", "interfered"):
        ap = g.approach
        if source is None or ap is None:
            return not want
        on = source.uid in ap.attackers if key != "interfering" else ap.interferer == source.uid
        if key == "interfered":
            on = on and ap.interferer is not None
        return on == bool(want)
    if key in ("interfered_by", "interfering_with"):  # the effect's own Chara and the Chara(s) opposite it
        ap = g.approach
        if source is None or ap is None:
            return False
        if key == "interfered_by":
            if source.uid not in ap.attackers or ap.interferer is None:
                return False
            opposite = [g.chara_by_uid(ap.interferer)]
        else:
            if ap.interferer != source.uid:
                return False
            opposite = [g.chara_by_uid(u) for u in ap.attackers]
        return any(x is not None and chara_problem(g, owner, want, x, source) is None for x in opposite)
    if key == "entered_this_turn":
        return source is not None and (source.entered_turn == g.turn) == bool(want)
    if key == "rested":  # the effect's own Chara is rested (True) / active (False): off the Area, neither
        return source is not None and source.rested == bool(want)
    if key == "nothing_under":  # round 20: no card under the effect's own Chara (face down, or a Level Up stack)
        return source is not None and g.on_area(source) and (not source.under and not source.stack) == bool(want)
    if key == "not":
        return not holds(g, owner, want, source)
    if key == "any_of":
        return any(holds(g, owner, c, source) for c in want)
    if key == "all_of":
        return all(holds(g, owner, c, source) for c in want)
    if key == "phase":
        return g.phase == want
    if key == "in_area":
        return source is not None and source.area == want
    if key == "cards":  # cards in a zone: at least / at most so many (``cards_in_zone``)
        n = cards_in_zone(g, owner, want)
        return n >= int(want.get("at_least", 0)) and ("at_most" not in want or n <= int(want["at_most"]))
    if key == "history":
        n = history_count(g, owner, want)
        return n == int(want["exactly"]) if "exactly" in want else n >= int(want.get("at_least", 1))
    if key == "answers":
        return _answers(g, owner, want)
    if key == "left_to":  # round 24: the effect's own Chara leaves the Area for this zone (checked as it leaves)
        return g.leaving_to == want
    if key == "left_by_approach":  # アプローチで退場: sent off by the Elimination Judgement of an approach it took part in
        ap = g.approach  # (approaching or interfering; an effect's move during the approach is not it)
        on = source is not None and ap is not None and ap.judging and (
            source.uid in ap.attackers or ap.interferer == source.uid)
        return on == bool(want)
    if key == "opponent_leaves_too":  # the effect's own Chara leaves with an opposing participant (a judgement)
        ap = g.approach
        if source is None or ap is None:
            return not want
        if source.uid in ap.attackers:  # the Interferer left first (turns.eliminate): the judgement's own flag
            both = ap.eliminate_interferer and len(g.eliminated) >= 2
        elif ap.interferer == source.uid:  # the approaching Charas leave after it: still on the Area
            both = any(c is not None and c.owner != owner and c.card in g.eliminated
                       for c in (g.chara_by_uid(u) for u in ap.attackers))
        else:
            both = False
        return both == bool(want)
    if key == "entered_by":
        if g.effect_card is None:
            return False
        side = want.get("side")  # round 24: whose card's effect (相手のカードの効果で), seen from this card's owner
        if side is not None and (g.effect_player is None or (g.effect_player == owner) != (side == "self")):
            return False
        return card_matches(g, g.card(g.effect_card), {k: v for k, v in want.items() if k != "side"}, owner)
    if key == "coins":  # coins on the effect's own Chara (engine.pm.coins)
        return coins.condition_holds(source, want)
    # checked when the trigger fires (engine.pm.triggers.fire; ``played``: fire_paid_for_play)
    return key in ("subject", "subject_on", "first_time", "played")


#: the action that plays a card of each type from the hand
_PLAY_OF_TYPE = {"event": "play_event", "chara": "summon", "support": "set_support"}


def _answers(g: GameState, owner: int, want: Mapping[str, Any]) -> bool:
    """A response's condition on the play it answers (``g.answering``)."""
    if g.answering is None:
        return False
    player, card_id, kind, cost = g.answering
    if kind == "break":  # a Break plays the card (rules.md reading 9): it is answered as the play of its type
        kind = _PLAY_OF_TYPE.get(g.card(card_id).type, kind)
    side = want.get("side", "any")
    if (side == "opponent" and player == owner) or (side == "self" and player != owner):
        return False
    if "type" in want and kind != want["type"] and not (isinstance(want["type"], list) and kind in want["type"]):
        return False  # one action type, or a list of them (a Chara being played: summon or Level Up)
    f = want.get("filter", {})
    if "max_cost" in f or "min_cost" in f:  # the usage cost it is played at (reader rd15: GRAN 01-026, SAGA 01-047)
        if cost is None or ("max_cost" in f and cost > number(g, owner, f["max_cost"])) or (
                "min_cost" in f and cost < number(g, owner, f["min_cost"])):
            return False
        f = {k: v for k, v in f.items() if k not in ("max_cost", "min_cost")}
    return card_matches(g, g.card(card_id), f, player)


def names_of(g: GameState, ids: Iterable[str | None], owner: int | None = None) -> set[str]:
    """Every name the known cards ``ids`` (``owner``'s, when known) count as."""
    return {n for cid in ids if cid is not None for n in names_now(g, g.card(cid), owner)}


def names_now(g: GameState, card: Card, owner: int | None, chara: Chara | None = None) -> tuple[str, ...]:
    """Every name ``card`` counts as now: its own (``Card.names``) and those it takes while a condition holds for its
    owner (``Card.cond_names``: a Pinch's "during the game, this card's name is also X", in every zone, as the Pinch
    holds while its player's Point Zone holds X cards: rule book 000 "[Pinch X]", 001 〔逆境〕). A card whose owner is
    not known keeps its own names, and so does a Chara on the Area (``chara``) whose text is negated: the condition's
    text is gone with the rest (stats.text_negated; reader rd12: GRAN 01-068, 01-094)."""
    if not card.cond_names or owner is None or (chara is not None and stats.text_negated(g, chara)):
        return card.names
    return (*card.names, *(name for cond, name in card.cond_names if holds(g, owner, cond)))
