"""Everything the replay shows at every step of one game, built once and sent to the browser whole.

The browser then steps without asking the server (`dashboard/replay_widget.py`). Built by one
fold of the engine over the recorded steps; per position `k` (after `k` steps):

- the board HTML (`boards.render` of `rules.view(state, viewer)`), stored as indices into a table
  of shared pieces: consecutive boards differ in a few places, so a game's boards shrink from
  megabytes to hundreds of kilobytes (`chunked`);
- for `k < last`, the decision that follows: who decides, and, when the viewer may see them,
  the other legal actions as the engine's sentences (`describe`); the chosen one is move `k+1`;
- the scores by category where they change (the score table and chart read them).

Plus the move list (the engine's sentence per step and its round), the end-of-game ranking and
the charts under the board (`step_charts.ChartGroup`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from application.i18n import _, describe
from application.service import NovusApp
from dashboard import boards, ranking, step_charts
from dashboard.language import category
from dashboard.replay import ScorePoint, score_timeline, teller
from domain.core.play import states
from domain.core.protocol import Decision, Rules

PIECE = "<div"
"""Boards are cut before each `<div`: their pieces repeat from one step to the next."""


def chunked(pages: Sequence[str]) -> tuple[list[str], list[list[int]]]:
    """The distinct pieces of `pages` and each page as piece indices: `"".join(pieces[i] for i
    in page)` gives the page back."""
    table: dict[str, int] = {}
    out: list[list[int]] = []
    for page in pages:
        first, *rest = page.split(PIECE)
        pieces = [first, *(PIECE + piece for piece in rest)]
        out.append([table.setdefault(piece, len(table)) for piece in pieces])
    return list(table), out


def score_changes(points: Sequence[ScorePoint]) -> tuple[list[str], list[list[Any]]]:
    """The categories, and `[step, [[points by category] per seat]]` at each step where a score
    changed (from `replay.score_timeline`)."""
    categories = list(dict.fromkeys(p.category for p in points))
    rows: dict[int, dict[int, dict[str, int]]] = {}
    for p in points:
        rows.setdefault(p.step, {}).setdefault(p.seat, {})[p.category] = p.points
    changes = [
        [step, [[seats[s].get(c, 0) for c in categories] for s in sorted(seats)]]
        for step, seats in sorted(rows.items())
    ]
    return categories, changes


def score_chart(
    points: Sequence[ScorePoint], names: Sequence[str], last: int, game: str = ""
) -> step_charts.ChartGroup:
    """Score over time: one panel per seat, its categories stacked, one y scale for all."""
    categories = list(dict.fromkeys(p.category for p in points))
    palette = step_charts.PALETTE
    colour = {c: palette[i % len(palette)] for i, c in enumerate(categories)}
    by_seat: dict[int, dict[str, list[tuple[int, float]]]] = {}
    for p in points:
        by_seat.setdefault(p.seat, {}).setdefault(p.category, []).append((p.step, p.points))
    panels = [
        step_charts.Panel(
            names[seat],
            [
                step_charts.Series(category(c, game), colour[c], by_seat[seat].get(c, []))
                for c in categories
            ],
        )
        for seat in sorted(by_seat)
    ]
    return step_charts.stacked_group(_("Score over time"), panels, last)


def texts() -> dict[str, str]:
    """The replay's labels, in the display language."""
    return {
        "first": _("First"),
        "prev": _("Prev"),
        "next": _("Next"),
        "last": _("Last"),
        "round_back": _("Round back (B)"),
        "next_round": _("Next round (N)"),
        "step_of": _("Step {step} / {last}", step="{step}", last="{last}"),
        "round": _("round {round}", round="{round}"),
        "round_header": _("Round {round}", round="{round}"),
        "keys": _(
            "Keys: Left/Right one step, Home/End first/last, N next round, B round back. "
            "The address bar holds the step: copy it to share this position."
        ),
        "moves": _("Moves"),
        "no_moves": _("No moves recorded yet: the game is at its setup."),
        "scores": _("Scores at this step"),
        "player": _("player"),
        "total": _("total"),
        "start": _("The game starts: nothing has been played yet."),
        "next_decision": _("Next decision: {name}", name="{name}"),
        "chose": _("chose"),
        "hidden": _(
            "Seen as {viewer}: the choice and the legal actions are hidden.", viewer="{viewer}"
        ),
        "also": _("Also legal"),
        "more": _("and {n} more", n="{n}"),
        "none_else": _("No other action was legal."),
        "chance": _("Next: a chance step ({text})", text="{text}"),
        "over": _("Game over"),
        "unfinished": _("The record ends here; the game was not finished."),
        "rank": _("place"),
        "points": _("points"),
        "tiebreak": _("tie-break"),
        "tiebreak_rule": _("Ties are broken by: {rule}.", rule="{rule}"),
        "step_label": _("Step"),
    }


