"""Driving an engine: play a game with bots and a seeded generator, or replay recorded steps."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from domain.core.chance import resolve
from domain.core.protocol import CHANCE, Bot, ChanceStep, Decision, Rules, Setup, Step


def next_step(rules: Rules[Any], state: Any, bots: Sequence[Bot[Any]], rng: random.Random) -> Step:
    """The next step of a bot game: a chance outcome from `rng`, or the first seat's bot choice."""
    seats = rules.to_move(state)
    if seats[0] == CHANCE:
        return ChanceStep(resolve(rules.chance_spec(state), rng))
    seat = seats[0]
    return Decision(seat, bots[seat].choose(state, seat))


def play(
    rules: Rules[Any],
    setup: Setup,
    bots: Sequence[Bot[Any]],
    rng: random.Random,
    max_steps: int = 100_000,
) -> tuple[list[Step], Any]:
    """Play to the end; returns the steps and the final state."""
    state = rules.initial_state(setup)
    steps: list[Step] = []
    while not rules.is_over(state):
        if len(steps) >= max_steps:
            raise RuntimeError(f"{rules.name}: no end after {max_steps} steps")
        step = next_step(rules, state, bots, rng)
        state = rules.apply(state, step)
        steps.append(step)
    return steps, state


def states(rules: Rules[Any], setup: Setup, steps: Iterable[Step]) -> Iterator[Any]:
    """Every state from the initial one through each recorded step (the fold, lazily)."""
    state = rules.initial_state(setup)
    yield state
    for step in steps:
        state = rules.apply(state, step)
        yield state


def replay(rules: Rules[Any], setup: Setup, steps: Iterable[Step]) -> Any:
    """The state after all `steps`; never touches a random generator."""
    state = rules.initial_state(setup)
    for step in steps:
        state = rules.apply(state, step)
    return state
