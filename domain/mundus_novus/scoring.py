"""Scores: doubloons, and a complete set that outranks any doubloon count (score categories
`doubloons` and `complete_set`)."""

from __future__ import annotations

from domain.core.protocol import Scores, SeatScore
from domain.mundus_novus.state import State

COMPLETE_SET_RANK = 1000
"""Ranking points of a complete set: it wins over any doubloon count (not doubloons)."""


def scores(s: State) -> Scores:
    return Scores(
        tuple(
            SeatScore(
                i,
                seat.doubloons + (COMPLETE_SET_RANK if seat.complete else 0),
                {
                    "doubloons": seat.doubloons,
                    "complete_set": COMPLETE_SET_RANK if seat.complete else 0,
                },
            )
            for i, seat in enumerate(s.seats)
        )
    )
