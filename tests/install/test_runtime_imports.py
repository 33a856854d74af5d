"""Every module the project installs (engine, pmemo_replay, dashboards) imports with only the runtime lock's packages:
a package that only the test lock pins (numpy, pandas, pytest...) is refused while they are imported, in a child
process, so a server installed from requirements/runtime.lock (scripts/demo) cannot meet a missing import."""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import sys
from pathlib import Path

from tests.install.test_lock import RUNTIME_LOCK, TEST_LOCK

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import importlib, importlib.abc, json, pkgutil, sys
blocked = set(json.loads(sys.argv[1]))

class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in blocked:
            raise ImportError(f"{name} is not in the runtime lock")
        return None

sys.meta_path.insert(0, Refuse())
failed = []
for package in ("engine", "pmemo_replay", "dashboards"):
    root = importlib.import_module(package)
    for info in pkgutil.walk_packages(root.__path__, package + "."):
        if info.name.endswith("__main__") or ".migrations" in info.name:  # alembic scripts run only under alembic
            continue
        try:
            importlib.import_module(info.name)
        except ImportError as exc:
            failed.append(f"{info.name}: {exc}")
print(json.dumps(failed))
"""


def only_in_test_lock() -> set[str]:
    """The top-level import names of the distributions the test lock pins and the runtime lock does not."""
    only = set(TEST_LOCK) - set(RUNTIME_LOCK)
    names = {name for name, dists in importlib.metadata.packages_distributions().items()
             if any(d.lower().replace("_", "-") in only for d in dists)}
    return {n for n in names if not n.startswith("_")}


def test_installed_modules_import_without_test_only_packages() -> None:
    blocked = only_in_test_lock()
    assert {"numpy", "pandas", "pytest"} <= blocked
    run = subprocess.run([sys.executable, "-c", CHILD, json.dumps(sorted(blocked))], capture_output=True, text=True,
                         cwd=ROOT, env={"PATH": "/usr/bin:/bin", "PMEMO_PURE": "1"}, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    assert json.loads(run.stdout) == []
