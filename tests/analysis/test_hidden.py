"""A seat's analysis never reads what the seat cannot see: states that differ only in hidden
cards (checked: the seat's `view` is equal) determinize to the same states and give the same win
chances; a visible difference still shows."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from analysis.hidden import determinizer
from analysis.rollout import win_chances
from domain.core import registry
from domain.core.play import play, states

GAMES = ("mundus-novus", "century-new-world", "santa-maria")


def _state_at(name: str, fraction: float, seed: int = 4, players: int = 3) -> Any:
    rules = registry.get(name)
    setup = rules.prepare([f"p{i}" for i in range(players)], {})
    bots = [rules.bot("heuristic", seed * 10 + i) for i in range(players)]
    steps, _ = play(rules, setup, bots, random.Random(seed))
    return list(states(rules, setup, steps[: int(len(steps) * fraction)]))[-1]


def _swap_mundus(s: Any, viewer: int) -> Any:
    """An opponent's hand card swapped with a different card of the deck, the dev deck turned
    (the first opponent after the viewer that holds a card)."""
    t = s.clone()
    others = (t.seats[(viewer + k) % t.n] for k in range(1, t.n))
    other = next(seat for seat in others if any(seat.hand))
    a = next(k for k, n in enumerate(other.hand) if n)
    b = next(k for k, n in enumerate(t.deck) if n and k != a)
    other.hand[a] -= 1
    other.hand[b] += 1
    t.deck[b] -= 1
    t.deck[a] += 1
    t.dev_deck = list(reversed(t.dev_deck))
    return t


def _swap_century(s: Any, viewer: int) -> Any:
    """The point cards below the top in another order, and the bonus tiles below the tops."""
    t = s.clone()
    t.deck = (t.deck[0], *reversed(t.deck[1:]))
    tails = [x for stack in t.stacks for x in stack[1:]]
    tails = tails[1:] + tails[:1]
    out, at = [], 0
    for stack in t.stacks:
        n = max(len(stack) - 1, 0)
        out.append((stack[0], *tails[at : at + n]) if stack else stack)
        at += n
    t.stacks = tuple(out)
    return t


def _swap_santa(s: Any, viewer: int) -> Any:
    """An opponent's face-down shipping tile swapped with a different one of the pile."""
    t = s.clone()
    for seat in range(len(t.players)):
        if seat == viewer:
            continue
        for d, dock in enumerate(t.players[seat].ships):
            for i, tile in enumerate(dock):
                other = next((x for x in t.ship_left if x != tile), None)
                if other is None:
                    continue
                p = t.edit(seat)
                docks = list(p.ships)
                docks[d] = (*dock[:i], other, *dock[i + 1 :])
                p.ships = tuple(docks)
                left = list(t.ship_left)
                left[left.index(other)] = tile
                t.ship_left = tuple(left)
                return t
    raise AssertionError("no face-down tile to swap")


SWAPS: dict[str, Callable[[Any, int], Any]] = {
    "mundus-novus": _swap_mundus,
    "century-new-world": _swap_century,
    "santa-maria": _swap_santa,
}


@pytest.mark.parametrize("name", GAMES)
def test_only_hidden_cards_changed_gives_the_same_analysis(name: str) -> None:
    rules = registry.get(name)
    state = _state_at(name, 0.85)
    viewer = 0
    changed = SWAPS[name](state, viewer)
    assert rules.view(changed, viewer) == rules.view(state, viewer)
    assert changed != state
    deal = determinizer(name)
    for k in range(5):
        assert deal(state, viewer, random.Random(k), None) == deal(
            changed, viewer, random.Random(k), None
        )
    chosen = {"players": 3, "rollouts": 2, "seed": 1, "at": 100}
    assert win_chances(rules, state, viewer, **chosen) == win_chances(
        rules, changed, viewer, **chosen
    )


@pytest.mark.parametrize("name", ("mundus-novus", "santa-maria"))
def test_the_owner_still_sees_the_change(name: str) -> None:
    """The same change seen by the seat whose cards changed is a visible one."""
    rules = registry.get(name)
    state = _state_at(name, 0.85)
    changed = SWAPS[name](state, 0)
    owner = next(
        seat for seat in range(1, 3) if rules.view(changed, seat) != rules.view(state, seat)
    )
    deal = determinizer(name)
    assert deal(state, owner, random.Random(1), None) != deal(
        changed, owner, random.Random(1), None
    )
