"""Clause readers of the twenty-fifth compiler round (issue 20, helper h20r25), registered with
:func:`engine.pm.cards.compile_phrases.reads` (or as conditions) and tried after the earlier ones, and the settling of
"may move N cards" (:func:`settle_may_n`).

A part a reader does not know raises :class:`~engine.pm.cards.compile_phrases.NotUnderstood` (the effect stays
unverified).
"""

from __future__ import annotations

import json

from engine.pm.cards.compile_phrases import Step


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

