"""Puerto Rico component tables, copied from `shared/components/puerto-rico/`.

The CSV files and their source notes (SOURCES.md) are also kept, unchanged, in `tables/` next to
this module; `tests/puerto_rico/test_components.py` checks that these literals match them.

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
    expansion: str = "base"
    """base | new_buildings (Expansion 1) | nobles (Expansion 2)."""


# fmt: off
_BUILDING_TABLE = """
small_indigo_plant|Small Indigo Plant|소형 인디고 공장|소형 과일 공장|P|indigo|1|1|1|1|1|4|2|B
small_sugar_mill|Small Sugar Mill|소형 설탕 공장|소형 설탕 공장|P|sugar|2|1|1|1|1|4|2|B
large_indigo_plant|Large Indigo Plant|대형 인디고 공장|대형 과일 공장|P|indigo|3|2|3|2|1|3|2|B
large_sugar_mill|Large Sugar Mill|대형 설탕 공장|대형 설탕 공장|P|sugar|4|2|3|2|1|3|2|B
tobacco_storage|Tobacco Storage|담배 공장|담배 공장|P|tobacco|5|3|3|3|1|3|2|B
coffee_roaster|Coffee Roaster|커피 공장|커피 공장|P|coffee|6|3|2|3|1|3|2|B
small_market|Small Market|소형 상가|소형 상가|S|-|1|1|1|1|1|2|1|B
hacienda|Hacienda|대규모 농장|대규모 농장|S|-|2|1|1|1|1|2|1|B
construction_hut|Construction Hut|건설막|건설막|S|-|2|1|1|1|1|2|1|B
small_warehouse|Small Warehouse|소형 창고|소형 창고|S|-|3|1|1|1|1|2|1|B
hospice|Hospice|숙박소|병원|S|-|4|2|1|2|1|2|1|B
office|Office|영업소|영업소|S|-|5|2|1|2|1|2|1|B
large_market|Large Market|대형 상가|대형 상가|S|-|5|2|1|2|1|2|1|B
large_warehouse|Large Warehouse|대형 창고|대형 창고|S|-|6|2|1|2|1|2|1|B
factory|Factory|공장제 수공업소|공업소|S|-|7|3|1|3|1|2|1|B
university|University|대학|학교|S|-|8|3|1|3|1|2|1|B
harbor|Harbor|항구|항구|S|-|8|3|1|3|1|2|1|B
wharf|Wharf|조선소|조선소|S|-|9|3|1|3|1|2|1|B
guild_hall|Guild Hall|상인 조합|소방서|L|-|10|4|1|4|2|1|1|B
residence|Residence|주거지|주거지|L|-|10|4|1|4|2|1|1|B
fortress|Fortress|요새|요새|L|-|10|4|1|4|2|1|1|B
customs_house|Customs House|세관|세관|L|-|10|4|1|4|2|1|1|B
city_hall|City Hall|시청|시청|L|-|10|4|1|4|2|1|1|B
aqueduct|Aqueduct|수로|-|S|-|1|1|1|1|1|2|1|N
forest_house|Forest House|산림 관리자|-|S|-|2|1|1|1|1|2|1|N
black_market|Black Market|암시장|-|S|-|2|1|1|1|1|2|1|N
storehouse|Storehouse|보관창고|-|S|-|3|1|1|1|1|2|1|N
guest_house|Guest House|여관|-|S|-|4|2|2|2|1|2|1|N
trading_post|Trading Post|교역소|-|S|-|5|2|1|2|1|2|1|N
church|Church|교회|-|S|-|5|2|1|2|1|2|1|N
small_wharf|Small Wharf|소형 조선소|-|S|-|6|2|1|2|1|2|1|N
lighthouse|Lighthouse|등대|-|S|-|7|3|1|3|1|2|1|N
specialty_factory|Specialty Factory|단일 수공업소|-|S|-|8|3|1|3|1|2|1|N
library|Library|도서관|-|S|-|8|3|1|3|1|2|1|N
union_hall|Union Hall|길드 집회소|-|S|-|9|3|1|3|1|2|1|N
statue|Statue|조각상|-|L|-|10|8|0|4|2|1|1|N
cloister|Cloister|사원|-|L|-|10|4|1|4|2|1|1|N
land_office|Land Office|등기소|-|S|-|2|1|1|1|1|2|1|X
chapel|Chapel|예배당|-|S|-|3|1|1|1|1|2|1|X
hunting_lodge|Hunting Lodge|사냥용 저택|-|S|-|4|2|1|2|1|2|1|X
zoning_office|Zoning Office|건축청|-|S|-|5|2|1|2|1|2|1|X
royal_supplier|Royal Supplier|왕궁 납품업자|-|S|-|6|2|1|2|1|2|1|X
villa|Villa|빌라|-|S|-|7|3|1|3|1|2|1|X
jeweler|Jeweler|보석상|-|P|-|8|3|1|3|1|2|1|X
royal_garden|Royal Garden|궁중 정원|-|L|-|10|4|1|4|2|1|1|X
"""
# fmt: on
"""buildings.csv (base and Expansion 1 rows): id|name|Korean|Korean 2p sheet|kind (P production,
S small violet, L large violet)|good|cost|VP|colonist slots|quarry column|spaces|copies (3-5p)|
copies (2p)|expansion (B base, N new buildings, X nobles).

