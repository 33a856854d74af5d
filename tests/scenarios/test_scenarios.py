"""Hand-written acceptance scenarios, run through the command line.

Every fixtures/scenarios/*.json log (written by fixtures/scenarios/make_scenarios.py from the
contract in ../shared/spec and the rule book, not from the engine) is checked with
``python3 -m pmemo_replay check FILE --json``; the ruling's rule id, index (and path when the
scenario names one) and the exit code must match ``game.meta.expect``. ``game.meta.checks``
adds ``--at N`` state checks. A few scenarios are also run in their JSON Lines form and
through standard input, which must give identical answers.

Where the engine disagrees with the expectation written from the contract, the test is
marked ``xfail(strict=True)`` with the reason (see XFAIL below); the expectation is not bent.

Runs: real ``python3 -m pmemo_replay`` subprocesses for a subset (JSON, JSON Lines, stdin);
every scenario's ruling through a forked child that runs ``pmemo_replay/__main__.py`` exactly
as ``python -m`` does but without paying the interpreter start and imports again (the whole
suite stays well under a minute); PMEMO_SCENARIOS_SUBPROCESS=1 makes every run a real
subprocess. The ``--at N`` state checks call the console script's entry point in-process.
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import runpy
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

import pytest

MAIN = Path(__file__).resolve().parents[2]
SCEN = MAIN / "fixtures" / "scenarios"
FILES = sorted(p for p in SCEN.glob("*.json") if not p.name.startswith("cards_"))
DOCS: dict[str, dict[str, Any]] = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in FILES}

#: Every test reads the command runs that ``_results`` makes once per process: under xdist they share one worker.
pytestmark = pytest.mark.xdist_group("scenarios")

# Known disagreements between the engine and the contract-based expectation: scenario name
# (or "name@N" for a --at N state check) -> reason. Kept strict: a fix makes them XPASS.
XFAIL: dict[str, str] = {}

# Scenarios also checked as real subprocesses in JSON Lines form (file, and stdin with CRLF line
# ends) and as a JSON document through standard input: the answers must be identical.
JSONL_SUBSET = [
    "spec_example_approach_summoned", "spec_example_omitted_passes", "omitted_all_passes", "deck_size_59",
    "decline_response_without_decline_timing", "break_after_no_interfere_ok", "win_by_seven_points",
    "schema_unknown_action_field", "unknown_card_in_deck", "cost_identity_fail",
]
FORMS = ("json", "jsonl", "stdin", "stdin_jsonl")
#: Of those, the one run as a real ``python3 -m pmemo_replay`` process in every form (the rest in forked children,
#: which read the same file or standard input, and the forked run of it must answer as the real ones do;
#: PMEMO_SCENARIOS_SUBPROCESS=1 makes every run a real process). Each real process costs ~0.4 s of CPU at start.
REAL_SUBSET = JSONL_SUBSET[:1]

# rules.md rule-id catalogue: the page each ruling's `ref` names ("Rule Book v2.22 P13").
REF = {
    "deck.size": "P05", "deck.copies": "P05", "deck.ex": "P26", "setup.order": "P05", "game.over": "P07",
    "turn.priority": "P20", "turn.step": "P07", "timing": "P17", "zone": "P06", "cost.amount": "P11",
    "cost.identity": "P11", "cost.purple": "P17", "cost.combo": "P22", "cost.source": "P12", "summon.area": "P06",
    "summon.unique": "P09", "summon.main_full": "P06", "support.target": "P10", "levelup.invalid": "P28",
    "effect.unknown": "P16", "effect.once": "P16", "effect.cost": "P16", "effect.target": "P22",
    "effect.result": "P16", "approach.first_turn": "P13", "approach.chara": "P13", "approach.summoned": "P13",
    "approach.again": "P13", "approach.reinforcement": "P22", "interfere.chara": "P14", "interfere.ignore": "P22",
    "elimination.choice": "P22", "hand.adjust": "P15", "decline.timing": "P22", "break.invalid": "P22",
}


def _meta(name: str) -> dict[str, Any]:
    return DOCS[name]["game"].get("meta", {})


def _cmd(name: str, target: str, at: int | None = None) -> list[str]:
    """The command line ``python3 -m pmemo_replay check TARGET --json [--at N] [--cards FILE ...]``."""
    cmd = [sys.executable, "-m", "pmemo_replay", "check", target, "--json"]
    if at is not None:
        cmd += ["--at", str(at)]
    for path in _card_paths(name):
        cmd += ["--cards", str(SCEN / path)]
    return cmd


def _card_paths(name: str) -> list[str]:
    """The card files a scenario names: one file, or a list (e.g. bundled + carriers)."""
    cards = _meta(name).get("cards") or []
    return [cards] if isinstance(cards, str) else list(cards)


def _to_jsonl(doc: dict[str, Any]) -> str:
    head = {k: v for k, v in doc.items() if k != "actions"}
    lines = [json.dumps(head, ensure_ascii=False), ""]  # a blank line is allowed between lines
    lines += [json.dumps(a, ensure_ascii=False) for a in doc["actions"]]
    return "\n".join(lines) + "\n"


def _subprocess(name: str, form: str) -> tuple[int, dict[str, Any] | None, str]:
    """A real ``python3 -m pmemo_replay check ... --json`` process (form: json file, jsonl file, or stdin)."""
    target, given = _target(name, form)
    try:
        r = subprocess.run(_cmd(name, target), input=given, capture_output=True, text=True, cwd=MAIN)
    finally:
        if form == "jsonl":
            Path(target).unlink(missing_ok=True)
    return r.returncode, _parse(r.stdout), r.stderr[-2000:]


def _parse(text: str) -> dict[str, Any] | None:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _target(name: str, form: str) -> tuple[str, str | None]:
    """The file argument of a form and the text it gives on standard input (None: nothing)."""
    if form == "json":
        return str(SCEN / f"{name}.json"), None
    if form == "jsonl":
        tmp = Path(os.environ.get("TMPDIR", "/tmp")) / f"pmemo_scen_{os.getpid()}_{name}.jsonl"
        tmp.write_text(_to_jsonl(DOCS[name]), encoding="utf-8")
        return str(tmp), None
    if form == "stdin":
        return "-", json.dumps(DOCS[name], ensure_ascii=False)
    return "-", _to_jsonl(DOCS[name]).replace("\n", "\r\n")  # stdin_jsonl, with CRLF line ends


def _forked(name: str, form: str = "json") -> tuple[int, dict[str, Any] | None, str]:
    """The same command in a forked child running ``pmemo_replay/__main__.py`` as ``python -m`` does.

    Only the interpreter start and the imports (already done in this process) are saved: the
    child is a separate process whose exit code and standard output are those of the command
    (its standard input a pipe for the stdin forms).
    """
    target, given = _target(name, form)
    argv = _cmd(name, target)[3:]
    rfd, wfd = os.pipe()
    in_r, in_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - child
        code = 1
        try:
            os.close(rfd)
            os.close(in_w)
            os.dup2(wfd, 1)
            os.dup2(in_r, 0)
            sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115 - pytest may capture stdout
            sys.stdin = open(0, encoding="utf-8", closefd=False, newline="")  # noqa: SIM115 - as python -m sees it
            sys.argv = ["pmemo_replay", *argv]
            try:
                runpy.run_module("pmemo_replay", run_name="__main__", alter_sys=True)
                code = 0
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            sys.stdout.flush()
        finally:
            os._exit(code)
    os.close(wfd)
    os.close(in_r)
    with os.fdopen(in_w, "w", encoding="utf-8", newline="") as fh:
        fh.write(given or "")
    with os.fdopen(rfd, "r", encoding="utf-8") as fh:
        text = fh.read()
    _, status = os.waitpid(pid, 0)
    if form == "jsonl":
        Path(target).unlink(missing_ok=True)
    return os.waitstatus_to_exitcode(status), _parse(text), text[-2000:]


@cache
def _results() -> dict[tuple[str, str], tuple[int, dict[str, Any] | None, str]]:
    """Every command-line run, made once.

    Real subprocesses (``python3 -m pmemo_replay``) for the JSON Lines / stdin subset and for
    cross-checking; every scenario's ruling through a forked child (fast), or through a real
    subprocess as well when PMEMO_SCENARIOS_SUBPROCESS=1.
    """
    real = os.environ.get("PMEMO_SCENARIOS_SUBPROCESS") == "1" or not hasattr(os, "fork")
    jobs: list[tuple[str, str]] = [(name, form) for name in (JSONL_SUBSET if real else REAL_SUBSET)
                                   for form in FORMS]
    if real:
        jobs += [(name, "json") for name in DOCS if name not in JSONL_SUBSET]
    with ThreadPoolExecutor(max_workers=max(2, (os.cpu_count() or 2) + 1)) as ex:
        res = dict(zip(jobs, ex.map(lambda j: _subprocess(*j), jobs), strict=True))
    if not real:
        from pmemo_replay.cli import main as cli_main
        from pmemo_replay.games.cards import load_library

        with contextlib.redirect_stdout(io.StringIO()):  # warm the imports and card data before forking
            cli_main(["check", str(SCEN / f"{JSONL_SUBSET[0]}.json"), "--json"])
        for name in DOCS:  # each card file the scenarios name, parsed once here: the children find it read
            load_library([SCEN / path for path in _card_paths(name)])
        # A child's garbage collections would walk (and so copy) every object of this big process: frozen, they
        # stay shared, which halves what a forked run costs.
        gc.collect()
        gc.freeze()
        try:
            for name in DOCS:
                forked = _forked(name)
                if name in REAL_SUBSET:
                    res[(name, "forked")] = forked
                else:
                    res[(name, "json")] = forked
                if name in JSONL_SUBSET and name not in REAL_SUBSET:
                    for form in FORMS[1:]:
                        res[(name, form)] = _forked(name, form)
        finally:
            gc.unfreeze()
    return res


def run(name: str, form: str = "json") -> tuple[int, dict[str, Any] | None, str]:
    return _results()[(name, form)]


def run_at(name: str, at: int) -> tuple[int, dict[str, Any] | None, str]:
    """``check FILE --json --at N`` through the console script's entry point, in-process (fast)."""
    from pmemo_replay.cli import main as cli_main

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rc = cli_main(_cmd(name, str(SCEN / f"{name}.json"), at)[3:])
    return rc, _parse(buf.getvalue()), buf.getvalue()[-2000:]


