"""The optional compiled build of the Precious Memories fold's hot modules (tools/build_compiled.py, engine/compiled.py):
where it runs it rules exactly as pure Python, a build whose sources changed is never run, and under scripts/test
(when its build succeeded) it is the build that runs. Nothing here builds: without a build the loader must report
pure. (The loader itself, stale stamps and all, is tested with the Clockwork build: tests/clockwork/test_compiled_build.py.)"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import engine.pm
from engine import compiled
from engine.pm import actions, ruleset, state
from tools.build_compiled import COMPILED

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")
MODULES = COMPILED["engine.pm"]
GAMES = 2


def run_python(code: str, *, root: Path = ROOT, **env: str) -> str:
    environment = {k: v for k, v in os.environ.items() if k != "PMEMO_PURE"} | env | {"PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", code], cwd=root, env=environment, capture_output=True, check=True)
    return done.stdout.decode()


def test_the_loader_says_which_build_runs_and_the_modules_agree() -> None:
    build = engine.pm.BUILD
    assert build.kind in {"mypyc", "pure"} and build.reason
    assert {"actions", "state", "stats", "turns", "play", "script"} <= set(MODULES) and "ruleset" not in MODULES
    assert ruleset.__file__ is not None and ruleset.__file__.endswith("ruleset.py")  # the ruleset object stays pure
    assert actions.__file__ is not None and state.__file__ is not None
    if build.kind == "mypyc":
        assert actions.__file__.endswith(SUFFIX) and state.__file__.endswith(SUFFIX) and build.modules == MODULES
    else:
        assert actions.__file__.endswith("actions.py") and build.modules == ()
        assert build == compiled.check_build("engine.pm")[0]


def test_scripts_test_runs_the_compiled_build_when_it_built_it() -> None:
    """scripts/test sets PMEMO_EXPECT_COMPILED=1 when the build succeeded on this machine (scripts/setup.sh)."""
    if os.environ.get("PMEMO_EXPECT_COMPILED") == "1":
        assert engine.pm.BUILD.kind == "mypyc", engine.pm.BUILD
    forced = run_python("import engine.pm as p, engine.pm.actions as a; print(p.BUILD.kind, a.__file__)", PMEMO_PURE="1")
    assert forced.split()[0] == "pure" and forced.split()[1].endswith("actions.py")


def test_compiled_and_pure_python_give_byte_identical_outputs() -> None:
    """Simulated MHK games, self-play on the compiled precious-data sets, their table logs, every MHK card log (legal
    and refused) and mutations of the logs, folded strictly and as played, with legal actions and table offers: the
    same bytes from both builds (tests/engine/build_outputs.py)."""
    from tests.engine.build_outputs import outputs

    if engine.pm.BUILD.kind != "mypyc":
        assert not actions.__file__.endswith(SUFFIX)
        assert engine.pm.BUILD.reason == compiled.check_build("engine.pm")[0].reason
        return
    # the pure run in a subprocess, at the same time as the compiled one here
    with subprocess.Popen([sys.executable, "-m", "tests.engine.build_outputs", str(GAMES)], cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, env=os.environ | {"PMEMO_PURE": "1", "PYTHONPATH": str(ROOT)}) as pure:
        mine = outputs(GAMES)
        pure_out, pure_err = pure.communicate()
    assert pure.returncode == 0 and pure_err.decode().startswith("engine.pm build: pure: PMEMO_PURE is set"), pure_err
    assert mine.count(b"\n") > 500 and b'"rule": "effect.result"' in mine and b'"table log"' in mine
    assert mine == pure_out


def test_the_compiled_modules_doctests_run_on_their_pure_sources() -> None:
    """pytest's --doctest-modules finds no doctest in a compiled module: they run here on the pure modules."""
    code = ("import doctest, importlib\n"
            f"for m in {MODULES!r}:\n"
            "    r = doctest.testmod(importlib.import_module('engine.pm.' + m), optionflags=doctest.ELLIPSIS)\n"
            "    print(m, r.attempted, r.failed)")
    results = {line.split()[0]: (int(line.split()[1]), int(line.split()[2])) for line in run_python(code, PMEMO_PURE="1").splitlines()}
    assert results["effects"][0] >= 1 and results["hidden"][0] >= 1, results
    assert all(failed == 0 for _, failed in results.values()), results


def test_a_real_build_goes_stale_after_an_edit(tmp_path: Path) -> None:
    """The real build, copied with the engine beside it: it runs; after an edit of a module a compiled one imports
    (engine/pm/cards/__init__.py, interpreted) it is not run. Without a build the copy reports pure as well."""
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    if (ROOT / "build" / "compiled" / "engine.pm").is_dir():
        shutil.copytree(ROOT / "build" / "compiled" / "engine.pm", tmp_path / "build" / "compiled" / "engine.pm")
    probe = "import engine.pm as p, engine.pm.turns as t; print(p.BUILD.kind, t.__file__)"
    expected = run_python(probe).split()[0]  # the real tree's build, PMEMO_PURE unset
    kind, where = run_python(probe, root=tmp_path).split()
    assert kind == expected and where.endswith(SUFFIX if expected == "mypyc" else "turns.py")
    cards_py = tmp_path / "engine" / "pm" / "cards" / "__init__.py"
    cards_py.write_text(cards_py.read_text(encoding="utf-8") + "\nEDITED = True\n", encoding="utf-8")
    out = run_python("import engine.pm as p, engine.pm.turns as t; print(p.BUILD.kind, t.__file__); print(p.BUILD.reason)",
                     root=tmp_path).splitlines()
    assert out[0].split() == ["pure", str(tmp_path / "engine" / "pm" / "turns.py")]
    if expected == "mypyc":
        assert out[1] == "stale build: engine/pm/cards/__init__.py changed since it was compiled"
