"""Dates as users type them in filters: an ISO date is a whole UTC day, a date-time an instant.

One reader for every ``from``/``to`` (the games list, the statistics, the command line):

>>> parse_when("to", "20261101")
datetime.date(2026, 11, 1)
>>> parse_when("from", "2026-11-01T09:00+09:00")
datetime.datetime(2026, 11, 1, 0, 0)
>>> end_of(parse_when("to", "9999-12-31"))
datetime.datetime(9999, 12, 31, 23, 59, 59, 999999)
>>> check_order(parse_when("from", "2026-11-05"), parse_when("to", "2026-11-01"), "2026-11-05", "2026-11-01")
Traceback (most recent call last):
...
pmemo_replay.dates.DateError: from '2026-11-05' is after to '2026-11-01': no game can match (swap them?)
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time

#: an ISO week without a day (``2026-W45``): ``date.fromisoformat`` reads it as the Monday, not the week
WEEK_ONLY = re.compile(r"\d{4}-?W\d{2}")


class DateError(ValueError):
    """A date filter that cannot be read, or bounds that no game can meet."""


def parse_when(name: str, text: str) -> date | datetime:
    """An ISO date (a whole UTC day: ``2026-11-01``, ``20261101``, ``2026-W45-1``) or a date-time (naive UTC)."""
    value = text.strip()
    if WEEK_ONLY.fullmatch(value):
        raise DateError(f"{name}: a week needs a day (e.g. {value}-1 for its Monday), or give a date: {text!r}")
    try:
        when: date | datetime = date.fromisoformat(value)  # every date-only form, compact ones too, is a whole day
    except ValueError:
        try:
            when = datetime.fromisoformat(value)
        except ValueError:
            raise DateError(f"{name}: not an ISO date or date-time: {text!r}") from None
    if isinstance(when, datetime) and when.tzinfo is not None:
        try:
            when = when.astimezone(UTC).replace(tzinfo=None)
        except OverflowError:
            raise DateError(f"{name}: {text!r} is out of range in UTC (before 0001-01-01 or after 9999-12-31)") from None
    return when


def start_of(when: date | datetime) -> datetime:
    """The first instant a ``from`` bound admits (naive UTC)."""
    return when if isinstance(when, datetime) else datetime.combine(when, time())


def end_of(when: date | datetime) -> datetime:
    """The last instant a ``to`` bound admits (naive UTC): a date's last microsecond."""
    return when if isinstance(when, datetime) else datetime.combine(when, time.max)


def check_order(date_from: date | datetime | None, date_to: date | datetime | None, text_from: str, text_to: str) -> None:
    """Raise :class:`DateError` when ``from`` comes after ``to`` (nothing could match)."""
    if date_from is not None and date_to is not None and start_of(date_from) > end_of(date_to):
        raise DateError(f"from {text_from!r} is after to {text_to!r}: no game can match (swap them?)")
