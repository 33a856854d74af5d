"""Noun phrases of precious-data effect texts: which Charas or cards a phrase names, as a spec or filter.

``phrase("使用コストの値が1以下の相手のキャラ")`` gives ``Phrase(spec={"max_cost": 1, "side": "opponent"},
head="chara")``. The text is NFKC-normalized first (full-width digits and signs become ASCII).
A phrase with a part the reader does not know gives None: its effect then stays unscripted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.pm.conditions import filter_unread

#: the coins a text names, as the engine's coin kinds (none: any kind); a kind not listed keeps its own word
#: (「XコインをN個」: X in kanji / katakana), a marker with no effect but what cards read (engine.pm.coins)
COIN_KINDS = {"+10/+10": "+10/+10", "撃墜": "shootdown", "魔力": "magic"}
#: a coin kind as written before コイン: +10/+10 (the only coin with AP/DP) or a word of kanji / katakana
COIN_WORD = r"\+10/\+10|[おご]?[\u4e00-\u9fff\u30a1-\u30faー]+(?:さん|ちゃん|くん|様)?"  # round 27: honorifics (お…さん)


def coin_kind(word: str | None) -> str | None:
    """The engine's coin kind for the word written before コイン (None or "": any kind)."""
    return COIN_KINDS.get(word, word) if word else None
COLORS = {"赤": "red", "青": "blue", "黄": "yellow", "緑": "green", "紫": "purple", "白": "white"}
_COLOR = "[赤青黄緑紫白]"

def _below(m: re.Match[str]) -> dict[str, Any]:
    """このカードより使用コストが低い / そのキャラよりAPが30以上低い: ``below_source`` with whom it is measured against."""
    stat = {"使用コスト": "cost", "AP": "ap", "DP": "dp"}[m[2]]
    return {"below_source": {"stat": stat, "by": int(m[3] or 1)}, "_vs": "this" if m[1] == "この" else "that"}


def _exact_cost(m: re.Match[str]) -> dict[str, int]:
    n = int(m[1])
    return {"max_cost": n} if n == 0 else {"max_cost": n, "min_cost": n}


def _colors(s: str) -> str | list[str]:
    out = [COLORS[c] for c in s.replace("または", "").replace("と", "")]
    return out[0] if len(out) == 1 else out


def _names(s: str) -> str | list[str]:
    """「A」または「B」: one name, or the list of them."""
    names = re.findall(r"「([^」]+)」", s)
    return names[0] if len(names) == 1 else names


def _source_at_most(n: int) -> dict[str, Any]:
    """Printed source value at most ``n`` (source values are whole numbers from 0): any of 0..n."""
    return {"source": 0} if n == 0 else {"any_of": [{"source": k} for k in range(n + 1)]}


def _cost_or_source(m: re.Match[str]) -> dict[str, Any]:
    """"usage cost or source value N (or less)": either number fits."""
    n = int(m[1])
    cost = {"max_cost": n} if m[2] or n == 0 else {"max_cost": n, "min_cost": n}
    source = _source_at_most(n) if m[2] else {"source": n}
    return {"any_of": [cost, *source.get("any_of", [source])]}


def _costs_listed(m: re.Match[str]) -> dict[str, Any]:
    """"usage cost 2 and 4" (a kind of Chara: one card has one cost, so any of them)."""
    costs = [int(x) for x in re.findall(r"\d+", m[0])]
    return {"any_of": [{"max_cost": n} if n == 0 else {"max_cost": n, "min_cost": n} for n in costs]}


def _cost_at_most_count(m: re.Match[str]) -> dict[str, Any] | None:
    """"usage cost at most the number of your X": a number counted when the effect checks it (None: X not read)."""
    inner = phrase(m[1])
    if inner is None or inner.head not in ("chara", "name") or inner.all or inner.same_name or inner.other_than_that \
            or inner.spec.get("side") != "self":
        return None
    return {"max_cost": {"count": {"charas": inner.chara_spec()}}}