def _param(key: str, *values: Any) -> Any:
    marks = [pytest.mark.xfail(strict=True, reason=XFAIL[key])] if key in XFAIL else []
    return pytest.param(*values, id=key, marks=marks)


# ---------------------------------------------------------------------------------------------
def test_enough_scenarios() -> None:
    assert len(DOCS) >= 40
    for name, doc in DOCS.items():
        meta = doc["game"]["meta"]
        assert set(meta["expect"]) >= {"valid", "rule", "index", "exit"}, name
        assert meta["about"], name


@pytest.mark.parametrize("name", [_param(n, n) for n in DOCS])
def test_ruling(name: str) -> None:
    exp = _meta(name)["expect"]
    rc, out, err = run(name)
    assert out is not None, f"no JSON output (exit {rc}): {err}"
    ruling = out.get("ruling")
    got = {"valid": out.get("valid"), "rule": ruling and ruling.get("rule"), "index": ruling and ruling.get("index"),
           "exit": rc}
    want = {k: exp[k] for k in ("valid", "rule", "index", "exit")}
    assert got == want, f"{name}: {ruling and ruling.get('message')}"
    if "path" in exp:
        assert ruling["path"] == exp["path"]
    if "message_contains" in exp:
        assert exp["message_contains"] in ruling["message"]
    if ruling is not None:
        assert ruling.get("message")
        if ruling["rule"] in REF:
            assert ruling["ref"] == f"Rule Book v2.22 {REF[ruling['rule']]}"
        if ruling["index"] is not None and "path" not in exp:
            assert ruling["path"].split(".")[0] == str(ruling["index"])


