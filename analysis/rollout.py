"""Win chances by Monte Carlo rollouts: play the game out many times with the heuristic bots.

Rollout `i` from the state after `k` steps first deals the hidden information again from the
viewer's side (`analysis.hidden`, with what the public history showed: `analysis.memory`), then
plays to the end with `apply_trusted` (part of every engine's protocol: the bots only choose legal
actions and the chance outcomes come from the engine's own spec, so nothing needs checking). Its
randomness at game position `t` comes from the stream `(seed, i, t)` (`analysis.streams`): the
same settings give the same numbers in any process and order, and the evaluations of
neighbouring states and of a decision's alternatives use common random numbers.
A tie for first place splits the win, so the chances of all seats sum to 1. The mean over the
rollouts is then pulled a little toward 1/players by the prior (`with_prior`, the settings'
`prior`); a finished game's outcome is exact and is never pulled.

Because a rollout's step at game position `t` depends only on the state there and the stream
`(seed, i, t)`, rollout `i` that reaches exactly the start state of rollout `i` of a later
evaluation at the same position ends exactly as that one did. `Ahead` keeps the later
evaluations' start states and outcomes (`game.evaluate_chunk` works backwards through a chunk of
neighbouring states), so a rollout whose bots replay the recorded moves stops where it meets
one: the same numbers as playing it out, for the cost of a state comparison.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from analysis.hidden import determinizer
from analysis.streams import DEAL, Stream
from application.i18n import N_, _
from domain.core.chance import resolve
from domain.core.errors import NovusError
from domain.core.protocol import CHANCE, ChanceStep, Decision, Rules

MAX_STEPS = 20_000
"""A rollout that has not ended after this many steps went round in circles (the longest
games, of random moves, take a few thousand)."""

BOT_KIND = "heuristic"


Ahead = dict[int, list[list[tuple[Any, tuple[float, ...]]]]]
"""Game position -> per rollout index, the (start state, win shares) of rollouts already done
from that position with the same seed."""


class RolloutRunaway(NovusError):
    """A rollout did not end: the bots went round in circles from a position they were never
    made for (e.g. one left by random moves). The game is left out, not the run."""

    hint = N_(
        "the bots cannot play this game to its end from one of its positions; the other games "
        "are analysed as usual"
    )


def shares(rules: Rules[Any], state: Any) -> tuple[float, ...]:
    """The outcome of a finished game as win shares: 1 for a sole winner, split on a tie."""
    scores = rules.scores(state)
    winners = scores.winners()
    n = len(scores.seats)
    return tuple((1.0 / len(winners)) if seat in winners else 0.0 for seat in range(n))


def playout(rules: Rules[Any], state: Any, players: int, *, seed: int, index: int, at: int) -> Any:
    """The final state of rollout `index` played from `state` (the state after `at` steps) by
    heuristic bots; every step draws from the stream of its game position."""
    final, _shares = _play(rules, state, players, seed=seed, index=index, at=at, ahead=None)
    return final


def _play(
    rules: Rules[Any],
    state: Any,
    players: int,
    *,
    seed: int,
    index: int,
    at: int,
    ahead: Ahead | None,
) -> tuple[Any, tuple[float, ...] | None]:
    """`playout`, stopping with the known win shares (and no final state) where the rollout
    meets the start state of rollout `index` of an evaluation in `ahead`."""
    rng = Stream(0).at(seed, index, DEAL + 1)
    bots = [rules.bot(BOT_KIND, rng.getrandbits(32)) for _ in range(players)]
    for bot in bots:  # the bots' noise from the step's stream too (a bot without one keeps its own)
        if hasattr(bot, "rng"):
            bot.rng = rng
    apply = rules.apply_trusted
    to_move, is_over, spec = rules.to_move, rules.is_over, rules.chance_spec
    position = at
    while not is_over(state):
        if position - at >= MAX_STEPS:
            raise RolloutRunaway(
                _(
                    "a rollout from step {at} did not end after {n} steps",
                    at=at,
                    n=MAX_STEPS,
                ),
                hint=_(RolloutRunaway.hint),
            )
        if ahead is not None:
            met = ahead.get(position)
            if met is not None:
                for start, outcome in met[index]:
                    if start == state:
                        return None, outcome
        rng.to(position)
        position += 1
        seat = to_move(state)[0]
        if seat == CHANCE:
            state = apply(state, ChanceStep(resolve(spec(state), rng)))
        else:
            state = apply(state, Decision(seat, bots[seat].choose(state, seat)))
    return state, None


def win_chances(
    rules: Rules[Any],
    state: Any,
    viewer: int | None,
    *,
    players: int,
    rollouts: int,
    seed: int,
    at: int,
    memory: Any = None,
    ahead: Ahead | None = None,
    prior: float = 0.0,
) -> tuple[float, ...]:
    """Each seat's chance of winning from `state` (the state after `at` steps) as `viewer`
    knows it, with `memory` of the public history: the mean win share over `rollouts`
    playouts with `prior` pseudo-rollouts (`with_prior`); a finished game: its actual outcome,
    no rollouts and no prior. With `ahead`, rollouts that meet a later evaluation's rollout
    take its outcome (the same numbers), and this evaluation's rollouts are added to it for
    earlier ones (the outcomes of single rollouts, which the prior does not touch)."""
    if rules.is_over(state):
        return shares(rules, state)
    deal = determinizer(rules.name)
    totals = [0.0] * players
    starts: list[list[tuple[Any, tuple[float, ...]]]] | None = None
    if ahead is not None:
        starts = ahead.setdefault(at, [[] for _ in range(rollouts)])
    for index in range(rollouts):
        dealt = deal(state, viewer, Stream(0).at(seed, index, DEAL), memory)
        final, known = _play(rules, dealt, players, seed=seed, index=index, at=at, ahead=ahead)
        outcome = known if known is not None else shares(rules, final)
        if starts is not None:
            starts[index].append((dealt, outcome))
        for seat, share in enumerate(outcome):
            totals[seat] += share
    return with_prior([t / rollouts for t in totals], rollouts, prior)


def with_prior(chances: Sequence[float], rollouts: int, prior: float) -> tuple[float, ...]:
    """The mean of `rollouts` win shares with `prior` pseudo-rollouts split evenly among the
    seats: the posterior mean under a symmetric Dirichlet prior of weight `prior`.

    Why: an estimate from a few dozen rollouts is noisy, and among estimates far from
    1/players more are too far than too near (they were picked out by their noise), so the raw
    means read as over-confident by about the rollout variance over the chances' spread. The
    posterior mean moves each estimate by prior / (rollouts + prior) of its distance back toward
    1/players, which removes that on average. The chances still sum to 1; 0 keeps the plain
    mean."""
    seats = len(chances)
    if not prior or not seats:
        return tuple(chances)
    return tuple((rollouts * c + prior / seats) / (rollouts + prior) for c in chances)


def normalised(chances: Sequence[float]) -> tuple[float, ...]:
    """Chances rounded for storage, still summing to 1 (the rounding rest goes to the largest)."""
    rounded = [round(c, 6) for c in chances]
    rest = round(1.0 - sum(rounded), 6)
    if rest and rounded:
        top = max(range(len(rounded)), key=lambda i: rounded[i])
        rounded[top] = round(rounded[top] + rest, 6)
    return tuple(rounded)
