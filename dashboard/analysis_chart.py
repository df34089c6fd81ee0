"""What the replay and the Players page show of an analysis (`novus analyse`).

- `win_chance_group`: the win-chance chart right under the board over its whole width, one
  line per seat, drawn once per game (`step_charts`; the browser moves its step marker),
  turning points ringed on the mover's line;
- `annotate`: the replay payload with the turning points for the move list and, at those
  decisions, every legal alternative with the mover's win chance for the "also legal" panel;
- `accuracy_over_time`: the Players page chart of decision accuracy (mean win chance lost per
  decision) game after game.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any

import altair as alt
import pandas as pd

from application.i18n import _
from dashboard import step_charts
from dashboard.charts import tips
from dashboard.tables import table
from domain.core.protocol import Decision

TURNING = "#111111"


def private(analysis: dict[str, Any]) -> bool:
    """Whether the game's win chances use what only the mover saw (its own hand): then a seat
    view shows no chart and marks only the seat's own turning points."""
    from analysis.hidden import HIDES_PER_SEAT

    return str(analysis["game"]) in HIDES_PER_SEAT


def win_chance_group(analysis: dict[str, Any], last: int) -> step_charts.ChartGroup:
    """One line per seat (each point holds until the next step), ringed at the turning points."""
    players = analysis["players"]
    palette = step_charts.PALETTE
    series = [
        step_charts.Series(
            name,
            palette[seat % len(palette)],
            [(row["step"], row["win_chances"][seat]) for row in analysis["steps"]],
        )
        for seat, name in enumerate(players)
    ]
    group = step_charts.line_group(
        _("Win chance ({n} rollouts per step)", n=analysis["settings"]["rollouts"]),
        series,
        last,
        wide=True,
    )
    at_x, at_y = step_charts.scale(last, step_charts.WIDE_WIDTH, step_charts.WIDE_HEIGHT)
    rings = []
    for t in analysis["turning_points"]:
        x, y = at_x(t["step"]), at_y(t["after"])
        # `loss` is the fall of the chance (what makes a turning point), not a loss against
        # the best move: "lost 10%" beside a best move that was the one played read as a fault
        fell = {"step": t["step"], "player": players[t["seat"]], "loss": t["loss"]}
        if t["best_action"] == t["action"]:
            tip = _(
                "Step {step}: {player}'s win chance fell {loss:.0%} to {after:.0%} ({action}, "
                "the best move found)",
                **fell,
                after=t["after"],
                action=t["action"],
            )
        else:
            tip = _(
                "Step {step}: {player}'s win chance fell {loss:.0%} to {after:.0%} ({action}); "
                "best: {best}, {gain:.0%} better",
                **fell,
                after=t["after"],
                action=t["action"],
                best=t["best_action"],
                gain=t["gain"],
            )
        rings.append(
            f"<circle class='nv-turning' cx='{x}' cy='{y}' r='4.5' fill='none' "
            f"stroke='{TURNING}' stroke-width='1.6'><title>{_escape(tip)}</title></circle>"
        )
    svg = group.svgs[0].replace("</svg>", "".join(rings) + "</svg>")
    legend = [*group.legend, (_("turning point"), TURNING)] if rings else list(group.legend)
    return step_charts.ChartGroup(group.title, [svg], tuple(legend), wide=True)


def _escape(text: str) -> str:
    from html import escape

    return escape(text)


def annotate(
    payload: dict[str, Any],
    analysis: dict[str, Any],
    describe: Callable[[int, int, str], str],
) -> dict[str, Any]:
    """A copy of the replay payload with `analysis`: `marks` (move number -> the turning point's
    note, for the move list) and `alternatives` (position before the decision -> [[sentence, win
    chance, chosen]], best first, for the "also legal" panel). `describe(step, seat, action)`
    gives the engine's sentence for an action at that decision. Decisions the viewer may not see
    (other seats' in a seat view) get no alternatives, and no mark either in a game where the
    chances use the mover's own hidden cards (`private`)."""
    viewer = payload.get("viewer")
    marks: dict[str, str] = {}
    alternatives: dict[str, list[list[Any]]] = {}
    for t in analysis["turning_points"]:
        if viewer is not None and viewer != t["seat"] and private(analysis):
            continue
        if t["gain"] > 0:  # no "?!" on the best move found: the chance fell for other reasons
            marks[str(t["step"])] = _(
                "turning point: {player}'s win chance fell {loss:.0%}; the best move was "
                "{gain:.0%} better",
                player=analysis["players"][t["seat"]],
                loss=t["loss"],
                gain=t["gain"],
            )
        if viewer is not None and viewer != t["seat"]:
            continue
        alternatives[str(t["step"] - 1)] = [
            [describe(t["step"], t["seat"], a["action"]), a["chance"], a["chosen"]]
            for a in sorted(t["alternatives"], key=lambda a: (-a["chance"], a["action"]))
        ]
    extra = {
        "marks": marks,
        "alternatives": alternatives,
        "text": {
            "chance_label": _("win chance"),
            "alternatives": _("Every legal action, by the mover's win chance after it:"),
            "mark": _("turning point"),
        },
    }
    digest = hashlib.sha1(json.dumps(extra, sort_keys=True).encode()).hexdigest()[:8]
    return {**payload, "analysis": extra, "key": f"{payload['key']}:a{digest}"}


