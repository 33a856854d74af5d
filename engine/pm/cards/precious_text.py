"""Facts from a precious-data card text (Japanese): timing, keywords, effect structure.

Only facts are kept, never the text. The reading (a heuristic; see ../shared/spec/cards.md):

1. Reminder text in full-width parentheses （…） is dropped.
2. Keywords come only from the *leading run* of 〔…〕 markers (and a bare レベルアップ):
   〔アクティブ〕 〔ブレイク〕 〔EXカード〕 〔コンビ〕 〔レベルアップ〕 〔天然X〕 〔逆境X〕(:「A」)
   〔連携:「A」〕 〔連携:【A】〕 〔支援:…〕▸「…」, and the newer 〔自由登場〕 (free entry), 〔強引〕
   (forceful), 〔突破N〕 (breakthrough N), 〔我慢〕 (endure); an unknown marker there becomes an unscripted
   effect saying so (its card is then not fully verified).
   Pinch: the AP/DP modifier (``+10/+10``, full-width too) written in its granted part, else
   0/0; the granted 「A」 is read for effects like the main text, each with the condition
   ``{"points_at_least": X}`` (a Pinch grants them only while it holds). Backup: an ``auto`` Effect.
3. The rest is split at timing brackets ``[メイン/自分]`` / ``［アプローチ/相手］`` (outside 「」).
   For an Event the first bracket (when nothing precedes it, or only its use condition 《使用条件》:A, read by
   :mod:`engine.pm.cards.use_condition`) is the card's timing. For a
   Chara or Support each bracket starts an activated effect that runs to the next bracket:
   ``[X/Y]:《n》`` cost n, ``《休》`` rest, ``「X」▸`` / ``「X」＞`` discard_name (also
   ``[X/Y]《n》:``).
4. Other text is split into sentences at 。 (outside 「」) and grouped:
   a sentence that opens with その / そう / また / 捨て札にし…, or mentions この効果, continues
   the previous effect; else one with a trigger phrase (…した場合 / された場合 for entering,
   approaching, interference, leaving, points, plays; …ごとに; ターン終了時に; ターン開始時に)
   starts an ``auto`` effect (unless it is a replacement, …代わりに: ``continuous``); one right after an ``auto``
   effect's that bans a play while something lasts (…している間、相手は、…できない) starts a ``continuous`` one; else
   one opening with このカードは starts a ``continuous``
   effect; any other sentence continues the previous effect (or starts a ``continuous`` one).
   Effect.trigger is the first trigger phrase's name when it is one of ``enter``
   (登場した場合), ``approach`` (アプローチに参加した場合), ``interfered`` (妨害された場合),
   ``point`` (ポイント置き場に置かれた場合), ``turn_end`` (ターン終了時に), ``turn_start``
   (ターン開始時に), ``set`` (a Support's セットされた場合: the engine fires it when the set resolves, engine.pm.play);
   else None.
   For an Event the first sentence starts its play effect, recorded as a ``continuous``
   effect (neither a Movement nor triggered); later sentences with a trigger phrase start
   ``auto`` effects (delayed triggers the Event sets up); the rest continue the play effect.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.pm.cards import Effect, Timing, if_done, use_condition

PHASES = {"メイン": "main", "アプローチ": "approach"}
SIDES = {"自分": "self", "相手": "opponent", "両方": "both", "割り込み": "decline"}
COLORS = {"赤": "red", "青": "blue", "黄": "yellow", "緑": "green", "紫": "purple", "白": "white"}

_CLOSE = {"「": "」", "〔": "〕", "（": "）", "【": "】", "『": "』"}
_NUM = "[0-9０-９]+"
_BRACKET = re.compile(r"[\[［](メイン|アプローチ)[/／](自分|相手|両方|割り込み)[\]］]")
_SIGNED = f"(?:[+＋\\-－−±]{_NUM}|±)"
_MOD = re.compile(f"{_SIGNED}\\s*[/／]\\s*{_SIGNED}")
_TAIL_HEAD = re.compile(f"[ \u3000:：]*(?:{_MOD.pattern})?[ \u3000:：▸▶]*")
_TAIL_MOD = re.compile(f"[ \u3000]*{_MOD.pattern}")
_MOD_PARTS = re.compile(f"([+＋\\-－−±])({_NUM})")
#: a Pinch's granted text that opens with this card's own unconditional bonus (「このカードは、+X/+Yを得る(とともに、…)」):
#: only then is the bonus a fact of the card; one under a trigger or condition stays in the granted effect
_PINCH_OWN_MOD = re.compile(f"このカードは[、,]?\\s*{_MOD.pattern}を得る(?:とともに[、,]|。?$)")
_ARROW = "▸▶＞>"
_COST = re.compile(
    f"《(?P<n>{_NUM})》|《(?P<rest>休)》|《(?P<color>[赤青黄緑紫白])(?P<cn>{_NUM})?》|「(?P<name>[^「」]+)」\\s*[{_ARROW}]"
)
_TRIGGER = re.compile(
    "(?P<enter>登場(?:した場合|、または|するごとに))"
    "|(?P<approach>アプローチ(?:に参加)?(?:した場合|するごとに))"
    "|(?P<interfered>妨害された場合)"
    "|(?P<point>ポイント置き場に置かれた場合)"
    "|(?P<turn_end>ターン終了時に)"
    "|(?P<turn_start>ターン開始時に)"
    "|(?P<set>セットされた場合)"
    "|(?P<other>(?:退場し|参加し|妨害し|場に出|与え|置かれ|プレイし|使用し|なっ|移っ|引い)た場合|ごとに)"
)
#: a replacement effect ("is put into X instead of Y"): it changes where something goes, it is not triggered
_REPLACES = re.compile("(?:置かれる|移る|される|離れる)(?:場合、)?代わりに")
_REINFORCEMENT = re.compile("連携[ \u3000]*[:：][ \u3000]*(?:「(?P<name>.+)」|【(?P<prop>.+)】)")
_MODAL = re.compile(r"このカードをプレイする場合、以下から\d+つ選択する。\s*[・･]")
_CONTINUES = re.compile("^(?:その|そう|また|さらに|捨て札にし)")
#: "while X is (taking part in) …, a player cannot …" (…している間、相手は、…できない): a continuous effect of its own,
#: never the steps of the triggered effect before it (round 16; after a continuous one it stays one of its sentences)
_WHILE_BAN = re.compile("^[^、。]*(?:している|いる)間、(?:相手|自分|全てのプレイヤー)は、[^。]*できない$")
#: "if X is there, this card gets 〔KW〕" (…いる場合、このカードは、〔突破30〕を得る; a state, a keyword, no "until"): a
#: continuous effect of its own after a triggered one too (round 20), like the bans above
_STATE_KEYWORD = re.compile("^(?:自分のターンの間、)?[^、。]*(?:いる|ある)場合、このカードは、?(?:〔[^〔〕]+〕)+を得る$")


#: why a keyword (with its brackets) is not read in a set, or None (engine.pm.cards.reminders.Keywords.dispute)
Disputed = Callable[[str], "str | None"]


class TextError(ValueError):
    """A card text whose keywords cannot be read."""


@dataclass
class TextFacts:
    """What a card text says, as facts."""

    timing: Timing | None = None
    active: bool = False
    break_: bool = False
    level_up: bool = False
    ex: bool = False
    combo: bool = False
    ignore: int | None = None
    pinch: tuple[int, int, int] | None = None
    reinforcement: tuple[str, str] | None = None
    backup: Effect | None = None
    free_entry: bool = False
    forceful: bool = False
    breakthrough: int | None = None
    endure: bool = False
    use_condition: dict[str, Any] | None = None
    timings: list[Timing] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)


def number(text: str) -> int:
    """``"3"`` or full-width ``"３"`` -> 3; :class:`TextError` otherwise."""
    norm = unicodedata.normalize("NFKC", text).strip()
    if not norm.isdecimal():
        raise TextError(f"{text!r} is not a number")
    return int(norm)


def _close(text: str, i: int) -> int:
    """Index just past the bracket group opening at ``text[i]`` (to the end if unclosed)."""
    opener, closer, depth = text[i], _CLOSE[text[i]], 0
    for j in range(i, len(text)):
        if text[j] == opener:
            depth += 1
        elif text[j] == closer:
            depth -= 1
            if depth == 0:
                return j + 1
    return len(text)


def _drop_reminders(text: str) -> str:
    """The text without its notes in （）; a （） ending a quoted name (「白血球（好中球）」: inside 「」, right before its
    」, after no 。, with no 。 or colon inside) is part of the name (round 19)."""
    out, i, quoted = [], 0, 0
    while i < len(text):
        quoted += (text[i] == "「") - (text[i] == "」")
        end = _close(text, i) if text[i] == "（" else i
        if text[i] == "（" and not (quoted > 0 and text.startswith("」", end) and i > 0 and text[i - 1] not in "。」"
                                    and not set(text[i:end]) & set("。:：")):
            i = end
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def _top_level(text: str) -> list[int]:
    """Positions of ``text`` outside 「」 and 『』."""
    out, i = [], 0
    while i < len(text):
        if text[i] in "「『":
            i = _close(text, i)
        else:
            out.append(i)
            i += 1
    return out


def _sentences(text: str) -> list[str]:
    cuts = [i for i in _top_level(text) if text[i] == "。"]
    parts, start = [], 0
    for c in [*cuts, len(text)]:
        parts.append(text[start:c].strip())
        start = c + 1
    return [p for p in parts if p]


def _unquote(text: str) -> str:
    """The sentence with quoted contents emptied (「司波 達也」 -> 「」)."""
    top = set(_top_level(text))
    return "".join(ch if i in top or ch in "「」『』" else "" for i, ch in enumerate(text))


def _brackets(text: str) -> list[re.Match[str]]:
    top = set(_top_level(text))
    return [m for m in _BRACKET.finditer(text) if m.start() in top]


def _timing(m: re.Match[str]) -> Timing:
    return Timing(PHASES[m.group(1)], SIDES[m.group(2)])


def effect_groups(text: str, play: bool = False) -> list[list[str]]:
    """The sentences of non-activated text grouped into effects (step 4 of the module doc); ``play``: an Event's
    text, whose first sentence starts its play effect."""
    groups: list[list[str]] = []
    for n, sentence in enumerate(_sentences(text)):
        plain = _unquote(sentence)
        if groups and (_CONTINUES.match(plain) or "この効果" in plain or if_done.link(groups[-1][-1], sentence)):
            groups[-1].append(sentence)
        elif (play and n == 0) or _triggered(plain) or (
                not play and groups and _triggered(_unquote(groups[-1][0]))
                and (_WHILE_BAN.match(plain) or _STATE_KEYWORD.match(plain))):
            groups.append([sentence])
        elif groups and (play or not plain.startswith("このカードは")):
            groups[-1].append(sentence)
        else:
            groups.append([sentence])
    return groups


def _triggered(plain: str) -> bool:
    """A sentence with a trigger phrase that is not a replacement effect's "when it would …, instead"."""
    return _TRIGGER.search(plain) is not None and _REPLACES.search(plain) is None


