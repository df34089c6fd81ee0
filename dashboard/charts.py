"""Altair charts of the dashboard, built from plain rows so they can be tested without a browser."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict

import altair as alt
import pandas as pd

from dashboard.replay import ScorePoint

MARKER = "#c0392b"


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
        x=alt.X("step:Q", title="step"),
        y=alt.Y("sum(points):Q", title="points", stack="zero"),
        color=alt.Color("category:N", title=None, legend=alt.Legend(orient="bottom")),
        tooltip=["player:N", "step:Q", "category:N", "points:Q"],
    )
    marker = base.mark_rule(color=MARKER, strokeWidth=2).encode(x=alt.datum(step))
    return (
        alt.layer(area, marker, data=df)
        .properties(height=120, width=width)
        .facet(facet=alt.Facet("player:N", sort=order, title=None), columns=columns)
    )
