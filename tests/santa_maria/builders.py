"""Helpers to build Santa Maria positions for rule tests (synthetic pack)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from domain.core.chance import resolve
from domain.core.protocol import CHANCE, ChanceStep, Decision
from domain.santa_maria.components import SIZE, Square, parse_effect
from domain.santa_maria.rules import RULES
from domain.santa_maria.state import State

EMPTY_BOARD: tuple[Square | None, ...] = (None,) * (SIZE * SIZE)


def started(players: int = 2, options: Mapping[str, str] | None = None, seed: int = 7) -> State:
    """A new game with every setup chance node resolved (first decision pending)."""
    setup = RULES.prepare([f"P{i + 1}" for i in range(players)], dict(options or {}))
    state = RULES.initial_state(setup)
    rng = random.Random(seed)
    while RULES.to_move(state) == (CHANCE,):
        state = RULES.apply(state, ChanceStep(resolve(RULES.chance_spec(state), rng)))
    return state


def private(state: State) -> State:
    """A copy whose players may be edited in place to set up a position."""
    s = state.clone()
    s.players = tuple(p.clone() for p in state.players)
    return s


def building(*effects: str, terrain: str = "farm") -> Square:
    return Square(True, terrain, tuple(parse_effect(e) for e in effects), 0, "test")


def road(colonists: int = 0) -> Square:
    return Square(False, "road", (), colonists, "test")


def cell(r: int, c: int) -> int:
    """Cell of row r, column c, counted from 1 as in the rulebook."""
    return (r - 1) * SIZE + (c - 1)


def board(squares: Mapping[int, Square]) -> tuple[Square | None, ...]:
    out = list(EMPTY_BOARD)
    for at, sq in squares.items():
        out[at] = sq
    return tuple(out)


def do(state: State, *actions: str) -> State:
    """Apply decisions of the seat to move, in order."""
    for action in actions:
        state = RULES.apply(state, Decision(state.actor, action))
    return state
