"""Altair charts of the dashboard, built from plain rows so they can be tested without a browser."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import asdict
from typing import Any

import altair as alt
import pandas as pd

from application.i18n import _
from application.view_words import column_name
from dashboard.replay import ScorePoint

MARKER = "#c0392b"


def _is_rate(column: str) -> bool:
    """A share from 0 to 1 (win rates, shares of picks), shown in percent."""
    return "rate" in column or "share" in column


def tips(
    df: pd.DataFrame, fields: Sequence[str] | None = None, titles: Mapping[str, str] | None = None
) -> list[alt.Tooltip]:
    """A chart's tooltip over `fields` (default every column of `df`): each named as the
    display language names the column (`column_name`; `titles` override), numbers formatted
    (rates in percent, correlations signed, other fractions to two places, counts whole), where
    Altair's default showed the column codes ('win_rate') and values like 0.3333333."""
    titles = titles or {}
    out = []
    for field in fields if fields is not None else list(df.columns):
        title = titles.get(field) or column_name(field)
        kind = df[field].dtype if field in df.columns else None
        numeric = kind is not None and pd.api.types.is_numeric_dtype(kind)
        if not numeric or pd.api.types.is_bool_dtype(kind):
            out.append(alt.Tooltip(f"{field}:N", title=title))
        elif _is_rate(field):
            out.append(alt.Tooltip(f"{field}:Q", title=title, format=".1%"))
        elif "correlation" in field:
            out.append(alt.Tooltip(f"{field}:Q", title=title, format="+.2f"))
        elif pd.api.types.is_integer_dtype(kind):
            out.append(alt.Tooltip(f"{field}:Q", title=title, format=",d"))
        else:
            out.append(alt.Tooltip(f"{field}:Q", title=title, format=",.2~f"))
    return out


def score_frame(points: Sequence[ScorePoint]) -> pd.DataFrame:
    return pd.DataFrame([asdict(p) for p in points])


def score_chart(
    points: Sequence[ScorePoint], step: int, columns: int = 2, width: int = 165
) -> alt.FacetChart:
    """Score over time: one panel per seat, areas stacked by category, a rule at `step`."""
    df = score_frame(points)
    order = list(dict.fromkeys(df["player"]))
    base = alt.Chart()
    area = base.mark_area(interpolate="step-after", opacity=0.85).encode(
        x=alt.X("step:Q", title=_("step")),
        y=alt.Y("sum(points):Q", title=_("points"), stack="zero"),
        color=alt.Color("category:N", title=None, legend=alt.Legend(orient="bottom")),
        tooltip=tips(df, ["player", "step", "category", "points"], {"step": _("step")}),
    )
    marker = base.mark_rule(color=MARKER, strokeWidth=2).encode(x=alt.datum(step))
    return (
        alt.layer(area, marker, data=df)
        .properties(height=120, width=width)
        .facet(facet=alt.Facet("player:N", sort=order, title=None), columns=columns)
    )


def score_spec(points: Sequence[ScorePoint], columns: int = 2, width: int = 165) -> dict[str, Any]:
    """The score chart as a Vega-Lite dict, data inlined: built once per game (it is the slow
    part of a replay step), then `at_step` moves only the marker."""
    spec: dict[str, Any] = score_chart(points, 0, columns, width).to_dict()
    return spec


def at_step(spec: dict[str, Any], step: int) -> dict[str, Any]:
    """A copy of `score_spec`'s dict with the marker at `step` (the data is shared, not copied)."""
    inner = spec["spec"]
    layers = list(inner["layer"])
    marker = layers[1]
    encoding = {**marker["encoding"], "x": {**marker["encoding"]["x"], "datum": step}}
    layers[1] = {**marker, "encoding": encoding}
    return {**spec, "spec": {**inner, "layer": layers}}


def win_rates(df: pd.DataFrame, bots: Collection[str] = (), top: int = 20) -> alt.Chart:
    """Win rate per player (the first `top` rows: the page lists people first), games in the
    tooltip; the `bots`' bars coloured apart and named as bots in the legend."""
    shown = df.head(top)
    shown = shown.assign(kind=[_("bot") if p in bots else _("person") for p in shown["player"]])
    return (
        alt.Chart(shown)
        .mark_bar()
        .encode(
            x=alt.X("win_rate:Q", title=_("win rate"), axis=alt.Axis(format="%")),
            y=alt.Y("player:N", sort="-x", title=None, axis=alt.Axis(labelOverlap=False)),
            color=alt.Color(
                "kind:N",
                title=None,
                sort=[_("person"), _("bot")],
                legend=alt.Legend(orient="bottom") if len(set(shown["kind"])) > 1 else None,
            ),
            tooltip=tips(shown, ["player", "games", "wins", "win_rate"]),
        )
        .properties(height=alt.Step(20))
    )


