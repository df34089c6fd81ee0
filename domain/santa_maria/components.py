"""Santa Maria component definitions: parsing and validating a component pack.

A pack is JSON (format in docs/components.md). This module turns it into typed, immutable
values (`Catalog`) and lists every problem (missing facts, invalid rows) instead of failing on the
first, so `check_pack` can report them all. The engine only ever reads a `Catalog` built from
`Setup.components`, so a recorded game replays with no pack on disk.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.core.phrase import said, worded

SIZE = 6
CELLS = SIZE * SIZE
RESOURCES = ("wood", "grain", "sugar", "gem", "gold")
BASIC = ("wood", "grain")
ITEMS = (*RESOURCES, "coin", "vp", "cocoa")
"""Bundle slots: the five resources, coins, victory points (happiness), cocoa (expansion).

Bundles written as literals may stop before the cocoa slot: read it with `cocoa_of`."""
WOOD, GRAIN, SUGAR, GEM, GOLD, COIN, VP, COCOA = range(8)
SALE_PRICE = (1, 1, 2, 2, 2)
"""Coins for one resource sold (basic 1, advanced 2) - rulebook, storage limit."""
TERRAINS = ("farm", "forest", "mountain", "city", "town_hall")
SCHOLARS = (
    "astronomy",
    "taxation",
    "botany",
    "philosophy",
    "mathematics",
    "architecture",
    "industrialization",
    "basic_economics",
    "advanced_economics",
    "logistics",
)
BISHOPS = ("square", "one_dock", "hall_cities", "hall_colonists", "terrain_area", "diversity")
"""The six base bishops (rulebook, bishop tiles); their scoring is rules, not data."""
NEW_SCHOLARS = ("archery", "meditation", "guide")
"""The expansion's three scholars (KO, expansion scholar tiles); "guide" only with module A."""
NEW_BISHOPS = ("conquest_again", "big_tiles", "ship_gems")
"""The expansion's three bishops (KO): year-3 conquistador points again, 2 per three-space tile,
2 per gem on one's shipping tiles (each capped at 12 where the book says so)."""
EXPERT_KINDS = ("farmer", "forester", "soldier", "improve")
"""Production experts (grain, wood, conquistador steps) and improvement experts (KO module B)."""
REST_SPACES = ("2coin", "piety", "conq", "ship", "road")
"""The five rest spaces top to bottom (rulebook, rest section)."""
SHAPES: dict[str, tuple[tuple[int, int], ...]] = {
    "I2": ((0, 0), (0, 1)),
    "I3": ((0, 0), (0, 1), (0, 2)),
    "L3": ((0, 0), (1, 0), (1, 1)),
}
Bundle = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Square:
    """One square of a colony: a building (terrain + effects) or a road (with colonists)."""

    building: bool
    terrain: str
    effects: tuple[tuple[Any, ...], ...]
    colonists: int
    source: str
    """Where it came from: a board id, a colony tile id, a town hall id or "road"."""
    road: bool = False
    """An improvement expert (module B): a building that also counts as a road."""


@dataclass(frozen=True, slots=True)
class TileDef:
    id: str
    shape: str
    squares: tuple[Square, ...]
    special: bool = False
    """A special colony tile (expansion): bought for 4 coins, two on display per year."""


@dataclass(frozen=True, slots=True)
class ShipDef:
    id: str
    start: bool
    cost: Bundle
    points: int
    special: bool = False
    """A special shipping tile (expansion), shown under the extra harbor."""


@dataclass(frozen=True, slots=True)
class ExpertDef:
    """An expert tile (module B): a production expert or an improvement expert's building."""

    id: str
    kind: str
    square: Square | None


MAYA_REGIONS = ("trade", "feast", "gold", "build", "technology")
"""The five temple regions of the Maya city (KO module D); the gold temple is the centre."""
MAYA_STORE = ("wood", "grain", "sugar", "gem", "cocoa")
"""The Maya storage tile kinds (KO: 6 at the start, 10 in all)."""
MAYA_REWARDS = ("2coin", "2cards", "storage", "road", "priest")


