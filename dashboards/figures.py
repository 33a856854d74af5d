"""Plotly figures of the /meta dashboards, built from the statistics (``dashboards.queries``).

Every figure shows intervals and draws buckets under ``min_games`` in grey (never hides them). Text
that reaches Plotly goes through :func:`esc`: Plotly reads a few HTML tags and entities in labels,
so escaping keeps names such as ``<b>`` literal.

A figure's title is no SVG text (one line that does not wrap, cut off on a phone) but a caption the page shows
in HTML under the section heading: :func:`caption` of a figure, ``"caption"`` of each figure :func:`dashboard`
returns (plain text, escaped by the template).
"""

from __future__ import annotations

import html
import json
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio
from plotly.subplots import make_subplots

GREY = "#b8bcc6"
ACCENT = "#2a5bd7"
GOOD, BAD = "#2c9a55", "#d8433b"
#: an IWD bar whose 95% interval crosses zero: neither better nor worse than not drawing it, as far as the data tell
UNSURE = "#8fa0c4"
PALETTE = ("#2a5bd7", "#d8433b", "#e2b000", "#2c9a55", "#8b46b8", "#b9531c", "#1f9bb0", "#c2468f", "#6b7a2f", "#5b6477")
MAX_IWD_CARDS = 60
FONT = {"family": "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans CJK JP', sans-serif", "size": 12}


def esc(text: object) -> str:
    """A label as Plotly should show it, literally."""
    return html.escape(str(text), quote=False)


def _layout(fig: go.Figure, text: str, height: int = 380, top: int = 16, **kw: Any) -> go.Figure:
    """The common layout; ``text``, the caption (plain text), is kept in ``layout.meta`` for the page, not drawn."""
    fig.update_layout(meta={"caption": text}, height=height, font=FONT,
                      margin={"l": 60, "r": 20, "t": top, "b": 48}, paper_bgcolor="#ffffff", plot_bgcolor="#fbfaf7",
                      hoverlabel={"align": "left"}, **kw)
    return fig


def caption(fig: go.Figure) -> str:
    """What the figure shows, as the page's caption above it (plain text)."""
    return str(fig.layout.meta["caption"])


def _errors(values: list[float | None], cis: list[list[float] | None]) -> dict[str, Any]:
    """Asymmetric error bars from Wilson intervals."""
    plus = [None if v is None or c is None else c[1] - v for v, c in zip(values, cis, strict=True)]
    minus = [None if v is None or c is None else v - c[0] for v, c in zip(values, cis, strict=True)]
    return {"type": "data", "symmetric": False, "array": plus, "arrayminus": minus, "thickness": 1.2, "width": 0}


def _count_axis(counts: list[int], title: str) -> dict[str, Any]:
    """An axis of player-game counts: whole numbers only (a step of 1 when the counts are small)."""
    top = max(counts, default=0)
    axis: dict[str, Any] = {"title": title, "tickformat": "d", "rangemode": "tozero"}
    if top <= 10:
        axis["dtick"] = 1
    return axis


def _iwd_interval(r: dict[str, Any]) -> list[float] | None:
    """A 95% interval for GIH WR − GNS WR from the two Wilson intervals (Newcombe's hybrid score method)."""
    if r["iwd"] is None or r["gih_ci"] is None or r["gns_ci"] is None:
        return None
    (l1, u1), (l2, u2) = r["gih_ci"], r["gns_ci"]
    p1, p2 = r["gih_wr"], r["gns_wr"]
    low = r["iwd"] - ((p1 - l1) ** 2 + (u2 - p2) ** 2) ** 0.5
    high = r["iwd"] + ((u1 - p1) ** 2 + (p2 - l2) ** 2) ** 0.5
    return [low, high]


def empty_figure(title: str) -> go.Figure:
    """A figure saying that no game matches, instead of empty axes; ``title`` becomes its caption."""
    fig = go.Figure()
    fig.add_annotation(text="no games match these filters", showarrow=False, font={"size": 15, "color": "#5b6477"},
                       x=0.5, y=0.5, xref="paper", yref="paper")
    return _layout(fig, title, height=200, top=24, xaxis={"visible": False}, yaxis={"visible": False})


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _signed_ci(c: list[float] | None) -> str:
    return "–" if c is None else f"{100 * c[0]:+.1f} to {100 * c[1]:+.1f} points"


