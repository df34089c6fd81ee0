"""Expansion 2 (nobles): who is a noble, and the buildings that care (KO).

Nobles act as colonists everywhere ("colonist" means "colonist or noble"); only four buildings
work differently with a noble on their circle (Land Office, Chapel, Hunting Lodge, Zoning Office,
the `SPECIAL` ones). So the engine keeps, per player, how many of his colonists are nobles and on
which special buildings a noble sits; where the others stand does not matter. Each noble is
worth 1 VP at the end (2 with a manned Royal Garden).
"""

from __future__ import annotations

from domain.puerto_rico.components import CHAPEL, HUNTING_LODGE, LAND_OFFICE, ZONING_OFFICE
from domain.puerto_rico.state import Player

SPECIAL: frozenset[int] = frozenset({LAND_OFFICE, CHAPEL, HUNTING_LODGE, ZONING_OFFICE})
SPECIAL_ORDER: tuple[int, ...] = tuple(sorted(SPECIAL))


def specials_manned(p: Player) -> list[int]:
    """Special buildings of `p` with someone on them, in building order."""
    return [b for b in SPECIAL_ORDER if p.has(b)]


def colonists_on_specials(p: Player) -> int:
    return sum(1 for b in specials_manned(p) if not p.noble_on >> b & 1)


def spare_colonists(p: Player) -> int:
    """Plain colonists not pinned on a special building (they may be anywhere else)."""
    return p.colonists() - p.nobles - colonists_on_specials(p)


def noble_on(p: Player, building: int) -> bool:
    return bool(p.noble_on >> building & 1)
