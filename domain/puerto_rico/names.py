"""Display names: the base game's English names, or the 2-player sheet's theme (KO2P).

The 2-player sheet (1897-edition names) calls the same things differently: fruit = indigo,
recruiter = mayor, adventurer/explorer = prospector, workers = colonists, hospital = hospice,
school = university, fire station = guild hall, ... The rules are the same; only `describe` and
`view` labels change (option ``names=2p``). Action strings never change.
"""

from __future__ import annotations

from domain.puerto_rico.components import BUILDINGS, GOODS, ROLES

ROLE_NAMES: dict[str, tuple[str, ...]] = {
    "standard": (
        "Settler",
        "Mayor",
        "Builder",
        "Craftsman",
        "Trader",
        "Captain",
        "Prospector",
        "Prospector",
    ),
    "2p": (
        "Settler",
        "Recruiter",
        "Builder",
        "Producer",
        "Trader",
        "Captain",
        "Explorer",
        "Explorer",
    ),
}
GOOD_NAMES: dict[str, tuple[str, ...]] = {
    "standard": GOODS,
    "2p": ("corn", "fruit", "sugar", "tobacco", "coffee"),
}
_BUILDINGS_2P = {
    "small_indigo_plant": "Small Fruit Depot",
    "large_indigo_plant": "Large Fruit Depot",
    "hospice": "Hospital",
    "university": "School",
    "guild_hall": "Fire Station",
}
BUILDING_NAMES: dict[str, tuple[str, ...]] = {
    "standard": tuple(b.name for b in BUILDINGS),
    "2p": tuple(_BUILDINGS_2P.get(b.id, b.name) for b in BUILDINGS),
}
COLONIST_NAMES = {"standard": ("colonist", "colonists"), "2p": ("worker", "workers")}
PLACE_NAMES = {
    "standard": {"colonist_ship": "colonist ship", "trading_house": "trading house"},
    "2p": {"colonist_ship": "labor market", "trading_house": "shop"},
}
TILE_NAMES: dict[str, tuple[str, ...]] = {
    theme: (*goods, "quarry") for theme, goods in GOOD_NAMES.items()
}

assert len(ROLE_NAMES["standard"]) == len(ROLES)


class Names:
    """Label lookups for one theme; `context` is the message context of its names
    (the 2-player sheet's Korean names differ from the base game's even where the English agree)."""

    def __init__(self, theme: str) -> None:
        key = theme if theme in ROLE_NAMES else "standard"
        self.context = "puerto_rico" if key == "standard" else f"puerto_rico.{key}"
        self.role = ROLE_NAMES[key]
        self.good = GOOD_NAMES[key]
        self.tile = TILE_NAMES[key]
        self.building = BUILDING_NAMES[key]
        self.colonist, self.colonists = COLONIST_NAMES[key]
        self.places = PLACE_NAMES[key]

    def count(self, n: int, one: str, many: str) -> str:
        return f"{n} {one if n == 1 else many}"


THEMES = {t: Names(t) for t in ROLE_NAMES}


def names_for(theme: str) -> Names:
    return THEMES.get(theme, THEMES["standard"])
