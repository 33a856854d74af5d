"""The Plotly figures: intervals, grey buckets under the minimum, literal labels."""

from __future__ import annotations

from typing import Any

from dashboards.figures import GREY, caption, dashboard, esc, first_figure, gih_figure, iwd_figure, matchups_figure, trends_figure
from tests.dashboards.conftest import by_card
from tests.dashboards.league import A


def test_every_view_has_a_figure(stats: Any) -> None:
    views = {kind: stats(kind) for kind in ("cards", "decks", "matchups", "first", "trends")}
    figs = dashboard(views, 2)
    assert set(figs) == {"gih", "iwd", "decks", "matchups", "first", "trends"}
    assert all(fig["data"] and "layout" in fig for fig in figs.values())


def test_intervals_and_grey_buckets(stats: Any) -> None:
    cards = stats("cards")
    trace = gih_figure(cards, 3).data[0]
    rows = [r for r in cards["rows"] if r["gih_wr"] is not None]
    for row, color, plus, minus in zip(rows, trace.marker.color, trace.error_y.array, trace.error_y.arrayminus, strict=True):
        assert (color == GREY) == (row["gih_games"] < 3)  # the n of the plotted bucket
        assert row["gih_wr"] + plus == row["gih_ci"][1] and abs(row["gih_wr"] - minus - row["gih_ci"][0]) < 1e-12


def test_greying_uses_the_n_of_the_bucket_drawn(stats: Any) -> None:
    """Card A is in 4 decks but seen in 2 and not seen in 2: with a minimum of 3, its GIH point and IWD bar are grey."""
    cards = stats("cards")
    a = by_card(cards)[A]
    assert (a["games"], a["gih_games"], a["gns_games"]) == (4, 2, 2)
    gih = gih_figure(cards, 3).data[0]
    label = esc(f"{A} {a['name']}")
    assert dict(zip(gih.text, gih.marker.color, strict=True))[label] == GREY
    iwd = iwd_figure(cards, 3).data[0]
    colors = dict(zip(iwd.y, iwd.marker.color, strict=True))
    assert colors[label] == GREY
    for r in cards["rows"]:
        name = esc(f"{r['card']} {r['name'] or ''}")
        if name in colors:
            assert (colors[name] == GREY) == (min(r["gih_games"], r["gns_games"]) < 3), r["card"]
    assert dict(zip(iwd_figure(cards, 2).data[0].y, iwd_figure(cards, 2).data[0].marker.color, strict=True))[label] != GREY
    assert dict(zip(gih_figure(cards, 2).data[0].text, gih_figure(cards, 2).data[0].marker.color, strict=True))[label] != GREY


def test_the_all_archetypes_bar_greys_too(stats: Any) -> None:
    first = stats("first")
    assert first["overall"]["games"] == 4
    assert first_figure(first, 5).data[0].marker.color[0] == GREY  # 4 player-games going first < 5
    assert first_figure(first, 4).data[0].marker.color[0] != GREY


def test_matchup_cells_carry_n_and_grey_under_the_minimum(stats: Any) -> None:
    fig = matchups_figure(stats("matchups"), 2)
    colored, grey = fig.data
    assert list(colored.y) == ["TST red-blue", "TST red-blue-green"] and list(colored.x) == list(colored.y)
    assert colored.text[0][0] == "mirror<br>n=6" and colored.z[0][0] == 0.5
    assert grey.text[0][1] == "100.0%<br>n=1" and grey.z[0][1] == 1 and colored.z[0][1] is None  # n=1 < 2: grey
    only_green = matchups_figure(stats("matchups", archetype="TST red-blue-green"), 0)
    assert list(only_green.data[0].y) == ["TST red-blue-green"] and list(only_green.data[0].x) == ["TST red-blue"]


def test_labels_are_literal() -> None:
    assert esc("<b>Cup</b> & co") == "&lt;b&gt;Cup&lt;/b&gt; &amp; co"
    body = {"weeks": [{"week": "2026-W45", "games": 2}],
            "rows": [{"week": "2026-W45", "archetype": "<i>X</i>", "games": 2, "share": 1.0, "wr": 0.5, "wr_ci": [0.1, 0.9]}]}
    fig = trends_figure(body, 5, ["<i>X</i>"])
    assert {t.name for t in fig.data if t.name} == {"&lt;i&gt;X&lt;/i&gt;"}
    assert any(t.marker.color == GREY for t in fig.data if t.mode == "markers")  # 2 < 5: a grey point over the line


def test_titles_are_captions_for_the_page_not_svg_text(stats: Any) -> None:
    """An SVG title is one line that does not wrap (cut off on a phone): each figure draws none and hands the page a
    plain-text caption instead, the IWD colour rule and the Matchups reading included."""
    views = {kind: stats(kind) for kind in ("cards", "decks", "matchups", "first", "trends")}
    figs = dashboard(views, 2)
    for name, fig in figs.items():
        assert not fig["layout"].get("title", {}).get("text"), name
        assert fig["caption"] and "meta" not in fig["layout"], name
    iwd = iwd_figure(views["cards"], 2)
    assert figs["iwd"]["caption"] == caption(iwd)
    assert caption(iwd).endswith("(95% intervals; green/red only when the interval excludes 0)")
    assert f"of the {len(iwd.data[0].y)} most played cards" in caption(iwd)
    assert "row archetype against the column archetype" in figs["matchups"]["caption"]
    assert "95% interval" in figs["trends"]["caption"] and "95% intervals" in figs["first"]["caption"]
    trends = trends_figure(views["trends"], 2, [r["archetype"] for r in views["decks"]["rows"]])
    assert [(a.text, a.x, a.xanchor) for a in trends.layout.annotations] == [("share", 0, "left"), ("win rate", 0, "left")]
    empty = dashboard({kind: stats(kind, event="no such event") for kind in views}, 2)
    assert empty["gih"]["caption"].startswith("Games-in-hand win rate") and not empty["gih"]["layout"].get("title", {}).get("text")
