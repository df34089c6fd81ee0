"""Test helpers: start a game with a known face-up row and set up positions by hand."""

from __future__ import annotations

from typing import Any

from domain.core.chance import Draw
from domain.core.protocol import ChanceStep, Decision
from domain.puerto_rico.components import BUILDING_INDEX, GOODS, TILES
from domain.puerto_rico.rules import RULES
from domain.puerto_rico.state import State


def start(players: int = 4, options: dict[str, str] | None = None) -> State:
    """A new game whose face-up row is the first tiles of the pool (deterministic)."""
    setup = RULES.prepare([f"P{i}" for i in range(players)], options or {})
    state = RULES.initial_state(setup)
    return resolve_first(state)


def resolve_first(state: State) -> State:
    """Resolve a pending chance step with the first tiles of its pool."""
    spec = RULES.chance_spec(state)
    assert isinstance(spec, Draw)
    return RULES.apply(state, ChanceStep(tuple(spec.pool[: spec.count])))


def put(state: State, seat: int, **fields: Any) -> State:
    """A copy of `state` with player `seat`'s fields replaced.

    Friendly forms: goods={"corn": 2}, tiles={"quarry": 3}, manned={"quarry": 3},
    buildings={"harbor": 1} (building id -> colonists on it).
    """
    s = state.clone()
    p = s.edit(seat)
    for key, value in fields.items():
        if key == "goods":
            p.goods = tuple(value.get(g, 0) for g in GOODS)
        elif key in ("tiles", "manned"):
            setattr(p, key, tuple(value.get(t, 0) for t in TILES))
        elif key == "buildings":
            p.buildings = tuple(BUILDING_INDEX[b] for b in value)
            p.set_workers(tuple(value.values()))
        else:
            setattr(p, key, value)
    return s


def shared(state: State, **fields: Any) -> State:
    s = state.clone()
    for key, value in fields.items():
        setattr(s, key, value)
    return s


def act(state: State, seat: int, *actions: str) -> State:
    for action in actions:
        state = RULES.apply(state, Decision(seat, action))
    return state


def choose_role(state: State, role: str) -> State:
    return RULES.apply(state, Decision(state.actor, f"role:{role}"))