def _get(state: dict[str, Any], path: str) -> Any:
    cards_only = path.endswith("#cards")
    cur: Any = state
    for part in path.removesuffix("#cards").split("."):
        cur = cur[int(part)] if isinstance(cur, list) else cur[part]
    if cards_only:  # the card ids of a list, sorted (for lists whose order the contract leaves open)
        return sorted(x["card"] if isinstance(x, dict) else x for x in cur)
    return cur


CHECKS = [(name, chk) for name in DOCS for chk in _meta(name).get("checks", [])]


@pytest.mark.parametrize("name,chk", [_param(f"{n}@{c['at']}", n, c) for n, c in CHECKS])
def test_state_at(name: str, chk: dict[str, Any]) -> None:
    rc, out, err = run_at(name, chk["at"])
    assert out is not None, err
    assert rc == 0 and out["valid"], out.get("ruling")
    st = out["state"]
    assert st["applied"] == chk["at"]
    for key in ("turn", "phase", "step", "priority"):
        if key in chk:
            assert st[key] == chk[key], (key, st[key], chk[key])
    if "result" in chk:
        assert out["result"] == chk["result"]
        assert st["result"] == chk["result"]
    if "hand" in chk:
        assert [len(p["hand"]) for p in st["players"]] == chk["hand"]
    if "points" in chk:
        assert [len(p["points"]) for p in st["players"]] == chk["points"]
    for path, value in chk.get("paths", {}).items():
        assert _get(st, path) == value, path


