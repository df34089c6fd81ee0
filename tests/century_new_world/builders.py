"""Test helpers: a started game with the components laid out in catalog order, and edits."""

from __future__ import annotations

from typing import Any

from domain.century_new_world import cubes as C
from domain.century_new_world.rules import RULES
from domain.century_new_world.state import State
from domain.core.protocol import ChanceStep, Decision, Setup


def setup(players: int = 3, **options: str) -> Setup:
    return RULES.prepare([f"P{i}" for i in range(players)], options)


def started(players: int = 3, **options: str) -> State:
    """After the three setup shuffles, each resolved as the unshuffled order."""
    s = RULES.initial_state(setup(players, **options))
    for _ in range(3):
        s = RULES.apply(s, ChanceStep(RULES.chance_spec(s).items))
    return s


def edit(s: State, **fields: Any) -> State:
    """A copy of `s` with state fields replaced."""
    s = s.clone()
    for key, value in fields.items():
        setattr(s, key, value)
    return s


def with_player(s: State, seat: int, **fields: Any) -> State:
    """A copy of `s` with seat's holdings replaced; cubes may be given as text (``"YYR"``)."""
    s = s.clone()
    p = s.edit(seat)
    for key, value in fields.items():
        setattr(p, key, C.parse(value) if key == "cubes" and isinstance(value, str) else value)
    return s


def loc(s: State, loc_id: str) -> int:
    return s.t.loc_index[loc_id]


def occupy(s: State, loc_id: str, seat: int, count: int) -> State:
    """`seat` has `count` settlers standing on `loc_id` (taken from its available settlers)."""
    li = loc(s, loc_id)
    seats = list(s.occ_seat)
    counts = list(s.occ_n)
    seats[li], counts[li] = seat, count
    s = edit(s, occ_seat=tuple(seats), occ_n=tuple(counts))
    return with_player(s, seat, available=s.players[seat].available - count)


def act(s: State, action: str, seat: int | None = None) -> State:
    return RULES.apply(s, Decision(s.actor if seat is None else seat, action))
