"""What the replay page shows at one step, computed without Streamlit so it can be tested and timed.

Each line of the move list is the engine's `describe` of a step; the board is the game's board
module drawn from `view`; at a decision step, the other actions the engine allowed are listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from application.service import NovusApp
from dashboard import boards
from domain.core import registry
from domain.core.play import states
from domain.core.protocol import Decision, Rules


@dataclass(frozen=True)
class MoveLine:
    step: int
    round: int
    seat: int | None
    text: str


@dataclass(frozen=True)
class Frame:
    """The replay at one step: the board HTML and what else was legal for the seat that decided."""

    step: int
    last: int
    board: str
    alternatives: tuple[str, ...]
    chosen: str | None
    seat: int | None


def move_lines(app: NovusApp, game_id: UUID) -> list[MoveLine]:
    """One readable line per step, with the round it was played in."""
    record = app.history(game_id)
    rules = registry.get(record.game)
    lines: list[MoveLine] = []
    before = states(rules, record.setup, record.steps)
    for number, (state, step) in enumerate(zip(before, record.steps, strict=False), start=1):
        seat = step.seat if isinstance(step, Decision) else None
        lines.append(MoveLine(number, rules.round_of(state), seat, rules.describe(state, step)))
    return lines


def frame(app: NovusApp, game_id: UUID, step: int) -> Frame:
    """The board after `step` steps and, if step `step + 1` is a decision, its alternatives."""
    timeline = app.timeline(game_id)
    rules: Rules[Any] = timeline.rules
    last = len(timeline.steps)
    step = max(0, min(step, last))
    state = app.state_at(game_id, step)
    html = boards.render(timeline.setup.game, rules.view(state), rules)
    alternatives: tuple[str, ...] = ()
    chosen: str | None = None
    seat: int | None = None
    if step < last:
        upcoming = timeline.steps[step]
        if isinstance(upcoming, Decision):
            seat, chosen = upcoming.seat, upcoming.action
            alternatives = tuple(a for a in rules.legal_actions(state, seat) if a != chosen)
    return Frame(step, last, html, alternatives, chosen, seat)