@pytest.mark.parametrize("name", [_param(f"{n}#jsonl", n) for n in JSONL_SUBSET])
def test_jsonl_and_stdin_identical(name: str) -> None:
    def strip(res: tuple[int, dict[str, Any] | None, str]) -> tuple[int, Any]:
        rc, out, _ = res
        if out and out.get("ruling"):  # a message may name a line number: compare everything else
            out = {**out, "ruling": {k: v for k, v in out["ruling"].items() if k != "message"}}
        return rc, out

    base = strip(run(name))
    assert strip(run(name, "jsonl")) == base
    assert strip(run(name, "stdin")) == base
    assert strip(run(name, "stdin_jsonl")) == base
    forked = _results().get((name, "forked"))
    if forked is not None:  # the fast forked run answers exactly like the real process
        assert forked[:2] == run(name)[:2]


def test_applied_counts() -> None:
    """`applied` is the number of top-level actions applied: all of a legal log, none from the illegal one on."""
    for name in DOCS:
        exp = _meta(name)["expect"]
        _, out, _ = run(name)
        if out is None or exp["exit"] == 2 or name in XFAIL:
            continue
        if exp["valid"]:
            assert out["applied"] == len(DOCS[name]["actions"]), name
        elif exp["index"] is not None:
            assert out["applied"] == exp["index"], name


def test_omitted_passes_same_final_state() -> None:
    """The reference game and the same game without any pass end in the same state."""
    for name in DOCS:
        other = _meta(name).get("same_final_state_as")
        if not other:
            continue
        a = dict(run(name)[1]["state"])
        b = dict(run(other)[1]["state"])
        a.pop("applied")
        b.pop("applied")
        assert a == b


def test_not_json_is_log_schema(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "pmemo-log", "version": 1, "game": ', encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "pmemo_replay", "check", str(bad), "--json"], capture_output=True,
                       text=True, cwd=MAIN)
    assert r.returncode == 2
    out = json.loads(r.stdout)
    assert out["valid"] is False and out["ruling"]["rule"] == "log.schema"


def test_not_a_pmemo_log_is_log_schema() -> None:
    r = subprocess.run([sys.executable, "-m", "pmemo_replay", "check", "-", "--json"], capture_output=True, text=True,
                       input=json.dumps({"format": "pmemo-cards", "version": 1, "cards": []}), cwd=MAIN)
    assert r.returncode == 2
    assert json.loads(r.stdout)["ruling"]["rule"] == "log.schema"
