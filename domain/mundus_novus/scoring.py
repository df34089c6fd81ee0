"""Scores: doubloons, and a complete set that outranks any doubloon count (score categories
`doubloons` and `complete_set`)."""

from __future__ import annotations

from domain.core.protocol import Scores, SeatScore
from domain.mundus_novus.state import State

COMPLETE_SET_RANK = 1000
"""Ranking points of a complete set: it wins over any doubloon count (not doubloons)."""


def seat_points(s: State, i: int) -> dict[str, int]:
    """One seat's points by category (the projection rescores only the seats whose part
    changed)."""
    seat = s.seats[i]
    return {"doubloons": seat.doubloons, "complete_set": COMPLETE_SET_RANK if seat.complete else 0}


def seat_score(s: State, i: int) -> SeatScore:
    """One seat's score: `seat_points` and their total."""
    parts = seat_points(s, i)
    return SeatScore(i, parts["doubloons"] + parts["complete_set"], parts)


def scores(s: State) -> Scores:
    return Scores(tuple(seat_score(s, i) for i in range(len(s.seats))))
