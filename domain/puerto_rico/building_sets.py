"""Which violet buildings are in the supply: the base set, the Expansion 1 draft, a random set.

KO (Expansion 1): all 55 violet buildings (17 old types, 14 new) are laid out; from the start
player on, each in turn picks one for a free supply slot *of the same cost* (two copies of a
small building when more than 2 play), until the 12 small and 5 large slots are full; the 26
left go back to the box. The slots follow the base board: costs 1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 8,
9 and five of 10, so for costs 2, 5 and 8 two of the four candidates get in. The random set
(``buildings=random``) is one `Shuffle` of the candidates; walking the order, each building takes
a free slot of its cost if one is left.
"""

from __future__ import annotations

from collections import Counter

from domain.core.chance import Shuffle
from domain.puerto_rico.actions import DRAFT_ACTIONS
from domain.puerto_rico.components import BUILDING_INDEX, BUILDINGS
from domain.puerto_rico.state import DRAFTING, PICKING, State

SLOTS: dict[int, int] = dict(
    Counter(b.cost for b in BUILDINGS if b.expansion == "base" and b.kind != "production")
)
"""Violet supply slots by cost (the base board: one per base violet building type)."""
NOT_IMPLEMENTED: frozenset[str] = frozenset()
"""Expansion 1 buildings whose abilities the engine does not have yet: kept out of the draft and
the random set, so that no game holds a building without its ability."""
CANDIDATES: tuple[int, ...] = tuple(
    i
    for i, b in enumerate(BUILDINGS)
    if b.kind != "production"
    and b.expansion in ("base", "new_buildings")
    and b.id not in NOT_IMPLEMENTED
)
"""Violet buildings of the draft and the random set without nobles."""
NOBLE_CANDIDATES: tuple[int, ...] = CANDIDATES + tuple(
    i
    for i, b in enumerate(BUILDINGS)
    if b.kind != "production" and b.expansion == "nobles" and b.id not in NOT_IMPLEMENTED
)
"""... and with Expansion 2, whose violet buildings join the pool (KO)."""


FIXED_SETS: dict[str, tuple[str, ...]] = {
    "new": (
        "aqueduct",
        "forest_house",
        "black_market",
        "storehouse",
        "guest_house",
        "trading_post",
        "church",
        "small_wharf",
        "lighthouse",
        "specialty_factory",
        "library",
        "union_hall",
        "statue",
        "cloister",
        "guild_hall",
        "residence",
        "city_hall",
    ),
}
FIXED_SETS["all"] = tuple(BUILDINGS[i].id for i in CANDIDATES)
"""Named violet sets (``buildings=<name>``): ``new`` puts every Expansion 1 building on its
slot, with three base large buildings for the remaining large slots; ``all`` puts every base and
Expansion 1 violet building in the supply (no slots: the variant of moderated play-by-email
games, "original and variant buildings both"), with nobles the Expansion 2 ones too."""


def put_fixed(s: State, name: str) -> None:
    clear_violet(s)
    chosen = FIXED_SETS[name]
    if name == "all":
        chosen = tuple(BUILDINGS[i].id for i in candidates(s))
    for building in chosen:
        _put(s, BUILDING_INDEX[building])


def candidates(s: State) -> tuple[int, ...]:
    return NOBLE_CANDIDATES if s.noble_supply >= 0 else CANDIDATES


def copies(s: State, building: int) -> int:
    b = BUILDINGS[building]
    return 2 if b.kind == "violet_small" and s.nplayers > 2 else 1


def clear_violet(s: State) -> None:
    """Empty every violet slot (production buildings stay as in the base game)."""
    s.bsupply = tuple(
        0 if BUILDINGS[i].kind != "production" else k for i, k in enumerate(s.bsupply)
    )


def free_slots(s: State) -> dict[int, int]:
    free = dict(SLOTS)
    for i in candidates(s):
        if s.bsupply[i]:
            free[BUILDINGS[i].cost] -= 1
    return free


def _put(s: State, building: int) -> None:
    supply = list(s.bsupply)
    supply[building] = copies(s, building)
    s.bsupply = tuple(supply)


def draft_legal(s: State) -> tuple[str, ...]:
    free = free_slots(s)
    return tuple(
        DRAFT_ACTIONS[i] for i in candidates(s) if not s.bsupply[i] and free[BUILDINGS[i].cost] > 0
    )


def start_draft(s: State) -> None:
    clear_violet(s)
    s.role = DRAFTING
    s.picks = 0
    s.actor = s.governor


def draft(s: State, building: int) -> None:
    _put(s, building)
    s.picks += 1
    if any(free_slots(s).values()):
        s.actor = (s.governor + s.picks) % s.nplayers
        return
    s.role = PICKING
    s.picks = 0
    s.actor = s.governor


def chance_spec(s: State) -> Shuffle:
    return Shuffle(tuple(BUILDINGS[i].id for i in candidates(s)), "building set")


def resolve(s: State, order: tuple[str, ...]) -> None:
    clear_violet(s)
    free = dict(SLOTS)
    for name in order:
        i = BUILDING_INDEX[name]
        cost = BUILDINGS[i].cost
        if free[cost]:
            free[cost] -= 1
            _put(s, i)