def _group_effects(groups: list[list[str]], play: bool = False) -> list[Effect]:
    """The auto/continuous effect of each sentence group, told by its first sentence."""
    effects: list[Effect] = []
    for n, group in enumerate(groups):
        plain = _unquote(group[0])
        trigger = None if (play and n == 0) or not _triggered(plain) else _TRIGGER.search(plain)
        if trigger is None:
            effects.append(Effect(kind="continuous"))
        else:
            name = trigger.lastgroup
            # reading 13: "when/after" (場合) fires once per turn, "every time" (ごとに) each time
            effects.append(Effect(kind="auto", trigger=None if name == "other" else name, once_per_turn="ごとに" not in plain))
    return effects


def _activated(m: re.Match[str], segment: str) -> Effect:
    """The activated effect whose timing bracket ``m`` opens ``segment``."""
    cost, color, rest, name, pos = 0, None, False, None, m.end() - m.start()
    while True:
        pos += len(segment[pos:]) - len(segment[pos:].lstrip(" \u3000:："))
        c = _COST.match(segment, pos)
        if c is None:
            break
        if c["n"] is not None:
            cost = number(c["n"])
        elif c["rest"] is not None:
            rest = True
        elif c["color"] is not None:
            color = COLORS[c["color"]]
            cost = number(c["cn"]) if c["cn"] else cost
        else:
            name = c["name"]
        pos = c.end()
    timing = _timing(m)
    return Effect("activated", timing, cost, cost_color=color, rest=rest, discard_name=name)


