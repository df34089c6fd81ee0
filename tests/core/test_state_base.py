"""The one state base: copies, equality and the cached legal actions, generated from the slots."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any, ClassVar

import pytest

from domain.core import registry
from domain.core.chance import resolve
from domain.core.play import play
from domain.core.protocol import CHANCE, ChanceStep, Decision
from domain.core.state import LEGAL_CACHE, GameState, SeatedState, SlotState, cached_legal

GAMES = ("puerto-rico", "santa-maria", "century-new-world")
"""The games whose states are `SeatedState`s of `SlotState` players (Mundus Novus: below)."""


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
    _, final = play(
        rules, setup, [rules.bot("random", i) for i in range(players)], random.Random(4)
    )
    assert isinstance(final, SeatedState)
    assert all(isinstance(p, SlotState) for p in final.players)
    legal: Any = final
    copied = final.clone()
    assert copied == final and copied is not final and copied.players is final.players
    assert legal.legal_cache is None or copied.legal_cache is None
    assert pickle.loads(pickle.dumps(final)) == final
    assert hash(copied) == hash(final)


class Box(SlotState):
    __slots__ = ("items", "name")
    _COPY: ClassVar[dict[str, Callable[[Any], Any]]] = {"items": list.copy}


def test_copied_slots_are_copied_by_their_function_in_both_copies() -> None:
    box = Box.__new__(Box)
    box.items, box.name = [1, 2], "b"
    for copied in (box.clone(), SlotState.clone(box)):
        assert copied == box and copied.items is not box.items
        copied.items.append(3)
        assert box.items == [1, 2]


class Counter(GameState):
    __slots__ = ("n",)


def test_cached_legal_lists_once_per_state_and_seat() -> None:
    calls: list[int] = []

    @cached_legal
    def legal(state: Counter, seat: int) -> tuple[str, ...]:
        """The listing."""
        calls.append(seat)
        return (f"take:{state.n}",) if seat == 0 else ()

    s = Counter.__new__(Counter)
    s.n = 1
    s.forget_legal()
    assert legal(s, 0) == ("take:1",) and legal(s, 0) == ("take:1",)
    assert calls == [0]
    assert legal(s, 1) == () and legal(s, 1) == () and calls == [0, 1]  # empty: listed again
    assert legal(s, 0) == ("take:1",) and calls == [0, 1, 0]
    copied = s.clone()
    copied.n = 2
    assert legal(copied, 0) == ("take:2",) and calls == [0, 1, 0, 0]  # a copy starts empty
    assert legal.__doc__ == "The listing."


@pytest.mark.parametrize("name", (*GAMES, "mundus-novus"))
def test_every_engine_keeps_its_legal_actions_in_the_base_cache(name: str) -> None:
    rules = registry.get(name)
    setup = rules.prepare(["A", "B", "C"], {})
    state = rules.initial_state(setup)
    rng = random.Random(2)
    while rules.awaits_chance(state):
        state = rules.apply(state, ChanceStep(resolve(rules.chance_spec(state), rng)))
    assert isinstance(state, GameState)
    seat = rules.to_move(state)[0]
    listed = rules.legal_actions(state, seat)
    assert listed and (state.legal_cache, state.legal_seat) == (listed, seat)
    assert rules.legal_actions(state, seat) is listed
    state.forget_legal()
    again = rules.legal_actions(state, seat)
    assert again == listed and (state.legal_cache, state.legal_seat) == (listed, seat)


def _mundus_novus_game(seed: int) -> Any:
    rules = registry.get("mundus-novus")
    setup = rules.prepare(["A", "B", "C", "D"], {})
    bots = [rules.bot("random", i) for i in range(4)]
    states = []
    state = rules.initial_state(setup)
    rng = random.Random(seed)
    while not rules.is_over(state) and len(states) < 400:
        states.append(state)
        seats = rules.to_move(state)
        if seats == (CHANCE,):
            step: Any = ChanceStep(resolve(rules.chance_spec(state), rng))
        else:
            seat = rng.choice(seats)
            step = Decision(seat, bots[seat].choose(state, seat))
        state = rules.apply(state, step)
    return states


def _mutate_everything(s: Any) -> None:
    """Change every list of a Mundus Novus state and of its seats, in place."""
    for name in ("deck", "discard", "market", "open_cards"):
        getattr(s, name).append(1)
    for name in ("dev_deck", "queue", "pickers", "pirate_queue", "history"):
        getattr(s, name).append(None)
    for seat in s.seats:
        for name in ("hand", "dev", "stored", "conversions", "merchants_used", "fleets"):
            getattr(seat, name).append(None)
        for fleet in seat.fleets[:-1]:
            fleet.append("x")
        if seat.offer is not None:
            seat.offer.append(1)
        seat.doubloons += 1
    s.seats.append(None)


def test_mundus_novus_state_clone_is_deep_and_equal() -> None:
    """Its steps change lists in place: a copy shares none of them, and equals its original."""
    from domain.mundus_novus.state import Seat, State

    states = _mundus_novus_game(3)
    phases = {s.phase for s in states}
    assert {"offer", "develop", "pick"} <= phases
    for state in states[::7]:
        assert isinstance(state, State) and isinstance(state, GameState)
        assert all(isinstance(seat, Seat) for seat in state.seats)
        before = pickle.dumps(state)
        copied = state.clone()
        assert copied == state and copied is not state
        assert copied.cards is state.cards  # the catalog is shared
        assert pickle.loads(pickle.dumps(copied)) == state
        _mutate_everything(copied)
        assert copied != state
        assert pickle.dumps(state) == before, "the copy shared a list with its original"


def test_mundus_novus_equality_ignores_caches_and_the_catalog_only() -> None:
    state = _mundus_novus_game(5)[-1]
    other = state.clone()
    other.cards = {}
    other.legal_cache, other.legal_seat = ("x",), 9
    assert other == state
    other.seats[0].doubloons += 1
    assert other != state
    with pytest.raises(TypeError):
        hash(state)
