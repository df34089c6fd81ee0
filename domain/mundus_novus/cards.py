"""Resource kinds and the printed tables of the rulebook (set sizes, rarities, payouts).

Kinds are indexed 1..9 (the numbered resources) and 10 (the Inca relic, written ``R``).
Card counts are kept as lists of 11 ints (index 0 unused), one per kind.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

RELIC = 10
KINDS = tuple(range(1, 11))
NUMBERED = tuple(range(1, 10))
KIND_NAMES = {
    1: "cocoa",
    2: "corn",
    3: "tobacco",
    4: "coffee",
    5: "cotton",
    6: "sugar cane",
    7: "potato",
    8: "indigo",
    9: "vanilla",
    RELIC: "Inca relic",
}
TRADE_VALUE = {k: (10 if k == RELIC else k) for k in KINDS}
"""Value of a card in the trade total: its number, the relic counts 10."""

EVENTS = ("kings_help", "natives", "storm", "fire", "pirates")
NO_EVENT = "none"
EVENT_NAMES = {
    "kings_help": "King's Help",
    "natives": "Natives",
    "storm": "Storm",
    "fire": "Fire",
    "pirates": "Pirates",
    NO_EVENT: "no event",
}

DIFF_PAYOUT = {4: 5, 5: 7, 6: 10, 7: 15, 8: 20, 9: 25}
"""Doubloons for a set of 4-9 different numbered kinds."""
RELIC_PAYOUT = {1: 3, 2: 7, 3: 12, 4: 18, 5: 25}
"""Doubloons for a set of 1-5 Inca relics."""
WIN_DOUBLOONS = 75
HAND_SIZE = 5
MARKET_SIZE = 3
QUEUE_SIZE = 5


def rarity(kind: int) -> int:
    """0 common (1-3), 1 rare (4-6), 2 very rare (7-9)."""
    return (kind - 1) // 3


def max_position(kind: int, size: int) -> int:
    """The deepest queue position (1-based) a same-kind set of `size` cards of `kind` may take.

    The table: 3 cards -> first / 1st-3rd / any; 4 cards -> 1st-3rd / any / any; 5 -> any.
    """
    r = rarity(kind)
    if size >= 5:
        return 5
    if size == 4:
        return 3 if r == 0 else 5
    return (1, 3, 5)[r]


def text(kind: int) -> str:
    return "R" if kind == RELIC else str(kind)


def parse(token: str) -> int:
    """A kind from its text form ("1".."9", "R"); ValueError otherwise."""
    if token == "R":
        return RELIC
    k = int(token)
    if not 1 <= k <= 9:
        raise ValueError(token)
    return k


def empty() -> list[int]:
    return [0] * 11


def counts(kinds: Iterable[int]) -> list[int]:
    c = empty()
    for k in kinds:
        c[k] += 1
    return c


def expand(c: Sequence[int]) -> list[int]:
    """The kinds of a count list, sorted, with repeats."""
    return [k for k in KINDS for _ in range(c[k])]


def texts(c: Sequence[int]) -> list[str]:
    return [text(k) for k in expand(c)]


def joined(c: Sequence[int]) -> str:
    """``"1,5,5,R"`` for a count list, ``"-"`` when empty."""
    return ",".join(texts(c)) or "-"


def parse_joined(s: str) -> list[int]:
    return empty() if s == "-" else counts(parse(t) for t in s.split(","))


def total(c: Sequence[int]) -> int:
    return sum(c)


def submultisets(c: Sequence[int], size: int) -> list[list[int]]:
    """Every distinct sub-multiset of `c` with exactly `size` cards."""
    out: list[list[int]] = []
    cur = empty()

    def rec(i: int, left: int) -> None:
        if left == 0:
            out.append(cur.copy())
            return
        if i > RELIC:
            return
        rest = sum(c[i:])
        if rest < left:
            return
        for take in range(min(c[i], left), -1, -1):
            cur[i] = take
            rec(i + 1, left - take)
        cur[i] = 0

    rec(1, size)
    return out