def _ci(c: list[float] | None) -> str:
    return "–" if c is None else f"{100 * c[0]:.1f}–{100 * c[1]:.1f}%"


def colors(names: list[str]) -> dict[str, str]:
    """A fixed color per archetype, in the given order."""
    return {n: PALETTE[i % len(PALETTE)] for i, n in enumerate(names)}


def gih_figure(cards: dict[str, Any], min_games: int) -> go.Figure:
    """GIH WR of each card against its GIH games, with 95% intervals; points with fewer GIH games than the minimum in grey."""
    rows = [r for r in cards["rows"] if r["gih_wr"] is not None]
    ok = [r["gih_games"] >= min_games for r in rows]  # the n of the plotted bucket, not of the deck
    fig = go.Figure(go.Scatter(
        x=[r["gih_games"] for r in rows], y=[r["gih_wr"] for r in rows], mode="markers",
        error_y={**_errors([r["gih_wr"] for r in rows], [r["gih_ci"] for r in rows]), "color": "rgba(80,90,110,0.35)"},
        marker={"color": [ACCENT if k else GREY for k in ok], "size": 8, "line": {"width": 0.5, "color": "#fff"}},
        text=[esc(f"{r['card']} {r['name'] or ''}") for r in rows],
        customdata=[[r["games"], _ci(r["gih_ci"]), r["gih_games"]] for r in rows],
        hovertemplate="%{text}<br>GIH WR %{y:.1%} [%{customdata[1]}]<br>GIH games %{customdata[2]} · in deck %{customdata[0]}"
                      "<extra></extra>",
    ))
    fig.add_hline(y=0.5, line={"dash": "dot", "color": "#8d97ad", "width": 1})
    return _layout(fig, "Games-in-hand win rate of each card against its GIH games (95% intervals; the dotted line is "
                        "50%)",
                   xaxis=_count_axis([r["gih_games"] for r in rows], "GIH games (player-games)"),
                   yaxis={"title": "GIH WR", "tickformat": ".0%", "range": [0, 1]})


def iwd_colour(r: dict[str, Any], min_games: int) -> str:
    """Green or red only when the 95% interval excludes zero; a neutral blue when it crosses zero; grey under the
    minimum.

    >>> row = {"iwd": 0.05, "gih_games": 50, "gns_games": 50, "gih_wr": 0.55, "gns_wr": 0.5,
    ...        "gih_ci": [0.41, 0.68], "gns_ci": [0.37, 0.63]}
    >>> iwd_colour(row, 10) == UNSURE, iwd_colour({**row, "gih_ci": [0.54, 0.56], "gns_ci": [0.49, 0.51]}, 10) == GOOD
    (True, True)
    """
    if min(r["gih_games"], r["gns_games"]) < min_games:
        return GREY
    interval = _iwd_interval(r)
    if interval is None or interval[0] <= 0 <= interval[1]:
        return UNSURE
    return GOOD if interval[0] > 0 else BAD


def iwd_figure(cards: dict[str, Any], min_games: int) -> go.Figure:
    """IWD bars (GIH WR − GNS WR) of the most played cards, sorted; green or red only when the 95% interval excludes
    zero, neutral when it crosses zero, grey when GIH or GNS games are under the minimum."""
    rows = [r for r in cards["rows"] if r["iwd"] is not None][:MAX_IWD_CARDS]
    rows.sort(key=lambda r: r["iwd"])
    fig = go.Figure(go.Bar(
        y=[esc(f"{r['card']} {r['name'] or ''}") for r in rows], x=[r["iwd"] for r in rows], orientation="h",
        marker={"color": [iwd_colour(r, min_games) for r in rows]},
        error_x={**_errors([r["iwd"] for r in rows], [_iwd_interval(r) for r in rows]), "color": "rgba(40,45,60,0.55)"},
        customdata=[[r["gih_games"], r["gns_games"], _pct(r["gih_wr"]), _pct(r["gns_wr"]), _signed_ci(_iwd_interval(r))]
                    for r in rows],
        hovertemplate="%{y}<br>IWD %{x:+.1%} [%{customdata[4]}]<br>GIH %{customdata[2]} (n=%{customdata[0]}) · "
                      "GNS %{customdata[3]} (n=%{customdata[1]})<extra></extra>",
    ))
    return _layout(fig, f"Improvement when drawn (IWD = GIH WR − GNS WR, in percentage points) of the {len(rows)} most "
                        "played cards (95% intervals; green/red only when the interval excludes 0)",
                   height=max(300, 80 + 17 * len(rows)),
                   xaxis={"title": "GIH WR − GNS WR", "tickformat": "+.0%", "zeroline": True},
                   yaxis={"automargin": True, "tickfont": {"size": 11}})


