"""Guest House (Expansion 1): up to 2 colonists wait there and move out later (KO).

In the mayor phase the Guest House is an ordinary placement target with 2 circles. Its guests
may move to any free circle of a tile or building "at the start, middle or end of any phase",
at once in force, staying there until the next mayor phase. The engine offers the move
(``guest:<tile|building>``, one guest per step) whenever the owner is the seat to decide, outside
his own mayor placement; a seat with nothing else to decide is not stopped for it, except at
the captain's storage when a guest moved to his unmanned warehouse or Storehouse would save
barrels (KO's own example; see docs/rules-notes.md).
"""

from __future__ import annotations

from domain.puerto_rico.actions import GUEST_ACTIONS
from domain.puerto_rico.components import (
    BUILDINGS,
    GUEST_HOUSE,
    LARGE_WAREHOUSE,
    SMALL_WAREHOUSE,
    STOREHOUSE,
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