def body_parts(text: str, card_type: str) -> tuple[re.Match[str] | None, list[list[str]], list[tuple[re.Match[str], str]]]:
    """The text after the keywords, cut (step 3): an Event's timing bracket, the sentence groups of the automatic
    and continuous effects, and each activated effect's timing bracket with its segment (to the next bracket)."""
    if card_type == "event":
        condition, text = use_condition.cut(text)  # read apart (parse_text)
        marks = _brackets(text)
        timing, before = None, ""
        if marks and (condition is not None or not text[: marks[0].start()].strip()):
            # after a use condition, sentences before the timing bracket are effects of their own (a cost change)
            timing, before = marks[0], text[: marks[0].start()]
            text = text[marks[0].end() :].lstrip(" \u3000:：")
        return timing, effect_groups(text, play=True) + effect_groups(before), []
    marks = _brackets(text)
    groups = effect_groups(text[: marks[0].start()] if marks else text)
    ends = [m.start() for m in marks[1:]] + [len(text)]
    return None, groups, [(m, text[m.start() : end]) for m, end in zip(marks, ends[: len(marks)], strict=True)]


def _body(text: str, card_type: str) -> tuple[Timing | None, list[Effect]]:
    """The card timing (Events) and the effects of the text after the keywords."""
    timing, groups, activated = body_parts(text, card_type)
    effects = _group_effects(groups, play=card_type == "event")
    effects += [_activated(m, segment) for m, segment in activated]
    return (_timing(timing) if timing is not None else None), effects


