"""Which part of a text stops the reader: the first unread clause of each uncompiled effect, cut into its parts and
classed by the kind of the part no reader took (``compile_measure --blockers N``).

:mod:`compile_gaps` counts whole clauses, so one unknown noun phrase or verb shows up once per sentence shape it sits
in. Here the clause is cut as the readers cut it, and each part is tried on the part readers alone:

- ``head``: an automatic effect's trigger (…した場合、 / …ごとに、) that no head reader took;
- ``condition``: a leading …場合、 of a clause that :func:`compile_phrases.condition` does not read;
- ``selector``: a noun phrase (the subject before は、, the object before を) that :func:`compile_np.phrase` does not read;
- ``duration``: a time span (…まで, このターン) other than the ones the readers know;
- ``verb``: the predicate (the object folded to X) when every part before it was read;
- ``link``: a reader's note on how the sentences join (if so after several steps, or …) or a later check;
- ``facts``: the card facts reader gave up (keywords, costs, timing).

The cut is the readers' own convention, not a grammar: a part classed here is where to look first, and a part reader
added for it must still refuse what it does not read. Names, properties, titles and numbers are folded as in
:mod:`compile_gaps`. Only printed: the texts are the user's card data.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from engine.pm.cards import CardDB, reminders
from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_gaps import fold, unread
from engine.pm.cards.compile_np import phrase

KINDS = ("head", "condition", "selector", "duration", "verb", "link", "facts")

#: the time spans the clause readers take (anything else before a verb is a ``duration`` blocker)
KNOWN_DURATIONS = frozenset({"ターン終了時まで", "次のターン終了時まで", "このターン", "このターンの間"})
_DURATION = re.compile(
    r"^(?P<d>(?:次の)?(?:自分の|相手の)?(?:ターン(?:の)?終了時まで|ターン開始時まで)|このターン(?:の間)?|"
    r"ゲーム中|次のターンの間)、?"
)
_VERB_END = re.compile(r"(?:る|す|く|う|つ|ない|た|む|ぶ|ぐ|ぬ)$")
#: objects that are not Chara phrases: the readers take them inside their own patterns
_PLAIN_OBJECTS = re.compile(r"^(?:手札|カード|デッキ|自分のデッキ|相手のデッキ|相手の手札|色|コスト|テキスト)")


def _np_read(np_text: str, series: str | None) -> bool:
    np_text = re.sub(r"(?:\d+枚(?:まで)?|全て)$", "", np_text)
    return np_text in ("このカード", "そのキャラ", "指定したキャラ", "指定されたキャラ") or phrase(np_text, series) is not None


def classify(reason: str, text: str, ctx: ph.Ctx) -> tuple[str, str]:
    """(kind, folded part) of the part of ``text`` (an effect's normalized text) that ``reason`` (the reader's
    NotUnderstood message, or a facts / check note) stops at."""
    if reason.startswith("facts: "):
        return "facts", reason[len("facts: ") :]
    if not re.search(r"[ぁ-んァ-ヶ一-龥]", reason):
        return "link", reason
    series = ctx.card.series
    body = text.rstrip("。")
    head = re.match(r"(?P<h>[^。]*?(?:場合|ごとに))、", reason)
    opening = head is not None and len(reason) > 8 and body.endswith(reason)
    if (
        opening
        and not re.match(r"[^、。]*(?:場合|ごとに)、", body[: len(body) - len(reason)])
        and (ctx.kind == "auto" or re.search(r"(?:た|だ|ごとに)$", head["h"].removesuffix("場合")))
    ):
        return "head", fold(head["h"])  # the effect's own trigger (an unknown event may make it read as continuous)
    clause = reason
    if not _VERB_END.search(clause.rstrip("、")):
        if clause.endswith(("場合", "場合、", "ごとに", "ごとに、")):
            return "head", fold(clause.rstrip("、"))
        return "selector", fold(clause)
    if m := re.match(r"(?P<c>[^、]+?)場合、", clause):
        try:
            ph.condition(m["c"], ctx)
            clause = clause[m.end() :]
        except (ph.NotUnderstood, ValueError, KeyError, IndexError):
            return "condition", fold(m["c"]) + "場合"
    while m := _DURATION.match(clause):
        if m["d"] not in KNOWN_DURATIONS:
            return "duration", fold(m["d"])
        clause = clause[m.end() :]
    if m := re.match(r"(?P<np>[^、]+?)は、(?P<rest>.+)", clause):
        if not _np_read(m["np"], series):
            return "selector", fold(m["np"])
        clause = m["rest"]
        while d := _DURATION.match(clause):
            if d["d"] not in KNOWN_DURATIONS:
                return "duration", fold(d["d"])
            clause = clause[d.end() :]
        if (d := re.match(r"(?P<d>[^、。を]*?まで)、?", clause)) and d["d"] not in KNOWN_DURATIONS:
            return "duration", fold(d["d"])
    if (m := re.match(r"(?P<np>[^、]*?)を(?P<rest>[^を]+)$", clause)) and m["np"] and not _PLAIN_OBJECTS.match(m["np"]):
        if not _np_read(m["np"], series):
            return "selector", fold(m["np"])
        return "verb", "Xを" + fold(m["rest"])
    return "verb", fold(clause)


def blockers(plain: CardDB, compiled: CardDB) -> Iterable[tuple[str, int, str, str]]:
    """(card id, effect index, kind, part) for each effect of a set (read without and with compiling) that stays
    uncompiled. A set's own actions (Xを行う, round 32) are read as the compiler reads them: as the set defines them."""
    actions = reminders.gather(card.text for card in plain)
    for card, i, where, what in unread(plain, compiled, actions.actions_in):
        if where == "facts":
            yield card.id, i, "facts", fold(what)[:80]
        elif where == "pieces":
            yield card.id, i, "link", what
        else:
            ctx = ph.Ctx(card=card, kind=card.effects[i].kind)
            try:
                ph.effect(what, ctx)
                yield card.id, i, "link", "read, but refused by a later check"
            except (ph.NotUnderstood, ValueError, KeyError, IndexError) as exc:
                kind, part = classify(str(exc), what, ph.Ctx(card=card, kind=card.effects[i].kind))
                yield card.id, i, kind, part[:80]


def table(sets: Iterable[tuple[CardDB, CardDB]], top: int) -> list[str]:
    """The lines of the blocker table over ``sets``: per kind its count, then its ``top`` most frequent parts."""
    found = [(kind, part) for plain, compiled in sets for *_, kind, part in blockers(plain, compiled)]
    by_kind = Counter(kind for kind, _ in found)
    lines = [f"first unread part of each uncompiled effect, by kind ({len(found)} effects):"]
    for kind in sorted(by_kind, key=lambda k: (-by_kind[k], KINDS.index(k) if k in KINDS else 99)):
        lines.append(f"{by_kind[kind]:5d}  {kind}")
        parts = Counter(part for k, part in found if k == kind)
        lines.extend(f"{n:9d}  {part}" for part, n in parts.most_common(top))
    return lines
