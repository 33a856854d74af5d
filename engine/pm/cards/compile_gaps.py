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
from collections.abc import Callable, Iterable, Iterator

from engine.pm.cards import Card, CardDB
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


def unread(plain: CardDB, compiled: CardDB,
           rewrite: Callable[[str], str] = lambda text: text) -> Iterator[tuple[Card, int, str, str]]:
    """(card, effect index, where, what) for each effect of a set (read without and with compiling) that stays
    uncompiled: where ``facts`` (what: the facts' reason), ``pieces`` (the text pieces do not line up with the
    effects) or ``text`` (what: the effect's text, ``rewrite`` applied, normalized as the compiler reads it)."""
    for card in plain:
        done = compiled.get(card.id)
        pieces = split(card.text, card.type).effects if card.text else []
        for i, eff in enumerate(card.effects):
            if done.effects[i].compiled or eff.scripted:
                continue
            if eff.why:
                yield card, i, "facts", eff.why
            elif len(pieces) != len(card.effects):
                yield card, i, "pieces", "the text pieces do not line up with the effects"
            else:
                text = normalize(rewrite(pieces[i]))
                yield card, i, "text", _PREFIX.sub("", text) if eff.kind == "activated" else text


def reasons(plain: CardDB, compiled: CardDB) -> Iterable[tuple[str, str]]:
    """(card id, reason) for each effect of a set (read without and with compiling) that stays uncompiled."""
    for card, i, where, what in unread(plain, compiled):
        if where == "facts":
            yield card.id, f"facts: {what}"
        elif where == "pieces":
            yield card.id, what
        else:
            try:
                ph.effect(what, ph.Ctx(card=card, kind=card.effects[i].kind))
                yield card.id, "read, but refused by a later check (kind, targets, an Event's later sentence...)"
            except (ph.NotUnderstood, ValueError, KeyError, IndexError) as exc:
                yield card.id, fold(str(exc))[:80]


def histogram(sets: Iterable[tuple[CardDB, CardDB]]) -> Counter[str]:
    """How many uncompiled effects stop at each (folded) reason, over ``sets`` (each read without and with
    compiling)."""
    return Counter(reason for plain, compiled in sets for _, reason in reasons(plain, compiled))