@dataclass(frozen=True)
class MayaDef:
    """Module D's components: the city board (roads of building spots), tokens, temples, cards.

    Nodes are "road.depth" spots; a die enters road k at "k.1" and follows `edges` (deeper only,
    so it never turns back); road tokens open a connector's edges. A spot on road k touches the
    regions between roads k-1|k and k|k+1 (roads 1 and 6 touch one region, KO)."""

    rewards: tuple[str, ...]
    """Temple reward by region (in MAYA_REGIONS order)."""
    nodes: tuple[str, ...]
    effects: Mapping[str, tuple[tuple[Any, ...], ...]]
    """Printed buildings' effects; an empty tuple is a site for a building token."""
    edges: Mapping[str, tuple[str, ...]]
    connectors: Mapping[str, tuple[tuple[str, str], ...]]
    tokens: Mapping[str, tuple[tuple[tuple[Any, ...], ...], ...]]
    """Building tokens by kind ("wood", "straw"), in pile order, each its effects."""
    storage_full: tuple[int, ...]
    storage_caps: tuple[int, ...]
    storage_supply: tuple[str, ...]
    temples: Mapping[str, tuple[int, Bundle]]
    """Temple tile id -> (stage 1-3, cost)."""
    cards: Mapping[str, tuple[tuple[Any, ...], ...]]
    """Action card id -> its two actions: ("trade",), ("feast", pay, gain), ("build", "wood"|
    "grain"), ("technology", die value, "conq"|"piety"|"gem"|"sugar")."""

    @staticmethod
    def regions_of(node: str) -> tuple[int, ...]:
        road = int(node.split(".")[0])
        return tuple(r for r in (road - 2, road - 1) if 0 <= r < len(MAYA_REGIONS))


def _maya_action(a: Mapping[str, Any]) -> tuple[Any, ...]:
    """One action of a Maya action card, by its region."""
    region = a["region"]
    if region == "trade":
        return ("trade",)
    if region == "feast":
        return ("feast", parse_bundle(a["pay"]), parse_bundle(a["gain"]))
    if region == "build":
        if a["pay"] not in ("wood", "grain"):
            raise ValueError(worded("a build action pays wood or grain"))
        return ("build", str(a["pay"]))
    if region == "technology":
        if a["gain"] not in ("conq", "piety", "gem", "sugar"):
            raise ValueError(worded("a technology gives conq, piety, gem or sugar"))
        return ("technology", int(a["value"]), str(a["gain"]))
    raise ValueError(worded("no action cards for region {region}", region=repr(region)))


def _maya_cards(rows: Any) -> dict[str, tuple[tuple[Any, ...], ...]]:
    """The 24 Maya action cards by id, two actions each."""
    cards: dict[str, tuple[tuple[Any, ...], ...]] = {}
    for row in rows:
        acts = tuple(_maya_action(a) for a in row["actions"])
        if len(acts) != 2:
            raise ValueError(worded("card {id}: two actions", id=row["id"]))
        cards[str(row["id"])] = acts
    if len(cards) != 24:
        raise ValueError(worded("maya: need 24 action cards, found {n}", n=len(cards)))
    return cards


def _maya(raw: Mapping[str, Any]) -> MayaDef:
    """Parse module D's section; raises ValueError/KeyError on an invalid row."""
    if list(raw["regions"]) != list(MAYA_REGIONS):
        raise ValueError(worded("maya.regions must be {regions}", regions=", ".join(MAYA_REGIONS)))
    rewards = tuple(str(raw["rewards"][r]) for r in MAYA_REGIONS)
    if sorted(rewards) != sorted(MAYA_REWARDS):
        raise ValueError(
            worded("maya.rewards must use each of {rewards} once", rewards=", ".join(MAYA_REWARDS))
        )
    effects: dict[str, tuple[tuple[Any, ...], ...]] = {}
    for row in raw["nodes"]:
        nid = str(row["id"])
        effects[nid] = () if row.get("site") else tuple(parse_effect(e) for e in row["effects"])
    edges: dict[str, list[str]] = {n: [] for n in effects}
    for a, b in raw["edges"]:
        if a not in effects or b not in effects:
            raise ValueError(worded("maya edge {a}->{b} joins unknown spots", a=a, b=b))
        edges[a].append(b)
    for k in range(1, 7):
        if f"{k}.1" not in effects:
            raise ValueError(worded("maya: road {k} needs its entry spot {k}.1", k=k))
    connectors = {
        str(c["id"]): tuple((str(a), str(b)) for a, b in c["edges"]) for c in raw["connectors"]
    }
    tokens = {
        kind: tuple(
            tuple(parse_effect(e) for e in text.split("&")) for text in raw["building_tokens"][kind]
        )
        for kind in ("wood", "straw")
    }
    start = raw["storage_start"]
    temples = {
        str(t["id"]): (int(t["stage"]), parse_bundle(t["cost"])) for t in raw["temple_tiles"]
    }
    for stage in (1, 2, 3):
        if sum(1 for s, _ in temples.values() if s == stage) != len(MAYA_REGIONS):
            raise ValueError(worded("maya: need 5 temple tiles of stage {stage}", stage=stage))
    cards = _maya_cards(raw["action_cards"])
    return MayaDef(
        rewards=rewards,
        nodes=tuple(effects),
        effects=effects,
        edges={k: tuple(v) for k, v in edges.items()},
        connectors=connectors,
        tokens=tokens,
        storage_full=tuple(int(start[r][0]) for r in MAYA_STORE),
        storage_caps=tuple(int(start[r][1]) for r in MAYA_STORE),
        storage_supply=tuple(str(x) for x in raw["storage_supply"]),
        temples=temples,
        cards=cards,
    )


