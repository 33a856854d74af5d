# Sourced by scripts/test and scripts/demo (bash): the locked Python environment and the system packages.
#
# Python: a virtual environment in .venv (PMEMO_VENV names another folder), made with `python3 -m venv`,
# holding exactly the packages of a lock in requirements/ (pip checks every file against the lock's hashes),
# then this project in editable mode. The venv remembers which lock it holds; a changed lock makes it anew.
# pip itself is the version of requirements/pip.lock (hash-checked too), whatever python3 -m venv brought.
#
# Root (apt, PostgreSQL): directly when root, else through sudo; unattended (CI=true, or no terminal) only
# through `sudo -n`, which never asks for a password: without passwordless sudo the script says so and stops.
# System packages: apt's plan is shown first (what it installs, what it upgrades and for which new package);
# apt never upgrades an installed package the new ones do not need (--no-upgrade for the named ones, and a plan
# with any other upgrade is refused).

VENV="${PMEMO_VENV:-.venv}"
export PIP_DISABLE_PIP_VERSION_CHECK=1

# unattended: under CI=true or without a terminal nothing may ask for input.
unattended() {
    [ "${CI:-}" = true ] || [ ! -t 0 ]
}

# as_root COMMAND...: run a command as root (through sudo when not root; `sudo -n` when unattended).
as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif ! command -v sudo >/dev/null 2>&1; then
        echo "scripts: '$*' needs root and there is no sudo: run this as root" >&2
        return 1
    elif unattended; then
        if ! sudo -n true 2>/dev/null; then
            echo "scripts: '$*' needs root, and sudo wants a password, which nobody can type here (CI=true or no" \
                "terminal): run this as root, or allow it in sudoers without a password" >&2
            return 1
        fi
        sudo -n "$@"
    else
        sudo "$@"
    fi
}

# apt_plan PACKAGE...: apt's plan (a simulation, with the reason of each package it pulls in) for installing them.
apt_plan() {
    LC_ALL=C apt-get install -s -o Debug::pkgDepCache::AutoInstall=1 --no-install-recommends --no-upgrade "$@" 2>&1
}

# apt_check_plan PLAN PACKAGE...: say what the plan installs and upgrades (and for which new package); fail when it
# upgrades an installed package that none of the new ones needs.
apt_check_plan() {
    local plan="$1" name old new reason refused=""
    shift
    printf '%s\n' "$plan" | sed -n -e 's/^Inst \([^ []*\) (\([^ ]*\).*/scripts:   apt installs \1 \2/p'
    while read -r name old new reason; do
        [ -n "$name" ] || continue
        if [ "$reason" = "-" ]; then
            echo "scripts:   apt would also upgrade $name $old -> $new, which $* do not need: refused" >&2
            refused=1
        else
            echo "scripts:   apt upgrades $name $old -> $new (needed by $reason)"
        fi
    done < <(printf '%s\n' "$plan" | awk '
        /^ *(Upgrading|Installing) [^ ]+ / {
            name = $2; sub(/:.*/, "", name); why = $0
            if (sub(/.*( due to | as [A-Za-z]+ of )/, "", why)) { sub(/:[^ ]*$/, "", why); reason[name] = why }
        }
        /^Inst [^ ]+ \[/ { old = $3; gsub(/[][]/, "", old); new = $4; sub(/^\(/, "", new); up[++n] = $2 " " old " " new }
        END { for (i = 1; i <= n; i++) { split(up[i], f, " "); print up[i], ((f[1] in reason) ? reason[f[1]] : "-") } }')
    if [ -n "$refused" ]; then
        echo "scripts: not installing $*: apt would upgrade packages they do not need (upgrade those yourself first," \
            "or install $* by hand)" >&2
        return 1
    fi
}

APT_UPDATED=""
# apt_install WHY PACKAGE...: say what is installed and why, show apt's plan, then install without recommended
# extras and without upgrading anything the new packages do not need (apt_check_plan).
apt_install() {
    local why="$1" plan
    shift
    echo "scripts: installing Debian packages $* ($why)"
    if [ -z "$APT_UPDATED" ]; then
        as_root apt-get update -qq
        APT_UPDATED=1
    fi
    if ! plan="$(apt_plan "$@")"; then
        printf '%s\n' "$plan" >&2
        return 1
    fi
    apt_check_plan "$plan" "$@" || return 1
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends --no-upgrade "$@"
}

# pip_pinned: the venv's pip is the version of requirements/pip.lock (installed hash-checked when it is not).
pip_pinned() {
    local want
    want="$(sed -n 's/^pip==\([^ ]*\).*/\1/p' requirements/pip.lock)"
    if [ "$("$VENV/bin/python" -m pip --version 2>/dev/null | cut -d' ' -f2)" != "$want" ]; then
        echo "scripts: pip $want into $VENV (requirements/pip.lock)"
        "$VENV/bin/python" -m pip install -q --require-hashes -r requirements/pip.lock
    fi
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
        pip_pinned
        echo "scripts: installing the Python packages pinned in $lock into $VENV (pip --require-hashes)"
        "$VENV/bin/python" -m pip install -q --require-hashes -r "$lock"
        echo "$want" > "$VENV/pmemo-lock"
    fi
    pip_pinned  # (an older venv, or a moved pin)
    # The project itself, editable, built by the locked setuptools (nothing downloaded at build time).
    "$VENV/bin/python" -m pip install -q --no-deps --no-build-isolation -e .
    VIRTUAL_ENV="$(cd "$VENV" && pwd)"
    export VIRTUAL_ENV
    export PATH="$VIRTUAL_ENV/bin:$PATH"
    build_compiled
}

COMPILED_BUILT=""
COMPILED_FAILED=""
# build_compiled: compile the folds' hot modules (Clockwork Memorion, Precious Memories) with mypyc into
# build/compiled/ (tools/build_compiled.py, which says how long it took, or that the build is up to date) when this
# machine can: mypy in the venv (the test lock), a C compiler and Python's headers. Otherwise, or when the build fails, it says so and pure Python runs:
# this never fails the install. COMPILED_BUILT=1 when the compiled build is in place and current; COMPILED_FAILED=1
# when the machine could build it but the compiler refused the code (a typing error in a compiled module).
build_compiled() {
    local status=0
    "$VENV/bin/python" tools/build_compiled.py || status=$?
    case "$status" in
        0) COMPILED_BUILT=1 ;;
        3) echo "scripts: the folds run as pure Python here (see the lines above)" ;;
        *) COMPILED_FAILED=1
           echo "scripts: a compiled build of the folds failed (status $status): pure Python runs there;" \
               "python tools/build_compiled.py --verbose shows why" >&2 ;;
    esac
}