def _cost_at_most_zone(m: re.Match[str]) -> dict[str, Any] | None:
    """"usage cost at most the number of cards (Charas) removed from the game / in a discard / in the Point Zone"
    (whose: the phrase's own 自分 / 相手, seen from the effect's player), counted when the effect checks it."""
    who = "opponent" if "相手" in m["zone"] else "self"
    if "ポイント置き場" in m["zone"]:
        if m["what"] != "カード":
            return None  # Charas in the Point Zone: not read
        return {"max_cost": {"count": {"points": who}}}
    zone = "removed" if m["zone"].startswith("ゲームから") else "discard"
    return {"max_cost": {"count": {"cards": {"zone": zone, "who": who, "filter": {"type": "chara"} if m["what"] == "キャラ" else {}}}}}


def _interfering_with(m: re.Match[str]) -> dict[str, Any] | None:
    """"interfering X": the Interferer of the approach under way, against a Chara fitting X (None: X not read)."""
    inner = phrase(m[1])
    if inner is None or inner.head not in ("chara", "name") or inner.all or inner.same_name or inner.other_than_that:
        return None
    return {"interfering_with": inner.chara_spec()}


def _opposite(m: re.Match[str]) -> dict[str, Any] | None:
    """"interfering X" (Xを妨害している) / "interfered by X" (Xに妨害されている), X a phrase or this card (the effect's
    own Chara): the Chara opposite X in the approach under way (None: X not read)."""
    key = "interfering_with" if m["how"] == "を妨害している" else "interfered_by"
    if m["x"] == "このカード":
        return {key: {"is_source": True}}
    inner = phrase(m["x"])
    if inner is None or inner.head not in ("chara", "name") or inner.all or inner.same_name or inner.other_than_that:
        return None
    return {key: inner.chara_spec()}


def _either_opposite(m: re.Match[str]) -> dict[str, Any] | None:
    """"interfering X, or interfered by Y" (Xを妨害している、またはYに妨害されている): either (None: a part not read)."""
    parts = [_opposite(re.fullmatch(r"(?P<x>.+?)(?P<how>を妨害している|に妨害されている)", p)) for p in (m["a"], m["b"])]
    return None if None in parts else {"any_of": parts}


