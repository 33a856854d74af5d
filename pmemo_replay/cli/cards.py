"""``pmemo-replay cards coverage [--cards PATH ...] [--json]``: per set, how many effects the engine verifies.

Columns (README, "Card data"): ``cards``; ``effects`` (automatic, continuous and activated effects and [Backup],
keywords not counted); of them ``hand_scripted`` (the project's hand-written scripts), ``compiled`` (scripts the
text compiler wrote) and ``unverified`` (no script: applied as logged), which add up to ``effects``;
``compiler_also`` / ``compiler_same``: of the hand-scripted effects, how many the compiler also compiles and how many
it reproduces exactly (when the set's precious-data files are at hand); ``keywords`` (keywords read, 〔アクティブ〕
〔突破N〕...) of which ``keywords_unapplied`` (read, not applied: their uses are unverified); ``verified_cards``: cards
with every effect scripted and no unapplied keyword.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.pm.cards import Card, CardDB
from engine.pm.cards.compile_measure import DATA, normalized
from pmemo_replay.cards import bundled_cards, load_cards

COLUMNS = ("cards", "effects", "hand_scripted", "compiled", "unverified", "compiler_also", "compiler_same", "keywords",
           "keywords_unapplied", "verified_cards")
_KEYWORDS = ("active", "break_", "level_up", "ex", "combo", "ignore", "pinch", "reinforcement", "free_entry", "forceful",
             "breakthrough", "endure")


def keywords(card: Card) -> int:
    """How many keywords were read on the card (〔アクティブ〕, 〔ブレイク〕, 〔天然X〕, 〔逆境X〕...)."""
    return sum(1 for k in _KEYWORDS if getattr(card, k) not in (None, False))


def _effects(card: Card) -> list[Any]:
    return [*card.effects, *([card.backup] if card.backup else [])]


def coverage(db: CardDB, compiled: CardDB | None = None) -> list[dict[str, Any]]:
    """Per set, the columns of :data:`COLUMNS`; ``compiled``: the same cards with compiled scripts only (for
    ``compiler_also`` / ``compiler_same``; 0 without it)."""
    rows: dict[str, dict[str, Any]] = {}
    for card in db:
        row = rows.setdefault(card.set_code, {"set": card.set_code, **dict.fromkeys(COLUMNS, 0)})
        effects = _effects(card)
        row["cards"] += 1
        row["effects"] += len(effects)
        hand = [k for k, e in enumerate(effects) if e.scripted and not e.compiled]
        row["hand_scripted"] += len(hand)
        row["compiled"] += sum(1 for e in effects if e.compiled)
        missing = sum(1 for e in effects if not e.scripted)
        row["unverified"] += missing
        row["keywords"] += keywords(card)
        row["keywords_unapplied"] += len(card.unverified_keywords)
        row["verified_cards"] += not missing and not card.unverified_keywords
        other = compiled.get(card.id) if compiled is not None and card.id in compiled else None
        if other is not None and hand:
            theirs = _effects(other)
            if len(theirs) == len(effects):
                got = [theirs[k] for k in hand if theirs[k].compiled]
                row["compiler_also"] += len(got)
                row["compiler_same"] += sum(normalized(t) == normalized(effects[k]) for k, t in zip(
                    [k for k in hand if theirs[k].compiled], got, strict=True))
    return sorted(rows.values(), key=lambda r: r["set"])


def compiled_only(paths: Sequence[str | Path] | None, db: CardDB) -> CardDB | None:
    """The same cards compiled without hand scripts: from ``paths``, else from the precious-data sets next to the
    project (../shared/data/precious-data/data/<set>) for the sets of ``db``; None when there are none."""
    if paths:
        return load_cards(paths, hand_scripts=False)
    found = [DATA / s for s in sorted({c.set_code for c in db}) if (DATA / s).is_dir()]
    return load_cards(found, hand_scripts=False) if found else None


def register(sub: Any) -> None:
    p = sub.add_parser("cards", help="card data reports")
    csub = p.add_subparsers(dest="cards_command", required=True)
    cov = csub.add_parser("coverage", help="per set: cards, effects, hand-scripted, compiled, unverified, keywords")
    cov.add_argument("--cards", nargs="+", help="card files or folders (default: the bundled sets with their scripts)")
    cov.add_argument("--json", action="store_true")
    cov.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    db = load_cards(args.cards) if args.cards else bundled_cards(scripted=True)
    rows = coverage(db, compiled_only(args.cards, db))
    if getattr(args, "json", False):
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    heads = ("set", "cards", "effects", "hand", "compiled", "unverified", "compiler also/same", "keywords (unapplied)",
             "verified cards")
    print(f"{heads[0]:<8}" + "".join(f"{h:>{len(h) + 2}}" for h in heads[1:]))
    for r in rows:
        cells = (r["cards"], r["effects"], r["hand_scripted"], r["compiled"], r["unverified"],
                 f"{r['compiler_also']}/{r['compiler_same']}", f"{r['keywords']} ({r['keywords_unapplied']})",
                 f"{r['verified_cards']}/{r['cards']}")
        print(f"{r['set']:<8}" + "".join(f"{c!s:>{len(h) + 2}}" for c, h in zip(cells, heads[1:], strict=True)))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pmemo-replay")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return int(args.run(args))