Base: KO2P gives cost/VP/slots/column of all but City Hall (cost 10 from the KO quarry example,
VP 4 from KO); copies: KO (20 production = 4+4+3+3+3+3, 12 small violet x2, 5 large x1), 2
players: production 2, violet 1 (KO, KO2P). Expansion 1 ("new_buildings"): abilities from KO;
cost, VP and column from ETH, BG and PY, which agree (KO prints only the Statue's 8 VP and no
colonist); a drafted small building gets 2 copies with more than 2 players (KO), else 1.
Expansion 2 ("nobles", X): 6 small, 1 large (Royal Garden) and the Jeweler, a production
building of no good that counts as large for the Guild Hall (KO); values from ETH, BG, PY; no 2p
copies are known (KO is silent), so nobles are offered for 3-5 players only.
"""

NOBLES = 20
"""Expansion 2: noble tokens (KO)."""
COLONISTS_BOX = 100
"""Colonist tokens in the box (KO: "이주민 100개"); Expansion 2 uses them all (not counted out)."""


_KINDS = {"P": "production", "S": "violet_small", "L": "violet_large"}
_EXP = {"B": "base", "N": "new_buildings", "X": "nobles"}


def _parse(table: str) -> tuple[Building, ...]:
    out = []
    for line in table.strip().splitlines():
        f = line.split("|")
        good = GOODS.index(f[5]) if f[5] != "-" else -1
        cost, vp, slots, column, spaces, copies, copies_2p = (int(x) for x in f[6:13])
        name_2p = f[3] if f[3] != "-" else f[2]
        out.append(
            Building(
                f[0],
                f[1],
                f[2],
                name_2p,
                _KINDS[f[4]],
                good,
                cost,
                vp,
                slots,
                column,
                spaces,
                copies,
                copies_2p,
                _EXP[f[13]],
            )
        )
    return tuple(out)


BUILDINGS: tuple[Building, ...] = _parse(_BUILDING_TABLE)

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
    AQUEDUCT,
    FOREST_HOUSE,
    BLACK_MARKET,
    STOREHOUSE,
    GUEST_HOUSE,
    TRADING_POST,
    CHURCH,
    SMALL_WHARF,
    LIGHTHOUSE,
    SPECIALTY_FACTORY,
    LIBRARY,
    UNION_HALL,
    STATUE,
    CLOISTER,
    LAND_OFFICE,
    CHAPEL,
    HUNTING_LODGE,
    ZONING_OFFICE,
    ROYAL_SUPPLIER,
    VILLA,
    JEWELER,
    ROYAL_GARDEN,
) = range(45)

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
