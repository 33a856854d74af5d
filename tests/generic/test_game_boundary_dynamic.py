"""No module outside a game's folder loads the game by a computed name either (review r21c, finding 7: the
warehouse loaded ``engine.<game>.stats`` with ``importlib``): a dynamic import (``importlib.import_module``,
``__import__``, ``importlib.util.find_spec``/``spec_from_file_location``) outside a game's folder names a fixed module
that is not a game's, or is one of the few that provably load no game: the engine's ruleset discovery (it imports
each ``engine.<game>.ruleset``, the interface itself), a package loading its own submodules, the server's warm-up
list of statistics modules (no game's: the warm-up reaches each game's card facts through its ruleset), and a game
tool's own files. The statistics reach a game's fact tracker through the
ruleset (``Ruleset.facts_tracker``)."""

from __future__ import annotations

import ast
from pathlib import Path

from dashboards.source import tracker_factory
from engine.rulesets import RULESETS, get_ruleset
from tests.generic.test_game_boundary import ROOT, checked, game_of

DYNAMIC = frozenset({"import_module", "__import__", "find_spec", "spec_from_file_location"})
#: the dynamic imports that load no game (path -> why)
ALLOWED = {
    "engine/rulesets.py": "the ruleset discovery: engine.<game>.ruleset is the interface",
    "engine/compiled.py": "the compiled build's group library of the package calling it (its own modules), by file",
    "pmemo_replay/store/__init__.py": "the store package's own submodules (f'{__name__}.…')",
    "pmemo_replay/web/warmup.py": "its MODULES list: the statistics modules and pandas, no game (the games' card "
                                  "facts through their rulesets: test_the_warm_up_names_no_game below)",
    "tools/pm/verification_digest_v2.py": "a Precious Memories tool loading a file of its own folder",
}


def dynamic_imports(path: Path) -> list[tuple[int, str]]:
    """``(line, what)`` of every dynamic import in ``path`` that could load a game: one naming a game's module, or
    one whose name is computed."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
        if name not in DYNAMIC or not node.args:
            continue
        arg = node.args[0]
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            if game_of(arg.value) is not None:
                found.append((node.lineno, f"{name}({arg.value!r})"))
        else:
            found.append((node.lineno, f"{name}({ast.unparse(arg)})"))
    return found


def test_nothing_outside_a_game_folder_loads_a_game_by_name() -> None:
    wrong = []
    for path, own in checked():
        name = path.relative_to(ROOT).as_posix()
        if own is not None or name in ALLOWED:
            continue
        wrong += [f"{name}:{line} {what}" for line, what in dynamic_imports(path)]
    assert wrong == []


def test_the_check_sees_a_computed_import(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("import importlib\n"
                     "def f(package):\n"
                     "    return importlib.import_module(f'{package}.stats')\n"
                     "g = __import__('engine.mahou.stats')\n", encoding="utf-8")
    assert sorted(line for line, _ in dynamic_imports(probe)) == [3, 4]


def test_the_statistics_reach_a_games_tracker_through_its_ruleset() -> None:
    for name in RULESETS:
        ruleset = get_ruleset(name)
        assert tracker_factory(ruleset) is ruleset.facts_tracker
    assert get_ruleset("mahou-shoujo-1").facts_tracker is not None  # when a card was first seen: watched


def test_the_warm_up_names_no_game() -> None:
    """The warm-up's list of modules names no game's module (review r21e, 10): it reaches each game's card facts
    through the ruleset (``card_facts``/``describe_card``), and after it those modules are loaded."""
    import subprocess
    import sys

    from pmemo_replay.web import warmup

    assert [m for m in warmup.MODULES if game_of(m) is not None] == []
    source = (ROOT / "pmemo_replay/web/warmup.py").read_text(encoding="utf-8")
    assert "engine." not in source.replace("engine.rulesets", "")
    probe = ("import sys; from pmemo_replay.web.warmup import warm_up; warm_up(); "
             "print(sorted(m for m in sys.modules if m.endswith('.card_facts')))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.split("\n")[-2] == str(["engine.clockwork.card_facts", "engine.mahou.card_facts", "engine.pm.card_facts"])