@dataclass(frozen=True)
class Expansion:
    """The expansion's components (KO "확장판"): cocoa board and hall, governor grid, experts."""

    cocoa_board: tuple[Square | None, ...]
    cocoa_hall: TileDef
    governor_grid: tuple[int, ...]
    """End points by the governor's final cell (36 cells, row by row)."""
    experts: Mapping[str, ExpertDef]
    maya: MayaDef | None = None


@dataclass(frozen=True)
class Catalog:
    """Every component definition a game uses, validated."""

    pack: str
    label: str
    boards: Mapping[str, tuple[Square | None, ...]]
    board_sides: Mapping[str, str]
    tiles: Mapping[str, TileDef]
    halls: Mapping[str, TileDef]
    ships: Mapping[str, ShipDef]
    road: Square
    docks: tuple[tuple[Any, ...], ...]
    first_rest: int
    piety_length: int
    monk_symbols: tuple[int, ...]
    conq_length: int
    gold_spaces: frozenset[int]
    solo_trees: tuple[int, ...]
    conq_scoring: Mapping[int, Mapping[int, tuple[int, ...]]]
    missions: tuple[Bundle, ...]
    scholar_points: Mapping[str, int]
    expansion: Expansion | None = None

    @property
    def synthetic(self) -> bool:
        return self.pack == "synthetic"


def parse_bundle(text: str) -> Bundle:
    """`"2coin+wood"` -> counts per item in `ITEMS` order."""
    counts = [0] * len(ITEMS)
    for token in text.split("+"):
        token = token.strip()
        digits = ""
        while token and token[0].isdigit():
            digits, token = digits + token[0], token[1:]
        if token not in ITEMS:
            raise ValueError(
                worded(
                    "unknown item {item} in {text} (items: {items})",
                    item=repr(token),
                    text=repr(text),
                    items=", ".join(ITEMS),
                )
            )
        counts[ITEMS.index(token)] += int(digits or "1")
    return tuple(counts)


def bundle_text(bundle: Bundle) -> str:
    parts = [f"{n}{ITEMS[i]}" if n > 1 else ITEMS[i] for i, n in enumerate(bundle) if n]
    return "+".join(parts) or "nothing"


def cocoa_of(bundle: Bundle) -> int:
    return bundle[COCOA] if len(bundle) > COCOA else 0


def parse_effect(text: str) -> tuple[Any, ...]:
    """`produce:<bundle>`, `trade:<pay>/<pay>><gain>/<gain>`, `ship`, `conq`, `piety`."""
    if text in ("ship", "conq", "piety"):
        return (text,)
    kind, _, rest = text.partition(":")
    if kind == "produce":
        return ("produce", parse_bundle(rest))
    if kind == "trade":
        pays, sep, gains = rest.partition(">")
        if not sep:
            raise ValueError(
                worded("trade {text} needs '>' between payment and gain", text=repr(text))
            )
        options = tuple(
            (parse_bundle(p), parse_bundle(g)) for p in pays.split("/") for g in gains.split("/")
        )
        return ("trade", options)
    raise ValueError(
        worded("unknown effect {text} (produce:, trade:, ship, conq, piety)", text=repr(text))
    )


