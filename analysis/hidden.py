"""Determinization: a state with what a seat cannot see dealt again at random.

A rollout must not use what the mover could not know. Before each rollout the hidden part of the
state (the other seats' hands, face-down tiles, the order of face-down decks) is gathered into one
pool, put in a canonical (sorted) order, shuffled with the rollout's generator and dealt back into
the same places with the same counts. Because the pool is sorted first, the result depends only on
what the seat sees plus the generator: two states that differ only in hidden cards give the same
determinized states (`tests/analysis/test_hidden.py`).

"What the seat sees" is the seat's `view` at that moment plus what the game's public history
showed earlier (`memory`, kept by a `Memory` along the recorded steps; `analysis.memory`): a card
seen face up and then taken into a hidden place is known to be there and stays where it is; only
the rest is redealt. `viewer=None` means no seat: everything any seat could not see is redealt.
Puerto Rico hides nothing (plantations are drawn when needed), so its states are used as they are.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

Determinizer = Callable[[Any, int | None, random.Random, Any], Any]
"""(state, viewer, generator, memory or None) -> a state with the hidden part dealt again."""


def _deal(pool: list[Any], sizes: Sequence[int], rng: random.Random) -> list[list[Any]]:
    """`pool` sorted, shuffled and cut into consecutive parts of `sizes`."""
    pool = sorted(pool)
    rng.shuffle(pool)
    parts, at = [], 0
    for size in sizes:
        parts.append(pool[at : at + size])
        at += size
    return parts


def _counts_to_items(counts: Sequence[int]) -> list[int]:
    return [kind for kind, n in enumerate(counts) for _ in range(n)]


def _items_to_counts(items: Sequence[int], kinds: int) -> list[int]:
    counts = [0] * kinds
    for kind in items:
        counts[kind] += 1
    return counts


def public(state: Any, viewer: int | None, rng: random.Random, memory: Any = None) -> Any:
    """A game without hidden information: the state itself."""
    return state


def century_new_world(
    state: Any, viewer: int | None, rng: random.Random, memory: Any = None
) -> Any:
    """The point card deck below its top card and the bonus tiles below each stack's top are face
    down for everyone: both are shuffled again (stacks keep their heights)."""
    s = state.clone()
    if len(s.deck) > 2:
        s.deck = (s.deck[0], *_deal(list(s.deck[1:]), [len(s.deck) - 1], rng)[0])
    below = [len(stack) - 1 if stack else 0 for stack in s.stacks]
    if sum(below) > 1:
        parts = _deal([t for stack in s.stacks for t in stack[1:]], below, rng)
        s.stacks = tuple(
            (stack[0], *part) if stack else stack
            for stack, part in zip(s.stacks, parts, strict=True)
        )
    return s


def santa_maria(state: Any, viewer: int | None, rng: random.Random, memory: Any = None) -> Any:
    """Other players' shipping tiles lie face down; with the face-down shipping pile they form
    the pool a seat cannot tell apart. Each dock keeps its number of tiles. A tile the seat saw
    face up at the docks before it was taken (`memory`: the ids seen) stays where it is.
    Module D: the Maya player's hand, seen only by the Maya seat, is dealt again from the hand
    and the Maya deck (unordered: its draws are chance outcomes)."""
    if state.over:
        return state
    s = state.clone()
    others = [i for i in range(len(s.players)) if i != viewer]
    # A tile a pending task names (astronomy moving the tile just taken) stays where it is, and
    # so does one the seat saw taken.
    named = {part for task in s.tasks for part in task if isinstance(part, str)}
    named |= memory or frozenset()
    pool = list(s.ship_left)
    sizes = []
    for i in others:
        for dock in s.players[i].ships:
            loose = [t for t in dock if t not in named]
            pool.extend(loose)
            sizes.append(len(loose))
    sizes.append(len(s.ship_left))
    parts = _deal(pool, sizes, rng)
    at = 0
    for i in others:
        p = s.edit(i)
        docks = []
        for dock in p.ships:
            kept = tuple(t for t in dock if t in named)
            docks.append((*kept, *parts[at]))
            at += 1
        p.ships = tuple(docks)
    s.ship_left = tuple(sorted(parts[at]))
    if s.maya is not None and viewer != MAYA_SEAT:
        s.maya = _maya_hand_redealt(s.maya, rng)
    return s


MAYA_SEAT = 0
"""Module D: the Maya player is seat 0 (`domain.santa_maria.state`)."""


def _maya_hand_redealt(maya: Any, rng: random.Random) -> Any:
    from dataclasses import replace

    hand, deck = _deal([*maya.hand, *maya.deck], [len(maya.hand), len(maya.deck)], rng)
    return replace(maya, hand=tuple(sorted(hand)), deck=tuple(sorted(deck)))


def mundus_novus(state: Any, viewer: int | None, rng: random.Random, memory: Any = None) -> Any:
    """Other seats' hands, warehouses and secret offers, the deck and the discard pile (all card
    counts), and the development deck's order are redealt with their sizes kept. Cards the
    public history showed going into a hand (`memory`: per seat, per kind, at least so many)
    stay in it; only the rest of the hand is dealt."""
    from domain.mundus_novus.state import OFFER

    if state.over:
        return state
    s = state.clone()
    kinds = len(s.deck)
    others = [i for i in range(s.n) if i != viewer]
    secret = s.phase == OFFER
    holders: list[tuple[Any, str, Sequence[int]]] = []
    none = (0,) * kinds
    for i in others:
        seat = s.seats[i]
        holders.append((seat, "hand", memory[i] if memory is not None else none))
        holders.append((seat, "stored", none))
        if secret and seat.offer is not None:
            holders.append((seat, "offer", none))
    holders.append((s, "deck", none))
    holders.append((s, "discard", none))
    pool: list[int] = []
    sizes = []
    for owner, name, kept in holders:
        counts = getattr(owner, name)
        pool.extend(_counts_to_items([n - k for n, k in zip(counts, kept, strict=True)]))
        sizes.append(sum(counts) - sum(kept))
    for (owner, name, kept), part in zip(holders, _deal(pool, sizes, rng), strict=True):
        dealt = _items_to_counts(part, kinds)
        setattr(owner, name, [n + k for n, k in zip(dealt, kept, strict=True)])
    if len(s.dev_deck) > 1:
        s.dev_deck = _deal(list(s.dev_deck), [len(s.dev_deck)], rng)[0]
    s.forget_legal()
    return s


DETERMINIZERS: dict[str, Determinizer] = {
    "puerto-rico": public,
    "century-new-world": century_new_world,
    "santa-maria": santa_maria,
    "mundus-novus": mundus_novus,
}

HIDES_PER_SEAT = frozenset({"santa-maria", "mundus-novus"})
"""Games whose hidden part depends on the seat looking (the others hide the same for all)."""


def determinizer(game: str) -> Determinizer:
    """The determinizer of `game`; a game not listed is taken to hide nothing."""
    return DETERMINIZERS.get(game, public)
