"""The order of a turn: work or rest, exploration choices, the storage limit, the next player,
and the end (after the round in which someone takes their 8th point card).

Actions besides working, ``explore:<loc>`` and ``return:<kind>``: the grammar in `actions.py`.
"""

from __future__ import annotations

from domain.century_new_world import cubes as C
from domain.century_new_world import locations as L
from domain.century_new_world.state import EXPLORE, OVER, RETURN, WORK, State
from domain.core.state import cached_legal

RETURN_ACTIONS = tuple(f"return:{k}" for k in C.KINDS)


@cached_legal
def legal(s: State, seat: int) -> tuple[str, ...]:
    """Legal actions of `seat` (empty unless `seat` is to move; listed once per state)."""
    found: tuple[str, ...]
    if seat != s.actor or s.phase < WORK or s.phase == OVER:
        found = ()
    elif s.phase == WORK:
        places = L.placements(s, seat)
        places.append(L.REST)  # KO: work or rest, either, always (rest may take back nothing)
        found = tuple(places)
    elif s.phase == EXPLORE:
        found = tuple(
            f"explore:{s.t.locations[li].id}" for li, x in enumerate(s.explore_on) if x >= 0
        )
    else:
        have = s.players[seat].cubes
        found = tuple(a for a, n in zip(RETURN_ACTIONS, have, strict=True) if n)
    return found


def explore(s: State, seat: int, loc_id: str) -> None:
    li = s.t.loc_index[loc_id]
    tile = s.explore_on[li]
    on = list(s.explore_on)
    on[li] = -1
    s.explore_on = tuple(on)
    p = s.edit(seat)
    p.explored = (*p.explored, tile)
    s.pending_explore -= 1
    L.benefit(s, seat, s.t.tiles[tile].benefit)


def give_back(s: State, seat: int, kind: str) -> None:
    one = C.parse(kind)
    p = s.edit(seat)
    p.cubes = C.sub(p.cubes, one)
    s.supply_in = C.add(s.supply_in, one)


def finish_turn(s: State) -> None:
    """After each step of the actor: pending explorations, then the storage limit, then on."""
    seat = s.actor
    if s.pending_explore and any(x >= 0 for x in s.explore_on):
        s.phase = EXPLORE
        return
    s.pending_explore = 0  # no exploration tile left to take: the benefit lapses
    if sum(s.players[seat].cubes) > s.t.facts.storage:
        s.phase = RETURN
        return
    if any(len(p.cards) >= s.t.facts.end_cards for p in s.players):
        s.ending = True
    if s.ending and seat == s.nplayers - 1:
        s.phase = OVER
        return
    s.phase = WORK
    s.actor = (seat + 1) % s.nplayers
    if s.actor == 0:
        s.round += 1
