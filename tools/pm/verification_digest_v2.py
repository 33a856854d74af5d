"""Move docs/verification.md's records from script digest format 1 to format 2, without laundering any verdict.

A format-1 digest named only kind, trigger, optional, targets, condition and steps of each effect; format 2
(engine/pm/cards/digest.py) names everything of the card's text the engine runs. A record is moved only when it can be
shown what it read in full: for each record the commit that added its row (``git log -S`` on the row, oldest) is
checked out in a temporary detached worktree, the card is read there in every way a reader of that time could have
(bundled hand scripts, each set's folder with and without hand scripts, ``read_precious(compile=True)``), and among the
readings whose format-1 digest equals the record's, the format-2 digest is taken with today's digest.py loaded into
that commit's code. When all those readings agree on one format-2 digest, the record's digest becomes it (it names
exactly what was read, whether or not the card still reads so today); otherwise the record is left as it is (it
matches no card any more: the card needs a new read).

Usage: ``python tools/pm/verification_digest_v2.py [--data DIR] [--write]`` from the project root (prints what it would
change; ``--write`` rewrites the file). One process per distinct commit.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "docs" / "verification.md"
DIGEST_PY = ROOT / "engine" / "pm" / "cards" / "digest.py"
DATA = ROOT.parent / "shared" / "data" / "precious-data" / "data"
SETS = ("MHK", "GRAN", "SAGA", "SSSS", "SZ2")


def _plain1(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain1(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain1(v) for v in value]
    return value


def digest_v1(card: Any) -> str:
    """The format-1 digest, as engine/pm/cards/verification.py computed it before format 2."""
    effects = [*card.effects, *([card.backup] if card.backup is not None else [])]
    doc = [[e.kind, e.trigger, e.optional, _plain1(e.targets), _plain1(e.condition), _plain1(e.script)]
           for e in effects]
    return hashlib.sha256(json.dumps(doc, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()[:12]


def _readings(data: Path) -> Iterator[tuple[str, Any]]:
    """(how, card database) for every way the code on ``sys.path`` reads the cards (a way that code lacks is skipped,
    said on stderr)."""
    import pmemo_replay.cards as cards

    here = Path.cwd().resolve()
    if not Path(cards.__file__ or "").resolve().is_relative_to(here):
        raise SystemExit(f"pmemo_replay.cards came from {cards.__file__}, not from {here}")
    read_precious = getattr(cards, "read_precious", None)
    if read_precious is None:
        try:
            from tests.pm_cards import read_precious
            if not Path(sys.modules["tests.pm_cards"].__file__ or "").resolve().is_relative_to(here):
                raise ImportError("tests.pm_cards of another tree")
        except ImportError:
            read_precious = None
    ways: list[tuple[str, Any]] = [("bundled", cards.bundled_cards)]
    for name in SETS:
        folder = data / name
        ways += [(f"hand {name}", lambda f=folder: cards.load_cards([f])),
                 (f"compiled {name}", lambda f=folder: cards.load_cards([f], hand_scripts=False))]
        if read_precious is not None:
            ways.append((f"read_precious {name}", lambda f=folder: read_precious(f, compile=True)))
    for how, read in ways:
        try:
            db = read()
        except TypeError as err:  # an older signature: this way did not exist then
            print(f"{how}: skipped ({err})", file=sys.stderr)
            continue
        yield how, db


def candidates(data: Path) -> dict[str, list[list[str]]]:
    """Card id -> [how, format-1 digest, format-2 digest] for each reading (run inside an older commit's code)."""
    spec = importlib.util.spec_from_file_location("digest_v2", DIGEST_PY)
    assert spec is not None and spec.loader is not None
    v2 = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(v2)
    out: dict[str, list[list[str]]] = {}
    for how, db in _readings(data):
        for card in db:
            out.setdefault(card.id, []).append([how, digest_v1(card), v2.digest(card)])
    return out


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def adding_commit(row: str) -> str:
    """The oldest commit whose change to docs/verification.md added ``row`` (card, digest, verdict and reader)."""
    found = _git("log", "--reverse", "-S", row, "--format=%H", "--", "docs/verification.md").split()
    if not found:
        raise SystemExit(f"no commit adds {row!r}")
    return found[0]


def _candidates_at(commit: str, data: Path) -> dict[str, list[list[str]]]:
    with tempfile.TemporaryDirectory(prefix="digest-v2-") as tmp:
        tree = Path(tmp) / "tree"
        _git("worktree", "add", "--detach", str(tree), commit)
        try:
            run = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--candidates", "--data", str(data)],
                                 cwd=tree, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
                                 capture_output=True, text=True)
        finally:
            _git("worktree", "remove", "--force", str(tree))
    if run.returncode:
        raise SystemExit(f"reading the cards at {commit[:7]} failed:\n{run.stderr}")
    result: dict[str, list[list[str]]] = json.loads(run.stdout)
    return result


def migrate(data: Path, write: bool) -> dict[str, int]:
    sys.path.insert(0, str(ROOT))
    from engine.pm.cards.verification import parse_records

    text = RECORDS.read_text(encoding="utf-8")
    records = parse_records(text, str(RECORDS))
    commits = {r.line: adding_commit(f"| {r.card} | {r.script} | {r.verdict} | {r.reader} |") for r in records}
    at = {c: _candidates_at(c, data) for c in sorted(set(commits.values()))}
    lines = text.split("\n")
    moved = kept = 0
    for r in records:
        commit = commits[r.line]
        read = [c for c in at[commit].get(r.card, []) if c[1] == r.script]
        new = {c[2] for c in read}
        if len(new) == 1:
            (digest,) = new
            line = lines[r.line - 1]
            lines[r.line - 1] = line.replace(f"| {r.script} |", f"| {digest} |", 1)
            moved += 1
            print(f"moved {r.card} {r.script} -> {digest} ({r.reader}, {commit[:7]}: {', '.join(c[0] for c in read)})")
        else:
            kept += 1
            why = "no reading there has this format-1 digest" if not new else f"readings disagree: {sorted(new)}"
            print(f"kept  {r.card} {r.script} ({r.reader}, {commit[:7]}): {why}")
    if write:
        RECORDS.write_text("\n".join(lines), encoding="utf-8")
    return {"records": len(records), "moved": moved, "kept": kept, "commits": len(at)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DATA, help="the precious-data folder of the five sets")
    parser.add_argument("--write", action="store_true", help="rewrite docs/verification.md")
    parser.add_argument("--candidates", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.candidates:
        json.dump(candidates(args.data), sys.stdout)
        return
    print(json.dumps(migrate(args.data, args.write)))


if __name__ == "__main__":
    main()