def describer(rules: Any, setup: Any, steps: Sequence[Any]) -> Callable[[int, int, str], str]:
    """`describe(step, seat, action)` over a recorded game (states folded on demand, kept)."""
    from application.i18n import describe as describe_step
    from domain.core.play import states

    folded: list[Any] = []

    def describe(step: int, seat: int, action: str) -> str:
        if not folded:
            folded.extend(states(rules, setup, steps))
        # Alternatives are shown to the mover or an observer only (`annotate`): own cards named.
        return describe_step(rules, folded[step - 1], Decision(seat, action), own=True)

    return describe


def accuracy_over_time(frame: pd.DataFrame) -> alt.Chart:
    """Mean win chance lost per decision, game after game (oldest first), one line per player."""
    data = frame.copy()
    data["game_no"] = data.groupby("player").cumcount() + 1
    # the page is one game's: its code ('puerto-rico') and the ISO time were English noise
    data["started"] = pd.to_datetime(data["started"], utc=True).dt.strftime("%Y-%m-%d %H:%M")
    return (
        alt.Chart(data)
        .mark_line(point=True)
        .encode(
            x=alt.X(
                "game_no:Q",
                title=_("analysed game (oldest first)"),
                axis=alt.Axis(format="d", tickMinStep=1),
            ),
            y=alt.Y(
                "mean_loss:Q",
                title=_("mean win chance lost per decision"),
                axis=alt.Axis(format="%"),
            ),
            color=alt.Color("player:N", title=_("player")),
            tooltip=[
                *tips(data, ["player", "started", "decisions"], _labels()),
                alt.Tooltip(
                    "mean_loss:Q", title=_("mean win chance lost per decision"), format=".1%"
                ),
            ],
        )
        .properties(height=260)
    )


def _labels() -> dict[str, str]:
    """The accuracy tables' other headers in the display language (Korean pages showed the
    frame's English column names)."""
    return {
        "player": _("player"),
        "games": _("games"),
        "decisions": _("decisions"),
        "started": _("started"),
        "game_id": _("game"),
    }


REPLAY_SHORT = r"replay\?game=(\w{8}).*"
"""A per-game row's link shows the game's short id (as the Library and `novus games` do)."""


def per_game(frame: pd.DataFrame) -> pd.DataFrame:
    """The accuracy rows per game and player: when the game started as the Library writes it
    (not `2026-11-25T11:29:32+00:00`), and the game as a link to its replay (the full id was
    shown, and nothing led to the game)."""
    shown = frame[["started", "game_id", "player", "decisions", "mean_loss", "worst_loss"]]
    started = pd.to_datetime(shown["started"], utc=True).dt.strftime("%Y-%m-%d %H:%M")
    return shown.assign(started=started, game_id="replay?game=" + shown["game_id"] + "&step=0")


def accuracy_section(folder: Any, game: str | None) -> None:
    """The Players page's decision accuracy: per player per game, and over time."""
    import streamlit as st

    from analysis.read import decision_accuracy

    st.subheader(_("Decision accuracy"))
    frame = decision_accuracy(folder)
    if not frame.empty and game:
        frame = frame[frame["game"] == game]
    if frame.empty:
        st.caption(
            _(
                "No analysed games yet: `novus analyse --all` estimates win chances at every "
                "step and how much each decision lost."
            )
        )
        return
    st.caption(
        _(
            "Mean win chance lost per decision with a choice (lower is better; below zero: the "
            "decisions did better than the heuristic bots expected), from `novus analyse` "
            "rollouts."
        )
    )
    overall = (
        frame.assign(lost=frame["mean_loss"] * frame["decisions"])
        .groupby("player", as_index=False)
        .agg(games=("game_id", "nunique"), decisions=("decisions", "sum"), lost=("lost", "sum"))
    )
    overall["mean_loss"] = overall["lost"] / overall["decisions"]
    table(
        overall.drop(columns="lost").sort_values("mean_loss"),
        hide_index=True,
        key="p_accuracy",
        column_config={
            **_labels(),
            "mean_loss": st.column_config.NumberColumn(
                _("mean win chance lost per decision"), format="percent"
            ),
        },
    )
    st.altair_chart(accuracy_over_time(frame), key="p_accuracy_time")
    table(
        per_game(frame),
        hide_index=True,
        key="p_accuracy_games",
        column_config={
            **_labels(),
            "game_id": st.column_config.LinkColumn(_("game"), display_text=REPLAY_SHORT),
            "mean_loss": st.column_config.NumberColumn(_("mean lost"), format="percent"),
            "worst_loss": st.column_config.NumberColumn(_("worst decision"), format="percent"),
        },
    )
