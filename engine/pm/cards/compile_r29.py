"""Readings of the twenty-ninth compiler round (issue 20, helper h20r29).

- "The opponent may X. If they did not, A. If they did, B." (相手は、手札2枚を捨て札にすることができる。捨て札にしなかった
  場合、…。捨て札にした場合、…): X is the opponent's own pick (``who: "opponent"``) that they may leave out (``up_to``;
  N or none when N > 1), its ``then`` / ``else`` the two branches. The choice is the opponent's: the pick's choice entry
  (their cards, or none), which self-play leaves to the opponent's policy (engine.pm.script.Run.opponent_made).
- "Look at the top N, take X among them and put it onto the Area. Or, (reveal it and) put it into the hand. Then the
  rest …" (…抜き出し、場に出す。または、表にしてから手札に加える。その後、残りのカードを…): the same card, either
  destination (the second sentence's object left out, as round 28's EX deck wording), the rest moved in both: a
  ``choose`` of the two picks, each read as the whole wording with its own destination.

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import re

from engine.pm.cards import compile_phrases as ph

_OPPONENT_MAY = re.compile(r"相手は、(?P<s>[^。]+?)(?:することができる|ことができる|できる)")
_DID = re.compile(r"(?P<v>[^、。「」]+?)(?P<neg>しなかった|した)場合、(?P<rest>.+)")


def opponent_may(sentences: list[str], ctx: ph.Ctx, may_flags: list[bool] | None) -> list[ph.Step] | None:
    """"The opponent may X" (相手は、Xすることができる), then "if they did not, A" / "if they did, B" with X's own verb
    in the past (Xしなかった場合 / Xした場合), each at most once and nothing else after: the opponent's pick with
    ``else`` / ``then``. Sentences before it are read as usual. A branch's Chara is chosen only when it runs (as a
    mode's). X anything but one pick from the opponent's own cards: not read. None: not this shape."""
    k = next((i for i, x in enumerate(sentences) if _OPPONENT_MAY.fullmatch(x)), None)
    if k is None or ctx.in_mode:
        return None
    branches: dict[str, str] = {}
    for x in sentences[k + 1:]:
        m = _DID.fullmatch(x)
        key = "else" if m is not None and m["neg"] == "しなかった" else "then"
        if m is None or key in branches or not _own_verb(sentences[k], m["v"]):
            raise ph.NotUnderstood(x)  # anything else after the opponent's choice: not read
        branches[key] = m["rest"]
    steps = ph.body("。".join(sentences[:k]), ctx, may_flags) if k else []
    ctx.clause += 1
    got = ph.clause(sentences[k], ctx)
    if not ctx.may or len(got) != 1 or got[0].get("op") != "pick" or got[0].get("who") != "opponent" \
            or set(got[0]) & {"then", "else", "up_to", "all", "all_or_none", "if"}:
        raise ph.NotUnderstood(sentences[k])
    ctx.may = False
    pick = got[0]
    pick["up_to"] = True  # the opponent may leave it out: their choice of none
    if int(pick.get("n", 1)) > 1:
        pick["all_or_none"] = True  # "discard 2": both, or none
    was, ctx.in_mode = ctx.in_mode, True  # a Chara a branch names is chosen only when it runs
    try:
        for key in ("else", "then"):
            if key in branches:
                ctx.clause += 1
                pick[key] = ph.body(branches[key], ctx)
                if not pick[key] or ctx.may:
                    raise ph.NotUnderstood(branches[key])
    finally:
        ctx.in_mode = was
    return [*steps, pick]


def _own_verb(may_sentence: str, said: str) -> bool:
    """Whether ``said`` (a branch's opening before した / しなかった) is the end of the opponent's step's own verb
    phrase (…を捨て札にする → 捨て札に, 手札を捨て札に; counts left out)."""
    m = _OPPONENT_MAY.fullmatch(may_sentence)
    if m is None:
        return False
    phrase = re.sub(r"\d+枚", "", m["s"])
    phrase = phrase[:-len("する")] if phrase.endswith("する") else phrase
    return len(said) >= 2 and phrase.endswith(said) and (len(phrase) == len(said) or phrase[-len(said) - 1] in "をに、")


_TAKE_OR = re.compile(r"(?P<take>デッキの上のカード\d+枚を見て、その中にある[^。]+?を抜き出し、)(?P<d1>[^、。]+)")
_OR_DEST = re.compile(r"または、(?P<d2>(?:表にしてから)?手札に加える|場に出す|(?:メイン|サポート)エリアに出す)")


def take_either(sentences: list[str], ctx: ph.Ctx, may_flags: list[bool] | None) -> list[ph.Step] | None:
    """"Look at the top N, take X among them and put it onto A. Or, put it onto B (the object left out). (Then, the
    rest …)": a ``choose`` of two picks of the same card, each the whole wording with one destination (and the
    sentence on the rest in both); later sentences as usual. None: not this shape."""
    k = next((i for i, x in enumerate(sentences[:-1]) if _TAKE_OR.fullmatch(x) and _OR_DEST.fullmatch(sentences[i + 1])),
             None)
    if k is None or ctx.in_mode or any(x.startswith("または、") for x in sentences[k + 2:]):
        return None
    m, second = _TAKE_OR.fullmatch(sentences[k]), _OR_DEST.fullmatch(sentences[k + 1])
    assert m is not None and second is not None
    rest = sentences[k + 2:k + 3] if len(sentences) > k + 2 and sentences[k + 2].startswith("その後、残りのカードを") else []
    before = ph.body("。".join(sentences[:k]), ctx, may_flags) if k else []
    modes = []
    ctx.in_mode = True
    try:
        for dest in (m["d1"], second["d2"]):
            targets = len(ctx.targets)
            mode = ph.body("。".join([m["take"] + dest, *rest]), ctx)
            if len(mode) != 1 or mode[0].get("op") != "pick" or "look" not in mode[0] or len(ctx.targets) != targets \
                    or ctx.may or (rest and "rest_to" not in mode[0]):
                raise ph.NotUnderstood(sentences[k + 1])
            modes.append(mode)
    finally:
        ctx.in_mode = False
    if modes[0][0]["to"] == modes[1][0]["to"]:
        raise ph.NotUnderstood(sentences[k + 1])
    after = sentences[k + 2 + len(rest):]
    return [*before, {"op": "choose", "n": 1, "modes": modes}, *(ph.body("。".join(after), ctx) if after else [])]


ph.BODY_SHAPES.extend([opponent_may, take_either])
