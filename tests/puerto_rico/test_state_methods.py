"""Puerto Rico's written-out state methods do what `domain.core.state` would generate.

`State` and `Player` spell out their copy, `==` and pickling (so that mypyc can compile them);
a slot added without updating them fails here."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from domain.core.state import GameState, SeatedState, SlotState
from domain.puerto_rico.rules import RULES
from domain.puerto_rico.state import _PLAYER_VALUE, _STATE_VALUE, Player, State

CACHES = {"legal_cache": None, "legal_seat": -2}
SLOTS: dict[type[Any], tuple[str, ...]] = {
    Player: _PLAYER_VALUE,
    State: (*_STATE_VALUE, *CACHES),
}
"""Every slot of each class (compiled classes do not list `__slots__`: checked below)."""


def test_the_slot_lists_are_the_classes_slots() -> None:
    for cls, slots in SLOTS.items():
        if "__slots__" in vars(cls):  # the pure-Python classes (mypyc's list none)
            assert sorted(vars(cls)["__slots__"]) == sorted(slots)


def _marker(value: object, i: int) -> object:
    """A value of `value`'s type that no other slot holds (compiled classes check types)."""
    if isinstance(value, bool):
        return i % 2 == 0
    if isinstance(value, int):
        return 1000 + i
    if isinstance(value, str):
        return f"marker{i}"
    return (f"marker{i}", i)  # tuples (and the empty cache)


def _changed(value: object) -> object:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "!"
    assert isinstance(value, tuple)
    return (*value, "changed")


def _filled(cls: type[Any]) -> tuple[Any, dict[str, object]]:
    """A real instance (from a game) whose every slot holds its own marker value."""
    state = RULES.initial_state(RULES.prepare(["A", "B", "C"], {}))
    obj = state if cls is State else state.players[0]
    values: dict[str, object] = {}
    for i, name in enumerate(SLOTS[cls]):
        values[name] = _marker(getattr(obj, name), i)
        setattr(obj, name, values[name])
    return obj, values


@pytest.mark.parametrize("cls", (Player, State))
def test_clone_copies_every_slot_and_starts_with_fresh_caches(cls: type[Any]) -> None:
    obj, values = _filled(cls)
    c = obj.clone()
    assert type(c) is cls and c is not obj
    for name, value in values.items():
        if name in CACHES:
            assert getattr(c, name) == CACHES[name], name
        else:
            assert getattr(c, name) == value, name


@pytest.mark.parametrize("cls", (Player, State))
def test_equality_compares_every_slot_but_the_caches(cls: type[Any]) -> None:
    obj, values = _filled(cls)
    for name in values:
        other = copy.copy(obj)
        for k, v in values.items():
            setattr(other, k, v)
        assert other == obj
        setattr(other, name, _changed(values[name]))
        if name in CACHES:
            assert other == obj, name
        else:
            assert other != obj, name
    assert obj.__eq__(object()) is NotImplemented


@pytest.mark.parametrize("cls", (Player, State))
def test_pickling_keeps_the_value_slots_and_drops_the_caches(cls: type[Any]) -> None:
    obj, values = _filled(cls)
    assert list(obj.__getstate__()) == [k for k in SLOTS[cls] if k not in CACHES]
    back = pickle.loads(pickle.dumps(obj))
    for name, value in values.items():
        assert getattr(back, name) == CACHES.get(name, value)


def test_the_same_methods_as_the_base_generates() -> None:
    """A `SlotState` with the same slots gives the same copies, equality and pickled state."""

    class BasePlayer(SlotState):
        __slots__ = _PLAYER_VALUE

    class BaseState(SeatedState[BasePlayer]):
        __slots__ = _STATE_VALUE

    for ours, base in ((Player, BasePlayer), (State, BaseState)):
        mine, values = _filled(ours)
        theirs = base.__new__(base)
        for k, v in values.items():
            setattr(theirs, k, v)
        assert mine.__getstate__() == theirs.__getstate__()
        assert mine.clone().__getstate__() == theirs.clone().__getstate__()


def test_registered_as_the_base_classes() -> None:
    assert isinstance(State.__new__(State), SeatedState)
    assert isinstance(State.__new__(State), GameState)
    assert isinstance(Player.__new__(Player), SlotState)
