"""The four cube kinds in their order (corn < meat < tobacco < fur) and multiset helpers.

A multiset of cubes is a 4-tuple of counts by kind; its text form is letters in kind order,
``"YYR"`` = two yellow (corn) and one red (meat). ``B`` is brown (fur).
"""

from __future__ import annotations

from domain.core.phrase import worded

KINDS = ("Y", "R", "G", "B")
"""Cube kinds in rulebook order: yellow corn < red meat < green tobacco < brown fur."""
NAMES = ("corn", "meat", "tobacco", "fur")
COLOURS = ("yellow", "red", "green", "brown")
INDEX = {k: i for i, k in enumerate(KINDS)}
NONE: tuple[int, int, int, int] = (0, 0, 0, 0)

Cubes = tuple[int, ...]


def parse(text: str) -> Cubes:
    """``"YYR"`` -> ``(2, 1, 0, 0)``; raises ValueError on an unknown letter."""
    counts = [0, 0, 0, 0]
    for ch in text.strip():
        if ch not in INDEX:
            raise ValueError(
                worded(
                    "unknown cube {cube} (cubes are {cubes})", cube=repr(ch), cubes=", ".join(KINDS)
                )
            )
        counts[INDEX[ch]] += 1
    return tuple(counts)


def text(cubes: Cubes) -> str:
    """``(2, 1, 0, 0)`` -> ``"YYR"`` (kind order)."""
    return "".join(k * n for k, n in zip(KINDS, cubes, strict=True))


def add(a: Cubes, b: Cubes) -> Cubes:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def sub(a: Cubes, b: Cubes) -> Cubes:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def covers(have: Cubes, need: Cubes) -> bool:
    return have[0] >= need[0] and have[1] >= need[1] and have[2] >= need[2] and have[3] >= need[3]


def times(cubes: Cubes, k: int) -> Cubes:
    return (cubes[0] * k, cubes[1] * k, cubes[2] * k, cubes[3] * k)


def describe(cubes: Cubes) -> str:
    """``(2, 1, 0, 0)`` -> ``"2 corn, 1 meat"`` (``"nothing"`` when empty)."""
    parts = [f"{n} {name}" for n, name in zip(cubes, NAMES, strict=True) if n]
    return ", ".join(parts) or "nothing"


def upgrades(have: Cubes, steps: int) -> tuple[Cubes, ...]:
    """Every holding reachable with 1..`steps` single-level upgrades (a cube one kind up).

    Sorted for a stable order; the original holding is never among them (upgrades only raise).
    """
    seen: set[Cubes] = set()
    frontier = {have}
    for _ in range(steps):
        nxt: set[Cubes] = set()
        for c in frontier:
            for k in range(3):
                if c[k]:
                    lst = list(c)
                    lst[k] -= 1
                    lst[k + 1] += 1
                    nxt.add(tuple(lst))
        nxt -= seen
        seen |= nxt
        frontier = nxt
        if not frontier:
            break
    return tuple(sorted(seen))


def change(before: Cubes, after: Cubes) -> str:
    """The net change as ``give>take`` text, e.g. ``"YY>RG"``."""
    give = tuple(max(b - a, 0) for b, a in zip(before, after, strict=True))
    take = tuple(max(a - b, 0) for b, a in zip(before, after, strict=True))
    return f"{text(give)}>{text(take)}"
