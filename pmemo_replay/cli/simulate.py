"""``pmemo-replay simulate --games N [--cards DIR [--decks FILE]]``: self-play games on the bundled card data or a card folder."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tqdm import tqdm

from engine.rulesets import RULESETS, get_ruleset
from pmemo_replay.cli.statsopts import add_warehouse_option, keep_current
from pmemo_replay.cli.storeopts import add_db_option, open_store, summary_lines
from pmemo_replay.games.cards import CardDataError, CardLibrary, load_library
from pmemo_replay.logio import DEFAULT_RULESET, dump_jsonl, load_log
from pmemo_replay.simulate import simulated_logs

#: ``--cards``: each game cut after this many actions unless told
MAX_ACTIONS = 300


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("simulate", help="play games between built-in policies and write their logs",
                       description="Play N games of a ruleset between its built-in policies (greedy against greedy, "
                       "some random against greedy) on its bundled decks; "
                       "write each log to DIR (JSON Lines) and/or store it (stored games are also projected into the "
                       "analytics warehouse, as import does).")
    p.add_argument("--games", type=int, required=True, metavar="N")
    p.add_argument("--seed", type=int, default=0, metavar="S")
    p.add_argument("--ruleset", choices=sorted(RULESETS), default=DEFAULT_RULESET,
                   help=f"the game to simulate (default: {DEFAULT_RULESET})")
    p.add_argument("--out", metavar="DIR", help="folder for the logs")
    p.add_argument("--cards", metavar="DIR", help="play the Precious Memories cards of this folder (precious-data or "
                   "pmemo-cards files, read recursively) with their effects (compiled from the text, or hand "
                   "scripts): legal decks are built per set in turn, each log is re-checked, and a summary says how "
                   "many games crashed or were illegal and how many compiled effects fired")
    p.add_argument("--decks", metavar="FILE", help="with --cards: deck lists to play instead (JSON: a list of "
                   '{"name", "main": [60 ids], "ex": [ids]})')
    p.add_argument("--max-actions", type=int, default=MAX_ACTIONS, metavar="N",
                   help=f"with --cards: cut each game after N actions (default {MAX_ACTIONS}; its prefix is re-checked)")
    p.add_argument("--json", action="store_true", help="with --cards: print the summary as JSON")
    add_db_option(p, store_default=False)
    add_warehouse_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.games < 0:
        print("pmemo-replay simulate: --games must be 0 or more", file=sys.stderr)
        return 2
    if args.decks and not args.cards:
        print("pmemo-replay simulate: --decks needs --cards", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    if args.cards:
        return _run_folder(args, out)
    cards = CardLibrary()  # every game's bundled card data

    def logs() -> Iterator[tuple[str, bytes]]:
        for doc in tqdm(simulated_logs(cards, args.games, args.seed, ruleset=args.ruleset), total=args.games, unit="game",
                        desc="simulating", file=sys.stderr, disable=None):
            text = dump_jsonl(load_log(doc)).encode("utf-8")
            if out is not None:
                (out / f"{doc['game']['id']}.jsonl").write_bytes(text)
            yield f"simulate:{doc['game']['id']}", text

    of = "" if args.ruleset == DEFAULT_RULESET else f" of {args.ruleset}"
    message = f"simulated {args.games} game(s){of}" + (f" into {out}" if out else "")
    if not args.db:
        for _ in logs():
            pass
        print(message)
        return 0
    with open_store(args.db, cards) as store:
        lines, any_rejected = summary_lines(store.ingest_many(logs()))
        keep_current(store, args)  # like import: the stored games are projected into the warehouse at once
    print(f"{message}; " + "\n".join(lines))
    return 1 if any_rejected else 0


def _run_folder(args: argparse.Namespace, out: Path | None) -> int:
    """``--cards DIR``: self-play on the folder's cards, re-checked; exit 1 when a game crashed or was illegal."""
    try:
        library = load_library([args.cards])
        games = [get_ruleset(name) for name in library.given if hasattr(get_ruleset(name), "check_by_play")]
        if not games:
            raise ValueError(f"{args.cards}: no card file of a game that checks card data by self-play "
                             f"(Precious Memories does)")
        ruleset = games[0]  # the game whose self-play checks the folder's cards (its check_by_play)
        cards = library.for_ruleset(ruleset.name)
        decks = _read_json(args.decks) if args.decks else None
        logs: list[dict[str, Any]] | None = [] if out is not None or args.db else None
        summary = ruleset.check_by_play(cards, args.games, args.seed, decks=decks, decks_source=str(args.decks),
                                        max_actions=args.max_actions, logs=logs)
    except (CardDataError, ValueError) as err:  # card files, or deck lists the game cannot use
        print(f"pmemo-replay simulate: {err}", file=sys.stderr)
        return 2
    texts = [(f"simulate:cards-{args.seed}-{i:05d}", _named(doc, f"sim-cards-{args.seed}-{i:05d}")) for i, doc in
             enumerate(logs or [])]
    if out is not None:
        for key, text in texts:
            (out / f"{key.split(':', 1)[1]}.jsonl").write_bytes(text)
    if args.db:
        with open_store(args.db, library) as store:
            lines, _ = summary_lines(store.ingest_many(iter(texts)))
            keep_current(store, args)
        summary["stored"] = lines
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, indent=2))
    else:
        sets = ", ".join(f"{k} {v}" for k, v in summary["per_set"].items())
        print(f"simulated {summary['games']} game(s) ({sets}); {summary['ended']} ended, {summary['actions']} actions")
        print(f"crashes: {summary['crashes']}; re-checked: {summary['illegal']} illegal")
        print(f"effects used: {summary['effect_uses']}; compiled effects fired: {summary['compiled_uses']} time(s), "
              f"{summary['compiled_effects_used']} of {summary['compiled_effects']} compiled effects")
        for i, why in summary["first_crashes"]:
            print(f"  crash in game {i}: {why}")
        for i, ruling in summary["first_illegal"]:
            print(f"  illegal game {i}: {ruling['rule']} at {ruling['index']}: {ruling['message']}")
    return 1 if summary["crashes"] or summary["illegal"] else 0


def _read_json(path: str) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ValueError(f"{path}: cannot read JSON: {err}") from None


def _named(doc: dict[str, Any], source_id: str) -> bytes:
    doc["game"]["id"] = source_id
    return dump_jsonl(load_log(doc)).encode("utf-8")
