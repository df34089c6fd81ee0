"""Guest House (Expansion 1): up to 2 colonists wait there and move out later (KO).

In the mayor phase the Guest House is an ordinary placement target with 2 circles. Its guests
may move to any free circle of a tile or building "at the start, middle or end of any phase",
at once in force, staying there until the next mayor phase. The engine offers the move
(``guest:<tile|building>``, one guest per step) whenever the owner is the seat to decide, outside
his own mayor placement; and before a settler, builder, craftsman, trader or captain phase
each other owner is asked once (`open_stage`). A seat with nothing else to decide is not
stopped for it otherwise, except at the captain's storage when a guest moved to his unmanned
warehouse or Storehouse would save barrels (KO's own example; see docs/rules-notes.md).
"""

from __future__ import annotations

from domain.puerto_rico.actions import GUEST_ACTIONS
from domain.puerto_rico.components import (
    BUILDER,
    BUILDINGS,
    CAPTAIN,
    CRAFTSMAN,
    GUEST_HOUSE,
    LARGE_WAREHOUSE,
    SETTLER,
    SMALL_WAREHOUSE,
    STOREHOUSE,
    TRADER,
)
from domain.puerto_rico.nobles import SPECIAL, spare_colonists
from domain.puerto_rico.state import Player, State

NTILES = 6


def guests(p: Player) -> int:
    if GUEST_HOUSE not in p.buildings:
        return 0
    return p.workers[p.buildings.index(GUEST_HOUSE)]


def moves(p: Player) -> list[str]:
    """Where a guest can go: tile types and buildings with a free circle."""
    acts = [GUEST_ACTIONS[t] for t in range(NTILES) if p.tiles[t] > p.manned[t]]
    acts.extend(
        GUEST_ACTIONS[NTILES + b]
        for b, w in zip(p.buildings, p.workers, strict=True)
        if b != GUEST_HOUSE and w < BUILDINGS[b].slots
    )
    return acts


def can_move(p: Player) -> bool:
    """Whether `p` has a guest and somewhere to move it."""
    return p.has(GUEST_HOUSE) and bool(moves(p))


def move(s: State, seat: int, target: int) -> None:
    p = s.edit(seat)
    workers = list(p.workers)
    workers[p.buildings.index(GUEST_HOUSE)] -= 1
    if target < NTILES:
        manned = list(p.manned)
        manned[target] += 1
        p.manned = tuple(manned)
    else:
        building = target - NTILES
        newly = not p.has(building)
        if building in SPECIAL and p.nobles and spare_colonists(p) < 1:
            p.noble_on |= 1 << building  # the guest is a noble (Expansion 2)
        workers[p.buildings.index(building)] += 1
        if newly and s.storing and s.actor == seat:  # in force at once, even mid-storage
            s.wh_left += {SMALL_WAREHOUSE: 1, LARGE_WAREHOUSE: 2}.get(building, 0)
            s.keep_left += 3 if building == STOREHOUSE else 0
    p.set_workers(tuple(workers))


STAGE_ROLES: frozenset[int] = frozenset({SETTLER, BUILDER, CRAFTSMAN, TRADER, CAPTAIN})
"""Phases a guest can change (KO: moves "어떤 역할 과정의 시작, 중간, 끝이든"): before they start,
every other Guest House owner with a guest and a free circle is asked (``guest:`` or ``pass``).
The chooser had his chance when choosing; in the mayor phase guests are placed anew; the
prospector phase changes nothing a guest could affect before the next phase starts."""


def open_stage(s: State) -> bool:
    """Start asking the Guest House owners before the current role's phase; False if nobody."""
    if s.role not in STAGE_ROLES:
        return False
    s.guest_stage = 1
    return next_owner(s)


def next_owner(s: State) -> bool:
    """Give the turn to the next owner to ask (True), or close the stage (False)."""
    n = s.nplayers
    while s.guest_stage < n:
        seat = (s.picker + s.guest_stage) % n
        p = s.players[seat]
        if can_move(p):
            s.actor = seat
            return True
        s.guest_stage += 1
    s.guest_stage = -1
    return False