def decks_figure(decks: dict[str, Any], min_games: int) -> go.Figure:
    """Archetype share (bars) and win rate (dots with 95% intervals); archetypes under the minimum in grey."""
    rows = list(reversed(decks["rows"]))
    names = [esc(r["archetype"]) for r in rows]
    ok = [r["games"] >= min_games for r in rows]
    fig = make_subplots(rows=1, cols=2, shared_yaxes=True, horizontal_spacing=0.09, subplot_titles=("share", "win rate"))
    shade = [ACCENT if k else GREY for k in ok]
    fig.add_trace(go.Bar(y=names, x=[r["share"] for r in rows], orientation="h", marker={"color": shade},
                         customdata=[r["games"] for r in rows],
                         hovertemplate="%{y}: %{x:.1%} (%{customdata} player-games)<extra></extra>"), 1, 1)
    fig.add_trace(go.Scatter(y=names, x=[r["wr"] for r in rows], mode="markers", marker={"size": 9, "color": shade},
                             error_x={**_errors([r["wr"] for r in rows], [r["wr_ci"] for r in rows]), "color": "rgba(80,90,110,0.5)"},
                             customdata=[[r["games"], _ci(r["wr_ci"]), _pct(r["first_wr"]), _pct(r["second_wr"]), _pct(r["redraw_rate"])]
                                         for r in rows],
                             hovertemplate="%{y}<br>WR %{x:.1%} [%{customdata[1]}], n=%{customdata[0]}<br>first %{customdata[2]} · "
                                           "second %{customdata[3]} · redraw %{customdata[4]}<extra></extra>"), 1, 2)
    fig.add_vline(x=0.5, line={"dash": "dot", "color": "#8d97ad", "width": 1}, row=1, col=2)
    fig.update_xaxes(tickformat=".0%", row=1, col=1)
    fig.update_xaxes(tickformat=".0%", range=[0, 1], row=1, col=2)
    fig.update_yaxes(automargin=True)
    return _layout(fig, "Archetypes: share of player-games (left) and win rate (right, 95% intervals)",
                   height=max(280, 90 + 30 * len(rows)), top=30, showlegend=False)


def matchups_figure(matchups: dict[str, Any], min_games: int) -> go.Figure:
    """Heatmap of archetype (row) against opponent (column) win rates with n in each cell; cells under the minimum in grey."""
    order = matchups["archetypes"]
    rows_ = [a for a in order if a in {r["archetype"] for r in matchups["rows"]}]  # a filter on the player's side keeps
    cols = [a for a in order if a in {r["opponent"] for r in matchups["rows"]}]  # only some rows (and opponents)
    row_at, col_at = {a: i for i, a in enumerate(rows_)}, {a: j for j, a in enumerate(cols)}

    def grid(fill: Any) -> list[list[Any]]:
        return [[fill] * len(cols) for _ in rows_]

    z, low, text, low_text, hover = grid(None), grid(None), grid(""), grid(""), grid("no games")
    for r in matchups["rows"]:
        i, j = row_at[r["archetype"]], col_at[r["opponent"]]
        label = "mirror" if r["mirror"] else _pct(r["wr"])
        hover[i][j] = esc(f"{r['archetype']} vs {r['opponent']}: {label} [{_ci(r['wr_ci'])}], n={r['games']}")
        if r["games"] >= min_games:
            z[i][j], text[i][j] = r["wr"], f"{label}<br>n={r['games']}"
        else:
            low[i][j], low_text[i][j] = 1, f"{label}<br>n={r['games']}"
    common = {"x": [esc(a) for a in cols], "y": [esc(a) for a in rows_], "texttemplate": "%{text}", "customdata": hover,
              "hovertemplate": "%{customdata}<extra></extra>", "xgap": 2, "ygap": 2}
    fig = go.Figure([
        go.Heatmap(z=z, text=text, colorscale="RdBu", zmin=0.2, zmax=0.8, zmid=0.5,
                   colorbar={"title": {"text": "WR"}, "tickformat": ".0%"}, **common),
        go.Heatmap(z=low, text=low_text, colorscale=[[0, GREY], [1, GREY]], showscale=False, **common),
    ])
    size = len(rows_)
    return _layout(fig, "Matchups: win rate of the row archetype against the column archetype (the opponent), with the "
                        "player-games n of each cell", height=max(240, 150 + 46 * size),
                   xaxis={"title": "opponent", "side": "bottom", "automargin": True}, yaxis={"autorange": "reversed", "automargin": True})


