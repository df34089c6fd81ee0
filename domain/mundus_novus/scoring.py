"""Scores: doubloons, and a complete set that outranks any doubloon count (score categories
`doubloons` and `complete_set`)."""

from __future__ import annotations

from domain.core.protocol import Scores, SeatScore
from domain.mundus_novus.state import State

COMPLETE_SET_RANK = 1000
"""Ranking points of a complete set: it wins over any doubloon count (not doubloons)."""


def seat_score(s: State, i: int) -> SeatScore:
    """One seat's score (the projection rescores only the seats whose part changed)."""
    seat = s.seats[i]
    complete = COMPLETE_SET_RANK if seat.complete else 0
    return SeatScore(
        i,
        seat.doubloons + complete,
        {"doubloons": seat.doubloons, "complete_set": complete},
    )


def scores(s: State) -> Scores:
    return Scores(tuple(seat_score(s, i) for i in range(len(s.seats))))
