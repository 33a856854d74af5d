# Sourced by scripts/test and scripts/demo (bash): the locked Python environment and the system packages.
#
# Python: a virtual environment in .venv (PMEMO_VENV names another folder), made with `python3 -m venv`,
# holding exactly the packages of a lock in requirements/ (pip checks every file against the lock's hashes),
# then this project in editable mode. The venv remembers which lock it holds; a changed lock makes it anew.

VENV="${PMEMO_VENV:-.venv}"
export PIP_DISABLE_PIP_VERSION_CHECK=1

# as_root COMMAND...: run a command as root (through sudo when not root).
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

APT_UPDATED=""
# apt_install WHY PACKAGE...: say what is installed and why, then install it without recommended extras
# (and no upgrade beyond what the new packages themselves require, which is listed first).
apt_install() {
    local why="$1"
    shift
    echo "scripts: installing Debian packages $* ($why)"
    if [ -z "$APT_UPDATED" ]; then
        as_root apt-get update -qq
        APT_UPDATED=1
    fi
    as_root apt-get install -s --no-install-recommends "$@" \
        | sed -n -e 's/^Inst /scripts:   apt installs /p' -e 's/^\([0-9]* upgraded, .*\)/scripts:   \1/p'
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

lock_id() {
    echo "$(basename "$1") $(sha256sum "$1" | cut -c1-64)"
}

# use_venv LOCK: make the venv hold LOCK's packages and this project, and put it first on PATH.
# requirements/test.lock holds requirements/runtime.lock (the same pins, more packages): either venv serves the
# demo, and a runtime venv takes the test lock on top.
use_venv() {
    local lock="$1" want have
    want="$(lock_id "$lock")"
    have="$(cat "$VENV/pmemo-lock" 2>/dev/null || true)"
    if [ "$have" != "$want" ] && ! { [ "$lock" = requirements/runtime.lock ] && [ "$have" = "$(lock_id requirements/test.lock)" ]; }; then
        if [ "$have" != "$(lock_id requirements/runtime.lock)" ]; then
            echo "scripts: making the virtual environment $VENV (python3 -m venv)"
            if ! python3 -m venv --clear "$VENV"; then
                apt_install "python3 -m venv needs it" python3-venv
                python3 -m venv --clear "$VENV"
            fi
        fi
        echo "scripts: installing the Python packages pinned in $lock into $VENV (pip --require-hashes)"
        "$VENV/bin/python" -m pip install -q --require-hashes -r "$lock"
        echo "$want" > "$VENV/pmemo-lock"
    fi
    # The project itself, editable, built by the locked setuptools (nothing downloaded at build time).
    "$VENV/bin/python" -m pip install -q --no-deps --no-build-isolation -e .
    VIRTUAL_ENV="$(cd "$VENV" && pwd)"
    export VIRTUAL_ENV
    export PATH="$VIRTUAL_ENV/bin:$PATH"
}
