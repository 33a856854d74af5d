"""The optional compiled build of the fold's hot modules (tools/build_compiled.py, engine/compiled.py): where it
runs it rules exactly as pure Python, a build whose sources changed is never run, and under scripts/test (when its
build succeeded) it is the build that runs. Nothing here builds: without a build the loader must report pure."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import engine.clockwork
from engine import compiled
from engine.clockwork import actions, cards, state

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")
GAMES = 6  # three games of each policy and their mutations: over 700 outputs, each compared byte for byte


def run_python(code: str, *, root: Path = ROOT, **env: str) -> str:
    environment = {k: v for k, v in os.environ.items() if k != "PMEMO_PURE"} | env | {"PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", code], cwd=root, env=environment, capture_output=True, check=True)
    return done.stdout.decode()


def test_the_loader_says_which_build_runs_and_the_modules_agree() -> None:
    build = engine.clockwork.BUILD
    assert build.kind in {"mypyc", "pure"} and build.reason
    assert actions.__file__ is not None and state.__file__ is not None and cards.__file__ is not None
    assert cards.__file__.endswith("cards.py")  # never compiled (per-card caches in ``__dict__``)
    if build.kind == "mypyc":
        assert actions.__file__.endswith(SUFFIX) and state.__file__.endswith(SUFFIX)
        assert build.modules == ("actions", "flow", "values", "effects", "schema", "words", "state")
    else:
        assert actions.__file__.endswith("actions.py") and state.__file__.endswith("state.py") and build.modules == ()
        assert build == compiled.check_build("engine.clockwork")[0]


def test_scripts_test_runs_the_compiled_build_when_it_built_it() -> None:
    """scripts/test sets PMEMO_EXPECT_COMPILED=1 when the build succeeded on this machine (scripts/setup.sh)."""
    if os.environ.get("PMEMO_EXPECT_COMPILED") == "1":
        assert engine.clockwork.BUILD.kind == "mypyc", engine.clockwork.BUILD
    forced = run_python("import engine.clockwork as c, engine.clockwork.actions as a; print(c.BUILD.kind, a.__file__)", PMEMO_PURE="1")
    assert forced.split()[0] == "pure" and forced.split()[1].endswith("actions.py")


def test_compiled_and_pure_python_give_byte_identical_outputs() -> None:
    """Self-play logs, the worked example and their mutations (dropped, swapped, flipped and mistyped actions, most
    of them illegal), folded strictly and as played: the same bytes from both builds (tests/clockwork/build_outputs.py)."""
    from tests.clockwork.build_outputs import outputs

    if engine.clockwork.BUILD.kind != "mypyc":
        assert not actions.__file__.endswith(SUFFIX)
        assert engine.clockwork.BUILD.reason == compiled.check_build("engine.clockwork")[0].reason
        return
    mine = outputs(GAMES)
    pure = subprocess.run([sys.executable, "-m", "tests.clockwork.build_outputs", str(GAMES)], cwd=ROOT, capture_output=True,
                          check=True, env=os.environ | {"PMEMO_PURE": "1", "PYTHONPATH": str(ROOT)})
    assert pure.stderr.decode().startswith("engine.clockwork build: pure: PMEMO_PURE is set")
    assert mine.count(b"\n") > 500 and b'"rule"' in mine
    assert mine == pure.stdout


def test_the_compiled_modules_doctests_run_on_their_pure_sources() -> None:
    """pytest's --doctest-modules finds no doctest in a compiled module: they run here on the pure modules."""
    code = ("import doctest, importlib\n"
            "for m in ('actions', 'flow', 'values', 'effects', 'schema', 'words', 'state'):\n"
            "    r = doctest.testmod(importlib.import_module('engine.clockwork.' + m), optionflags=doctest.ELLIPSIS)\n"
            "    print(m, r.attempted, r.failed)")
    results = {line.split()[0]: (int(line.split()[1]), int(line.split()[2])) for line in run_python(code, PMEMO_PURE="1").splitlines()}
    assert results["schema"][0] >= 2 and all(failed == 0 for _, failed in results.values()), results


