"""The one state base: copies, equality and the cached legal actions, generated from the slots."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

from domain.core import registry
from domain.core.play import play
from domain.core.state import LEGAL_CACHE, SeatedState, SlotState

GAMES = ("puerto-rico", "santa-maria", "century-new-world")


class Thing(SlotState):
    __slots__ = ("a", "b", "legal_cache", "legal_seat", "shared")
    _FRESH = LEGAL_CACHE
    _UNCOMPARED = ("shared",)

    def __hash__(self) -> int:
        return hash(self.a)


class Seat(SlotState):
    __slots__ = ("coins",)


class Table(SeatedState[Seat]):
    __slots__ = ("players",)


def _thing(a: int, b: tuple[int, ...], shared: object) -> Thing:
    t = Thing.__new__(Thing)
    t.a, t.b, t.shared, t.legal_cache, t.legal_seat = a, b, shared, ("x",), 3
    return t


def test_clone_copies_every_slot_and_starts_with_fresh_caches() -> None:
    catalog = object()
    t = _thing(1, (2, 3), catalog)
    c = t.clone()
    assert c is not t and (c.a, c.b) == (1, (2, 3)) and c.shared is catalog
    assert (c.legal_cache, c.legal_seat) == (None, -2)
    assert c == t  # caches are not part of the value


def test_the_base_copy_loop_gives_what_the_generated_copy_gives() -> None:
    """`SlotState.clone` (the slot loop) and a subclass's generated clone agree."""
    t = _thing(1, (2, 3), object())
    fast, loop = t.clone(), SlotState.clone(t)
    assert type(loop) is Thing and loop == fast and loop.shared is t.shared
    assert (loop.legal_cache, loop.legal_seat) == (fast.legal_cache, fast.legal_seat)


def test_equality_ignores_caches_and_uncompared_slots_only() -> None:
    t = _thing(1, (2,), object())
    assert t == _thing(1, (2,), object())  # another catalog object: not compared
    assert t != _thing(1, (3,), object())
    assert t != _thing(2, (2,), object())
    assert t.__eq__(object()) is NotImplemented


def test_pickle_and_deepcopy_keep_the_value_and_drop_the_caches() -> None:
    t = _thing(5, (1, 2), "catalog")
    for other in (pickle.loads(pickle.dumps(t)), copy.deepcopy(t)):
        assert other == t and other.shared == "catalog"
        assert (other.legal_cache, other.legal_seat) == (None, -2)


def test_edit_copies_one_player_and_leaves_the_original_alone() -> None:
    seats = []
    for coins in (3, 4):
        seat = Seat.__new__(Seat)
        seat.coins = coins
        seats.append(seat)
    before = Table.__new__(Table)
    before.players = tuple(seats)
    after = before.clone()
    after.edit(1).coins += 1
    assert [p.coins for p in before.players] == [3, 4]
    assert [p.coins for p in after.players] == [3, 5]
    assert after.players[0] is before.players[0]
    with pytest.raises(TypeError):
        hash(seats[0])  # equal by value and no hash of its own: unhashable


@pytest.mark.parametrize("name", GAMES)
def test_the_engines_states_and_players_use_the_base(name: str) -> None:
    rules = registry.get(name)
    players = 3
    setup = rules.prepare([f"P{i}" for i in range(players)], {})
    _, final = play(rules, setup, [rules.bot("random", i) for i in range(players)],
                    random.Random(4))
    assert isinstance(final, SeatedState)
    assert all(isinstance(p, SlotState) for p in final.players)
    legal: Any = final
    copied = final.clone()
    assert copied == final and copied is not final and copied.players is final.players
    assert legal.legal_cache is None or copied.legal_cache is None
    assert pickle.loads(pickle.dumps(final)) == final
    assert hash(copied) == hash(final)