def effect_text(effect: tuple[Any, ...]) -> str:
    if effect[0] == "produce":
        return "produce " + bundle_text(effect[1])
    if effect[0] == "trade":
        return "trade " + " / ".join(f"{bundle_text(p)} > {bundle_text(g)}" for p, g in effect[1])
    return {"ship": "shipping", "conq": "conquistador", "piety": "piety"}[effect[0]]


def _square(row: Mapping[str, Any], source: str) -> Square:
    kind = row.get("kind")
    if kind == "road":
        colonists = int(row.get("colonists", 0))
        if not 0 <= colonists <= 4:
            raise ValueError(worded("road with {n} colonists", n=colonists))
        return Square(False, "road", (), colonists, source)
    if kind != "building":
        raise ValueError(worded("square kind {kind} is not building or road", kind=repr(kind)))
    terrain = row.get("terrain")
    if terrain not in TERRAINS:
        raise ValueError(
            worded(
                "terrain {terrain} is not one of {terrains}",
                terrain=repr(terrain),
                terrains=", ".join(TERRAINS),
            )
        )
    effects = tuple(parse_effect(e) for e in row.get("effects", ()))
    if not effects:
        raise ValueError(worded("a building needs at least one effect"))
    return Square(True, terrain, effects, 0, source, bool(row.get("road", False)))


BOARD = worded("board")
SHIP = worded("shipping tile")
SPECIAL_SHIP = worded("special shipping tile")
EXPERT = worded("expert")
SCHOLAR_POINTS = worded("the scholar's points")
"""What the problems below name (translated where shown)."""


class _Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def need(self, data: Mapping[str, Any], key: str, what: str) -> Any:
        value = data.get(key)
        if value is None:
            self.items.append(worded("missing {key}: {what}", key=key, what=what))
        return value


def _tiles(rows: Any, kind: str, problems: _Problems) -> dict[str, TileDef]:
    found: dict[str, TileDef] = {}
    for row in rows or ():
        tid = str(row.get("id", "?"))
        try:
            shape = row["shape"]
            if shape not in SHAPES:
                raise ValueError(
                    worded(
                        "shape {shape} is not one of {shapes}",
                        shape=repr(shape),
                        shapes=", ".join(SHAPES),
                    )
                )
            squares = tuple(_square(s, tid) for s in row["squares"])
            if len(squares) != len(SHAPES[shape]):
                raise ValueError(
                    worded("{n} squares for shape {shape}", n=len(squares), shape=shape)
                )
            if tid in found:
                raise ValueError(worded("duplicate id"))
            found[tid] = TileDef(tid, shape, squares)
        except (KeyError, ValueError, TypeError) as exc:
            problems.items.append(
                worded("invalid {kind} {id}: {problem}", kind=kind, id=tid, problem=said(exc))
            )
    return found


def _board(row: Mapping[str, Any], bid: str) -> tuple[Square | None, ...]:
    cells: list[Square | None] = [None] * CELLS
    for sq in row["squares"]:
        r, c = sq["at"]
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            raise ValueError(worded("square at {r},{c} is outside the 6x6 colony", r=r, c=c))
        if cells[r * SIZE + c] is not None:
            raise ValueError(worded("two squares at {r},{c}", r=r, c=c))
        cells[r * SIZE + c] = _square(sq, bid)
    return tuple(cells)


EXPANSION_NEEDS = {
    "special_shipping_tiles": worded("the special shipping tiles (cost, points)"),
    "special_colony_tiles": worded("the 6 special colony tiles"),
    "cocoa_board": worded("the cocoa colony board (A side)"),
    "cocoa_hall": worded("the cocoa town hall tile"),
    "governor_grid": worded("the governor scoring grid (6x6 points, module A)"),
    "experts": worded("the 18 expert tiles (module B)"),
    "scholars": worded("the points of the 3 new scholars"),
    "maya": worded(
        "the Maya city (module D): board, 12 building tokens, 15 temple tiles, 24 cards"
    ),
}


def _special_ships(rows: Any, p: _Problems, ships: dict[str, ShipDef]) -> None:
    """The special shipping tiles join `ships` (flagged special)."""
    for row in rows:
        sid = str(row.get("id", "?"))
        try:
            if sid in ships:
                raise ValueError(worded("duplicate id"))
            ships[sid] = ShipDef(sid, False, parse_bundle(row["cost"]), int(row["points"]), True)
        except (KeyError, ValueError, TypeError) as exc:
            p.items.append(
                worded(
                    "invalid {kind} {id}: {problem}", kind=SPECIAL_SHIP, id=sid, problem=said(exc)
                )
            )
    if len([s for s in ships.values() if s.special]) < 4:
        p.items.append(
            worded("expansion.special_shipping_tiles: need at least 4 (one a year and more)")
        )


