"""Findings of a new user's first hour on /meta: no empty axes, IWD intervals, whole-number game axes, an
empirical-Bayes column that still ranks cards."""

from __future__ import annotations

from typing import Any

from dashboards.figures import dashboard, gih_figure, iwd_figure
from dashboards.intervals import fit_beta, wilson


def test_no_matching_games_says_so(stats: Any) -> None:
    views = {kind: stats(kind, event="no such event") for kind in ("cards", "decks", "matchups", "first", "trends")}
    figs = dashboard(views, 2)
    for fig in figs.values():
        assert fig["data"] == [] and fig["layout"]["annotations"][0]["text"] == "no games match these filters"
        assert fig["layout"]["xaxis"]["visible"] is False


def test_iwd_bars_carry_newcombe_intervals(stats: Any) -> None:
    cards = stats("cards")
    bar = iwd_figure(cards, 1).data[0]
    rows = sorted((r for r in cards["rows"] if r["iwd"] is not None), key=lambda r: r["iwd"])
    assert len(bar.error_x.array) == len(rows)
    for r, plus, minus in zip(rows, bar.error_x.array, bar.error_x.arrayminus, strict=True):
        (l1, u1), (l2, u2) = r["gih_ci"], r["gns_ci"]
        assert abs(minus - ((r["gih_wr"] - l1) ** 2 + (u2 - r["gns_wr"]) ** 2) ** 0.5) < 1e-12
        assert abs(plus - ((u1 - r["gih_wr"]) ** 2 + (r["gns_wr"] - l2) ** 2) ** 0.5) < 1e-12
        assert minus > 0 and plus > 0


def test_game_axes_show_whole_numbers(stats: Any) -> None:
    axis = gih_figure(stats("cards"), 1).layout.xaxis
    assert axis.tickformat == "d" and axis.dtick == 1  # the league's counts are small: a step of one game


def test_the_prior_never_outweighs_a_typical_card() -> None:
    noise = fit_beta([49, 51, 50, 50, 52, 48], [100] * 6)
    assert noise is not None and noise.alpha + noise.beta == 100.0
    shrunk = sorted({round(noise.shrink(s, 100), 4) for s in (40, 45, 50, 55, 60)})
    assert len(shrunk) == 5 and shrunk[0] < 0.5 < shrunk[-1]  # still ranks the cards
    assert wilson(50, 100) is not None
