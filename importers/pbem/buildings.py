"""Every building's names in reports: one row per building, the engine id first, then every
name and alternate a report may print.

Both English editions are read: the first English edition prints the large production buildings
without "Large" ("Indigo Plant", "Sugar Mill"), later printings and most reports write "Large
Indigo Plant"; the expansions (New Buildings, Nobles) and the 2-player sheet's theme names
(`domain.puerto_rico.names`) are rows here too. A name is looked up whole and longest first, so
"Small Indigo Plant" is never read as "Indigo Plant".
"""

from __future__ import annotations

import re

from domain.puerto_rico.components import BUILDINGS
from domain.puerto_rico.names import BUILDING_NAMES

ALTERNATES: dict[str, tuple[str, ...]] = {
    # base game: production
    "small_indigo_plant": ("Small Indigo Plant", "Small Indigo", "Sm. Indigo Plant"),
    "small_sugar_mill": ("Small Sugar Mill", "Small Sugar", "Sm. Sugar Mill"),
    "large_indigo_plant": (
        "Large Indigo Plant",
        "Indigo Plant",
        "Large Indigo",
        "Lg. Indigo Plant",
    ),
    "large_sugar_mill": ("Large Sugar Mill", "Sugar Mill", "Large Sugar", "Lg. Sugar Mill"),
    "tobacco_storage": ("Tobacco Storage", "Tobacco Store"),
    "coffee_roaster": ("Coffee Roaster", "Coffee Roastery"),
    # base game: violet
    "small_market": ("Small Market", "Sm. Market"),
    "hacienda": ("Hacienda",),
    "construction_hut": ("Construction Hut",),
    "small_warehouse": ("Small Warehouse", "Sm. Warehouse"),
    "hospice": ("Hospice",),
    "office": ("Office", "Trading Office"),
    "large_market": ("Large Market", "Lg. Market"),
    "large_warehouse": ("Large Warehouse", "Lg. Warehouse"),
    "factory": ("Factory",),
    "university": ("University",),
    "harbor": ("Harbor", "Harbour"),
    "wharf": ("Wharf",),
    "guild_hall": ("Guild Hall", "Guildhall"),
    "residence": ("Residence",),
    "fortress": ("Fortress", "Fort"),
    "customs_house": ("Customs House", "Custom House", "Customshouse"),
    "city_hall": ("City Hall", "Town Hall"),
    # Expansion 1: New Buildings
    "aqueduct": ("Aqueduct",),
    "forest_house": ("Forest House", "Forester's House", "Forester"),
    "black_market": ("Black Market",),
    "storehouse": ("Storehouse", "Store House"),
    "guest_house": ("Guest House", "Guesthouse"),
    "trading_post": ("Trading Post",),
    "church": ("Church",),
    "small_wharf": ("Small Wharf", "Sm. Wharf"),
    "lighthouse": ("Lighthouse", "Light House"),
    "specialty_factory": ("Specialty Factory", "Speciality Factory", "Special Factory"),
    "library": ("Library",),
    "union_hall": ("Union Hall",),
    "statue": ("Statue",),
    "cloister": ("Cloister",),
    # Expansion 2: Nobles
    "land_office": ("Land Office",),
    "chapel": ("Chapel",),
    "hunting_lodge": ("Hunting Lodge",),
    "zoning_office": ("Zoning Office",),
    "royal_supplier": ("Royal Supplier",),
    "villa": ("Villa",),
    "jeweler": ("Jeweler", "Jeweller"),
    "royal_garden": ("Royal Garden",),
}

assert set(ALTERNATES) == {b.id for b in BUILDINGS}, "every building needs a row"


def _table() -> dict[str, str]:
    names: dict[str, str] = {}
    for theme in BUILDING_NAMES.values():
        for name, b in zip(theme, BUILDINGS, strict=True):
            names.setdefault(name.lower(), b.id)
    for building, alternates in ALTERNATES.items():
        for name in alternates:
            names[name.lower()] = building
    return names


NAMES: dict[str, str] = _table()
"""'indigo plant' -> 'large_indigo_plant', 'harbour' -> 'harbor', ... (lower-case keys)."""
TITLE: dict[str, str] = {b.id: b.name for b in BUILDINGS}
"""The English name the engine shows ('large_indigo_plant' -> 'Large Indigo Plant')."""

_ORDER = sorted(NAMES, key=len, reverse=True)
FIND_RE = re.compile(
    r"(?<![\w])(" + "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in _ORDER) + r")s?(?![\w])",
    re.IGNORECASE,
)
"""Any building name in running text, longest names first."""


def lookup(name: str) -> str | None:
    """The building id of a whole name ('Indigo Plant', 'the Harbour'), else None."""
    words = re.sub(r"\s+", " ", name.strip().lower())
    words = re.sub(r"^(?:a|an|the|his|her|their|new|one)\s+", "", words)
    words = words.rstrip(".!,;: ")
    if words in NAMES:
        return NAMES[words]
    if words.endswith("s") and words[:-1] in NAMES:
        return NAMES[words[:-1]]
    return None


def find(text: str) -> list[tuple[int, int, str]]:
    """(start, end, building id) of every building named in `text`, left to right."""
    found = []
    for m in FIND_RE.finditer(text):
        found.append((m.start(), m.end(), NAMES[re.sub(r"\s+", " ", m.group(1).lower())]))
    return found