def definition_effects(text: str, card_type: str) -> list[Effect]:
    """The effects a keyword's definition (a set's reminder text: engine.pm.cards.reminders) reads as, as if it were
    the card's text after its keywords."""
    return _body(text, card_type)[1]


def _modifier(text: str) -> tuple[int, int]:
    m = _MOD.search(text)
    if m is None:
        return 0, 0
    values = [0, 0]
    for k, part in enumerate(m.group(0).replace("／", "/").split("/")):
        p = _MOD_PARTS.search(part)
        if p is not None and p.group(1) not in "±":
            values[k] = number(p.group(2)) * (-1 if p.group(1) in "-－−" else 1)
    return values[0], values[1]


def _tail(text: str, pos: int) -> int:
    """End of a granted part after 〔逆境X〕 / 〔支援:…〕: ``:``, a modifier, ▸ and 「…」."""
    pos = _TAIL_HEAD.match(text, pos).end()  # type: ignore[union-attr]
    if pos < len(text) and text[pos] == "「":
        pos = _close(text, pos)
        m = _TAIL_MOD.match(text, pos)
        pos = m.end() if m else pos
    return pos


def _marker_number(inner: str, digits: str) -> int:
    try:
        return number(digits)
    except TextError:
        raise TextError(f"〔{inner}〕 needs a number") from None


def _keyword(inner: str, text: str, end: int, facts: TextFacts, disputed: Disputed | None = None) -> int:
    """Apply one leading 〔inner〕 marker ending at ``end``; return where the run goes on. ``disputed``: why a
    keyword the set defines otherwise than the engine's rule is not read (engine.pm.cards.reminders)."""
    word = unicodedata.normalize("NFKC", inner).strip()
    if disputed is not None and (why := disputed(f"〔{word}〕")) is not None:
        # the set words the keyword otherwise than the engine's rule: the card stays unverified, but the rule book's
        # rule still holds (a dispute never makes a legal play illegal: reader rd11), so the flags below are set
        facts.effects.append(Effect(kind="continuous", why=why))
    flags = {"アクティブ": "active", "ブレイク": "break_", "EXカード": "ex", "コンビ": "combo"}
    if word in flags:
        setattr(facts, flags[word], True)
    elif word == "レベルアップ":
        facts.level_up = True
    elif word in ("自由登場", "強引", "我慢"):
        setattr(facts, {"自由登場": "free_entry", "強引": "forceful", "我慢": "endure"}[word], True)
    elif word.startswith("突破"):
        facts.breakthrough = _marker_number(inner, word[2:])
    elif word.startswith("天然"):
        facts.ignore = _marker_number(inner, word[2:])
    elif word.startswith("逆境"):
        tail_end = _tail(text, end)
        granted = text[end:tail_end]
        points = _marker_number(inner, word[2:].rstrip(":"))
        q = granted.find("「")
        inside = granted[q + 1 : granted.rfind("」")] if q >= 0 else ""
        # the stat part: a modifier outside 「」, or one the granted text gives this card itself
        ap, dp = _modifier(granted[:q] if q >= 0 else granted)
        if (ap, dp) == (0, 0) and inside and (own := _PINCH_OWN_MOD.match(inside)) is not None:
            ap, dp = _modifier(own[0])
        facts.pinch = (points, ap, dp)
        if inside:  # granted effects hold only while the Pinch condition does
            for eff in _body(inside, "chara")[1]:
                facts.effects.append(replace(eff, condition={"points_at_least": points}))
        return tail_end
    elif word.startswith("連携"):
        m = _REINFORCEMENT.fullmatch(inner.strip())
        if m is None:
            raise TextError(f"cannot read the marker 〔{inner}〕")
        facts.reinforcement = ("name", m["name"]) if m["name"] else ("property", m["prop"])
    elif word.startswith("支援"):
        facts.backup = Effect(kind="auto")
        return _tail(text, end)
    else:  # a keyword this reader does not know: an effect the engine cannot check (never dropped)
        facts.effects.append(unknown_keyword(word))
        return condition_end(text, end)
    return end


