"""Scoring (<게임 종료>): point cards + bonus tiles + exploration tiles + 1 per non-yellow cube.

Tie-break: among tied players the later one in turn order wins, so the tie-break value is the
seat number (seat 0 is the start player).
"""

from __future__ import annotations

from domain.century_new_world.state import State
from domain.core.protocol import Scores, SeatScore

CATEGORIES = ("point_cards", "bonus_tiles", "exploration_tiles", "cubes")


def breakdown(s: State, seat: int) -> dict[str, int]:
    """A seat's points by category (the statistics' score timeline reads it at every step that
    changes a seat's cards or tiles: the points by index, `Tables.card_points`...)."""
    t = s.t
    p = s.players[seat]
    c = p.cubes
    return {
        "point_cards": sum(map(t.card_points.__getitem__, p.cards)),
        "bonus_tiles": sum(map(t.bonus_points.__getitem__, p.bonus)),
        "exploration_tiles": sum(map(t.tile_points.__getitem__, p.explored)),
        "cubes": c[1] + c[2] + c[3],
    }


def scores(s: State) -> Scores:
    seats = []
    for seat in range(s.nplayers):
        parts = breakdown(s, seat)
        seats.append(SeatScore(seat, sum(parts.values()), parts, (seat,)))
    return Scores(tuple(seats))