def build(app: NovusApp, game_id: UUID, viewer: int | None = None) -> dict[str, Any]:
    """The replay of a game as the browser component takes it (JSON-able), as `viewer` may see
    it (None: the observer, every card). Never mutate the result: it is cached and shared."""
    timeline = app.timeline(game_id)
    rules: Rules[Any] = timeline.rules
    setup = timeline.setup
    names = list(setup.players)
    steps = list(timeline.steps)
    last = len(steps)
    tell = teller(setup.game, rules, viewer)
    pages: list[str] = []
    moves: list[list[Any]] = []
    decisions: list[Any] = []
    final = None
    start_round = 1
    for k, state in enumerate(states(rules, setup, steps)):
        if k == 0:  # the counter's round before any move (Mundus Novus deals in round 0)
            start_round = rules.round_of(state)
        shown = rules.view(state) if viewer is None else rules.view(state, viewer)
        pages.append(boards.render(setup.game, shown, rules, setup))
        if k == last:
            final = state
            break
        step = steps[k]
        moves.append(
            [
                rules.round_of(state),
                step.seat if isinstance(step, Decision) else None,
                tell(state, step),
            ]
        )
        if not isinstance(step, Decision):
            decisions.append(None)
        elif viewer is not None and viewer != step.seat:
            decisions.append([step.seat, None])
        else:
            others = [
                describe(rules, state, Decision(step.seat, a))
                for a in rules.legal_actions(state, step.seat)
                if a != step.action
            ]
            decisions.append([step.seat, others])
    pieces, indices = chunked(pages)
    points = score_timeline(app, game_id, public=viewer is not None, viewer=viewer)
    categories, changes = score_changes(points)
    places: list[dict[str, Any]] = []
    if final is not None and rules.is_over(final):
        places = [
            {
                "rank": p.rank,
                "player": p.player,
                "total": p.total,
                "tiebreak": p.tiebreak,
                "tied": p.decided_by_tiebreak,
            }
            for p in ranking.ranking(setup.game, names, rules.scores(final))
        ]
    charts = [score_chart(points, names, last, setup.game).to_json()] if points else []
    payload: dict[str, Any] = {
        "game": str(game_id),
        "viewer": viewer,
        "last": last,
        "players": names,
        "pieces": pieces,
        "boards": indices,
        "moves": moves,
        "start_round": start_round,
        "decisions": decisions,
        "categories": [category(c, setup.game) for c in categories],
        "scores": changes,
        "ranking": places,
        "tiebreak_rule": ranking.tiebreak_rule(setup.game),
        "finished": bool(final is not None and rules.is_over(final)),
        "charts": charts,
        "legend": boards.legend(setup.game),
        "text": texts(),
    }
    digest = hashlib.sha1(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:16]
    payload["key"] = f"{game_id}:{viewer}:{digest}"
    return payload


def add_charts(payload: dict[str, Any], groups: Sequence[step_charts.ChartGroup]) -> dict[str, Any]:
    """A copy of `payload` with more chart groups under the board (e.g. win chance)."""
    if not groups:
        return payload
    added = [*payload["charts"], *(g.to_json() for g in groups)]
    charts = sorted(added, key=lambda c: not c.get("wide"))  # a wide chart first, under the board
    digest = hashlib.sha1(json.dumps(charts, sort_keys=True).encode()).hexdigest()[:8]
    return {**payload, "charts": charts, "key": f"{payload['key']}:{digest}"}
