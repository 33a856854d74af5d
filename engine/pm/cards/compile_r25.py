"""Clause readers of the twenty-fifth compiler round (issue 20, helper h20r25), registered with
:func:`engine.pm.cards.compile_phrases.reads` (or as conditions) and tried after the earlier ones, and the settling of
"may move N cards" (:func:`settle_may_n`).

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import json
import re
from typing import Any

from engine.pm.cards import compile_phrases as ph
from engine.pm.cards.compile_phrases import Ctx, NotUnderstood, Step, _np


def _depends_on_pick(later: list[Step]) -> bool:
    """Whether a later step of the same run reads what the pick before it did (``if`` on ``picked``)."""
    return any('"picked"' in json.dumps(x.get("if", {})) or (x.get("op") == "if" and "picked" in json.dumps(x.get("cond")))
               for x in later)


def settle_may_n(steps: list[Step], optional: bool) -> list[Step]:
    """"May move N cards" (N > 1, no まで: the readers mark the pick ``all_or_none``), as the lead decided (session 13,
    docs/compiler.md): when the doing is a price (its ``then`` / ``else``, an "if so" or "if not", or a later step's
    condition on what it picked, depends on it), N or none (``up_to`` with ``all_or_none``, as MHK 01-002's hand
    script); a plain one is optional as a whole and, done, moves N or all there are when fewer (rule book 001: the
    rest of a text applies when a part cannot): the effect's opening pick of an optional effect is a plain pick of
    N (as many as there are), any other ``up_to`` with ``there_or_none``."""

    def walk(run: list[Step], top: bool) -> None:
        for k, step in enumerate(run):
            for key in ("then", "else", "do"):
                if isinstance(step.get(key), list):
                    walk(step[key], False)
            for mode in step.get("modes", ()):
                walk(mode, False)
            if step.get("op") != "pick" or not step.get("all_or_none") or step.get("up_to"):
                continue
            if "then" in step or "else" in step or _depends_on_pick(run[k + 1:]):
                step["up_to"] = True
                step.pop("then_if_all", None)  # N or none: an "if so" needs no more
            elif top and k == 0 and optional:
                del step["all_or_none"]
            else:
                del step["all_or_none"]
                step["up_to"] = True
                step["there_or_none"] = True

    walk(steps, True)
    return steps



def _supported(text: str, ctx: Ctx) -> dict[str, Any] | None:
    """"This card / your X has a Support card set on it" (このカードに / 自分の『S』のキャラにサポートカードがセットされて
    いる): a count of such Charas with a Support set (the Chara spec key ``supported``), "this card" the effect's own
    Chara (``is_source``, a Chara's text only)."""
    m = re.fullmatch(r"(?P<np>[^、。]+?)に(?P<what>(?:『[^』]+』の)?サポートカード)がセットされている", text)
    if m is None:
        return None
    kind = _np(m["what"], ctx)
    if kind.head != "support" or set(kind.spec) - {"series"}:
        raise NotUnderstood(text)
    supported = dict(kind.spec)
    if m["np"] == "このカード":
        if ctx.card.type != "chara":
            raise NotUnderstood(text)
        spec: dict[str, Any] = {"is_source": True}
    else:
        p = _np(m["np"], ctx)
        if p.head not in ("chara", "name") or p.all or p.same_name or p.other_than_that or p.spec.get("side") != "self":
            raise NotUnderstood(text)
        spec = p.chara_spec()
    return {"count": {"spec": {**spec, "supported": supported}, "at_least": 1}}


ph.MORE_CONDITIONS.append(_supported)


@ph.reads(r"(?:このターン、)?自分が次にプレイする(?P<name>「[^」]+」)または(?P<kind>(?:『[^』]+』の)?(?:サポートカード|イベントカード))"
          r"1枚は、使用コスト(?P<n>[+-]\d+)を得る")
def _next_cost_either(m: re.Match[str], ctx: Ctx) -> list[Step]:
    """"The next 「N」 or <a kind of card> you play gets usage cost ±N" (自分が次にプレイする「各務原 なでしこ」または
    『ゆるキャン△』のサポートカード1枚は): one change for the next card that is either, a card named N (of any type) or a
    card of that kind (the name stands alone: の binds the title to the card kind after it)."""
    parts = [_np(m["name"], ctx), _np(m["kind"], ctx)]
    if any(p.same_name or p.other_than_that or p.all for p in parts):
        raise NotUnderstood(m[0])
    return [{"op": "cost", "who": "self", "next": True, "n": int(m["n"]),
             "filter": {"any_of": [p.card_filter() for p in parts]}}]