def _special_tiles(rows: Any, p: _Problems, tiles: dict[str, TileDef]) -> None:
    """The special colony tiles join `tiles` (flagged special)."""
    specials = _tiles(rows, worded("special colony tile"), p)
    if len(specials) != 6:
        p.items.append(worded("expansion.special_colony_tiles: need 6, found {n}", n=len(specials)))
    for tid, tile in specials.items():
        if tid in tiles:
            p.items.append(worded("special colony tile {id}: duplicate id", id=tid))
        tiles[tid] = TileDef(tid, tile.shape, tile.squares, True)


def _expert(row: Mapping[str, Any], eid: str) -> ExpertDef:
    kind = row["kind"]
    if kind not in EXPERT_KINDS:
        raise ValueError(
            worded(
                "kind {kind} is not one of {kinds}", kind=repr(kind), kinds=", ".join(EXPERT_KINDS)
            )
        )
    square = None
    if kind == "improve":
        square = _square({**row["square"], "kind": "building", "road": True}, eid)
    return ExpertDef(eid, kind, square)


def _experts(rows: Any, p: _Problems) -> dict[str, ExpertDef]:
    experts: dict[str, ExpertDef] = {}
    for row in rows:
        eid = str(row.get("id", "?"))
        try:
            experts[eid] = _expert(row, eid)
        except (KeyError, ValueError, TypeError) as exc:
            p.items.append(
                worded("invalid {kind} {id}: {problem}", kind=EXPERT, id=eid, problem=said(exc))
            )
    if len(experts) != 18:
        p.items.append(worded("expansion.experts: need 18, found {n}", n=len(experts)))
    return experts


def _cocoa(
    raw: Mapping[str, Any], p: _Problems, scholar_points: dict[str, int]
) -> tuple[tuple[int, ...], tuple[Square | None, ...], MayaDef] | None:
    """The governor grid, the cocoa board and the Maya city; the new scholars' points join
    `scholar_points`. None (the problem noted) when a value is invalid."""
    grid = raw["governor_grid"]
    try:
        cells = tuple(int(v) for line in grid for v in line)
        if len(grid) != SIZE or len(cells) != CELLS:
            raise ValueError(worded("need 6 rows of 6"))
        board = _board(raw["cocoa_board"], "cocoa")
        for sch in NEW_SCHOLARS:
            scholar_points[sch] = int(raw["scholars"][sch])
    except (KeyError, ValueError, TypeError) as exc:
        p.items.append(worded("invalid expansion value: {problem}", problem=said(exc)))
        return None
    try:
        maya = _maya(raw["maya"])
    except (KeyError, ValueError, TypeError) as exc:
        p.items.append(worded("invalid expansion.maya: {problem}", problem=said(exc)))
        return None
    return cells, board, maya


def _expansion(
    raw: Mapping[str, Any],
    p: _Problems,
    tiles: dict[str, TileDef],
    ships: dict[str, ShipDef],
    scholar_points: dict[str, int],
) -> Expansion | None:
    """Parse the expansion section; special tiles join `tiles`/`ships` (flagged special)."""
    before = len(p.items)
    for key, what in EXPANSION_NEEDS.items():
        if raw.get(key) is None:
            p.items.append(worded("missing {key}: {what}", key=f"expansion.{key}", what=what))
    if len(p.items) > before:
        return None
    _special_ships(raw["special_shipping_tiles"], p, ships)
    _special_tiles(raw["special_colony_tiles"], p, tiles)
    halls = _tiles([raw["cocoa_hall"]], worded("cocoa town hall"), p)
    experts = _experts(raw["experts"], p)
    found = _cocoa(raw, p, scholar_points)
    if found is None or len(p.items) > before or not halls:
        return None
    cells, board, maya = found
    return Expansion(board, next(iter(halls.values())), cells, experts, maya)


Board = tuple[Square | None, ...]


