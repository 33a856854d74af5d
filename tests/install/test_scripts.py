"""scripts/setup.sh (sourced by scripts/test and scripts/demo): root only through ``sudo -n`` when unattended, apt's
plan shown and refused when it upgrades what the new packages do not need, pip and uv at stated versions, the
compiled build of the Clockwork fold tried without ever failing the install.
The commands it calls (``id``, ``sudo``, ``apt-get``) are stand-ins on PATH that record their arguments."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: apt-get install -s with Debug::pkgDepCache::AutoInstall (Debian 12), shortened: two upgrades needed by the new
#: package, each said "due to" it
PLAN = """Reading package lists...
  Upgrading systemd:amd64 < 252.38-1~deb12u1 | 252.39-1~deb12u2 @ii uH > due to systemd-container:amd64
  Upgrading libsystemd0:amd64 < 252.38-1~deb12u1 | 252.39-1~deb12u2 @ii uH > due to systemd-container:amd64
  Installing libqrencode4:amd64 as Depends of systemd-container:amd64
Inst systemd [252.38-1~deb12u1] (252.39-1~deb12u2 Debian:12.15/oldstable [amd64]) []
Inst libsystemd0 [252.38-1~deb12u1] (252.39-1~deb12u2 Debian:12.15/oldstable [amd64]) []
Inst libqrencode4 (4.1.1-1 Debian:12.15/oldstable [amd64])
Inst systemd-container (252.39-1~deb12u2 Debian:12.15/oldstable [amd64])
"""
UNRELATED = PLAN + "Inst base-files [12.4+deb12u11] (12.4+deb12u15 Debian:12.15/oldstable [amd64])\n"


def fake(folder: Path, name: str, script: str) -> None:
    path = folder / name
    path.write_text("#!/bin/sh\n" + script)
    path.chmod(0o755)


def run_setup(tmp_path: Path, commands: str, *, uid: int, sudo_ok: bool = True, plan: str = PLAN,
              ci: bool = True) -> subprocess.CompletedProcess[str]:
    """``commands`` in bash after sourcing scripts/setup.sh, with stand-in id, sudo and apt-get recording to calls."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    calls = tmp_path / "calls"
    (tmp_path / "plan").write_text(plan)
    fake(bin_dir, "id", f"echo {uid}\n")
    fake(bin_dir, "sudo", f'echo "sudo $*" >> {calls}\n'
         f'[ "$1" = -n ] && [ "$2" = true ] && exit {0 if sudo_ok else 1}\n[ "$1" = -n ] && shift\nexec "$@"\n')
    fake(bin_dir, "apt-get", f'echo "apt-get $*" >> {calls}\ncase "$*" in *" -s "*) cat {tmp_path / "plan"};; esac\n')
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "CI": "true" if ci else ""}
    return subprocess.run(["bash", "-c", f"source scripts/setup.sh\n{commands}"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


def calls(tmp_path: Path) -> list[str]:
    path = tmp_path / "calls"
    return path.read_text().splitlines() if path.exists() else []


def test_unattended_root_goes_through_sudo_n_only(tmp_path: Path) -> None:
    done = run_setup(tmp_path, "as_root echo done", uid=1000)
    assert done.returncode == 0 and done.stdout.strip() == "done"
    assert calls(tmp_path) == ["sudo -n true", "sudo -n echo done"]


def test_without_passwordless_sudo_it_stops_and_says_why(tmp_path: Path) -> None:
    done = run_setup(tmp_path, "as_root echo done", uid=1000, sudo_ok=False)
    assert done.returncode == 1 and "done" not in done.stdout
    assert "needs root, and sudo wants a password" in done.stderr and "CI=true" in done.stderr
    assert calls(tmp_path) == ["sudo -n true"]


def test_apt_installs_what_its_plan_says_and_names_each_upgrade_with_its_reason(tmp_path: Path) -> None:
    done = run_setup(tmp_path, "apt_install 'a test' systemd-container", uid=0)
    assert done.returncode == 0, done.stderr
    assert "scripts:   apt upgrades systemd 252.38-1~deb12u1 -> 252.39-1~deb12u2 (needed by systemd-container)" in done.stdout
    assert "scripts:   apt installs libqrencode4 4.1.1-1" in done.stdout
    install = [c for c in calls(tmp_path) if " -s " not in c and "update" not in c]
    assert install == ["apt-get install -y -qq --no-install-recommends --no-upgrade systemd-container"]
    simulated = [c for c in calls(tmp_path) if " -s " in c]
    assert simulated and "--no-upgrade" in simulated[0] and "--no-install-recommends" in simulated[0]


def test_a_plan_upgrading_an_unneeded_package_is_refused(tmp_path: Path) -> None:
    done = run_setup(tmp_path, "apt_install 'a test' systemd-container", uid=0, plan=UNRELATED)
    assert done.returncode == 1
    assert "apt would also upgrade base-files 12.4+deb12u11 -> 12.4+deb12u15, which systemd-container do not need" \
        in done.stderr
    assert not [c for c in calls(tmp_path) if c.startswith("apt-get install -y")]  # nothing installed


def test_pip_and_uv_are_pinned() -> None:
    lock = (ROOT / "requirements" / "pip.lock").read_text()
    assert re.search(r"^pip==\d+(\.\d+)+ \\\n    --hash=sha256:[0-9a-f]{64}$", lock, re.MULTILINE), lock
    script = (ROOT / "scripts" / "lock").read_text()
    assert re.search(r"^UV_VERSION=\d+\.\d+\.\d+$", script, re.MULTILINE)
    assert 'pip install -q "uv==$UV_VERSION"' in script


def test_the_compiled_build_never_fails_the_install(tmp_path: Path) -> None:
    """build_compiled (run by use_venv): tools/build_compiled.py's status 0 marks the build in place; 3 (this machine
    cannot build) and any failure each say so, and the install goes on with pure Python."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    for status, built, said in [(0, "1", ""), (3, "", "run as pure Python here"), (1, "", "failed (status 1)")]:
        fake(venv / "bin", "python", f"echo \"$@\" > {tmp_path / 'args'}\nexit {status}\n")
        done = run_setup(tmp_path, f'VENV={venv}\nbuild_compiled\necho "built=$COMPILED_BUILT"', uid=0)
        assert done.returncode == 0 and done.stdout.splitlines()[-1] == f"built={built}", done
        assert said in done.stdout + done.stderr
        assert (tmp_path / "args").read_text().split() == ["tools/build_compiled.py"]


def test_the_build_tool_says_when_this_machine_cannot_build(tmp_path: Path) -> None:
    """Without mypy in the environment the tool exits 3 with a line saying so, and leaves any build alone."""
    code = ("import runpy, sys; sys.modules['mypyc'] = None; sys.argv = ['build_compiled', '--force'];"
            "runpy.run_path('tools/build_compiled.py', run_name='__main__')")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 3, done
    assert "not built, mypy (mypyc) is not installed" in done.stdout and "pure Python runs" in done.stdout
