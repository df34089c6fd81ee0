"""Chance as data: what randomness a state needs, and resolving it with an explicit generator.

The engine never draws random numbers. It describes what it needs (a `ChanceSpec`), the caller
resolves it (a seeded `random.Random` for new games, the recorded outcome for replays, the log's
outcome for imports) and hands the outcome back; the outcome is what the event stores.
An outcome is always a JSON-able tuple of strings or ints.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from domain.core.errors import BadChanceOutcome
from domain.core.phrase import Term, phrase

Outcome = tuple[str, ...] | tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Put `items` in a random order; the outcome is the whole order."""

    items: tuple[str, ...]
    label: str = "shuffle"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw `count` items without replacement from the multiset `pool`; outcome in draw order.

    `hands`: when the draw is dealt, how many of the first items go to each seat's hand in
    seat order (the outcome's next `hands[0]` items to seat 1, ...; the items after them lie
    face up), so a person entering the deal can tap each hand apart; empty: one heap."""

    pool: tuple[str, ...]
    count: int
    label: str = "draw"
    hands: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Dice:
    """Roll `count` dice with `sides` faces; the outcome is the values in order."""

    count: int
    sides: int = 6
    label: str = "dice"


ChanceSpec = Shuffle | Draw | Dice


def resolve(spec: ChanceSpec, rng: random.Random) -> Outcome:
    """Resolve `spec` with the caller's generator (never a global one)."""
    if isinstance(spec, Shuffle):
        order = list(spec.items)
        rng.shuffle(order)
        return tuple(order)
    if isinstance(spec, Draw):
        return tuple(rng.sample(spec.pool, spec.count))
    return tuple(rng.randint(1, spec.sides) for _ in range(spec.count))


def validate(spec: ChanceSpec, outcome: tuple[object, ...]) -> None:
    """Raise `BadChanceOutcome` unless `outcome` is a possible result of `spec`."""
    if isinstance(spec, Shuffle):
        if Counter(outcome) != Counter(spec.items):
            raise BadChanceOutcome(
                phrase(
                    "{label}: outcome is not a permutation of the {n} items",
                    label=_label(spec),
                    n=len(spec.items),
                ),
                hint=phrase(
                    "expected an order of: {items}", items=", ".join(sorted(set(spec.items)))
                ),
            )
        return
    if isinstance(spec, Draw):
        if len(outcome) != spec.count:
            raise BadChanceOutcome(
                phrase(
                    "{label}: expected {count} items, got {n}",
                    label=_label(spec),
                    count=spec.count,
                    n=len(outcome),
                )
            )
        have: Counter[object] = Counter(spec.pool)
        need = Counter(outcome)
        short = [f"{k} x{n}" for k, n in need.items() if have[k] < n]
        if short:
            raise BadChanceOutcome(
                phrase(
                    "{label}: not in the pool: {short}",
                    label=_label(spec),
                    short=", ".join(map(str, short)),
                ),
                hint=phrase("the pool holds: {pool}", pool=", ".join(sorted(set(spec.pool)))),
            )
        return
    if len(outcome) != spec.count or not all(
        isinstance(v, int) and 1 <= v <= spec.sides for v in outcome
    ):
        raise BadChanceOutcome(
            phrase(
                "{label}: expected {count} values from 1 to {sides}, got {outcome}",
                label=_label(spec),
                count=spec.count,
                sides=spec.sides,
                outcome=repr(outcome),
            )
        )


def _label(spec: ChanceSpec) -> Term:
    """The spec's label as a term (the display layer names the chance event in its language)."""
    return Term(spec.label, "chance")
