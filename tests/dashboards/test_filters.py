"""Every filter of metrics.md on the crafted league."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from dashboards.filters import FilterError, Filters
from tests.dashboards.conftest import by_card
from tests.dashboards.league import A, B, M, Q


def covers(body: dict[str, Any]) -> tuple[int, int]:
    return body["covers"]["games"], body["covers"]["player_games"]


def test_dates_leave_out_undated_games_only_when_given(stats: Any) -> None:
    assert covers(stats("cards")) == (4, 8)  # game 5 has no played_at
    body = stats("cards", from_="2026-11-03")
    assert covers(body) == (2, 4)  # games 2 and 3
    assert by_card(body)[A]["games"] == 2 and by_card(body)[A]["gp_wr"] == pytest.approx(0.25)
    assert covers(stats("cards", to="2026-11-02")) == (1, 2)  # a date covers the whole day
    assert covers(stats("cards", to="2026-11-02T09:59:00")) == (0, 0)
    assert covers(stats("cards", from_="2026-11-02T10:00:00Z", to="2026-11-03")) == (2, 4)
    assert covers(stats("cards", from_="2026-11-04", to="2026-11-30")) == (1, 2)  # game 4 is unfinished


def test_event_ruleset_player(stats: Any) -> None:
    assert covers(stats("cards", event="Cup")) == (2, 4)
    assert covers(stats("cards", event="League")) == (1, 2)
    assert covers(stats("cards", ruleset="pm-2.22")) == (4, 8)
    empty = stats("cards", ruleset="other")
    assert covers(empty) == (0, 0) and empty["rows"] == []
    aoi = stats("cards", player="Aoi")
    assert covers(aoi) == (4, 4)
    a = by_card(aoi)[A]
    assert (a["games"], a["gp_wr"], a["deck_share"]) == (2, 0.5, 0.5)  # G1 (win) and G2 (loss)
    assert by_card(aoi)[Q]["games"] == 1 and M in by_card(aoi)


def test_first_and_second(stats: Any) -> None:
    first = stats("cards", first="1")
    assert covers(first) == (4, 4)
    assert by_card(first)[A]["games"] == 1
    second = stats("cards", first="0")
    a = by_card(second)[A]
    assert (a["games"], a["gp_wr"]) == (3, pytest.approx(0.5 / 3))  # G2 Aoi 0, G3 Ren 0.5, G5 Kai 0
    b = by_card(second)[B]
    assert (b["games"], b["gp_wr"], b["oh_games"]) == (1, 0.0, 1)  # G2 Aoi, who went second and redrew


def test_archetype(stats: Any) -> None:
    green = stats("cards", archetype="TST red-blue-green")
    assert covers(green) == (1, 1)
    assert by_card(green)[A]["games"] == 1 and by_card(green)[A]["gih_games"] == 0
    assert covers(stats("cards", archetype="TST red-blue")) == (4, 7)


def test_min_games_drops_rows(stats: Any) -> None:
    rows = by_card(stats("cards", min_games="3"))
    assert A in rows and B in rows and Q not in rows and M not in rows
    assert all(r["games"] >= 3 for r in rows.values())


def test_bad_filters() -> None:
    for bad in ({"first": "yes please"}, {"min_games": "-1"}, {"min_games": "x"}, {"from": "yesterday"}, {"to": "2026-13-01"}):
        with pytest.raises(FilterError):
            Filters.parse(bad)
    assert Filters.parse({"event": "", "first": ""}) == Filters()
    assert Filters.parse({"from": "2026-11-01T10:00:00+09:00"}).date_from.hour == 1  # to UTC


def test_every_date_only_form_is_a_whole_day(stats: Any) -> None:
    for to in ("2026-11-02", "20261102", "2026-W45-1", "2026W451"):  # game 1 is at 2026-11-02 10:00 UTC
        f = Filters.parse({"to": to})
        assert f == Filters.parse({"to": "2026-11-02"}) and f.to_json() == {"to": "2026-11-02"}
        assert covers(stats("cards", to=to)) == (1, 2), to
    assert covers(stats("cards", to="20261102T0959")) == (0, 0)  # a compact date-time is still an instant
    with pytest.raises(FilterError, match="a week needs a day"):
        Filters.parse({"to": "2026-W45"})


def test_dates_out_of_range_are_filter_errors() -> None:
    for values, name in (({"to": "9999-12-31"}, "to"), ({"from": "0001-01-01T00:00+01:00"}, "from"),
                         ({"to": "9999-12-31T23:00-01:00"}, "to"), ({"from": "9999-12-31", "to": "9999-12-31"}, "to")):
        with pytest.raises(FilterError, match=f"^{name}: .* is out of range"):
            Filters.parse(values)
    assert Filters.parse({"to": "9999-12-30"}).bounds()[1].year == 9999
    assert Filters.parse({"to": "9999-12-31T23:59:59"}).bounds() == (None, Filters.parse({"to": "9999-12-31T23:59:59"}).date_to, True)


def test_early_years_keep_their_month_bounds(stats: Any) -> None:
    assert Filters.parse({"from": "0999-01-01"}).where()[1][1] == "0999-01"  # strftime would give "999-01", after "2026-11"
    assert covers(stats("cards", from_="0999-01-01")) == covers(stats("cards", from_="0001-01-01")) == (3, 6)


def test_from_after_to_is_refused() -> None:
    with pytest.raises(FilterError, match="from '2026-11-05' is after to '2026-11-01'"):
        Filters.parse({"from": "2026-11-05", "to": "2026-11-01"})
    with pytest.raises(FilterError, match="is after to"):
        Filters.parse({"from": "2026-11-02T00:00", "to": "2026-11-01"})  # the day ends before from
    with pytest.raises(FilterError, match="is after to"):
        Filters.parse({"from": "2026-11-01T10:00:01", "to": "2026-11-01T10:00"})
    assert Filters.parse({"from": "2026-11-01", "to": "2026-11-01"}).bounds()[:2] == (datetime(2026, 11, 1), datetime(2026, 11, 2))
    assert Filters.parse({"from": "2026-11-01T23:00", "to": "2026-11-01"}).dated
    assert Filters.parse({"from": "2026-11-01T10:00", "to": "2026-11-01T10:00"}).dated