#: modifiers before the head, in any order: (pattern, spec key, value or a function of the match)
_MODIFIERS: list[tuple[re.Pattern[str], Any]] = [(re.compile(p), f) for p, f in [
    # first: "X を妨害している" takes the whole phrase X before it (X's own modifiers are X's, not the head's)
    (r"(?P<a>このカード(?:を妨害している|に妨害されている))、または(?P<b>このカード(?:を妨害している|に妨害されている))",
     _either_opposite),
    (r"([^、。]+?(?:キャラ|」|】))を妨害している", _interfering_with),
    (r"(?P<x>このカード)(?P<how>を妨害している|に妨害されている)", _opposite),
    (r"(?P<x>[^、。]+?(?:キャラ|」|】))(?P<how>に妨害されている)", _opposite),
    (r"メインエリアにいる", {"area": "main"}),
    (r"サポートエリアにいる", {"area": "support"}),
    (r"休息状態の", {"rested": True}),
    (r"活動状態の", {"rested": False}),
    (r"使用コスト(?:の値)?が?(\d+)以下の", lambda m: {"max_cost": int(m[1])}),
    # round 19: "usage cost at most the number of cards in your (the opponent's) hand", counted when checked
    (r"使用コスト(?:の値)?が(?P<who>自分|相手)の手札の枚数以下の",
     lambda m: {"max_cost": {"count": {"hand": "self" if m["who"] == "自分" else "opponent"}}}),
    # round 32: "usage cost at most the number of cards in a zone" (removed from the game, a discard, the Point
    # Zone), counted when checked, as the Charas' count below
    (r"使用コスト(?:の値)?が(?P<zone>ゲームから取り除かれている(?:自分|相手)の|(?:自分|相手)の(?:捨て札置き場|ポイント置き場)に"
     r"ある)(?P<what>カード|キャラ)の枚数以下の", _cost_at_most_zone),
    (r"使用コスト(?:の値)?が(自分の[^、]+?)の枚数以下の", _cost_at_most_count),
    (r"使用コスト(?:の値)?が(\d+)の", _exact_cost),
    (r"使用コスト(?:の値)?が?(\d+)以上の", lambda m: {"min_cost": int(m[1])}),
    (r"APまたはDPの値が0の", {"zero_stat": True}),
    (r"APまたはDPの?値?が(\d+)以上(?:の|ある)", lambda m: {"min_stat": int(m[1])}),
    (r"発生コスト(?:の値)?が(\d+)の", lambda m: {"source": int(m[1])}),
    (r"使用コストまたは発生コスト(?:の値)?が(\d+)(以下)?の", _cost_or_source),
    (r"使用コスト(?:の値)?が(\d+)(?:と(\d+))+の", _costs_listed),
    (r"発生コスト(?:の値)?が(\d+)以下の", lambda m: _source_at_most(int(m[1]))),
    (r"AP(?:の値)?が0の", {"max_ap": 0}),
    (r"DP(?:の値)?が0の", {"max_dp": 0}),
    (r"AP(?:の値)?が(\d+)以下の", lambda m: {"max_ap": int(m[1])}),
    # round 30: AP (DP) N or more, as it stands (a Chara-only key: ``min_ap`` / ``min_dp``)
    (r"AP(?:の値)?が(\d+)以上の", lambda m: {"min_ap": int(m[1])}),
    (r"DP(?:の値)?が(\d+)以上の", lambda m: {"min_dp": int(m[1])}),
    (r"DP(?:の値)?が(\d+)以下の", lambda m: {"max_dp": int(m[1])}),
    (r"このターンの間に、?テキストを使用している", {"used_text": True}),
    # 名称に「N」を含む / 名称に「N」が含まれている (round 19): a name holding N
    (r"名称に「([^」]+)」(?:を含む|が含まれている)", lambda m: {"name_has": m[1]}),
    (r"〔アクティブ〕を持つ", {"keyword": "active"}),
    # round 27: 〔天然〕 (any [Ignore N]) and 〔コンビ〕 (a Combo card) as kinds of Chara (engine.pm.conditions.KEYWORDS)
    (r"〔天然〕を持つ", {"keyword": "ignore"}), (r"〔コンビ〕を持つ", {"keyword": "combo"}),
    # round 31: 〔ブレイク〕 as a kind of card (an Event printed with it: engine.pm.conditions.KEYWORDS)
    (r"〔ブレイク〕を持つ", {"keyword": "break"}),
    # coins on it (engine.pm.coins; 撃墜 is the "shootdown" coin): a Chara-only key
    (rf"({COIN_WORD})?コインが乗っている", lambda m: {"coins": {"coin": coin_kind(m[1]), "at_least": 1}}),
    # round 22: none on it / N or more on it
    (rf"({COIN_WORD})?コインが乗っていない", lambda m: {"coins": {"coin": coin_kind(m[1]), "at_most": 0}}),
    (rf"({COIN_WORD})?コインが(\d+)個以上乗っている", lambda m: {"coins": {"coin": coin_kind(m[1]), "at_least": int(m[2])}}),
    (r"〔EXカード〕を持つ", {"ex": True}),
    (r"〔EXカード〕を持たない", {"ex": False}),
    (r"AP/DPの値を持つ", {"has_stats": True}),
    (r"AP/DPの値を持たない", {"not": {"has_stats": True}}),  # round 22: printed without AP/DP (-/-)
    # a Support card set on it (round 16): 『S』のサポートカード / サポートカードがセットされている (a Chara-only key)
    (r"(?:『([^』]+)』の)?サポートカードがセットされている", lambda m: {"supported": {"series": m[1]} if m[1] else {}}),
    # round 25: with no Support card set on it (サポートカードがセットされていない): not one that has one
    (r"(?:『([^』]+)』の)?サポートカードがセットされていない",
     lambda m: {"not": {"supported": {"series": m[1]} if m[1] else {}}}),
    # round 24: "that approached N or more times this turn" (同じターンの間にN回以上アプローチしている)
    (r"同じターンの間に(\d+)回以上アプローチ(?:に参加)?している", lambda m: {"approached_at_least": int(m[1])}),
    # round 30: "approaching or interfering" (アプローチまたは妨害に参加している): either
    (r"アプローチまたは妨害に参加している", {"any_of": [{"approaching": True}, {"interfering": True}]}),
    (r"妨害(?:に参加)?している", {"interfering": True}),
    (r"アプローチ(?:に参加)?している", {"approaching": True}),
    # round 31: "that has not approached this turn" (このターンの間にアプローチに参加していない): none of its approaches
    (r"このターンの間に、?アプローチ(?:に参加)?していない", {"not": {"approached_at_least": 1}}),
    (r"アプローチに参加していない", {"not": {"approaching": True}}),
    (r"このターン(?:の間)?に登場している|このターン(?:の間)?に登場した|このターン(?:の間)?に場に出た", {"entered_this_turn": True}),
    (r"このターンの間に(?:場から)?退場した", {"left_this_turn": True}),
    (r"このカード以外の、?", {"not_self": True}),
    (r"【([^】]+)】以外の", lambda m: {"not": {"property": m[1]}}),
    # 「A」(または「B」)ではない / 「A」以外の: a Chara named none of them
    (r"(「[^」]+」(?:または「[^」]+」)*)(?:ではない|以外の)", lambda m: {"not": {"name": _names(m[1])}}),
    (r"使用コスト(?:の値)?が(\d+)以外の", lambda m: {"not": _exact_cost(m)}),
    # round 25: a usage cost printed as a symbol (使用コストが△の: YRC's EX Supports), not a number
    (r"使用コスト(?:の値)?が([\u25a0-\u25ff\u2605\u2606])の", lambda m: {"cost_symbol": m[1]}),
    # "the usage cost equal to the number rested" (休息状態にした枚数): counted when the grant holding it runs (the
    # compiler keeps it only in a grant after a rest_any step: compiler._per_picked; engine.pm.script.RESTED_COUNT)
    (r"休息状態にした枚数と同じ使用コスト(?:の値)?を持つ", lambda m: {"max_cost": {"picked": "cards"}, "min_cost": {"picked": "cards"}}),
    # round 29: "with this card's name, or sharing a property with it" (a Chara spec; a card filter cannot hold it)
    (r"このカードと同じ名称、?または同じ特徴を持つ", {"any_of": [{"shares_name": True}, {"shares_property": True}]}),
    (r"このカードと同じ特徴を持つ", {"shares_property": True}),
    (r"そのキャラ以外の、?", {"other_than_that": True}),
    (r"このカードのDPより低いAPの値を持つ", {"ap_below_source_dp": True}),
    # round 25: "whose usage cost / AP / DP is lower (by N or more) than this card's / that Chara's": measured
    # against the effect's own Chara, or for a grant the Chara holding it (Phrase.vs; engine ``below_source``)
    (r"(この|その)(?:カード|キャラ)より(使用コスト|AP|DP)(?:の値)?(?:が|の)(?:(\d+)以上)?低い", _below),
    # round 24: "whose AP + DP is at most this card's AP + DP"; "LV N or more" (a Chara's level: 1 + its Level Up stack)
    (r"このカードのAPとDPの合計値以下のAPとDPの合計値を持つ", {"sum_at_most_source": True}),
    (r"LV(\d+)以上の", lambda m: {"min_level": int(m[1])}),
    (r"相手の", {"side": "opponent"}),
    (r"自分の", {"side": "self"}),
    (r"全ての", {"all": True}),
    # 「赤または緑の」, 「青と黄の」: a card has one color, so a kind of Chara listed by colors is any of them
    (rf"({_COLOR})((?:(?:または|と){_COLOR})*)の", lambda m: {"color": _colors(m[1] + m[2])}),
    # 「【A】または【B】を持つ」: a Chara with either property (round 16)
    (r"【([^】]+)】((?:または【[^】]+】)+)を持つ",
     lambda m: {"any_of": [{"property": x} for x in [m[1], *re.findall(r"【([^】]+)】", m[2])]]}),
    (r"【([^】]+)】を持つ", lambda m: {"property": m[1]}),
    # round 31: 【A】(または【B】)のキャラ: a Chara of the property (the possessive form of を持つ), before キャラ only
    (r"【([^】]+)】((?:または【[^】]+】)*)の(?=キャラ$)",
     lambda m: {"property": m[1]} if not m[2]
     else {"any_of": [{"property": x} for x in [m[1], *re.findall(r"【([^】]+)】", m[2])]]}),
    (r"【([^】]+)】を持たない", lambda m: {"not": {"property": m[1]}}),  # round 28: without the property
    (r"〔コンビ〕を持たない", {"combo": False}),
    (r"〔支援〕を持つ", {"backup": True}),
    (r"『([^』]+)』の", lambda m: {"series": m[1]}),
    (r"このカードと同じ名称の", {"same_name": "self"}),
    (r"(?:指定した|その)キャラと同じ名称の", {"same_name": "target"}),
    (r"捨て札にしたキャラと同じ名称の", {"same_name": "picked"}),
    # round 28: the card (Chara) the step before returned to the deck
    (r"デッキ(?:の下)?に戻した(?:カード|キャラ)と同じ名称の", {"same_name": "picked"}),
]]
_HEADS = [
    (re.compile(r"キャラ"), "chara"),
    (re.compile(r"イベントカード"), "event"),
    (re.compile(r"サポートカード"), "support"),
    (re.compile(r"カード"), "card"),
    (re.compile(r"「([^」]+)」((?:または「[^」]+」)*)"), "name"),
    (re.compile(r"「([^」]+)」((?:と「[^」]+」)+)"), "names"),  # every Chara named A and every one named B
    # round 31: "「A」 or a Chara with 【B】" (「A」または【B】を持つキャラ): the same either-kind (a name is not "held")
    (re.compile(r"「([^」]+)」または【([^】]+)】(?:を持つキャラ)?"), "name_or_property"),
    (re.compile(r"「([^」]+)」または名称に「([^」]+)」を含む(自分の)?キャラ"), "name_or_part"),
    # round 30: the same of any card (a card filter's ``any_of``: an EX deck's card, the next card played)
    (re.compile(r"「([^」]+)」または名称に「([^」]+)」を含むカード"), "name_or_part_card"),
    (re.compile(r"【([^】]+)】"), "property"),
]


