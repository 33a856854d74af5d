"""Nothing outside a game's folder imports it: every module of the service (pmemo_replay/), the dashboards and the
tools, and the engine's own shared modules, go through the ruleset interface (engine/ruleset.py); a game's folder
imports no other game. Benchmarks go through it too, except the game-specific ones named in
:data:`GAME_BENCHMARKS` (each with the game it measures and why); tests may import a game directly. Read with
``ast``, so an import inside a function counts too."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
#: every game folder of the engine (a package with a ``ruleset`` module), as a module prefix
GAMES = tuple(sorted(f"engine.{p.parent.name}" for p in ENGINE.glob("*/ruleset.py")))
#: a game's own developer tools live in tools/<game folder>/ (fixture generators writing its bundled card data and
#: card logs, its verification-record tools): they may import that game, and no other
GAME_TOOL_DIRS = {f"tools/{g.split('.', 1)[1]}/": g for g in GAMES}
#: the benchmarks that measure one game's own code and may import that game (every other benchmark, bench_drafts.py,
#: bench_merge.py..., measures the service for any ruleset and goes through the ruleset interface)
GAME_BENCHMARKS: dict[str, tuple[str, str]] = {
    "benchmarks/bench_fold_vs_chess.py": ("engine.pm", "Precious Memories' fold against python-chess: it prints "
                                          "which build of engine/pm ran (compiled or pure) and redacts its logs"),
    "benchmarks/bench_ingest.py": ("engine.pm", "imports of simulated Precious Memories logs: it prints which build "
                                   "of engine/pm's fold ran (compiled or pure), as bench_fold_vs_chess.py does"),
    "benchmarks/bench_mahou_fold.py": ("engine.mahou", "Mahou Shoujo's fold speed: it plays its games with the "
                                       "game's own self-play and card reader, outside the service"),
    "benchmarks/bench_clockwork_fold.py": ("engine.clockwork", "Clockwork Memorion's fold speed: its own self-play, "
                                           "card reader and build flag (compiled or pure)"),
    "benchmarks/bench_seek.py": ("engine.pm", "the longest Precious Memories games: stalling self-play policies "
                                 "written against engine.pm's own state"),
    "benchmarks/redaction_long.py": ("engine.pm", "a long run of Precious Memories' table-log redaction check, "
                                     "over its views"),
}


def imported(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` of every import in ``path`` (``from engine import pm`` names ``engine.pm``)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def game_of(module: str) -> str | None:
    return next((g for g in GAMES if module == g or module.startswith(g + ".")), None)


def _tool_game(path: Path) -> str | None:
    """The game whose developer tools folder holds ``path`` (None: not in one)."""
    name = path.relative_to(ROOT).as_posix()
    return next((g for folder, g in GAME_TOOL_DIRS.items() if name.startswith(folder)), None)


def checked() -> list[tuple[Path, str | None]]:
    """Every module to check, with the game whose folder it is in (None: outside every game)."""
    files = [(p, _tool_game(p)) for top in ("pmemo_replay", "dashboards", "tools") for p in sorted((ROOT / top).rglob("*.py"))]
    files += [(p, GAME_BENCHMARKS.get(p.relative_to(ROOT).as_posix(), (None, ""))[0])
              for p in sorted((ROOT / "benchmarks").rglob("*.py"))]
    for path in sorted(ENGINE.rglob("*.py")):
        files.append((path, game_of(".".join(path.relative_to(ROOT).with_suffix("").parts))))
    return files


def test_the_games_are_found() -> None:
    assert {"engine.pm", "engine.mahou", "engine.clockwork"} <= set(GAMES)


def test_nothing_outside_a_game_folder_imports_the_game() -> None:
    wrong = []
    for path, own in checked():
        name = str(path.relative_to(ROOT))
        for line, module in imported(path):
            game = game_of(module)
            if game is not None and game != own:
                wrong.append(f"{name}:{line} imports {module}")
    assert wrong == []


def test_the_check_sees_a_hidden_import(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from engine import pm\n    import engine.mahou.cards as c\n", encoding="utf-8")
    assert [game_of(m) for _, m in imported(probe) if game_of(m)] == ["engine.pm", "engine.mahou"]


def test_each_game_benchmark_is_there_and_imports_its_game() -> None:
    """The allow-list names real files, each of which does import the game it is allowed (else it is stale)."""
    stale = []
    for name, (game, why) in GAME_BENCHMARKS.items():
        path = ROOT / name
        assert path.is_file(), name
        assert why, name
        if not any(game_of(module) == game for _, module in imported(path)):
            stale.append(name)
    assert stale == []


def test_benchmarks_are_checked() -> None:
    names = {p.relative_to(ROOT).as_posix() for p, _ in checked()}
    assert "benchmarks/bench_drafts.py" in names and "benchmarks/bench_merge.py" in names