def _boards(data: Mapping[str, Any], p: _Problems) -> tuple[dict[str, Board], dict[str, str]]:
    """The colony boards by id and the side each is."""
    boards: dict[str, Board] = {}
    sides: dict[str, str] = {}
    raw_boards = p.need(
        data, "boards", worded("the four colony boards' A sides and the shared B side")
    )
    for bid, row in (raw_boards or {}).items():
        try:
            boards[bid] = _board(row, bid)
            sides[bid] = str(row["side"])
        except (KeyError, ValueError, TypeError) as exc:
            p.items.append(
                worded("invalid {kind} {id}: {problem}", kind=BOARD, id=bid, problem=said(exc))
            )
    if raw_boards is not None:
        a_sides = [b for b, s in sides.items() if s == "A"]
        if len(a_sides) != 4:
            p.items.append(worded("boards: need 4 A sides, found {n}", n=len(a_sides)))
        if len(set(boards[b] for b in a_sides)) != len(a_sides):
            p.items.append(worded("boards: the A sides must differ"))
        if [s for s in sides.values() if s == "B"] != ["B"]:
            p.items.append(worded("boards: need exactly one B side (identical on all four boards)"))
    return boards, sides


def _colony_tiles(data: Mapping[str, Any], p: _Problems) -> dict[str, TileDef]:
    raw_tiles = p.need(
        data, "colony_tiles", worded("the 15 two-space and 15 three-space colony tiles")
    )
    tiles = _tiles(raw_tiles, worded("colony tile"), p)
    if raw_tiles is not None:
        twos = sum(1 for t in tiles.values() if t.shape == "I2")
        if (twos, len(tiles) - twos) != (15, 15):
            p.items.append(
                worded(
                    "colony tiles: need 15 + 15, found {twos} + {threes}",
                    twos=twos,
                    threes=len(tiles) - twos,
                )
            )
    return tiles


def _town_halls(data: Mapping[str, Any], p: _Problems) -> dict[str, TileDef]:
    raw_halls = p.need(data, "town_halls", worded("the 4 town hall tiles (advanced setup)"))
    halls = _tiles(raw_halls, worded("town hall"), p)
    if raw_halls is not None and len(halls) != 4:
        p.items.append(worded("town halls: need 4, found {n}", n=len(halls)))
    return halls


def _ships(data: Mapping[str, Any], p: _Problems) -> dict[str, ShipDef]:
    ships: dict[str, ShipDef] = {}
    raw_ships = p.need(
        data, "shipping_tiles", worded("4 starting + 30 shipping tiles (cost, points)")
    )
    for row in raw_ships or ():
        sid = str(row.get("id", "?"))
        try:
            ships[sid] = ShipDef(
                sid, bool(row["start"]), parse_bundle(row["cost"]), int(row["points"])
            )
        except (KeyError, ValueError, TypeError) as exc:
            p.items.append(
                worded("invalid {kind} {id}: {problem}", kind=SHIP, id=sid, problem=said(exc))
            )
    if raw_ships is not None:
        starts = sum(1 for s in ships.values() if s.start)
        if (starts, len(ships) - starts) != (4, 30):
            p.items.append(
                worded(
                    "shipping tiles: need 4 + 30, found {starts} + {others}",
                    starts=starts,
                    others=len(ships) - starts,
                )
            )
    return ships


def _scoring_tables(data: Mapping[str, Any], p: _Problems) -> tuple[Any, dict[str, int]]:
    """The conquistador scoring table as given, and the scholars' points."""
    table = data.get("conquistador_scoring") or {}
    for players in ("2", "3", "4"):
        for year in ("1", "2", "3"):
            if (table.get(players) or {}).get(year) is None:
                p.items.append(
                    worded(
                        "missing conquistador_scoring {n} players year {year}",
                        n=players,
                        year=year,
                    )
                )
    scholars = data.get("scholars") or {}
    for sch in SCHOLARS:
        if scholars.get(sch) is None:
            p.items.append(
                worded("missing {key}: {what}", key=f"scholars.{sch}", what=SCHOLAR_POINTS)
            )
    return table, {k: int(v) for k, v in scholars.items() if isinstance(v, int)}


