"""What a server process keeps of stored games between seeks: their actions as stored, and folded states.

A stored game's header and actions never change (``game_action`` is append-only; a game is never
deleted), so :class:`StoredGame` keeps them for good once read. Snapshots can change (re-processing
rewrites them), so every seek still reads the snapshot it starts from, and the folded states kept
here are filed under that snapshot's text: a rewritten snapshot starts a new :class:`Segment`. A
segment holds the state the snapshot restores and clones of the states folded from it every
:data:`GRID` actions. States are only ever cloned out (the fold mutates its own copy), and
each is the same state the fold from the stored snapshot reaches, so answers do not change.

Both maps are bounded least-recently-used: :data:`MAX_ACTIONS` actions, :data:`MAX_STATES` states and
segments together (a state about 8-15 kB; a segment its snapshot's text, about 5 kB).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import orjson

from pmemo_replay.store.db import decode_json, encode_json

#: a folded state is kept every GRID actions (so a seek folds GRID / 2 actions on average once warm)
GRID = 8
MAX_STATES = 4096
MAX_ACTIONS = 200_000
_NOT_YET = object()


@dataclass(slots=True)
class StoredGame:
    """A stored game's header and actions as JSON text; decoded afresh for every caller (nothing shared mutates)."""

    n_actions: int
    header_text: str
    texts: list[str] = field(repr=False)
    #: the header, every action text: decoded exactly by orjson (no integer beyond 64 bits it would make a float)
    header_exact: bool = True
    exact: bool = True
    _array: Any = field(default=_NOT_YET, repr=False)

    def header(self) -> dict[str, Any]:
        if self.header_exact:
            return orjson.loads(self.header_text)  # type: ignore[no-any-return]
        return decode_json(self.header_text)  # type: ignore[no-any-return]

    def actions(self, start: int = 0, stop: int | None = None) -> list[dict[str, Any]]:
        """Actions ``start``..``stop``-1 (as ``seq >= start AND seq < stop`` selects them)."""
        texts = self.texts[max(start, 0):None if stop is None else max(stop, 0)]
        if not texts:
            return []
        if self.exact:
            return orjson.loads(f"[{','.join(texts)}]")  # type: ignore[no-any-return]
        return [decode_json(t) for t in texts]

    def actions_json(self) -> str:
        """Every action as one JSON array, encoded as the JSON answers encode it (made once)."""
        if self._array is _NOT_YET:
            self._array = encode_json(self.actions())
        return self._array  # type: ignore[no-any-return]


@dataclass(slots=True)
class Segment:
    """The states folded from one stored snapshot (``text`` None: from the header) of one game."""

    key: tuple[int, int]
    text: str | None
    #: position (actions pushed) -> state, not yet settled; the snapshot's own state at its position
    states: dict[int, Any] = field(default_factory=dict)


class SeekCache:
    """Stored games and folded states of one store, shared by the threads of a process."""

    def __init__(self, max_states: int = MAX_STATES, max_actions: int = MAX_ACTIONS) -> None:
        self.max_states = max_states
        self.max_actions = max_actions
        self._games: OrderedDict[int, StoredGame] = OrderedDict()
        self._n_actions = 0
        self._segments: OrderedDict[tuple[int, int], Segment] = OrderedDict()
        self._n_states = 0
        self._lock = threading.Lock()

    # --- games ------------------------------------------------------------------------

    def game(self, game_id: int) -> StoredGame | None:
        with self._lock:
            game = self._games.get(game_id)
            if game is not None:
                self._games.move_to_end(game_id)
            return game

    def keep_game(self, game_id: int, game: StoredGame) -> StoredGame:
        size = len(game.texts)
        if size > self.max_actions:
            return game
        with self._lock:
            known = self._games.get(game_id)
            if known is not None:
                return known
            self._games[game_id] = game
            self._n_actions += size
            while self._n_actions > self.max_actions:
                _, old = self._games.popitem(last=False)
                self._n_actions -= len(old.texts)
        return game

    # --- states -----------------------------------------------------------------------

    def segment(self, game_id: int, seq: int | None, text: str | None) -> Segment | None:
        """The segment of ``game_id`` starting at the snapshot ``seq`` with this ``text``, if kept."""
        key = (game_id, -1 if seq is None else seq)
        with self._lock:
            found = self._segments.get(key)
            if found is None or found.text != text:
                return None
            self._segments.move_to_end(key)
            return found

    def new_segment(self, game_id: int, seq: int | None, text: str | None, root: Any) -> Segment:
        """A segment for that snapshot (replacing one of an older text), holding ``root`` at ``seq`` when given."""
        key = (game_id, -1 if seq is None else seq)
        segment = Segment(key, text)
        with self._lock:
            old = self._segments.pop(key, None)
            if old is not None:
                self._n_states -= len(old.states)
            self._segments[key] = segment
            if root is not None and seq is not None:
                segment.states[seq] = root
                self._n_states += 1
            self._trim()
        return segment

    def start(self, segment: Segment, before: int) -> tuple[int, Any] | None:
        """The latest kept state at or before position ``before``: (position, state), or None."""
        with self._lock:
            states = segment.states
            if before in states:
                return before, states[before]
            best = max((p for p in states if p <= before), default=None)
            return None if best is None else (best, states[best])

    def keep(self, segment: Segment, position: int, state: Any) -> None:
        """Keep ``state`` (a copy nobody mutates) at ``position`` of ``segment``."""
        with self._lock:
            if position in segment.states or self._segments.get(segment.key) is not segment:
                return  # kept already, or the segment was dropped meanwhile
            segment.states[position] = state
            self._n_states += 1
            self._trim()

    def _trim(self) -> None:
        # a segment counts as one more entry (its snapshot text, even when it holds no state yet)
        while self._n_states + len(self._segments) > self.max_states and self._segments:
            _, old = self._segments.popitem(last=False)
            self._n_states -= len(old.states)

    def clear(self) -> None:
        with self._lock:
            self._games.clear()
            self._segments.clear()
            self._n_actions = self._n_states = 0