@dataclass
class Phrase:
    """What a noun phrase names: ``spec`` (Chara spec / card filter keys), ``head`` (chara, event, card, name,
    this: the effect's own card), ``all`` (every such Chara), ``same_name`` (self, target or picked)."""

    spec: dict[str, Any] = field(default_factory=dict)
    head: str = "chara"
    all: bool = False
    same_name: str | None = None
    other_than_that: bool = False  # "other than that Chara": a target distinct from the one named before
    own_properties: tuple[str, ...] | None = None  # the properties of the effect's own card ("the same property as")
    #: "lower than this card's" (``this``) / "than that Chara's" (``that``): whom ``below_source`` is measured
    #: against; a caller takes it only where the engine measures against that Chara (:meth:`chara_spec`'s ``vs``)
    vs: str | None = None

    def holds_card_filter(self, *, same_name: bool = False) -> bool:
        """Whether :meth:`card_filter` can hold every part of the phrase ("every" aside; "the same name as …" when
        the caller reads it)."""
        try:
            self.card_filter(every=True, same_name=same_name)
        except ValueError:
            return False
        return True

    def unheld(self, *, every: bool = False, same_name: bool = False, apart: bool = False,
               vs: tuple[str, ...] = ()) -> list[str]:
        """The parts of the phrase outside ``spec`` that a caller reading only the spec would drop: "this card",
        "every" (``all``), "the same name as …" (``same_name``), "other than that Chara" (``other_than_that``), "lower
        than this card's / that Chara's" (``vs``) less those the caller says it reads itself (``every``, ``same_name``,
        ``apart``, ``vs``: the comparisons it measures against the right Chara)."""
        parts = [("this card", self.head == "this"), ("every", self.all and not every),
                 ("same name", self.same_name is not None and not same_name),
                 ("other than that", self.other_than_that and not apart),
                 ("compared with another Chara", self.vs is not None and self.vs not in vs)]
        return [name for name, dropped in parts if dropped]

    def chara_spec(self, *, every: bool = False, same_name: bool = False, apart: bool = False,
                   vs: tuple[str, ...] = ()) -> dict[str, Any]:
        """The spec of a Chara on the Area (no ``type``). ValueError when the phrase has a part the spec cannot hold
        and the caller does not read itself (:meth:`unheld`): a spec without it would be looser."""
        if bad := self.unheld(every=every, same_name=same_name, apart=apart, vs=vs):
            raise ValueError(f"a Chara spec does not hold {bad}")
        return dict(self.spec)

    def card_filter(self, *, every: bool = False, same_name: bool = False) -> dict[str, Any]:
        """The filter of a card in a zone (``type`` from the head); ValueError when the phrase has a part no card
        filter holds (a Chara-only key such as ``rested`` or ``not_self``, also inside ``not`` / ``any_of``): a filter
        without it would be looser. "The same property as this card" (``shares_property``) becomes any of the effect's
        own card's printed properties, as the Chara spec reads them (engine.pm.conditions). "Every" (``all``) only
        when the caller reads it (``every``, a pick's ``same_name`` key: ``same_name``); "other than that Chara"
        never."""
        if bad := self.unheld(every=every, same_name=same_name):
            raise ValueError(f"no card filter holds {bad}")
        f = dict(self.spec)
        if f.pop("shares_property", None):
            if self.own_properties is None or "any_of" in f:
                raise ValueError("no card filter holds ['shares_property'] here")
            f["any_of"] = [{"property": x} for x in self.own_properties]
        bad = filter_unread({k: v for k, v in f.items() if k != "side"})
        if bad:
            raise ValueError(f"no card filter holds {sorted(bad)}")
        if self.head in ("chara", "event", "support"):
            f["type"] = self.head
        return f


