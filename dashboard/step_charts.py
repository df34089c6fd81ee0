"""Charts over a game's steps, drawn as SVG with a step marker the replay moves in the browser.

The replay steps without a server round trip, so a chart under the board cannot be redrawn by
the server at each step: it is drawn once per game here, and the browser only moves its marker.
Each SVG carries `data-x0` and `data-dx` (the marker's x at step 0 and per step, in the SVG's own
units); the replay script sets the marker's x to `x0 + step * dx`.

The x axis runs a little past the last step, so what happens at the last step (final scoring)
shows as a visible jump rather than a line on the chart's edge under the marker.

    group = stacked_group(_("Score over time"), panels, last)       # one panel per seat
    group = line_group(_("Win chance"), [Series("Ann", "#d62728", [(0, 0.25), ...])], last)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

PALETTE = (
    "#4c78a8",
    "#f58518",
    "#54a24b",
    "#e45756",
    "#72b7b2",
    "#b279a2",
    "#eeca3b",
    "#9d755d",
    "#ff9da6",
    "#bab0ac",
)
MARKER = "#c0392b"
WIDTH = 300
HEIGHT = 160
WIDE_WIDTH = 560
WIDE_HEIGHT = 190
"""A wide chart spans the whole width under the board (about 520-560 px on screen at 800 to
1400 px windows), drawn in about as many units, so its text is its CSS size there."""
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 22, 22


@dataclass(frozen=True)
class Series:
    """One named quantity over the steps: `(step, value)` pairs, each value holding from its
    step until the next pair's step (a step function, as scores change)."""

    label: str
    colour: str
    points: Sequence[tuple[int, float]]


@dataclass(frozen=True)
class Panel:
    """One small chart (e.g. one seat's score) with a title."""

    title: str
    series: Sequence[Series]


@dataclass(frozen=True)
class ChartGroup:
    """Charts shown together under the board: a title, the SVGs and a shared legend."""

    title: str
    svgs: Sequence[str]
    legend: Sequence[tuple[str, str]] = field(default_factory=tuple)
    """(label, colour) pairs."""
    wide: bool = False
    """One chart over the whole width under the board (first there), not a cell of a grid."""

    def to_json(self) -> dict[str, object]:
        return {
            "title": self.title,
            "svgs": list(self.svgs),
            "legend": [[label, colour] for label, colour in self.legend],
            "wide": self.wide,
        }


def _x_end(last: int) -> float:
    """The x axis ends this far right of step 0: past `last`, so the last step's change shows."""
    return last + max(1.0, last * 0.04)


def _ticks(top: float) -> list[float]:
    """Up to five round values from 0 to `top`."""
    if top <= 0:
        return [0.0]
    raw = top / 4
    magnitude = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1.0
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    out, value = [], 0.0
    while value <= top + 1e-9:
        out.append(value)
        value += step
    return out


def _value_at(points: Sequence[tuple[int, float]], step: int) -> float:
    value = 0.0
    for at, v in points:
        if at > step:
            break
        value = v
    return value


def scale(last: int, width: int = WIDTH, height: int = HEIGHT) -> tuple[Any, Any]:
    """The x of a step and the y of a value in [0, 1] in an SVG of that size (its marker's
    scale), for drawing on top of a chart."""
    plot_w, plot_h = width - LEFT - RIGHT, height - TOP - BOTTOM
    end = _x_end(last)

    def x(step: float) -> float:
        return round(LEFT + plot_w * step / end, 2)

    def y(value: float) -> float:
        return round(TOP + plot_h * (1 - value), 2)

    return x, y


def _frame(
    title: str,
    last: int,
    y_max: float,
    y_min: float,
    fmt: str,
    width: int = WIDTH,
    height: int = HEIGHT,
) -> tuple[list[str], dict]:
    """The SVG's start (title, axes, ticks) and the scale functions."""
    plot_w = width - LEFT - RIGHT
    plot_h = height - TOP - BOTTOM
    end = _x_end(last)
    span = (y_max - y_min) or 1.0

    def x(step: float) -> float:
        return round(LEFT + plot_w * step / end, 2)

    def y(value: float) -> float:
        return round(TOP + plot_h * (1 - (value - y_min) / span), 2)

    dx = plot_w / end
    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width} {height}' "
        f"class='nv-step-chart' data-x0='{LEFT}' data-dx='{dx:.5f}' role='img' "
        f"aria-label='{escape(title)}'>",
    ]
    if title:
        parts.append(f"<text x='{LEFT}' y='14' class='nv-chart-title'>{escape(title)}</text>")
    ticks = _ticks(y_max - y_min)
    for tick in ticks:
        value = y_min + tick
        parts.append(
            f"<line x1='{LEFT}' x2='{width - RIGHT}' y1='{y(value)}' y2='{y(value)}' "
            "class='nv-grid'/>"
            f"<text x='{LEFT - 4}' y='{y(value) + 3}' class='nv-tick' text-anchor='end'>"
            f"{escape(fmt.format(value))}</text>"
        )
    for step in _ticks(last):
        if step <= last:
            parts.append(
                f"<text x='{x(step)}' y='{height - 6}' class='nv-tick' text-anchor='middle'>"
                f"{int(step)}</text>"
            )
    return parts, {"x": x, "y": y, "height": height}


