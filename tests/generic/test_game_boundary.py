"""Nothing outside a game's folder imports it where games are recorded, shown and merged: drafts, views, the web
recorder and the merge go through the ruleset interface (engine/ruleset.py). (pmemo_replay/cards, Precious
Memories' card reader, still lives in the service and is not checked here.)"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKED = [*sorted((ROOT / "pmemo_replay" / "drafts").glob("*.py")), ROOT / "pmemo_replay" / "views.py",
           ROOT / "pmemo_replay" / "web" / "drafts.py", ROOT / "pmemo_replay" / "web" / "record.py",
           ROOT / "pmemo_replay" / "cli" / "redact.py", ROOT / "pmemo_replay" / "cli" / "merge.py",
           ROOT / "engine" / "merge.py", ROOT / "engine" / "ruleset.py", ROOT / "engine" / "fold.py"]
GAMES = ("engine.pm", "engine.mahou")


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_recording_views_and_merging_name_no_game() -> None:
    found = {str(path.relative_to(ROOT)): sorted(n for n in imported(path) if n.startswith(GAMES)) for path in CHECKED}
    assert {path: names for path, names in found.items() if names} == {}
