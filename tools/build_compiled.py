"""Compile the folds' hot modules (Clockwork Memorion, Precious Memories) with mypyc into build/compiled/ (outside the
source packages).

Usage (from the project root, in the venv of requirements/test.lock, which holds mypy):
    python tools/build_compiled.py            # build, or say it is up to date
    python tools/build_compiled.py --force    # build even when the recorded sources still match

Writes ``build/compiled/<package>/`` per package of :data:`COMPILED` (``engine.clockwork``, ``engine.pm``): mypyc's
group library, one shim per compiled module under the package's folder, and ``stamp.json`` (engine/compiled.py) with
the sha256 of every project source the compiler read: the compiled modules and, transitively, the project modules
they import. The package's ``__init__.py`` runs the build only while that stamp matches; ``PMEMO_PURE=1`` forces
pure Python. The build is made in a temporary folder and moved into place whole, its stamp inside.

Exit status: 0 built or up to date; 3 this machine cannot build it (no mypy, C compiler or Python headers: pure
Python runs); 1 the build failed (pure Python runs). The time taken is printed.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import io
import json
import os
import shutil
import sys
import sysconfig
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.compiled import ROOT, STAMP, STAMP_FORMAT, Build, build_folder, check_build, digest, python_tag

#: the compiled modules of each package. Clockwork: state.py too (its classes are ``serializable``, so ``clone``'s
#: ``Class.__new__`` works); cards.py stays interpreted (per-card caches in ``__dict__``, which native classes refuse).
#: Precious Memories: every module the fold runs (state.py too: its classes are ``serializable``, so ``clone``'s
#: ``Class.__new__``, copy and pickle work). Interpreted stay ruleset.py (the object the generic fold holds; its
#: ``apply`` is actions.apply_action), cards/ (the card model, its readers and the text compiler: frozen dataclasses set
#: in ``__post_init__`` through ``object.__setattr__``; not tried), and what runs around the fold, not in it (legal,
#: offers, selfplay, simulate_cards, redact, view...), except snapshot.py, which an import runs every 64 actions of a
#: game. engine/fold.py, shared by every game, is not compiled (its per-action loop is about 5% of the Precious
#: Memories fold).
COMPILED = {"engine.clockwork": ("actions", "flow", "values", "effects", "schema", "words", "state"),
            "engine.pm": ("actions", "approach", "approach_limits", "coins", "conditions", "cost", "effects", "hidden",
                          "ignore_plus", "must_approach", "ops", "play", "reorder", "replacement", "rest_any", "script",
                          "setup", "snapshot", "state", "static_bans", "stats", "triggers", "turns", "zones")}
OPT_LEVEL = "3"


def say(message: str) -> None:
    print(f"build_compiled: {message}", flush=True)


def module_file(name: str) -> Path | None:
    """The project file of module ``name`` (a package's ``__init__.py``), or None outside the project."""
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def imported_names(path: Path, name: str) -> set[str]:
    """Every module ``path`` (module ``name``) may import, anywhere in it (functions and TYPE_CHECKING blocks too),
    with the packages on the way (``a.b.c`` imports ``a`` and ``a.b``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return {".".join(n.split(".")[:i]) for n in names for i in range(1, n.count(".") + 2)}


def source_closure(modules: list[str]) -> dict[str, str]:
    """The sha256 of every project file the compiler reads for ``modules``: them and what they import, transitively,
    by path relative to the project root."""
    seen: dict[str, Path] = {}
    todo = [m for module in modules for m in with_packages(module)]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        path = module_file(name)
        if path is None:
            continue
        seen[name] = path
        todo.extend(imported_names(path, name))
    return {path.relative_to(ROOT).as_posix(): digest(path) for path in sorted(set(seen.values()))}


def with_packages(module: str) -> list[str]:
    """``module`` and its packages (``engine.clockwork.actions``: ``engine``, ``engine.clockwork``, itself)."""
    parts = module.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


def missing_prerequisite() -> str | None:
    """Why this machine cannot build (no mypy, no C compiler, no Python headers), or None."""
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypy (mypyc) is not installed in this environment (requirements/test.lock holds it)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) on PATH"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        return f"no Python headers ({headers})"
    return None


def compile_package(package: str, modules: tuple[str, ...], work: Path, verbose: bool) -> tuple[Path, str]:
    """Run mypyc and the C compiler into ``work``; returns the folder holding the built extensions and the group
    library's name."""
    from mypyc.build import mypycify
    from setuptools import setup

    paths = [str(ROOT.joinpath(*package.split("."), f"{m}.py")) for m in modules]
    # No project or user mypy configuration; errors in imported, not compiled modules do not stop the build.
    options = ["--config-file=", f"--cache-dir={work / 'mypy-cache'}", "--follow-imports=silent"]
    extensions = mypycify(options + paths, opt_level=OPT_LEVEL, target_dir=str(work / "c"), verbose=verbose)
    (library,) = [e.name for e in extensions if e.name.endswith("__mypyc")]
    output = io.StringIO()
    with contextlib.chdir(work), contextlib.redirect_stdout(sys.stdout if verbose else output):
        setup(name=f"{package}-compiled", ext_modules=extensions, script_name="build_compiled",
              script_args=["build_ext", "--build-lib", str(work / "lib"), "--build-temp", str(work / "obj")])
    return work / "lib", library


def build(package: str, modules: tuple[str, ...], force: bool, verbose: bool) -> int:
    current, stamp = check_build(package)
    if not force and current.kind == "mypyc" and tuple(stamp["modules"]) == modules:
        say(f"{package}: up to date ({current})")
        return 0
    problem = missing_prerequisite()
    if problem:
        say(f"{package}: not built, {problem}; pure Python runs")
        return 3
    import mypy.version

    sources = source_closure([f"{package}.{m}" for m in modules])
    target = build_folder(package)
    target.parent.mkdir(parents=True, exist_ok=True)
    work = target.parent / f".work-{package}-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    started = time.monotonic()
    try:
        lib, library = compile_package(package, modules, work, verbose)
        if source_closure([f"{package}.{m}" for m in modules]) != sources:
            say(f"{package}: not built, the sources changed during the build; run it again")
            return 1
        stamp = {"format": STAMP_FORMAT, "package": package, "modules": list(modules), "library": library,
                 "python": python_tag(), "mypy": mypy.version.__version__, "opt_level": OPT_LEVEL,
                 "built": datetime.now(UTC).isoformat(timespec="seconds"), "sources": sources}
        (lib / STAMP).write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")
        old = target.parent / f".old-{package}-{os.getpid()}"
        if target.exists():
            target.rename(old)
        lib.rename(target)
        shutil.rmtree(old, ignore_errors=True)
    except (Exception, SystemExit) as error:  # mypy type errors and compiler failures end in SystemExit
        say(f"{package}: the build failed after {time.monotonic() - started:.0f} s ({type(error).__name__}: {error}); "
            "pure Python runs (--verbose shows the compiler's output)")
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    result: Build = check_build(package)[0]
    say(f"{package}: compiled {', '.join(modules)} with mypy {mypy.version.__version__} (opt level {OPT_LEVEL}) in "
        f"{time.monotonic() - started:.0f} s into {target.relative_to(ROOT)}; loader: {result}")
    return 0 if result.kind == "mypyc" else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--force", action="store_true", help="build even when the recorded sources still match")
    parser.add_argument("--verbose", action="store_true", help="show mypyc's and the C compiler's output")
    args = parser.parse_args()
    os.environ.pop("PMEMO_PURE", None)  # the stamp check below must see the build, not the override
    return max(build(package, modules, args.force, args.verbose) for package, modules in COMPILED.items())


if __name__ == "__main__":
    sys.exit(main())