def phrase(s: str, series: str | None = None) -> Phrase | None:
    """Read a noun phrase; None when a part of it is not understood. ``series``: the card's own series
    (a quoted title it contains stands for it)."""
    s = s.strip().rstrip("、")
    if s == "このカード":
        return Phrase(head="this")
    out = Phrase()
    pos = 0
    while pos < len(s):
        for pat, f in _MODIFIERS:
            m = pat.match(s, pos)
            if m is None:
                continue
            got = f(m) if callable(f) else dict(f)
            if got is None:
                return None
            if "_vs" in got:
                if out.vs is not None:
                    return None  # two comparisons: not read
                out.vs = got.pop("_vs")
            if "all" in got:
                out.all = True
            elif "other_than_that" in got:
                out.other_than_that = True
            elif "same_name" in got:
                out.same_name = got["same_name"]
            else:
                if "series" in got and series and got["series"] in series:
                    got["series"] = series
                inner = got.get("supported") or {}
                if "series" in inner and series and inner["series"] in series:
                    inner["series"] = series
                if set(got) & set(out.spec):
                    return None  # a part said twice (two colors, two cost bounds...): combining them is not read
                out.spec.update(got)
            pos = m.end()
            break
        else:
            for pat, head in _HEADS:
                m = pat.fullmatch(s, pos)
                if m is None:
                    continue
                out.head = head
                if head == "name_or_part_card":  # round 30: either, of any card
                    out.head = "card"
                    out.spec["any_of"] = [{"name": m[1]}, {"name_has": m[2]}]
                    return out
                if head in ("name_or_property", "name_or_part"):  # either kind: a Chara spec only (no card filter)
                    out.head = "chara"
                    other = {"property": m[2]} if head == "name_or_property" else {"name_has": m[2]}
                    out.spec["any_of"] = [{"name": m[1]}, other]
                    if head == "name_or_part" and m[3]:
                        out.spec["side"] = "self"
                    return out
                if head == "property":
                    out.head = "chara"
                    out.spec["property"] = m[1]
                elif head in ("name", "names"):
                    if head == "names" and not out.all:
                        return None  # "A and B" (one of each?) outside "every": not read
                    out.head = "name"
                    names = [m[1], *re.findall(r"「([^」]+)」", m[2])]
                    out.spec["name"] = names[0] if len(names) == 1 else names
                return out
            return None
    return None
