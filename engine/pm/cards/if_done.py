""""If you did" written with the verb of the step before (round 19): 「Xすることができる。Xした場合、…」.

A step that may do nothing is often followed by a sentence opening with the past form of its own verb (引くことができる。
カードを引いた場合、… / 重ねることができる。重ねた場合、… / 裏向きにできる。裏向きにした場合、…). It says what その場合 says: the
rest is done only when that step was. :func:`link` tells such an opening from a trigger of its own (「このカードが登場し
た場合」): its words must be the step's own verb phrase, in the past, the object (if it names one) taken from that
phrase, a count left out (カードを1枚引く → カードを引いた).
"""

from __future__ import annotations

import re

#: a dictionary form's ending → its past forms (godan and ichidan る both: the past of the phrase must match anyway)
_PAST = {"する": ("した",), "く": ("いた",), "ぐ": ("いだ",), "す": ("した",), "る": ("た", "った"), "う": ("った",),
         "つ": ("った",), "む": ("んだ",), "ぶ": ("んだ",), "ぬ": ("んだ",)}
#: where a link's words may begin inside the step's phrase: after a particle or a comma
_BOUNDARY = "をにでが、"


def _pasts(phrase: str) -> list[str]:
    """The step's phrase with its final verb in the past (every form the ending allows), counts taken out."""
    phrase = re.sub(r"\d+枚", "", phrase)
    for ending, pasts in _PAST.items():
        if phrase.endswith(ending):
            return [phrase[: -len(ending)] + p for p in pasts]
    return []


def link(prev: str, sentence: str) -> int:
    """The length of the opening of ``sentence`` (…した場合、) that repeats the verb of ``prev``'s last step (its
    "if so"), else 0. ``prev``: the sentence before, without its 。."""
    m = re.match(r"([^、。「」]{3,}?)場合、", sentence)
    if m is None or m[1].startswith(("その", "この", "自分", "相手")):
        return 0
    step = re.sub(r"(?:こと|事)?ができる$", "", prev.rstrip("。"))
    if step == prev.rstrip("。"):
        step = re.sub(r"(?<!る)できる$", "する", step)  # 裏向きにできる: 裏向きにする
    words = m[1]
    for past in _pasts(step):
        if past.endswith(words) and (len(past) == len(words) or past[-len(words) - 1] in _BOUNDARY):
            return m.end()
    return 0