def _values(
    p: _Problems, road_row: Any, docks: Any, missions: Any, first: Any, table: Any
) -> tuple[Square | None, tuple[Any, ...], tuple[Bundle, ...], dict[int, Any]] | None:
    """The road tile, dock incomes, missions and conquistador scoring read from their raw
    values; None (the problem noted) when one is invalid."""
    try:
        road = _square(road_row, "road") if road_row is not None else None
        dock_effects = tuple(_income(d) for d in docks or ())
        if docks is not None and len(dock_effects) != 4:
            p.items.append(worded("docks: need 4"))
        mission_bundles = tuple(parse_bundle(m) for m in missions or ())
        if missions is not None and len(mission_bundles) != 4:
            p.items.append(worded("missions: need 4"))
        if first is not None and not 0 <= int(first) < len(REST_SPACES):
            p.items.append(worded("first_rest_space: must be 0-4"))
        conq_scoring = {
            int(n): {int(y): tuple(int(v) for v in pts) for y, pts in years.items()}
            for n, years in table.items()
        }
    except (ValueError, TypeError, KeyError) as exc:
        p.items.append(worded("invalid value: {problem}", problem=said(exc)))
        return None
    return road, dock_effects, mission_bundles, conq_scoring


def _tracks(p: _Problems, piety: Any, conq: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The piety track's monk symbol spaces and the solo trees, checked."""
    monk_symbols = tuple(int(x) for x in piety["monk_symbols"])
    if len(monk_symbols) < 3 or sorted(monk_symbols) != list(monk_symbols):
        p.items.append(worded("piety_track.monk_symbols: at least 3 spaces, ascending"))
    trees = tuple(int(x) for x in conq.get("solo_trees", ()))
    if len(trees) != 3:
        p.items.append(worded("conquistador_track.solo_trees: need 3 (solo scoring)"))
    return monk_symbols, trees


def parse_pack(
    data: Mapping[str, Any], name: str, need_expansion: bool = False
) -> tuple[Catalog | None, list[str]]:
    """The catalog and the problems; the catalog is None when anything is missing or invalid.

    The expansion section is optional unless `need_expansion` (a game with expansion=true)."""
    p = _Problems()
    boards, sides = _boards(data, p)
    tiles = _colony_tiles(data, p)
    halls = _town_halls(data, p)
    ships = _ships(data, p)
    road_row = p.need(data, "road_tile", worded("the road tile (colonists on it)"))
    docks = p.need(data, "docks", worded("the 4 dock symbols (rest income per shipping tile)"))
    first = p.need(
        data, "first_rest_space", worded("which rest space carries the start-player symbol")
    )
    piety = p.need(data, "piety_track", worded("piety track length and monk symbol spaces"))
    conq = p.need(
        data,
        "conquistador_track",
        worded("conquistador track length, gold symbols, solo trees"),
    )
    missions = p.need(data, "missions", worded("the 4 mission rewards"))
    table, scholar_points = _scoring_tables(data, p)
    expansion = None
    if data.get("expansion") is not None or need_expansion:
        expansion = _expansion(data.get("expansion") or {}, p, tiles, ships, scholar_points)
    values = _values(p, road_row, docks, missions, first, table)
    if values is None:
        return None, p.items
    road, dock_effects, mission_bundles, conq_scoring = values
    if p.items or road is None or piety is None or conq is None:
        return None, p.items
    monk_symbols, trees = _tracks(p, piety, conq)
    if p.items:
        return None, p.items
    return (
        Catalog(
            pack=name,
            label=str(data.get("label", "")),
            boards=boards,
            board_sides=sides,
            tiles=tiles,
            halls=halls,
            ships=ships,
            road=road,
            docks=dock_effects,
            first_rest=int(first),
            piety_length=int(piety["length"]),
            monk_symbols=monk_symbols,
            conq_length=int(conq["length"]),
            gold_spaces=frozenset(int(x) for x in conq["gold"]),
            solo_trees=trees,
            conq_scoring=conq_scoring,
            missions=mission_bundles,
            scholar_points=scholar_points,
            expansion=expansion,
        ),
        [],
    )


def _income(text: str) -> tuple[Any, ...]:
    """A dock symbol: an action (`piety`, `conq`) or a bundle gained (`2coin`, `2vp`)."""
    if text in ("piety", "conq"):
        return (text,)
    return ("produce", parse_bundle(text))


COCOA_BOARD = "cocoa"
"""The board id of the expansion's cocoa colony board."""


def board_def(cat: Catalog, bid: str) -> tuple[Square | None, ...]:
    if bid == COCOA_BOARD and cat.expansion is not None:
        return cat.expansion.cocoa_board
    return cat.boards[bid]


def hall_def(cat: Catalog, hid: str) -> TileDef:
    if cat.expansion is not None and hid == cat.expansion.cocoa_hall.id:
        return cat.expansion.cocoa_hall
    return cat.halls[hid]
