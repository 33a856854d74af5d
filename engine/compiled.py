"""Optional compiled builds of a package's hot modules (mypyc), used only when they match the sources.

``tools/build_compiled.py`` compiles some modules of a package (``engine.clockwork``, ``engine.pm``) into
``build/compiled/<package>/``, outside the source tree, with ``stamp.json`` recording the Python it was built
for, the modules compiled and the sha256 of every project source the compiler read (the compiled modules and
what they import from the project). :func:`use_compiled`, called by the package's ``__init__``, puts the compiled
folder first on the package's ``__path__`` only when that stamp still matches: a build left behind by an edit, or
made for another Python, is ignored and the pure-Python modules run. ``PMEMO_PURE=1`` forces pure Python.

mypyc's layout: one group library (``<hash>__mypyc``, a top-level extension holding every compiled module) and a
small shim per module (``engine/clockwork/actions.<ext>``) that imports the group library by its top-level name.
The shims are found through ``__path__``; the group library is loaded here, from its file, into ``sys.modules``
(nothing is added to ``sys.path``), so a library that fails to load leaves the package pure.

``mypyc_attr`` is mypy_extensions' (class options read by the compiler), or a decorator that does nothing where mypy
is not installed (the runtime environment, where nothing is compiled).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
import sysconfig
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    try:  # mypyc's class options, read by the compiler (mypy_extensions comes with mypy, in the test environment)
        from mypy_extensions import mypyc_attr
    except ImportError:  # without mypy nothing is compiled: the options mean nothing at run time
        def mypyc_attr(*_: Any, **__: Any) -> Callable[[type], type]:
            return lambda cls: cls

ROOT = Path(__file__).resolve().parents[1]
BUILD_ROOT = ROOT / "build" / "compiled"
STAMP = "stamp.json"
STAMP_FORMAT = 1


@dataclass(frozen=True)
class Build:
    """Which build of a package runs: ``"mypyc"`` or ``"pure"``, and why."""

    kind: str
    reason: str
    modules: tuple[str, ...] = ()

    def __str__(self) -> str:
        compiled = f" ({', '.join(self.modules)} compiled)" if self.modules else ""
        return f"{self.kind}{compiled}: {self.reason}"


def python_tag() -> str:
    """The interpreter a compiled build is bound to (implementation, version and extension-module suffix)."""
    return f"{sys.implementation.cache_tag} {sysconfig.get_config_var('EXT_SUFFIX')}"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build_folder(package: str) -> Path:
    return BUILD_ROOT / package


def stale_sources(sources: dict[str, str]) -> list[str]:
    """The recorded sources (paths relative to the project root) whose content is not what was compiled."""
    changed = []
    for relative, recorded in sorted(sources.items()):
        path = ROOT / relative
        if not path.is_file() or digest(path) != recorded:
            changed.append(relative)
    return changed


def check_build(package: str) -> tuple[Build, dict]:
    """Whether ``package``'s compiled build may run (without loading it), and its stamp."""
    if os.environ.get("PMEMO_PURE"):
        return Build("pure", "PMEMO_PURE is set"), {}
    folder = build_folder(package)
    try:
        stamp = json.loads((folder / STAMP).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Build("pure", f"no compiled build in {folder} (python tools/build_compiled.py makes one)"), {}
    except (OSError, ValueError) as error:
        return Build("pure", f"unreadable {folder / STAMP}: {error}"), {}
    if stamp.get("format") != STAMP_FORMAT or stamp.get("package") != package:
        return Build("pure", f"{folder / STAMP} is not a build of {package} in format {STAMP_FORMAT}"), {}
    if stamp.get("python") != python_tag():
        return Build("pure", f"the build is for {stamp.get('python')}, this is {python_tag()}"), {}
    changed = stale_sources(stamp.get("sources", {}))
    if changed:
        return Build("pure", f"stale build: {', '.join(changed)} changed since it was compiled"), {}
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    files = [folder / f"{stamp['library']}{suffix}"]
    files += [folder.joinpath(*package.split("."), f"{module}{suffix}") for module in stamp["modules"]]
    missing = [str(f) for f in files if not f.is_file()]
    if missing:
        return Build("pure", f"incomplete build: {', '.join(missing)} missing"), {}
    return Build("mypyc", f"built {stamp.get('built', '?')} with mypy {stamp.get('mypy', '?')}", tuple(stamp["modules"])), stamp


def use_compiled(package: str, path: list[str]) -> Build:
    """Put ``package``'s compiled modules first on its ``__path__`` (``path``) when :func:`check_build` allows it
    and the group library loads; otherwise leave the package pure. Called once, from the package's ``__init__``."""
    build, stamp = check_build(package)
    if build.kind != "mypyc":
        return build
    folder = build_folder(package)
    library = stamp["library"]
    if library not in sys.modules:
        spec = importlib.util.spec_from_file_location(library, folder / f"{library}{sysconfig.get_config_var('EXT_SUFFIX')}")
        try:
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        except (ImportError, OSError, AssertionError) as error:
            return Build("pure", f"the compiled library did not load: {error}")
        sys.modules[library] = module
    path.insert(0, str(folder.joinpath(*package.split("."))))
    return build
