"""The statistics filters of metrics.md, parsed from query parameters or options, as DuckDB WHERE clauses.

>>> f = Filters.parse({"from": "2026-11-01", "to": "2026-11-30", "first": "1", "event": "Cup", "min_games": "5"})
>>> sql, params = f.where()
>>> sql
'played_at >= ? AND month >= ? AND played_at < ? AND month <= ? AND event = ? AND went_first = ?'
>>> params
[datetime.datetime(2026, 11, 1, 0, 0), '2026-11', datetime.datetime(2026, 12, 1, 0, 0), '2026-11', 'Cup', True]
>>> f.to_json()
{'from': '2026-11-01', 'to': '2026-11-30', 'event': 'Cup', 'first': 1, 'min_games': 5}
>>> Filters.parse({"first": "2"})
Traceback (most recent call last):
...
dashboards.filters.FilterError: first: 1 (went first) or 0 (went second), not '2'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from typing import Any

from pmemo_replay import dates
from pmemo_replay.flags import FlagError, parse_flag

#: filter names as query parameters and options, in the order they are shown
NAMES = ("from", "to", "event", "ruleset", "player", "archetype", "first", "min_games", "regular_only")
TEXT = ("event", "ruleset", "player", "archetype")


class FilterError(ValueError):
    """A filter value that cannot be read."""


def parse_when(name: str, text: str) -> date | datetime:
    """An ISO date (a whole UTC day) or date-time (naive UTC), read as every date filter reads it
    (:func:`pmemo_replay.dates.parse_when`)."""
    try:
        return dates.parse_when(name, text)
    except dates.DateError as err:
        raise FilterError(str(err)) from None


def _month(when: date | datetime) -> str:
    """The ``month`` partition value (``2026-11``; ``strftime`` would not pad years before 1000)."""
    return f"{when.year:04d}-{when.month:02d}"


def _first(text: str) -> bool:
    value = text.strip().lower()
    if value in ("1", "true", "yes"):
        return True
    if value in ("0", "false", "no"):
        return False
    raise FilterError(f"first: 1 (went first) or 0 (went second), not {text!r}")


def _flag(name: str, text: str) -> bool:
    try:
        return parse_flag(name, text)
    except FlagError as err:
        raise FilterError(str(err)) from None


def _count(text: str) -> int:
    try:
        n = int(text.strip())
    except ValueError:
        raise FilterError(f"min_games: not an integer: {text!r}") from None
    if n < 0:
        raise FilterError("min_games: must be 0 or more")
    return n


@dataclass(frozen=True, slots=True)
class Filters:
    """Which player-games a statistic covers, and the smallest bucket a row needs (``min_games``)."""

    date_from: date | datetime | None = None
    date_to: date | datetime | None = None
    event: str | None = None
    ruleset: str | None = None
    player: str | None = None
    archetype: str | None = None
    first: bool | None = None
    min_games: int = 0
    #: leave out games stored as played with irregularities that stood (docs/as-played.md)
    regular_only: bool = False

    @classmethod
    def parse(cls, values: Mapping[str, Any]) -> Filters:
        """From query parameters or options named as in :data:`NAMES` (empty values are ignored)."""
        raw = {k: str(v) for k, v in values.items() if k in NAMES and v is not None and str(v).strip() != ""}
        f = cls(
            date_from=parse_when("from", raw["from"]) if "from" in raw else None,
            date_to=parse_when("to", raw["to"]) if "to" in raw else None,
            first=_first(raw["first"]) if "first" in raw else None,
            min_games=_count(raw["min_games"]) if "min_games" in raw else 0,
            regular_only=_flag("regular_only", raw["regular_only"]) if "regular_only" in raw else False,
            **{k: raw[k] for k in TEXT if k in raw},
        )
        try:
            start, end, inclusive = f.bounds()
        except OverflowError:  # a ``to`` date's end is the start of the next day
            raise FilterError(f"to: {raw['to']!r} is out of range (the last date it takes is 9999-12-30; "
                              "leave it out for no end)") from None
        if start is not None and end is not None and (start > end if inclusive else start >= end):
            raise FilterError(f"from {raw['from']!r} is after to {raw['to']!r}: no game can match (swap them?)")
        return f

    def without_min(self) -> Filters:
        return replace(self, min_games=0)

    @property
    def dated(self) -> bool:
        return self.date_from is not None or self.date_to is not None

    def bounds(self) -> tuple[datetime | None, datetime | None, bool]:
        """``played_at`` bounds as naive UTC: from (inclusive), to, and whether ``to`` is inclusive (a date-time) or
        the start of the day after a ``to`` date (exclusive)."""
        start = end = None
        if self.date_from is not None:
            start = self.date_from if isinstance(self.date_from, datetime) else datetime.combine(self.date_from, time())
        if self.date_to is not None:
            if isinstance(self.date_to, datetime):
                return start, self.date_to, True
            end = datetime.combine(self.date_to + timedelta(days=1), time())
        return start, end, False

    def where(self, *, partitioned: bool = True) -> tuple[str, list[Any]]:
        """A WHERE condition over the warehouse columns and its parameters (``TRUE`` without filters).

        Date bounds compare ``played_at`` (a ``to`` date covers that whole day), so games without it drop out
        when either is given; ``partitioned`` adds the matching ``month`` bounds, which prune part files.
        """
        parts: list[str] = []
        params: list[Any] = []
        start, end, inclusive = self.bounds()
        if start is not None:
            parts.append("played_at >= ?")
            params.append(start)
            if partitioned:
                parts.append("month >= ?")
                params.append(_month(start))
        if end is not None:
            parts.append("played_at <= ?" if inclusive else "played_at < ?")
            params.append(end)
            if partitioned:
                parts.append("month <= ?")
                params.append(_month(self.date_to))  # type: ignore[arg-type]
        for name in TEXT:
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name} = ?")
                params.append(value)
        if self.first is not None:
            parts.append("went_first = ?")
            params.append(self.first)
        if self.regular_only:
            parts.append("irregular = 0")
        return (" AND ".join(parts) or "TRUE"), params

    def to_json(self) -> dict[str, Any]:
        """The filters given, as query parameters would give them."""
        out: dict[str, Any] = {}
        for key, value in (("from", self.date_from), ("to", self.date_to)):
            if value is not None:
                out[key] = value.isoformat()
        out.update({k: getattr(self, k) for k in TEXT if getattr(self, k) is not None})
        if self.first is not None:
            out["first"] = int(self.first)
        if self.min_games:
            out["min_games"] = self.min_games
        if self.regular_only:
            out["regular_only"] = 1
        return out

    def query_args(self) -> dict[str, str]:
        """The filters as query-string parameters."""
        return {k: str(v) for k, v in self.to_json().items()}
