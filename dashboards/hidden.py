"""Games left out of every statistic: those a moderator hid (pmemo_replay.store.moderation), seats' recordings
superseded by their merged game (``game.merged_into``: one game played, counted once), what-if branches, and the
second of two paired seats' recordings not merged yet (store.queries.paired_games_query: counted once before the
merge too). Pairing changes no game row, so the list is read afresh from the store at every update, new games or not.

The warehouse keeps their rows (its files are append-only); ``hidden.json`` beside them lists those game ids as
the store had them at the last update (store.queries.left_out_ids_query), and the statistics' views leave them out.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> write_hidden(folder, [7, 3]); read_hidden(folder)
(3, 7)
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path

HIDDEN_FILE = "hidden.json"


def read_hidden(folder: Path) -> tuple[int, ...]:
    """The hidden game ids recorded in the warehouse at ``folder`` (none when the file is missing or unreadable)."""
    try:
        ids = json.loads((folder / HIDDEN_FILE).read_text("utf-8"))
    except (OSError, ValueError):
        return ()
    return tuple(sorted(i for i in ids if type(i) is int)) if isinstance(ids, list) else ()


def write_hidden(folder: Path, ids: Iterable[int]) -> None:
    """Record the hidden game ids (atomically: a reader sees the old list or the new one)."""
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f".{HIDDEN_FILE}.{os.getpid()}.tmp"
    tmp.write_text(json.dumps(sorted(set(ids))), "utf-8")
    tmp.replace(folder / HIDDEN_FILE)
