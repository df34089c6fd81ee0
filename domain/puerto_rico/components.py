"""Puerto Rico component tables (base game), copied from `shared/components/puerto-rico/`.

Sources (see that folder's SOURCES.md): KO = the Korean base rulebook, KO2P = the Korean
2-player sheet; the codes after each table name the sources that agree. Plain literals, so the
engine reads no files. Goods and island tiles are small ints in the order below, for speed.
"""

from __future__ import annotations

from typing import NamedTuple

GOODS: tuple[str, ...] = ("corn", "indigo", "sugar", "tobacco", "coffee")
"""Goods by index. Trading-house prices are the index (KO2P: corn 0 .. coffee 4; ETH, BG agree)."""
CORN, INDIGO, SUGAR, TOBACCO, COFFEE = range(5)
PRICES: tuple[int, ...] = (0, 1, 2, 3, 4)

TILES: tuple[str, ...] = (*GOODS, "quarry")
"""Island tiles by index: the five plantations, then the quarry."""
QUARRY = 5

GOODS_SUPPLY = {2: (8, 9, 9, 7, 7), 3: (10, 11, 11, 9, 9)}
"""Goods by count (KO: 50 = corn 10, indigo 11, sugar 11, tobacco 9, coffee 9; 2p minus 2 each)."""

PLANTATIONS_BOX = (10, 12, 11, 9, 8)
"""Plantation tiles in the box (KO: corn 10, indigo 12, sugar 11, tobacco 9, coffee 8)."""
PLANTATIONS_2P = (7, 9, 8, 6, 5)
"""2 players: 3 of each removed (KO, KO2P)."""
QUARRIES = {2: 5, 3: 8}
"""Quarry tiles (KO 8; 2 players 5)."""


class SetupRow(NamedTuple):
    """setup.csv: one row per player count (KO, KO2P; start doubloons from OOG, BSW, BG, ETH)."""

    vp_chips: int
    colonists_supply: int
    colonists_on_ship: int
    ships: tuple[int, ...]
    prospectors: int
    picks_per_player: int
    doubloons: int
    start_tiles: tuple[int, ...]


SETUP: dict[int, SetupRow] = {
    2: SetupRow(65, 40, 2, (4, 6), 1, 3, 3, (INDIGO, CORN)),
    3: SetupRow(75, 55, 3, (4, 5, 6), 0, 1, 2, (INDIGO, INDIGO, CORN)),
    4: SetupRow(100, 75, 4, (5, 6, 7), 1, 1, 3, (INDIGO, INDIGO, CORN, CORN)),
    5: SetupRow(126, 95, 5, (6, 7, 8), 2, 1, 4, (INDIGO, INDIGO, INDIGO, CORN, CORN)),
}
VP_CHIPS_5P_ENGLISH = 122
"""The English edition's 5-player VP chips (OOG, BSW, ETH); KO says 126 (all chips)."""


class Building(NamedTuple):
    """buildings.csv, base rows: cost, VP, colonist slots and quarry column from KO2P."""

    id: str
    name: str
    name_ko: str
    name_ko_2p: str
    kind: str
    """production | violet_small | violet_large"""
    good: int
    """Good produced (production buildings), else -1."""
    cost: int
    vp: int
    slots: int
    column: int
    """Most doubloons manned quarries can take off the cost."""
    spaces: int
    copies: int
    """Copies with 3-5 players."""
    count_2p: int