def fake_build(root: Path) -> Path:
    """A copy of the sources a build records, with a stamp that matches them, under ``root``; returns the folder."""
    sources = {}
    for relative in ("engine/__init__.py", "engine/clockwork/flow.py", "engine/clockwork/state.py"):
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / relative, root / relative)
        sources[relative] = compiled.digest(root / relative)
    folder = root / "build" / "compiled" / "engine.clockwork"
    (folder / "engine" / "clockwork").mkdir(parents=True)
    (folder / f"lib__mypyc{SUFFIX}").write_bytes(b"")
    (folder / "engine" / "clockwork" / f"flow{SUFFIX}").write_bytes(b"")
    stamp = {"format": compiled.STAMP_FORMAT, "package": "engine.clockwork", "modules": ["flow"], "library": "lib__mypyc",
             "python": compiled.python_tag(), "sources": sources}
    (folder / compiled.STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    return folder


def test_a_stale_build_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PMEMO_PURE", raising=False)
    monkeypatch.setattr(compiled, "ROOT", tmp_path)
    monkeypatch.setattr(compiled, "BUILD_ROOT", tmp_path / "build" / "compiled")
    folder = fake_build(tmp_path)
    assert compiled.check_build("engine.clockwork")[0].kind == "mypyc"
    monkeypatch.setenv("PMEMO_PURE", "1")
    assert str(compiled.check_build("engine.clockwork")[0]) == "pure: PMEMO_PURE is set"
    monkeypatch.delenv("PMEMO_PURE")
    # a source imported by a compiled module changes: the build is stale
    state_py = tmp_path / "engine" / "clockwork" / "state.py"
    state_py.write_text(state_py.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    build = compiled.check_build("engine.clockwork")[0]
    assert build.kind == "pure" and build.reason == "stale build: engine/clockwork/state.py changed since it was compiled"
    shutil.copyfile(ROOT / "engine/clockwork/state.py", state_py)
    assert compiled.check_build("engine.clockwork")[0].kind == "mypyc"
    # built for another Python, or missing a shim: never loaded
    stamp = json.loads((folder / compiled.STAMP).read_text(encoding="utf-8"))
    (folder / compiled.STAMP).write_text(json.dumps(stamp | {"python": "cpython-310 .so"}), encoding="utf-8")
    assert compiled.check_build("engine.clockwork")[0].reason.startswith("the build is for cpython-310")
    (folder / compiled.STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    (folder / "engine" / "clockwork" / f"flow{SUFFIX}").unlink()
    assert compiled.check_build("engine.clockwork")[0].reason.startswith("incomplete build")
    # a library that does not load leaves the package's path alone
    (folder / "engine" / "clockwork" / f"flow{SUFFIX}").write_bytes(b"")
    path: list[str] = []
    build = compiled.use_compiled("engine.clockwork", path)
    assert build.kind == "pure" and build.reason.startswith("the compiled library did not load") and path == []


def test_a_real_build_goes_stale_after_an_edit(tmp_path: Path) -> None:
    """The real build, copied with the engine beside it: it runs; after an edit of one compiled module's source it is
    not run (the edited pure module is). Without a build the copy reports pure as well."""
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "fixtures" / "clockwork", tmp_path / "fixtures" / "clockwork")
    if (ROOT / "build" / "compiled").is_dir():
        shutil.copytree(ROOT / "build" / "compiled", tmp_path / "build" / "compiled")
    probe = "import engine.clockwork as c, engine.clockwork.flow as f; print(c.BUILD.kind, f.__file__)"
    expected = run_python(probe).split()[0]  # the real tree's build, PMEMO_PURE unset
    kind, where = run_python(probe, root=tmp_path).split()
    assert kind == expected and where.endswith(SUFFIX if expected == "mypyc" else "flow.py")
    flow_py = tmp_path / "engine" / "clockwork" / "flow.py"
    flow_py.write_text(flow_py.read_text(encoding="utf-8") + "\nEDITED = True\n", encoding="utf-8")
    kind, where = run_python(probe + "; print(f.EDITED)", root=tmp_path).split()[:2]
    assert kind == "pure" and where == str(flow_py)
