"""Determinization: a state with what a seat cannot see dealt again at random.

A rollout must not use what the mover could not know. Before each rollout the hidden part of the
state (the other seats' hands, face-down tiles, the order of face-down decks) is gathered into one
pool, put in a canonical (sorted) order, shuffled with the rollout's generator and dealt back into
the same places with the same counts. Because the pool is sorted first, the result depends only on
what the seat sees plus the generator: two states that differ only in hidden cards give the same
determinized states (`tests/analysis/test_hidden.py`).

"What the seat sees" is the seat's `view` at that moment (cards seen earlier and since hidden again
are not remembered). `viewer=None` means no seat: everything any seat could not see is redealt.
Puerto Rico hides nothing (plantations are drawn when needed), so its states are used as they are.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

Determinizer = Callable[[Any, int | None, random.Random], Any]


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


def public(state: Any, viewer: int | None, rng: random.Random) -> Any:
    """A game without hidden information: the state itself."""
    return state


def century_new_world(state: Any, viewer: int | None, rng: random.Random) -> Any:
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


def santa_maria(state: Any, viewer: int | None, rng: random.Random) -> Any:
    """Other players' shipping tiles lie face down; with the face-down shipping pile they form
    the pool a seat cannot tell apart. Each dock keeps its number of tiles."""
    if state.over:
        return state
    s = state.clone()
    others = [i for i in range(len(s.players)) if i != viewer]
    # A tile a pending task names (astronomy moving the tile just taken) stays where it is.
    named = {part for task in s.tasks for part in task if isinstance(part, str)}
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
    return s


def mundus_novus(state: Any, viewer: int | None, rng: random.Random) -> Any:
    """Other seats' hands, warehouses and secret offers, the deck and the discard pile (all card
    counts), and the development deck's order are redealt with their sizes kept."""
    from domain.mundus_novus.state import OFFER

    if state.over:
        return state
    s = state.clone()
    kinds = len(s.deck)
    others = [i for i in range(s.n) if i != viewer]
    secret = s.phase == OFFER
    holders: list[tuple[Any, str]] = []
    for i in others:
        seat = s.seats[i]
        holders.append((seat, "hand"))
        holders.append((seat, "stored"))
        if secret and seat.offer is not None:
            holders.append((seat, "offer"))
    holders.append((s, "deck"))
    holders.append((s, "discard"))
    pool: list[int] = []
    sizes = []
    for owner, name in holders:
        counts = getattr(owner, name)
        pool.extend(_counts_to_items(counts))
        sizes.append(sum(counts))
    for (owner, name), part in zip(holders, _deal(pool, sizes, rng), strict=True):
        setattr(owner, name, _items_to_counts(part, kinds))
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