_B = Building
BUILDINGS: tuple[Building, ...] = (
    _B(
        "small_indigo_plant",
        "Small Indigo Plant",
        "소형 인디고 공장",
        "소형 과일 공장",
        "production",
        INDIGO,
        1,
        1,
        1,
        1,
        1,
        4,
        2,
    ),
    _B(
        "small_sugar_mill",
        "Small Sugar Mill",
        "소형 설탕 공장",
        "소형 설탕 공장",
        "production",
        SUGAR,
        2,
        1,
        1,
        1,
        1,
        4,
        2,
    ),
    _B(
        "large_indigo_plant",
        "Large Indigo Plant",
        "대형 인디고 공장",
        "대형 과일 공장",
        "production",
        INDIGO,
        3,
        2,
        3,
        2,
        1,
        3,
        2,
    ),
    _B(
        "large_sugar_mill",
        "Large Sugar Mill",
        "대형 설탕 공장",
        "대형 설탕 공장",
        "production",
        SUGAR,
        4,
        2,
        3,
        2,
        1,
        3,
        2,
    ),
    _B(
        "tobacco_storage",
        "Tobacco Storage",
        "담배 공장",
        "담배 공장",
        "production",
        TOBACCO,
        5,
        3,
        3,
        3,
        1,
        3,
        2,
    ),
    _B(
        "coffee_roaster",
        "Coffee Roaster",
        "커피 공장",
        "커피 공장",
        "production",
        COFFEE,
        6,
        3,
        2,
        3,
        1,
        3,
        2,
    ),
    _B(
        "small_market",
        "Small Market",
        "소형 상가",
        "소형 상가",
        "violet_small",
        -1,
        1,
        1,
        1,
        1,
        1,
        2,
        1,
    ),
    _B(
        "hacienda",
        "Hacienda",
        "대규모 농장",
        "대규모 농장",
        "violet_small",
        -1,
        2,
        1,
        1,
        1,
        1,
        2,
        1,
    ),
    _B(
        "construction_hut",
        "Construction Hut",
        "건설막",
        "건설막",
        "violet_small",
        -1,
        2,
        1,
        1,
        1,
        1,
        2,
        1,
    ),
    _B(
        "small_warehouse",
        "Small Warehouse",
        "소형 창고",
        "소형 창고",
        "violet_small",
        -1,
        3,
        1,
        1,
        1,
        1,
        2,
        1,
    ),
    _B("hospice", "Hospice", "숙박소", "병원", "violet_small", -1, 4, 2, 1, 2, 1, 2, 1),
    _B("office", "Office", "영업소", "영업소", "violet_small", -1, 5, 2, 1, 2, 1, 2, 1),
    _B(
        "large_market",
        "Large Market",
        "대형 상가",
        "대형 상가",
        "violet_small",
        -1,
        5,
        2,
        1,
        2,
        1,
        2,
        1,
    ),
    _B(
        "large_warehouse",
        "Large Warehouse",
        "대형 창고",
        "대형 창고",
        "violet_small",
        -1,
        6,
        2,
        1,
        2,
        1,
        2,
        1,
    ),
    _B("factory", "Factory", "공장제 수공업소", "공업소", "violet_small", -1, 7, 3, 1, 3, 1, 2, 1),
    _B("university", "University", "대학", "학교", "violet_small", -1, 8, 3, 1, 3, 1, 2, 1),
    _B("harbor", "Harbor", "항구", "항구", "violet_small", -1, 8, 3, 1, 3, 1, 2, 1),
    _B("wharf", "Wharf", "조선소", "조선소", "violet_small", -1, 9, 3, 1, 3, 1, 2, 1),
    _B("guild_hall", "Guild Hall", "상인 조합", "소방서", "violet_large", -1, 10, 4, 1, 4, 2, 1, 1),
    _B("residence", "Residence", "주거지", "주거지", "violet_large", -1, 10, 4, 1, 4, 2, 1, 1),
    _B("fortress", "Fortress", "요새", "요새", "violet_large", -1, 10, 4, 1, 4, 2, 1, 1),
    _B("customs_house", "Customs House", "세관", "세관", "violet_large", -1, 10, 4, 1, 4, 2, 1, 1),
    _B("city_hall", "City Hall", "시청", "시청", "violet_large", -1, 10, 4, 1, 4, 2, 1, 1),
)
"""KO2P gives cost/VP/slots/column of all but City Hall (cost 10 from the KO quarry example,
VP 4 from KO); copies: KO (20 production = 4+4+3+3+3+3, 12 small violet x2, 5 large x1), 2
players: production 2, violet 1 (KO, KO2P)."""

BUILDING_INDEX: dict[str, int] = {b.id: i for i, b in enumerate(BUILDINGS)}
(
    SMALL_INDIGO,
    SMALL_SUGAR,
    LARGE_INDIGO,
    LARGE_SUGAR,
    TOBACCO_STORAGE,
    COFFEE_ROASTER,
    SMALL_MARKET,
    HACIENDA,
    CONSTRUCTION_HUT,
    SMALL_WAREHOUSE,
    HOSPICE,
    OFFICE,
    LARGE_MARKET,
    LARGE_WAREHOUSE,
    FACTORY,
    UNIVERSITY,
    HARBOR,
    WHARF,
    GUILD_HALL,
    RESIDENCE,
    FORTRESS,
    CUSTOMS_HOUSE,
    CITY_HALL,
) = range(23)

CITY_SPACES = 12
ISLAND_SPACES = 12
TRADING_HOUSE_SPACES = 4

ROLES: tuple[str, ...] = (
    "settler",
    "mayor",
    "builder",
    "craftsman",
    "trader",
    "captain",
    "prospector",
    "prospector2",
)
"""Role cards by index; the second prospector card (5 players) is a card of its own, since the
doubloons lying on the two differ."""
SETTLER, MAYOR, BUILDER, CRAFTSMAN, TRADER, CAPTAIN, PROSPECTOR, PROSPECTOR2 = range(8)
