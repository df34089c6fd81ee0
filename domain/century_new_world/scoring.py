"""Scoring (<게임 종료>): point cards + bonus tiles + exploration tiles + 1 per non-yellow cube.

Tie-break: among tied players the later one in turn order wins, so the tie-break value is the
seat number (seat 0 is the start player).
"""

from __future__ import annotations

from domain.century_new_world.state import State
from domain.core.protocol import Scores, SeatScore

CATEGORIES = ("point_cards", "bonus_tiles", "exploration_tiles", "cubes")


def breakdown(s: State, seat: int) -> dict[str, int]:
    t = s.t
    p = s.players[seat]
    return {
        "point_cards": sum(t.cards[c].points for c in p.cards),
        "bonus_tiles": sum(t.bonus[b].points for b in p.bonus),
        "exploration_tiles": sum(t.tiles[x].points for x in p.explored),
        "cubes": p.cubes[1] + p.cubes[2] + p.cubes[3],
    }


def scores(s: State) -> Scores:
    seats = []
    for seat in range(s.nplayers):
        parts = breakdown(s, seat)
        seats.append(SeatScore(seat, sum(parts.values()), parts, (seat,)))
    return Scores(tuple(seats))