def condition_end(text: str, end: int) -> int:
    """Where an unknown keyword ending at ``end`` ends with its condition: 〔KW〕▶「A」 (KGY's 〔知略〕) takes the
    「A」 along, a part of the keyword, not the start of the next sentence."""
    m = _KEYWORD_CONDITION.match(text, end)
    return _close(text, m.end() - 1) if m is not None else end


#: the condition an unknown keyword takes after it: 〔KW〕▶「A」 (the arrow, then 「)
_KEYWORD_CONDITION = re.compile(r"[ \u3000]*[▸▶][ \u3000]*「")

_KNOWN = ("アクティブ", "ブレイク", "EXカード", "コンビ", "レベルアップ", "自由登場", "強引", "我慢", "突破", "天然", "逆境",
          "連携", "支援")


def known_keyword(word: str) -> bool:
    """Whether a leading 〔word〕 (NFKC) is one of the keywords read (step 2 of the module doc)."""
    return word.startswith(_KNOWN)


def unknown_keyword(word: str) -> Effect:
    """The stand-in for a keyword not read: an unscripted effect saying so."""
    return Effect(kind="continuous", why=f"the keyword 〔{word}〕 is not read")


def leading_keywords(text: str, on_marker: Callable[[str, int], int], on_level_up: Callable[[], None]) -> int:
    """Walk the leading run of keywords (step 2): ``on_marker(inner, end)`` for each 〔inner〕 ending at ``end`` returns
    where the run goes on (a Pinch or Backup marker takes its granted part along); ``on_level_up()`` for a bare
    レベルアップ. Returns where the text after the keywords starts."""
    pos = 0
    while True:
        pos += len(text[pos:]) - len(text[pos:].lstrip())
        if text.startswith("〔", pos):
            end = _close(text, pos)
            if text.startswith(("を持つ", "を持たない", "を得る", "を失う", "の"), end):
                return pos  # 〔X〕を持つ自分のキャラ…: the first sentence names the keyword, it is not one of the card's
            pos = on_marker(text[pos + 1 : end - 1], end)
        elif text.startswith("レベルアップ", pos) and not text.startswith("レベルアップし", pos):
            on_level_up()
            pos += len("レベルアップ")
        else:
            return pos


def parse_text(text: str | None, card_type: str, disputed: Disputed | None = None) -> TextFacts:
    """Read a card text (``None``, ``""`` and ``"-"`` mean no text). ``disputed``: the keywords the card's set
    defines otherwise than the engine's rule (not read: an unscripted effect stands for each)."""
    facts = TextFacts()
    if not text or text.strip() in ("-", "－"):
        return facts
    text = _drop_reminders(text)
    pos = leading_keywords(text, lambda inner, end: _keyword(inner, text, end, facts, disputed),
                           lambda: setattr(facts, "level_up", True))
    facts.timing, effects = _body(text[pos:], card_type)
    facts.effects += effects
    if card_type == "event" and facts.timing is None and _MODAL.match(text[pos:].strip()):
        # "when you play this card, choose one: ・[X]:A ・[Y]:B": playable in any of the modes' timings
        facts.timings = [_timing(m) for m in _brackets(text[pos:])]
    if card_type == "event" and (cond := use_condition.cut(text[pos:])[0]) is not None:
        facts.use_condition = use_condition.read(cond)
        if facts.use_condition is use_condition.UNREAD:  # not read: the Event's plays stay unverified
            facts.use_condition = None
            facts.effects = [replace(e, why="its use condition (《使用条件》) is not read") for e in facts.effects]
    return facts
