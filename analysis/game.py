"""One game's analysis: win chances at every step, each decision's loss, the turning points.

Who looks: the state after step j is judged from the side of the seat that makes the next
decision (`viewer`), so the chance before a decision and the chance after it are both what the
mover could know. For games whose hidden part depends on the seat (`hidden.HIDES_PER_SEAT`), a
decision whose next state is looked at by another seat gets one more evaluation of that state from
the mover's side. A decision with only one legal action changes nothing the mover could know, so
its state shares the next state's evaluation (when the viewer is the same).

The prior (`rollout.with_prior`) pulls every rollout estimate toward 1/players, but the chances
of a finished game are its exact outcome. A decision is judged on one footing, though: where a
move (made or an alternative) ends the game, its outcome counts as the estimate of `rollouts`
rollouts that all ended so, with the prior (`on_decision_footing`); else a bots' own last move
would seem to lose the prior's pull (the chance before it is pulled, the exact one after is not).

Work is a list of evaluations (`Eval`: a state, a viewer, optionally an action taken first),
done in chunks by `evaluate_chunk`, in this process or in worker processes (`analysis.pool`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from analysis.hidden import HIDES_PER_SEAT, determinizer, public
from analysis.memory import memories, memory_of
from analysis.rollout import Ahead, normalised, win_chances, with_prior
from analysis.settings import Settings
from application.i18n import _
from domain.core import registry
from domain.core.protocol import CHANCE, Decision, Rules, Setup, Step, step_from


@dataclass(frozen=True)
class Eval:
    """Win chances of the state after `state` steps, seen by `viewer`, after `action` if set."""

    state: int
    viewer: int | None
    action: str | None = None

    @property
    def at(self) -> int:
        """The game position its rollouts start from (an action taken first is one step)."""
        return self.state if self.action is None else self.state + 1


@dataclass(frozen=True)
class Job:
    """A chunk of evaluations of one game: everything a worker process needs (picklable)."""

    game: str
    setup: dict[str, Any]
    steps: tuple[tuple[int, Any], ...]
    settings: Settings
    evals: tuple[Eval, ...]


@dataclass(frozen=True)
class DecisionRow:
    """A decision's win chances for the mover: `before` it (the bots' own choice there),
    `after` the move made, and where every legal alternative was evaluated (turning points)
    `best`, the best one's, and `chosen`, the move made's among them, all on the same rollout
    seeds."""

    step: int
    seat: int
    action: str
    legal: int
    before: float
    after: float
    best: float | None = None
    chosen: float | None = None

    @property
    def loss(self) -> float:
        """Win chance lost against the best move known, so never below 0: where the
        alternatives were evaluated, the best of them against the move made among them;
        elsewhere the bots' choice (`before`) against the move made.

        Why not `before` where the alternatives are known: in each rollout the bot chooses
        again, with that rollout's noise and hidden cards dealt again, so `before` is the
        chance of a player who could pick a different move in every rollout. It can exceed
        every legal move's own chance (Puerto Rico, 2 players, 8 rollouts: before 50%, every
        alternative at most 40%, the move made the best), and the move the analysis ranks
        best then showed a loss. A move better than the bots' choice loses nothing (`before -
        after` < 0 only says the bots would have played worse). With common random numbers
        (`analysis.streams`) a move the bots would have made in every rollout has `before ==
        after` exactly, so rollout noise does not show up as loss."""
        if self.best is not None and self.chosen is not None:
            return round(max(self.best, self.chosen) - self.chosen, 6)
        return round(max(self.before, self.after) - self.after, 6)


@dataclass(frozen=True)
class Alternative:
    step: int
    seat: int
    action: str
    chances: tuple[float, ...]
    chosen: bool

    @property
    def chance(self) -> float:
        return self.chances[self.seat]


@dataclass(frozen=True)
class TurningPoint:
    rank: int
    step: int
    seat: int
    action: str
    before: float
    after: float
    best_action: str
    best_chance: float
    chosen_chance: float

    @property
    def loss(self) -> float:
        return round(self.before - self.after, 6)

    @property
    def gain(self) -> float:
        """How much better the best alternative was than the action taken (same rollouts)."""
        return round(self.best_chance - self.chosen_chance, 6)


@dataclass
class GameAnalysis:
    game: str
    players: tuple[str, ...]
    settings: Settings
    steps: int
    chances: list[tuple[int, int | None, tuple[float, ...]]] = field(default_factory=list)
    """(state j, viewer, chances per seat) for j = 0..steps."""
    decisions: list[DecisionRow] = field(default_factory=list)
    turning_points: list[TurningPoint] = field(default_factory=list)
    alternatives: list[Alternative] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": list(self.players),
            "settings": self.settings.key(),
            "steps": [{"step": j, "viewer": v, "win_chances": list(c)} for j, v, c in self.chances],
            "decisions": [{**d.__dict__, "loss": d.loss} for d in self.decisions],
            "turning_points": [
                {**t.__dict__, "loss": t.loss, "gain": t.gain} for t in self.turning_points
            ],
            "alternatives": [
                {**a.__dict__, "chances": list(a.chances), "chance": a.chance}
                for a in self.alternatives
            ],
        }


Runner = Callable[[list[Job], Callable[[int], None]], list[dict[Eval, tuple[float, ...]]]]
"""Runs jobs (here or in workers), calling back with the number of evaluations done as they
are done (one by one, whatever the chunk sizes)."""


def plain_steps(steps: Sequence[Step]) -> tuple[tuple[int, Any], ...]:
    return tuple(
        (s.seat, s.action) if isinstance(s, Decision) else (CHANCE, list(s.outcome)) for s in steps
    )


def evaluate_chunk(
    job: Job, evaluated: Callable[[], None] | None = None
) -> dict[Eval, tuple[float, ...]]:
    """Replay the game as far as the chunk needs and evaluate each of its states (a worker's
    whole task), calling `evaluated` after each (the progress bar)."""
    rules = registry.get(job.game)
    setup = Setup.from_json(job.setup)
    players = setup.num_players
    wanted = {e.state for e in job.evals}
    last = max(wanted)
    keeper = memory_of(job.game)
    states: dict[int, tuple[Any, Any]] = {}
    recorded = [step_from(*s) for s in job.steps[:last]]
    for j, known in enumerate(memories(rules, setup, recorded)):
        if j in wanted:
            states[j] = known
    out = {}
    ahead: Ahead = {}
    for e in sorted(job.evals, key=lambda e: -e.at):  # later first: earlier rollouts meet them
        start, memory = states[e.state]
        if e.action is not None:
            decision = Decision(e.viewer if e.viewer is not None else -1, e.action)
            after = rules.apply(start, decision)
            if keeper is not None:
                memory = keeper.update(memory, start, decision, after)
            start = after
        chances = win_chances(
            rules,
            start,
            e.viewer,
            players=players,
            rollouts=job.settings.rollouts,
            seed=job.settings.seed,
            at=e.at,
            memory=memory,
            ahead=ahead,
            prior=job.settings.prior,
        )
        if e.action is not None and rules.is_over(start):  # an alternative that ends the game
            chances = on_decision_footing(chances, job.settings)
        out[e] = normalised(chances)
        if evaluated is not None:
            evaluated()
    return out


def on_decision_footing(outcome: Sequence[float], settings: Settings) -> tuple[float, ...]:
    """A finished game's exact outcome as a decision's `after` sees it: what `rollouts`
    rollouts that all ended so give with the prior, so that a move into the end is compared with
    the (pulled) chance before it on the same footing."""
    return normalised(with_prior(list(outcome), settings.rollouts, settings.prior))


def run_here(jobs: list[Job], done: Callable[[int], None]) -> list[dict[Eval, tuple[float, ...]]]:
    """The runner without workers."""
    return [evaluate_chunk(job, lambda: done(1)) for job in jobs]


def chunks(evals: Sequence[Eval], parts: int) -> list[tuple[Eval, ...]]:
    """`evals` cut into up to `parts` runs of neighbouring states, the costliest first.

    Neighbours share work: a chunk is evaluated backwards, and a rollout that meets a later
    state's rollout stops there (`rollout.Ahead`). A rollout from the state after `k` steps costs
    about the steps left, so the runs are cut to equal sums of that: early runs hold fewer
    states; sent costliest first, the last ones to finish are short."""
    ordered = sorted(evals, key=lambda e: (e.at, e.state, e.viewer or 0, e.action or ""))
    if not ordered:
        return []
    parts = max(1, min(parts, len(ordered)))
    end = ordered[-1].at + 1
    weight = [end - e.at + 1 for e in ordered]
    total = sum(weight)
    out: list[tuple[Eval, ...]] = []
    run: list[Eval] = []
    cost = 0
    for e, w in zip(ordered, weight, strict=True):
        run.append(e)
        cost += w
        left = len(ordered) - sum(len(c) for c in out) - len(run)
        if cost * parts >= total * (len(out) + 1) and left >= parts - len(out) - 1 > 0:
            out.append(tuple(run))
            run = []
    if run:
        out.append(tuple(run))
    return sorted(out, key=lambda c: -sum(end - e.at + 1 for e in c))


def viewers(rules: Rules[Any], steps: Sequence[Step], last: Any) -> list[int | None]:
    """The seat looking at the state after j steps: the seat of the next decision."""
    out: list[int | None] = [None] * (len(steps) + 1)
    nxt: int | None = None
    if not rules.is_over(last):
        seats = [s for s in rules.to_move(last) if s != CHANCE]
        nxt = seats[0] if seats else None
    out[len(steps)] = nxt
    for j in range(len(steps) - 1, -1, -1):
        step = steps[j]
        if isinstance(step, Decision):
            nxt = step.seat
        out[j] = nxt
    return out


def analyse(
    game: str,
    setup: Setup,
    steps: Sequence[Step],
    settings: Settings,
    *,
    run: Runner = run_here,
    parts: int = 1,
    on_total: Callable[[int], None] | None = None,
    on_done: Callable[[int], None] | None = None,
) -> GameAnalysis:
    """Analyse a recorded game (finished or not); `parts` chunks per phase for `run`."""
    rules = registry.get(game)
    states = [rules.initial_state(setup)]
    for step in steps:  # checked once here (a game the installed rules refuse raises)
        states.append(rules.apply(states[-1], step))
    n = len(steps)
    look = viewers(rules, steps, states[-1])
    per_seat = game in HIDES_PER_SEAT
    legal_count = [0] * n
    for k, step in enumerate(steps):
        if isinstance(step, Decision):
            legal_count[k] = len(rules.legal_actions(states[k], step.seat))

    # Which evaluation gives the chances of state j (forced decisions share the next one's).
    source: list[Eval] = [Eval(n, look[n])] * (n + 1)
    for j in range(n, -1, -1):
        own = Eval(j, look[j])
        if j < n and legal_count[j] == 1 and (not per_seat or look[j + 1] == look[j]):
            source[j] = source[j + 1]
        else:
            source[j] = own
    after: dict[int, Eval] = {}
    for k, step in enumerate(steps):
        if isinstance(step, Decision):
            mover_view = Eval(k + 1, step.seat)
            same = not per_seat or look[k + 1] == step.seat
            after[k + 1] = source[k + 1] if same else mover_view
    wanted = sorted({*source, *after.values()}, key=lambda e: (e.state, e.viewer or 0))
    total = len(wanted)
    if on_total:
        on_total(total)
    done = on_done or (lambda _n: None)
    recorded = plain_steps(steps)

    def jobs(evals: Sequence[Eval]) -> list[Job]:
        return [
            Job(game, setup.to_json(), recorded, settings, chunk) for chunk in chunks(evals, parts)
        ]

    results: dict[Eval, tuple[float, ...]] = {}
    for part in run(jobs(wanted), done):
        results.update(part)
    finished = rules.is_over(states[-1])

    def judged(e: Eval) -> tuple[float, ...]:
        """`results[e]` as a decision sees it: a finished game's outcome (the last state, or
        one that shares its evaluation across forced moves) on the decision footing."""
        found = results[e]
        return on_decision_footing(found, settings) if finished and e.state == n else found

    out = GameAnalysis(game, tuple(setup.players), settings, n)
    out.chances = [(j, look[j], results[source[j]]) for j in range(n + 1)]
    for k, step in enumerate(steps):
        if isinstance(step, Decision):
            before = judged(source[k])[step.seat]
            now = judged(after[k + 1])[step.seat]
            out.decisions.append(
                DecisionRow(k + 1, step.seat, step.action, legal_count[k], before, now)
            )

    chosen = sorted(
        (d for d in out.decisions if d.legal > 1 and d.loss > 0),
        key=lambda d: (-d.loss, d.step),
    )[: settings.turning_points]
    alternatives = [
        Eval(d.step - 1, d.seat, action)
        for d in chosen
        for action in rules.legal_actions(states[d.step - 1], d.seat)
    ]
    alt_results = {
        e: judged(source[e.state + 1]) for e in _moves_made(game, chosen, source, look, results)
    }
    pending = [e for e in alternatives if e not in alt_results]
    if on_total and pending:  # no second phase to show (--turning-points 0, nothing lost)
        on_total(total + len(pending))
    if pending:
        for part in run(jobs(pending), done):
            alt_results.update(part)
    for d in sorted(chosen, key=lambda d: d.step):
        options = [e for e in alternatives if e.state == d.step - 1]
        for e in options:
            out.alternatives.append(
                Alternative(d.step, d.seat, str(e.action), alt_results[e], e.action == d.action)
            )
        best = max(options, key=lambda e: (alt_results[e][d.seat], e.action == d.action))
        mine = next(e for e in options if e.action == d.action)
        out.turning_points.append(
            TurningPoint(
                0,
                d.step,
                d.seat,
                d.action,
                d.before,
                d.after,
                str(best.action),
                alt_results[best][d.seat],
                alt_results[mine][d.seat],
            )
        )
    by_loss = sorted(out.turning_points, key=lambda t: (-t.loss, t.step))
    out.turning_points = [replace(t, rank=i) for i, t in enumerate(by_loss, start=1)]
    judged_at = {t.step: t for t in out.turning_points}
    out.decisions = [
        replace(d, best=judged_at[d.step].best_chance, chosen=judged_at[d.step].chosen_chance)
        if d.step in judged_at
        else d
        for d in out.decisions
    ]
    return out


def _moves_made(
    game: str,
    chosen: Sequence[DecisionRow],
    source: Sequence[Eval],
    look: Sequence[int | None],
    results: dict[Eval, tuple[float, ...]],
) -> dict[Eval, tuple[float, ...]]:
    """The alternatives that are the move made, where it was evaluated already: the state after
    it, at the same position, on the same seeds, when the viewer and the history change nothing
    dealt. With nothing hidden at all, also when that state shares a later state's evaluation
    (forced moves between: the same rollouts); a hidden part dealt again might differ there."""
    if game in HIDES_PER_SEAT or memory_of(game) is not None:
        return {}
    nothing_hidden = determinizer(game) is public
    return {
        Eval(d.step - 1, d.seat, d.action): results[source[d.step]]
        for d in chosen
        if nothing_hidden or source[d.step] == Eval(d.step, look[d.step])
    }


def alternatives_at(
    game: str,
    setup: Setup,
    steps: Sequence[Step],
    step: int,
    settings: Settings,
    *,
    run: Runner = run_here,
    parts: int = 1,
) -> list[Alternative]:
    """Every legal action at decision `step` (1-based) with the mover's win chances after it,
    best first (the same rollout seeds as a turning point's alternatives)."""
    from analysis.errors import NotADecision

    if not 1 <= step <= len(steps) or not isinstance(steps[step - 1], Decision):
        raise NotADecision(
            _("step {step} is not a decision of this game", step=step),
            hint=_("give the number of a move a player made (the move list numbers them)"),
        )
    rules = registry.get(game)
    apply = rules.apply_trusted
    state = rules.initial_state(setup)
    for recorded in steps[: step - 1]:
        state = apply(state, recorded)
    chosen = steps[step - 1]
    assert isinstance(chosen, Decision)
    evals = [Eval(step - 1, chosen.seat, a) for a in rules.legal_actions(state, chosen.seat)]
    recorded_steps = plain_steps(steps)
    jobs = [
        Job(game, setup.to_json(), recorded_steps, settings, chunk)
        for chunk in chunks(evals, parts)
    ]
    results: dict[Eval, tuple[float, ...]] = {}
    for part in run(jobs, lambda _n: None):
        results.update(part)
    out = [
        Alternative(step, chosen.seat, str(e.action), results[e], e.action == chosen.action)
        for e in evals
    ]
    return sorted(out, key=lambda a: (-a.chance, a.action))
