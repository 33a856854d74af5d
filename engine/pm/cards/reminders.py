"""Keyword definitions a set prints in its own reminder text (issue 20, thirteenth round).

Every set brings mechanics of its own (〔魔力N〕, …) that no rule book defines; the cards that carry such a keyword
define it in parentheses after their text: （〔KW〕:definition） or （《X》:definition）. The definition is a fact of
the set, so it is gathered over the whole set first (:func:`gather`) and then read, with the ordinary readers, for
every card of the set that has the keyword (:func:`engine.pm.cards.compiler.compile_card`).

- A keyword with a number (〔魔力2〕, 〔魔力4〕) is read as one keyword with a parameter when every definition of it
  holds its number in the same place (the template with N taken out is the same): a number the set does not define
  is then read by that template only when two or more numbers agree on it (one definition alone does not show
  where N goes). Otherwise only the keywords defined word for word are read.
- A keyword the compiler knows already (〔天然N〕, 〔我慢〕, 《n》, …) is checked: its definition must say what the engine
  does (:data:`KNOWN`). One that says something else, or something the check cannot read, is a disagreement: the
  cards of the set with that keyword keep it unread (their effects unverified; :func:`disagreements`).
- A keyword not known defined in two different ways is not read at all (not through another number's template
  either). A known keyword's disputed definition leaves the card's effects unverified, but its rule (the flag the
  engine reads) stays: a dispute never turns a legal play into an illegal one.
- A definition the readers cannot read leaves the keyword unread, as before.

Round 32: a set's own **actions** are defined the same way, without brackets: （改変を行う:…） / （改変を2回行う:…）, a
noun done (Xを行う, XをN回行う) and what doing it is. Wherever a card of the set says "do X" (N times) in the
imperative (Xを行う, XをN回行う, and their …ことができる forms), the set's definition stands in its place before the
readers see the text (:meth:`Keywords.actions_in`); any other form (Xを行った場合, "when you did X") is left as
written, so the heads and conditions that speak of X having been done stay unread. A count the set does not define
word for word is read only through a template over the number that two or more definitions agree on; a noun
defined in two different ways for one count is not replaced at all.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

#: （〔KW〕:definition） / （《X》:definition） anywhere in a card text
_DEFINITION = re.compile(r"（\s*(〔[^〔〕（）]+〕|《[^《》（）]+》)\s*[:：]\s*([^（）]+?)\s*）")
#: （〔KW〕▶「A」:definition）: a keyword that takes a condition 「A」 (KGY's 〔知略〕), its definition naming 「A」
_CONDITIONED = re.compile(r"（\s*〔([^〔〕（）]+)〕\s*[▸▶]\s*「([^「」（）]+)」\s*[:：]\s*([^（）]+?)\s*）")
_NUMBERED = re.compile(r"(?P<base>\D+?)(?P<n>\d+)")
#: （X を行う:definition） / （X をN回行う:definition）: a set's own action, X a bare noun
_ACTION = re.compile(r"（\s*([^（）〔〕《》「」『』【】、。:：\s]+?)を(?:(\d+)回)?行う\s*[:：]\s*([^（）]+?)\s*）")
_PARAM = "{N}"
#: a conditioned keyword's 「A」 in its definition's template
_CONDITION = "{A}"
#: the stand-in effect's reason for a keyword the facts do not read (precious_text.unknown_keyword)
_UNREAD = re.compile(r"the keyword 〔(?P<word>[^〕]+)〕 is not read")


def _nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text).replace("\n", "").strip()


def definitions(text: str | None) -> list[tuple[str, str]]:
    """The (keyword with its brackets, definition) pairs a card text prints in parentheses, NFKC."""
    if not text:
        return []
    return [(_nfkc(m[1]), _nfkc(m[2]).rstrip("。")) for m in _DEFINITION.finditer(text)]


def conditioned(text: str | None) -> list[tuple[str, str, str]]:
    """The (keyword without brackets, its condition's placeholder, definition) of each （〔KW〕▶「A」:definition） a
    card text prints, NFKC."""
    if not text:
        return []
    return [(_nfkc(m[1]), _nfkc(m[2]), _nfkc(m[3]).rstrip("。")) for m in _CONDITIONED.finditer(text)]


def _template(word: str, definition: str) -> tuple[str, str] | None:
    """(base word, definition with the keyword's number as {N}) when the keyword ends in a number that the
    definition holds, else None."""
    m = _NUMBERED.fullmatch(word)
    if m is None:
        return None
    n = m["n"]
    pattern = re.compile(rf"(?<!\d){n}(?!\d)")
    if not pattern.search(definition):
        return None
    return m["base"], pattern.sub(_PARAM, definition)


@dataclass
class Keywords:
    """One set's keyword definitions: word for word (``exact``: 〔魔力4〕 → its definition) and as templates over
    the number (``templates``: 〔魔力〕 → the definition with {N}, kept only when every definition of the base
    agrees; ``numbers``: the numbers defined per base)."""

    exact: dict[str, str] = field(default_factory=dict)
    templates: dict[str, str] = field(default_factory=dict)
    numbers: dict[str, set[str]] = field(default_factory=dict)
    #: known keywords whose definition here is not the engine's rule (word with brackets → reason): not read
    disputed: dict[str, str] = field(default_factory=dict)
    #: keywords not known defined in two different ways in the set: neither definition is read, nor a template
    conflicting: set[str] = field(default_factory=set)
    #: keywords with a condition (〔KW〕▶「A」, without brackets) → (placeholder, definition): the last one found
    with_condition: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: keywords with a condition → each definition with its 「placeholder」 taken out (``{A}``): one template when every
    #: definition the set prints says the same of its own 「A」 (round 25: SPY's 〔継承〕▶「X」), read per card
    condition_templates: dict[str, set[str]] = field(default_factory=dict)
    #: a set's own actions (round 32): noun → {times → the definitions printed for doing it that many times}
    actions: dict[str, dict[int, set[str]]] = field(default_factory=dict)

    def action(self, noun: str, times: int) -> str | None:
        """What doing the set's action ``noun`` ``times`` times is, or None: the one definition printed for that
        count, else the one template over the count that two or more printed counts agree on."""
        defs = self.actions.get(noun, {})
        if times in defs:
            return next(iter(defs[times])) if len(defs[times]) == 1 else None
        if any(len(d) != 1 for d in defs.values()):
            return None
        templates = {_template_times(n, next(iter(d))) for n, d in defs.items()}
        if len(defs) < 2 or len(templates) != 1 or None in templates:
            return None
        return next(iter(templates)).replace(_PARAM, str(times))  # type: ignore[union-attr]

    def actions_in(self, text: str) -> str:
        """``text`` with each imperative "do X (N times)" of the set's actions replaced by what doing it is (a
        definition that ends a sentence gives its own ending: 行う → the definition's verb)."""
        for noun in self.actions:
            def put(m: re.Match[str], noun: str = noun) -> str:
                got = self.action(noun, int(m[1] or 1))
                return m[0] if got is None else got
            text = re.sub(rf"{re.escape(noun)}を(?:(\d+)回)?行う", put, text)
        return text

    def conditioned_definition(self, word: str, condition: str) -> str | None:
        """The definition of 〔word〕▶「condition」 on a card of this set: the set's one template with 「condition」 put
        in, or None when it prints none, or several that differ."""
        found = self.condition_templates.get(word, set())
        if len(found) != 1:
            return None
        return next(iter(found)).replace(_CONDITION, f"「{condition}」")

    def dispute(self, word: str) -> str | None:
        """Why the keyword ``word`` (with its brackets, NFKC) is not read in this set, or None: its own definition,
        or one of another number of the same keyword, is not the engine's rule."""
        if word in self.disputed:
            return self.disputed[word]
        base = _NUMBERED.fullmatch(word[1:-1])
        for other, why in self.disputed.items():
            m = _NUMBERED.fullmatch(other[1:-1])
            if base is not None and m is not None and other[0] == word[0] and m["base"] == base["base"]:
                return why
        return None

    def disputed_in(self, text: str) -> str | None:
        """Why a text that mentions a disputed keyword (〔天然3〕, 《休》, or another number of it) is not read."""
        for word in re.findall(r"〔[^〔〕]+〕|《[^《》]+》", _nfkc(text)):
            if (why := self.dispute(word)) is not None:
                return why
        return None

    def definition(self, word: str) -> str | None:
        """The definition of 〔word〕 (NFKC, without brackets) in this set, or None."""
        key = f"〔{word}〕"
        if key in self.conflicting:
            return None
        if key in self.exact:
            return self.exact[key]
        m = _NUMBERED.fullmatch(word)
        if m is None or m["base"] not in self.templates or len(self.numbers[m["base"]]) < 2:
            return None
        return self.templates[m["base"]].replace(_PARAM, m["n"])


def _template_times(times: int, definition: str) -> str | None:
    """The definition of doing an action ``times`` times with that count as {N}, when it holds the count once."""
    pattern = re.compile(rf"(?<!\d){times}(?!\d)")
    return pattern.sub(_PARAM, definition) if len(pattern.findall(definition)) == 1 else None


def actions(text: str | None) -> list[tuple[str, int, str]]:
    """The (noun, times, definition) of each （Xを(N回)行う:definition） a card text prints, NFKC."""
    if not text:
        return []
    wide = unicodedata.normalize("NFKC", text).replace("(", "（").replace(")", "）")
    return [(_nfkc(m[1]), int(m[2] or 1), _nfkc(m[3]).rstrip("。")) for m in _ACTION.finditer(wide)]


def gather(texts: Iterable[str | None], known: Callable[[str], bool] | None = None) -> Keywords:
    """The keyword definitions printed over one set's card texts. ``known``: whether the compiler reads a 〔word〕
    (without brackets) already: each definition of such a keyword (and of every cost 《…》) is checked against the
    engine's rule (:func:`agrees`), and one that disagrees disputes the keyword. A keyword not known defined in two
    different ways is not read."""
    found: dict[str, set[str]] = {}
    out = Keywords()
    for text in texts:
        for word, definition in definitions(text):
            found.setdefault(word, set()).add(definition)
        for word, placeholder, definition in conditioned(text):
            out.with_condition[word] = (placeholder, definition)
            out.condition_templates.setdefault(word, set()).add(definition.replace(f"「{placeholder}」", _CONDITION))
        for noun, times, definition in actions(text):
            out.actions.setdefault(noun, {}).setdefault(times, set()).add(definition)
    templates: dict[str, set[str | None]] = {}
    for word, defs in found.items():
        if known is not None and (word.startswith("《") or known(word[1:-1])):
            if not all(agrees(word, d) for d in defs):
                out.disputed[word] = f"the set's reminder text of {word} is not the rule the engine applies (not read)"
            continue
        if len(defs) != 1 or not word.startswith("〔"):
            if len(defs) > 1:
                out.conflicting.add(word)
            continue
        (definition,) = defs
        out.exact[word] = definition
        inner = word[1:-1]
        if (m := _NUMBERED.fullmatch(inner)) is not None:
            t = _template(inner, definition)
            templates.setdefault(m["base"], set()).add(t[1] if t else None)
            out.numbers.setdefault(m["base"], set()).add(m["n"])
    for base, ts in templates.items():
        if len(ts) == 1 and None not in ts:
            out.templates[base] = next(t for t in ts if t is not None)
    return out


def unread_keyword(why: str | None) -> str | None:
    """The keyword (NFKC, without brackets) an unread keyword's stand-in effect stands for, else None."""
    m = _UNREAD.fullmatch(why or "")
    return m["word"] if m else None


# -- keywords the engine knows: what their definition must say --------------------------------------------------

def _number(word: str) -> int | None:
    m = re.search(r"\d+$", word)
    return int(m[0]) if m else None


#: a known keyword's base → (a reading of its definition, whether what it read is what the engine does: given the
#: keyword's own number and the match). Each pattern is a reader of the definition, not the definition.
KNOWN: dict[str, tuple[re.Pattern[str], Callable[[int | None, re.Match[str]], bool]]] = {
    # 〔天然N〕: not interfered by a Chara of usage cost N or less (engine.pm.stats.ignore_value)
    "天然": (re.compile(r"このカードのアプローチは、使用コストが(\d+)以下のキャラには妨害されない"),
           lambda n, m: n == int(m[1])),
    # 〔我慢〕: with DP 10 or more it does not leave (engine.pm.stats.endures)
    # (round 25: also said of the card itself, このカードのDPが10以上の場合、このカードは退場しない: the same rule)
    "我慢": (re.compile(r"DPが(\d+)以上の〔我慢〕を持つキャラは、退場しない|このカードのDPが(\d+)以上の場合、このカードは退場しない"),
           lambda n, m: int(m[1] or m[2]) == 10),
    # 〔強引〕: with AP 10 or more, the opponent's Chara judged against it leaves (engine.pm.stats.forceful)
    # (round 25: also said of the card itself, APが10以上のこのカードが退場判定を行った場合、相手のキャラを退場させる)
    "強引": (re.compile(r"APが(\d+)以上の〔強引〕を持つキャラと退場判定を行う相手のキャラは、退場する"
                      r"|APが(\d+)以上のこのカードが退場判定を行った場合、相手のキャラを退場させる"),
           lambda n, m: int(m[1] or m[2]) == 10),
    # 〔突破N〕: AP N or more above the interfering Chara's DP gives points as if not interfered
    # (engine.pm.turns.breaks_through)
    "突破": (re.compile(r"(?:このカード|〔突破\d+〕を持つキャラ)のアプローチで、(?:この|その)カードのAPが(?:この|その)カードを"
                      r"妨害している相手のキャラのDPより(\d+)以上高い状態で退場判定を行う場合、妨害されなかったかのように"
                      r"ポイントを与える"), lambda n, m: n == int(m[1])),
    # 〔アクティブ〕: may approach the turn it entered, not in the first player's first turn (engine.pm.approach)
    "アクティブ": (re.compile(r"このカードは、登場したターンでもアプローチできる。ただし、先攻の1ターン目はアプローチできない"),
              lambda n, m: n is None),
    # 〔自由登場〕: may enter outside its player's Main Phase
    "自由登場": (re.compile(r"このカードは、自分のメインフェイズ以外でも登場できる"), lambda n, m: n is None),
    # 〔逆境N〕: its 「」 text while the Point Zone holds N cards or more (Card.pinch)
    "逆境": (re.compile(r"自分のポイント置き場にカードが(\d+)枚以上ある場合、「」内のテキストを得る"),
           lambda n, m: n == int(m[1])),
    # 〔ブレイク〕 (round 19): put into its owner's Point Zone by the opponent's approach, it may be turned face down and
    # played without paying its cost (rules.md reading 9; rule book 000 "Break" adds the put-point effects, which
    # the engine also admits: a reminder naming the approach alone states a case of the rule, not another rule)
    "ブレイク": (re.compile(r"このカードが相手のアプローチによって自分のポイント置き場に置かれた場合、裏向きにすることで、"
                        r"このカードをコストを支払わずにプレイできる"), lambda n, m: n is None),
    # 《n》 / 《0》 / 《休》: an activated effect's cost (precious_text._COST)
    "《": (re.compile(r"コストを(\d+)支払うことでテキストを使用(?:することが)?できる"
                     r"|(コストを支払わずに|宣言のみで)テキストを使用(?:することが)?できる"
                     r"|(この(?:キャラ|カード)を休息状態にすること)でテキストを使用(?:することが)?できる"), lambda n, m: True),
}


def agrees(word: str, definition: str) -> bool:
    """Whether the definition of a known keyword (with its brackets) says what the engine does."""
    if word.startswith("《"):
        inner = word[1:-1]
        m = KNOWN["《"][0].fullmatch(definition)
        if m is None:
            return False
        if inner == "休":
            return m[3] is not None
        if inner.isdecimal():
            return (m[1] is not None and int(m[1]) == int(inner)) or (m[2] is not None and int(inner) == 0)
        return False
    inner = word[1:-1]
    n = _number(inner)
    base = inner[: len(inner) - len(str(n))] if n is not None and inner.endswith(str(n)) else inner
    known = KNOWN.get(base)
    if known is None:
        return False
    m = known[0].fullmatch(definition)
    return m is not None and known[1](n, m)
