"""What the replay page shows at one step, computed without Streamlit so it can be tested and timed.

Each line of the move list is the engine's `describe` of a step; the board is the game's board
module drawn from `view`; at a decision step, the other actions the engine allowed are listed.

"View as": everything takes an optional `viewer` seat. `None` is the omniscient observer (every
card). With a seat, the board is `rules.view(state, seat)` (other hands hidden), the legal
actions and the chosen action are shown only for that seat's own decisions (a list of legal
actions can spell out a hand, an action a secret offer), other steps read as the game's
statistics module tells them publicly (`public_summary`), and scores are the public ones
(`seat_score`: e.g. Santa Maria's face-down shipping tiles count only at the end).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from application.i18n import describe, render
from application.service import NovusApp
from dashboard import boards
from domain.core import registry
from domain.core.play import states
from domain.core.protocol import Decision, Rules, SeatScore, Step
from projections import games as game_stats


@dataclass(frozen=True)
class MoveLine:
    step: int
    round: int
    seat: int | None
    text: str


@dataclass(frozen=True)
class ScorePoint:
    """One seat's points in one category after `step` steps (the engine's `scores` there)."""

    step: int
    seat: int
    player: str
    category: str
    points: int


@dataclass(frozen=True)
class Frame:
    """The replay at one step: the board HTML and what else was legal for the seat that decided."""

    step: int
    last: int
    board: str
    alternatives: tuple[str, ...]
    chosen: str | None
    seat: int | None
    described: tuple[str, ...] = ()
    """The alternatives as the engine's sentences, in the same order."""


def teller(game: str, rules: Rules[Any], viewer: int | None) -> Any:
    """`describe` for the observer and the viewer's own decisions; else the public sentence."""
    stats = game_stats.get(game)
    public = stats.public_summary if stats is not None else None

    def tell(state: Any, step: Step) -> str:
        own = isinstance(step, Decision) and step.seat == viewer
        if viewer is None or own or public is None:
            return describe(rules, state, step)
        return render(public(rules, state, step))

    return tell


def move_lines(app: NovusApp, game_id: UUID, viewer: int | None = None) -> list[MoveLine]:
    """One readable line per step, with the round it was played in (as `viewer` may read it)."""
    record = app.history(game_id)
    rules = registry.get(record.game)
    tell = teller(record.game, rules, viewer)
    lines: list[MoveLine] = []
    before = states(rules, record.setup, record.steps)
    for number, (state, step) in enumerate(zip(before, record.steps, strict=False), start=1):
        seat = step.seat if isinstance(step, Decision) else None
        lines.append(MoveLine(number, rules.round_of(state), seat, tell(state, step)))
    return lines


def round_jumps(lines: Sequence[MoveLine], step: int) -> tuple[int, int, int]:
    """The round at position `step`, where the next round starts, and where "round back" goes
    (the start of this round, or of the previous one when already at a round's start)."""
    last = len(lines)
    if not lines:
        return 1, 0, 0

    def round_at(position: int) -> int:
        return lines[min(position, last - 1)].round

    starts: dict[int, int] = {}
    for line in lines:
        starts.setdefault(line.round, line.step - 1)
    now = round_at(step)
    later = [p for r, p in starts.items() if r > now]
    next_start = min(later) if later else last
    this_start = starts.get(now, 0)
    earlier = [p for r, p in starts.items() if r < now]
    back = this_start if step > this_start else (max(earlier) if earlier else 0)
    return now, next_start, back


def frame(app: NovusApp, game_id: UUID, step: int, viewer: int | None = None) -> Frame:
    """The board after `step` steps and, if step `step + 1` is a decision, its alternatives
    (with a `viewer` seat: its own view, and alternatives only for its own decisions)."""
    timeline = app.timeline(game_id)
    rules: Rules[Any] = timeline.rules
    last = len(timeline.steps)
    step = max(0, min(step, last))
    state = app.state_at(game_id, step)
    shown = rules.view(state) if viewer is None else rules.view(state, viewer)
    html = boards.render(timeline.setup.game, shown, rules, timeline.setup)
    alternatives: tuple[str, ...] = ()
    chosen: str | None = None
    seat: int | None = None
    if step < last:
        upcoming = timeline.steps[step]
        if isinstance(upcoming, Decision):
            seat, chosen = upcoming.seat, upcoming.action
            if viewer is not None and viewer != seat:
                return Frame(step, last, html, (), None, seat)
            alternatives = tuple(a for a in rules.legal_actions(state, seat) if a != chosen)
            # Shown to the mover or an observer only: the mover's own cards may be named.
            described = tuple(
                describe(rules, state, Decision(seat, a), own=True) for a in alternatives
            )
            return Frame(step, last, html, alternatives, chosen, seat, described)
    return Frame(step, last, html, alternatives, chosen, seat)


def score_timeline(
    app: NovusApp, game_id: UUID, public: bool = False, viewer: int | None = None
) -> list[ScorePoint]:
    """Every seat's score by category over the game, folding the engine once over its steps.

    Only the steps where some score changed are kept (plus the first and the last), so a chart
    drawn as steps ("step-after") shows exactly the same curve with far fewer points. `public`:
    the points every seat knows (the statistics module's `seat_score`, when it has one);
    `viewer`: as that seat knows them (the other seats' face-down categories hidden until the
    game is over).
    """
    timeline = app.timeline(game_id)
    rules: Rules[Any] = timeline.rules
    names = timeline.setup.players
    stats = game_stats.get(timeline.setup.game) if public else None
    seat_score = stats.seat_score if stats is not None else None

    hidden = stats.face_down if stats is not None and viewer is not None else ()

    def scored(state: Any) -> tuple[SeatScore, ...]:
        if seat_score is None:
            seats = tuple(rules.scores(state).seats)
        else:
            seats = tuple(seat_score(state, i) for i in range(len(names)))
        if not hidden or rules.is_over(state):
            return seats
        return tuple(s if s.seat == viewer else _without(s, hidden) for s in seats)

    points: list[ScorePoint] = []
    previous: tuple[tuple[int, ...], ...] | None = None
    last = len(timeline.steps)
    for number, state in enumerate(states(rules, timeline.setup, timeline.steps)):
        seats = scored(state)
        key = tuple(tuple(s.breakdown.values()) for s in seats)
        if key == previous and number != last:
            continue
        previous = key
        for s in seats:
            for category, value in s.breakdown.items():
                points.append(ScorePoint(number, s.seat, names[s.seat], category, value))
    return points


def scores_at(points: Sequence[ScorePoint], step: int) -> list[dict[str, Any]]:
    """Each seat's points by category (and total) in force at `step`, from `score_timeline`."""
    latest: dict[tuple[int, str], ScorePoint] = {}
    for p in points:
        if p.step > step:
            break
        latest[(p.seat, p.category)] = p
    parts: dict[int, dict[str, int]] = {}
    names: dict[int, str] = {}
    for (seat, category), p in latest.items():
        parts.setdefault(seat, {})[category] = p.points
        names[seat] = p.player
    return [
        {"player": names[s], "total": sum(parts[s].values()), **parts[s]} for s in sorted(parts)
    ]


def _without(score: SeatScore, categories: tuple[str, ...]) -> SeatScore:
    """`score` with `categories` hidden (0), as another seat sees it."""
    parts = {c: (0 if c in categories else v) for c, v in score.breakdown.items()}
    return SeatScore(score.seat, sum(parts.values()), parts, score.tiebreak)
