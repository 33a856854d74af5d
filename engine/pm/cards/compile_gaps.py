"""Why effects stay uncompiled: the clause each one stops at, counted over sets (``compile_measure --gaps N``).

For each effect the compiler leaves unscripted, the reason is the reader's own: why the facts reader gave up
(``Effect.why``), the text pieces not lining up with the effects, or the text the readers raised
:class:`~engine.pm.cards.compile_phrases.NotUnderstood` on (the clause no reader took, or a reader's note such
as "if so after several steps"). Names, properties and titles are folded (「N」 【P】 『S』) and numbers written n,
so one wording shared by many cards counts once. Only printed: the texts are the user's card data.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from engine.pm.cards import CardDB
from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_split import split
from engine.pm.cards.compiler import _PREFIX, normalize

_FOLD = [(re.compile(p), r) for p, r in [(r"「[^」]*」", "「N」"), (r"【[^】]*】", "【P】"), (r"『[^』]*』", "『S』"),
                                          (r"\d+", "n")]]


def fold(text: str) -> str:
    """``text`` with names, properties, titles and numbers folded."""
    for pattern, repl in _FOLD:
        text = pattern.sub(repl, text)
    return text


def reasons(plain: CardDB, compiled: CardDB) -> Iterable[tuple[str, str]]:
    """(card id, reason) for each effect of a set (read without and with compiling) that stays uncompiled."""
    for card in plain:
        done = compiled.get(card.id)
        pieces = split(card.text, card.type).effects if card.text else []
        for i, eff in enumerate(card.effects):
            if done.effects[i].compiled or eff.scripted:
                continue
            if eff.why:
                yield card.id, f"facts: {eff.why}"
                continue
            if len(pieces) != len(card.effects):
                yield card.id, "the text pieces do not line up with the effects"
                continue
            text = normalize(pieces[i])
            if eff.kind == "activated":
                text = _PREFIX.sub("", text)
            try:
                ph.effect(text, ph.Ctx(card=card, kind=eff.kind))
                yield card.id, "read, but refused by a later check (kind, targets, an Event's later sentence...)"
            except (ph.NotUnderstood, ValueError, KeyError, IndexError) as exc:
                yield card.id, fold(str(exc))[:80]


def histogram(sets: Iterable[tuple[CardDB, CardDB]]) -> Counter[str]:
    """How many uncompiled effects stop at each (folded) reason, over ``sets`` (each read without and with
    compiling)."""
    return Counter(reason for plain, compiled in sets for _, reason in reasons(plain, compiled))
