"""This process's folds of the drafts it served, each valid for one (count, latest event) of its draft row."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from pmemo_replay.drafts.folding import DraftFold

CACHE_SIZE = 64


@dataclass(eq=False)
class Entry:
    """A draft's folds after ``count`` actions, its latest event ``last_event``; ``lock`` guards the folds."""

    fold: DraftFold
    count: int
    last_event: int
    valid: bool = True
    lock: threading.RLock = field(default_factory=threading.RLock)
    memo: dict[str, Any] = field(default_factory=dict)

    def mark(self, count: int, last_event: int) -> None:
        """The row now says ``count`` and ``last_event`` (its write committed)."""
        self.count, self.last_event, self.valid = count, last_event, True


class FoldCache:
    """Entries by draft id, the least recently used dropped beyond ``size``."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._entries: OrderedDict[int, Entry] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, draft_id: int, count: int, last_event: int) -> Entry | None:
        """The entry when it holds exactly that draft state, else None."""
        with self._lock:
            entry = self._entries.get(draft_id)
            if entry is None or not entry.valid or (entry.count, entry.last_event) != (count, last_event):
                return None
            self._entries.move_to_end(draft_id)
            return entry

    def put(self, draft_id: int, fold: DraftFold, count: int, last_event: int) -> Entry:
        entry = Entry(fold, count, last_event)
        with self._lock:
            old = self._entries.get(draft_id)
            if old is not None and old.valid and old.last_event > last_event:
                return entry  # a newer one is there: keep it (this one still serves its caller)
            self._entries[draft_id] = entry
            self._entries.move_to_end(draft_id)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        return entry

    def drop(self, draft_id: int) -> None:
        with self._lock:
            self._entries.pop(draft_id, None)
