"""The locks in requirements/ agree with pyproject.toml: every requirement of the project (its dependencies, the
``test`` extra, the build backend) is pinned, with hashes, at a version its specifier admits; the runtime lock
holds the test lock's pins of fewer packages. ``scripts/lock`` regenerates them (README, "Installing")."""

from __future__ import annotations

import importlib.metadata
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import NormalizedName, canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
REQUIREMENTS = ROOT / "requirements"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def read_lock(path: Path) -> dict[NormalizedName, tuple[Requirement, list[str]]]:
    """The lock's pins by package name: the pinned requirement (with its marker) and its hashes."""
    text = path.read_text(encoding="utf-8").replace("\\\n", " ")
    pins: dict[NormalizedName, tuple[Requirement, list[str]]] = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        requirement, *options = line.split(" --")
        assert all(o.startswith("hash=sha256:") for o in options), f"{path.name}: {line}"
        pin = Requirement(requirement)
        pins[canonicalize_name(pin.name)] = (pin, [o.removeprefix("hash=sha256:").strip() for o in options])
    return pins


def pinned_version(pin: Requirement) -> Version:
    (spec,) = pin.specifier
    assert spec.operator == "==", pin
    return Version(spec.version)


TEST_LOCK = read_lock(REQUIREMENTS / "test.lock")
RUNTIME_LOCK = read_lock(REQUIREMENTS / "runtime.lock")
BUILD = [Requirement(line) for line in (REQUIREMENTS / "build.in").read_text(encoding="utf-8").splitlines()
         if line.strip() and not line.startswith("#")]
RUNTIME = [Requirement(r) for r in PYPROJECT["project"]["dependencies"]]
TEST = [Requirement(r) for r in PYPROJECT["project"]["optional-dependencies"]["test"]]


def extra_requirements(requirement: Requirement) -> list[Requirement]:
    """What the requirement's extras (``psycopg[binary]``) add, read from the installed distribution."""
    added = []
    for extra in sorted(requirement.extras):
        for line in importlib.metadata.requires(requirement.name) or []:
            req = Requirement(line)
            if req.marker is not None and req.marker.evaluate({"extra": extra}) and not req.marker.evaluate({"extra": ""}):
                added.append(req)
    return added


@pytest.mark.parametrize(("lock_name", "requirements"), [("test.lock", RUNTIME + TEST + BUILD), ("runtime.lock", RUNTIME + BUILD)])
def test_every_requirement_is_pinned_at_an_admitted_version(lock_name: str, requirements: list[Requirement]) -> None:
    lock = read_lock(REQUIREMENTS / lock_name)
    wanted = requirements + [r for req in requirements for r in extra_requirements(req)]
    problems = []
    for requirement in wanted:
        entry = lock.get(canonicalize_name(requirement.name))
        if entry is None:
            problems.append(f"{requirement} is not in {lock_name}")
        elif not requirement.specifier.contains(pinned_version(entry[0]), prereleases=True):
            problems.append(f"{requirement} does not admit the pinned {entry[0]}")
    assert not problems, "requirements/ disagrees with pyproject.toml (run scripts/lock):\n" + "\n".join(problems)


@pytest.mark.parametrize("lock", [TEST_LOCK, RUNTIME_LOCK], ids=["test.lock", "runtime.lock"])
def test_every_pin_is_exact_and_hashed(lock: dict[NormalizedName, tuple[Requirement, list[str]]]) -> None:
    for pin, hashes in lock.values():
        pinned_version(pin)
        assert hashes and all(len(h) == 64 for h in hashes), pin


def test_runtime_lock_is_the_test_locks_pins() -> None:
    assert set(RUNTIME_LOCK) <= set(TEST_LOCK)
    for name, (pin, hashes) in RUNTIME_LOCK.items():
        assert pinned_version(pin) == pinned_version(TEST_LOCK[name][0]) and set(hashes) == set(TEST_LOCK[name][1]), name


def test_build_backend_in_the_locks_satisfies_pyproject() -> None:
    for line in PYPROJECT["build-system"]["requires"]:
        requirement = Requirement(line)
        for lock in (TEST_LOCK, RUNTIME_LOCK):
            assert requirement.specifier.contains(pinned_version(lock[canonicalize_name(requirement.name)][0]))


def test_scripts_venv_holds_the_lock() -> None:
    """In the environment scripts/test made (``.venv``), every installed package is the locked version."""
    if not (Path(sys.prefix) / "pmemo-lock").is_file():
        pytest.skip("not running in the virtual environment scripts/test makes")
    environment = {"python_version": f"{sys.version_info[0]}.{sys.version_info[1]}"}
    for name, (pin, _) in TEST_LOCK.items():
        if pin.marker is None or pin.marker.evaluate(environment):
            assert Version(importlib.metadata.version(name)) == pinned_version(pin), name


def pins_and_reasons(path: Path) -> dict[str, list[str]]:
    """Each pin of a uv lock with what its ``# via`` comment names (packages, ``pmemo-replay (pyproject.toml)``,
    ``-r requirements/build.in``, ``-c ...``)."""
    reasons: dict[str, list[str]] = {}
    current = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if line and not line.startswith((" ", "#")):
            current = canonicalize_name(Requirement(line.split(" ", 1)[0].rstrip("\\").strip()).name)
            reasons[current] = []
        elif current and stripped.startswith("#"):
            text = stripped.lstrip("#").strip().removeprefix("via").strip()
            if text:
                reasons[current].append(text)
    return reasons


@pytest.mark.parametrize(("lock_name", "requirements"), [("test.lock", RUNTIME + TEST), ("runtime.lock", RUNTIME)])
def test_every_pin_is_needed(lock_name: str, requirements: list[Requirement]) -> None:
    """The other way round: every pin is there for pyproject.toml, build.in or another pin (no package left over
    from a dependency that was dropped), and a pin that names pyproject.toml is one of its requirements."""
    reasons = pins_and_reasons(REQUIREMENTS / lock_name)
    assert set(reasons) == set(read_lock(REQUIREMENTS / lock_name))
    direct = {canonicalize_name(r.name) for r in requirements}
    build = {canonicalize_name(r.name) for r in BUILD}
    problems = []
    for name, why in reasons.items():
        if not why:
            problems.append(f"{name} has no '# via' line")
        for reason in why:
            if reason == "pmemo-replay (pyproject.toml)":
                if name not in direct:
                    problems.append(f"{name} says it is required by pyproject.toml, which does not name it")
            elif reason == "-r requirements/build.in":
                if name not in build:
                    problems.append(f"{name} says requirements/build.in names it, which it does not")
            elif reason.startswith("-c "):
                continue
            elif canonicalize_name(reason.split(" ")[0]) not in reasons:
                problems.append(f"{name} is pinned for {reason}, which is not in {lock_name}")
    assert not problems, f"{lock_name} holds pins nothing needs (run scripts/lock):\n" + "\n".join(problems)