def first_figure(first: dict[str, Any], min_games: int) -> go.Figure:
    """Win rate of the player going first, overall then per archetype, with 95% intervals; buckets under the minimum in grey."""
    o = first["overall"]
    rows = [{"archetype": "all archetypes", **o}, *first["rows"]]
    ok = [r["games"] >= min_games for r in rows]
    fig = go.Figure(go.Bar(
        x=[esc(r["archetype"]) for r in rows], y=[r["wr"] for r in rows],
        marker={"color": [GREY if not k else "#1e2433" if i == 0 else ACCENT for i, k in enumerate(ok)]},
        error_y={**_errors([r["wr"] for r in rows], [r["wr_ci"] for r in rows]), "color": "rgba(40,45,60,0.6)"},
        customdata=[[r["games"], _ci(r["wr_ci"])] for r in rows],
        hovertemplate="%{x}: %{y:.1%} going first [%{customdata[1]}], n=%{customdata[0]}<extra></extra>",
    ))
    fig.add_hline(y=0.5, line={"dash": "dot", "color": "#8d97ad", "width": 1})
    return _layout(fig, "First-player advantage: win rate going first (95% intervals)", yaxis={"tickformat": ".0%", "range": [0, 1]},
                   xaxis={"automargin": True})


MAX_PAIRS = 25


def pairs_figure(games: dict[str, Any], min_games: int) -> go.Figure:
    """Win rate of the most played opening Hero × Magical Girl pairs (mahou-shoujo.md §13) with 95% intervals, most
    played on top; pairs under the minimum in grey. Games without opening pairs get an empty figure that says so."""
    rows = (games.get("pair_wr") or [])[:MAX_PAIRS]
    if not rows:
        return empty_figure("Opening pairs: this game has none")
    ok = [r["games"] >= min_games for r in rows]
    fig = go.Figure(go.Bar(
        y=[esc(r["pair"]) for r in rows], x=[r["wr"] for r in rows], orientation="h",
        marker={"color": [ACCENT if k else GREY for k in ok]},
        error_x={**_errors([r["wr"] for r in rows], [r["wr_ci"] for r in rows]), "color": "rgba(40,45,60,0.6)"},
        customdata=[[r["games"], _ci(r["wr_ci"])] for r in rows],
        hovertemplate="%{y}: WR %{x:.1%} [%{customdata[1]}], n=%{customdata[0]}<extra></extra>",
    ))
    fig.add_vline(x=0.5, line={"dash": "dot", "color": "#8d97ad", "width": 1})
    shown = f"the {len(rows)} most played pairs" if len(games["pair_wr"]) > len(rows) else "each pair"
    return _layout(fig, f"Opening Hero × Magical Girl: win rate of {shown} (95% intervals)", height=120 + 24 * len(rows),
                   xaxis={"tickformat": ".0%", "range": [0, 1]}, yaxis={"automargin": True, "autorange": "reversed"})