def _marker(scale: dict) -> str:
    x = scale["x"](0)
    return (
        f"<line class='nv-marker' x1='{x}' x2='{x}' y1='{TOP - 4}' "
        f"y2='{scale['height'] - BOTTOM}' "
        f"stroke='{MARKER}' stroke-width='1.5' stroke-opacity='0.75' stroke-dasharray='4 2'/>"
    )


def _changes(series: Sequence[Series], last: int) -> list[int]:
    return sorted({0, last, *(at for s in series for at, _ in s.points if 0 <= at <= last)})


def stacked_svg(panel: Panel, last: int, y_max: float) -> str:
    """The panel's series stacked (first at the bottom), as step areas from step 0 to past
    `last`."""
    parts, scale = _frame(panel.title, last, y_max, 0.0, "{:.0f}")
    x, y = scale["x"], scale["y"]
    steps = _changes(panel.series, last)
    end = x(_x_end(last))
    below = [0.0] * len(steps)
    for s in panel.series:
        above = [b + _value_at(s.points, at) for b, at in zip(below, steps, strict=True)]
        top_path: list[str] = []
        for i, at in enumerate(steps):
            right = x(steps[i + 1]) if i + 1 < len(steps) else end
            top_path.append(f"{x(at)},{y(above[i])} {right},{y(above[i])}")
        bottom_path = [
            f"{x(steps[i + 1]) if i + 1 < len(steps) else end},{y(below[i])} {x(at)},{y(below[i])}"
            for i, at in reversed(list(enumerate(steps)))
        ]
        parts.append(
            f"<polygon points='{' '.join(top_path + bottom_path)}' fill='{s.colour}' "
            f"fill-opacity='0.85'><title>{escape(s.label)}</title></polygon>"
        )
        below = above
    parts.append(_marker(scale))
    parts.append("</svg>")
    return "".join(parts)


def lines_svg(
    panel: Panel,
    last: int,
    y_min: float,
    y_max: float,
    fmt: str,
    width: int = WIDTH,
    height: int = HEIGHT,
) -> str:
    """The panel's series as step lines (e.g. each seat's win chance)."""
    parts, scale = _frame(panel.title, last, y_max, y_min, fmt, width, height)
    x, y = scale["x"], scale["y"]
    end = x(_x_end(last))
    for s in panel.series:
        points = sorted(s.points)
        path: list[str] = []
        for i, (at, value) in enumerate(points):
            right = x(points[i + 1][0]) if i + 1 < len(points) else end
            path.append(f"{x(at)},{y(value)} {right},{y(value)}")
        parts.append(
            f"<polyline points='{' '.join(path)}' fill='none' stroke='{s.colour}' "
            f"stroke-width='2'><title>{escape(s.label)}</title></polyline>"
        )
    parts.append(_marker(scale))
    parts.append("</svg>")
    return "".join(parts)


def stacked_group(title: str, panels: Sequence[Panel], last: int) -> ChartGroup:
    """Panels sharing one y scale (the highest stack of any panel) and one legend."""
    steps = sorted({at for p in panels for s in p.series for at, _ in s.points} | {0, last})
    y_max = max(
        (sum(_value_at(s.points, at) for s in p.series) for p in panels for at in steps),
        default=0.0,
    )
    y_max = max(1.0, y_max)
    legend: dict[str, str] = {}
    for p in panels:
        for s in p.series:
            legend.setdefault(s.label, s.colour)
    svgs = [stacked_svg(p, last, y_max) for p in panels]
    return ChartGroup(title, svgs, tuple(legend.items()))


def line_group(
    title: str,
    series: Sequence[Series],
    last: int,
    y_min: float = 0.0,
    y_max: float = 1.0,
    fmt: str = "{:.0%}",
    wide: bool = False,
) -> ChartGroup:
    """One panel of lines (`fmt` formats the y ticks), for a chart such as win chance; `wide`:
    over the whole width under the board (`WIDE_WIDTH` x `WIDE_HEIGHT`)."""
    size = (WIDE_WIDTH, WIDE_HEIGHT) if wide else (WIDTH, HEIGHT)
    svg = lines_svg(Panel("", series), last, y_min, y_max, fmt, *size)
    return ChartGroup(title, [svg], tuple((s.label, s.colour) for s in series), wide)