def score_distribution(
    df: pd.DataFrame, group: str, title: str | None, order: Sequence[str] | None = None
) -> alt.LayerChart:
    """Box plots of final scores (`total`) per `group` (player, or player count): the range, the
    middle half and the median, summed up here so that the tooltip names them in the display
    language (Vega-Lite's own box plot says 'Q3 of total'); `order`: the groups top down
    (default: sorted); the median a dark tick, seen on a box of one game too."""
    names = {
        "games": _("games"),
        "lowest": _("lowest"),
        "q1": _("lower quartile"),
        "median": _("median"),
        "q3": _("upper quartile"),
        "highest": _("highest"),
    }
    totals = df.groupby(group, sort=False)["total"]
    summary = pd.DataFrame(
        {
            "games": totals.count(),
            "lowest": totals.min(),
            "q1": totals.quantile(0.25),
            "median": totals.median(),
            "q3": totals.quantile(0.75),
            "highest": totals.max(),
        }
    ).reset_index()
    tooltip = tips(summary, [group, *names], {group: title or column_name(group), **names})
    base = alt.Chart(summary).encode(
        y=alt.Y(
            f"{group}:N",
            title=title,
            axis=alt.Axis(labelOverlap=False),
            sort=list(order) if order is not None else "ascending",
        ),
        tooltip=tooltip,
    )
    spread = base.mark_rule().encode(
        x=alt.X("lowest:Q", title=_("final score"), scale=alt.Scale(zero=False)), x2="highest:Q"
    )
    box = base.mark_bar(size=14).encode(
        x="q1:Q", x2="q3:Q", color=alt.Color(f"{group}:N", legend=None)
    )
    middle = base.mark_tick(color="#222", size=14, thickness=2).encode(x="median:Q")
    return alt.LayerChart(layer=[spread, box, middle]).properties(height=alt.Step(22))


def seat_advantage(df: pd.DataFrame) -> alt.FacetChart:
    """Win rate by seat for each player count, against the fair share 1/players (dashed)."""
    frame = df.assign(fair=1 / df["players"], seat_no=df["seat"] + 1)
    bars = (
        alt.Chart()
        .mark_bar()
        .encode(
            x=alt.X("seat_no:O", title=_("seat (1 = first player)"), axis=alt.Axis(labelAngle=0)),
            y=alt.Y("win_rate:Q", title=_("win rate"), axis=alt.Axis(format="%")),
            tooltip=tips(
                frame, ["players", "seat_no", "games", "win_rate"], {"seat_no": _("seat")}
            ),
        )
    )
    fair = alt.Chart().mark_rule(strokeDash=[4, 3], color=MARKER).encode(y="mean(fair):Q")
    # two panels a row: one row of every player count (up to five) ran off the page at 800 px
    return (
        alt.layer(bars, fair, data=frame)
        .properties(width=160, height=140)
        .facet(facet=alt.Facet("players:O", title=_("players")), columns=2)
        .resolve_scale(x="independent")  # a 2-player panel showed empty seats 3 and 4
    )


def category_points(
    df: pd.DataFrame, y: str, title: str, order: Sequence[str] | None = None
) -> alt.Chart:
    """Average points by score category, stacked, one bar per `y` (player, game, ...); `order`:
    the bars top down (default: sorted)."""
    return (
        alt.Chart(df)
        .mark_bar()
        .encode(
            x=alt.X("average_points:Q", title=_("average points"), stack="zero"),
            y=alt.Y(
                f"{y}:N",
                title=title,
                axis=alt.Axis(labelOverlap=False),
                sort=list(order) if order is not None else "ascending",
            ),
            color=alt.Color("category:N", title=_("category")),
            tooltip=tips(df, [y, "category", "average_points"], {y: title}),
        )
        .properties(height=alt.Step(22))
    )


LABEL_PX = 170
"""The widest a bar chart's name is drawn: the theme's limit (~95 px) cut names that differ only
at their end alike ('프란시스코 데 오…' and '프란시스코 데 코…', Orellana and Coronado); 170 px
leaves the bars over 400 px at 800 px."""


def bar(df: pd.DataFrame, x: str, y: str, title: str, fmt: str = "") -> alt.Chart:
    """A plain horizontal bar chart of `x` per `y`, largest first."""
    axis = alt.Axis(format=fmt) if fmt else alt.Axis()
    return (
        alt.Chart(df)
        .mark_bar()
        .encode(
            x=alt.X(f"{x}:Q", title=title, axis=axis),
            y=alt.Y(
                f"{y}:N",
                sort="-x",
                title=None,
                axis=alt.Axis(labelOverlap=False, labelLimit=LABEL_PX),
            ),
            tooltip=tips(df),
        )
        .properties(height=alt.Step(20))
    )


def heatmap(df: pd.DataFrame, x: str, y: str, value: str, title: str) -> alt.Chart:
    """A heat map of `value` by `x` and `y` (role picks by round)."""
    return (
        alt.Chart(df)
        .mark_rect()
        .encode(
            x=alt.X(f"{x}:O", title=_(x)),
            y=alt.Y(f"{y}:N", title=None, axis=alt.Axis(labelOverlap=False)),
            color=alt.Color(f"{value}:Q", title=title, scale=alt.Scale(scheme="oranges")),
            tooltip=tips(df),
        )
        .properties(height=alt.Step(22))
    )


def grouped(df: pd.DataFrame, category: str, measures: Sequence[str], title: str) -> alt.Chart:
    """Several measures per category side by side (goods produced / traded / shipped / spoiled),
    the legend naming each measure in the display language (not its column code)."""
    long = df.melt(id_vars=[category], value_vars=list(measures), var_name="measure")
    names = [column_name(m) for m in measures]
    long["measure"] = long["measure"].map(dict(zip(measures, names, strict=True)))
    return (
        alt.Chart(long)
        .mark_bar()
        .encode(
            x=alt.X(f"{category}:N", title=None, axis=alt.Axis(labelAngle=0)),
            xOffset=alt.XOffset("measure:N", sort=names),
            y=alt.Y("value:Q", title=title),
            color=alt.Color("measure:N", title=None, sort=names),
            tooltip=tips(
                long, [category, "measure", "value"], {"measure": _("measure"), "value": title}
            ),
        )
        .properties(height=220)
    )