def trends_figure(trends: dict[str, Any], min_games: int, archetypes: list[str]) -> go.Figure:
    """Weekly share (top) and win rate with its 95% interval as a whisker (bottom) per archetype, the archetypes side by
    side within each week (no filled bands drawn over one another); weeks under the minimum as grey points."""
    fig = make_subplots(rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.12, subplot_titles=("share", "win rate"))
    # each subplot's title at its plot's left edge: centred, "win rate" ran into the upper plot's 0% label on a phone
    fig.update_annotations(x=0, xanchor="left", font={"size": 12, "color": "#5b6477"})
    palette = colors(archetypes)
    weeks = [w["week"] for w in trends["weeks"]]
    position = {w: i for i, w in enumerate(weeks)}
    shown = [a for a in archetypes if any(r["archetype"] == a for r in trends["rows"])]
    spread = min(0.6, 0.12 * max(len(shown) - 1, 0))  # each archetype's points a little apart within its week
    for k, a in enumerate(shown):
        offset = 0.0 if len(shown) < 2 else -spread / 2 + spread * k / (len(shown) - 1)
        rows = {r["week"]: r for r in trends["rows"] if r["archetype"] == a}
        if not rows:
            continue
        color = palette[a]
        xs = [w for w in weeks if w in rows]
        pts = [rows[w] for w in xs]
        name = esc(a)
        hover = [[r["games"], _ci(r["wr_ci"])] for r in pts]
        few = [i for i, r in enumerate(pts) if r["games"] < min_games]
        for row, key, text in ((1, "share", "%{text}: %{y:.1%} of player-games (n=%{customdata[0]})"),
                               (2, "wr", "%{text}: WR %{y:.1%} [%{customdata[1]}], n=%{customdata[0]}")):
            at = [position[w] + (offset if row == 2 else 0.0) for w in xs]
            errors = ({"error_y": {**_errors([r["wr"] for r in pts], [r["wr_ci"] for r in pts]), "color": color, "thickness": 1.2,
                                   "width": 3}} if row == 2 else {})
            fig.add_trace(go.Scatter(x=at, y=[r[key] for r in pts], name=name, legendgroup=name, showlegend=row == 1,
                                     mode="lines+markers", line={"color": color, "width": 1.5 if row == 2 else 2},
                                     marker={"color": color, "size": 7}, text=xs, **errors,
                                     customdata=hover, hovertemplate=f"{name} {text}<extra></extra>"), row, 1)
            if few:  # weeks under the minimum: grey points over the line
                fig.add_trace(go.Scatter(x=[at[i] for i in few], y=[pts[i][key] for i in few], mode="markers", legendgroup=name,
                                         text=[xs[i] for i in few],
                                         showlegend=False, marker={"color": GREY, "size": 8, "line": {"width": 1, "color": color}},
                                         customdata=[hover[i] for i in few],
                                         hovertemplate=f"{name} (under the minimum) {text}<extra></extra>"), row, 1)
    top = max((r["share"] for r in trends["rows"]), default=1.0)
    fig.update_yaxes(tickformat=".0%", range=[0, min(1.05, top * 1.15)], row=1, col=1)
    fig.update_yaxes(tickformat=".0%", range=[0, 1], row=2, col=1)
    fig.update_xaxes(type="linear", tickmode="array", tickvals=list(range(len(weeks))), ticktext=weeks,
                     range=[-0.6, len(weeks) - 0.4])
    return _layout(fig, "Weekly trends by archetype (ISO weeks of played_at): share of the week's player-games (top) and win "
                        "rate with its 95% interval as a whisker (bottom)",
                   height=560, top=30, legend={"orientation": "h", "y": -0.12})


def dashboard(stats: dict[str, dict[str, Any]], min_games: int) -> dict[str, Any]:
    """Every figure of /meta as plain JSON data (``{"data", "layout", "caption"}``), by view name."""
    archetypes = [r["archetype"] for r in stats["decks"]["rows"]]
    if not stats["decks"]["covers"]["games"]:  # nothing to plot: say so rather than draw empty axes
        titles = {"gih": "Games-in-hand win rate", "iwd": "Improvement when drawn (IWD)", "decks": "Archetypes",
                  "matchups": "Matchups", "first": "First-player advantage", "trends": "Weekly trends by archetype",
                  "pairs": "Opening Hero × Magical Girl"}
        return {name: _json(empty_figure(f"{t}: no games match these filters")) for name, t in titles.items()}
    figs = {
        "gih": gih_figure(stats["cards"], min_games), "iwd": iwd_figure(stats["cards"], min_games),
        "decks": decks_figure(stats["decks"], min_games), "matchups": matchups_figure(stats["matchups"], min_games),
        "first": first_figure(stats["first"], min_games), "trends": trends_figure(stats["trends"], min_games, archetypes),
    }
    if "games" in stats:
        figs["pairs"] = pairs_figure(stats["games"], min_games)
    return {name: _json(fig) for name, fig in figs.items()}


def _json(fig: go.Figure) -> dict[str, Any]:
    """A figure as plain JSON data for plotly.js, with its caption beside (``{"data", "layout", "caption"}``)."""
    body: dict[str, Any] = json.loads(pio.to_json(fig, validate=False))
    body["caption"] = body["layout"].pop("meta", {}).get("caption", "")
    return body
