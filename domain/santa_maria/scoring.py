"""End scoring (rulebook, game end), the six bishops, the tie-break and the solo feats.

Breakdown categories: `in_play` (happiness tokens gained during the game, conquistador scoring
included), `coins` (coins + resources sold, 1 point per 3), `colonists` (on fully developed rows
and columns), `scholars`, `bishops` (-2 each plus the condition), `harbor_sets` (3 per set of one
tile on each dock), `shipping` (points printed on the shipping tiles). Tie-break: the rest space
closest to the start-player symbol in the last year (higher is better: minus the distance).
"""

from __future__ import annotations

from collections.abc import Callable

from domain.core.protocol import Scores, SeatScore
from domain.santa_maria.components import GEM, RESOURCES, SALE_PRICE, SIZE, Catalog, Square
from domain.santa_maria.components import GOLD as GOLD_INDEX
from domain.santa_maria.geometry import (
    BITS,
    COLUMNS,
    ROWS,
    SQUARES,
    cells_mask,
    largest_group,
    regions,
    road_reach,
)
from domain.santa_maria.state import Player, State

BISHOP_COST = 2
SQUARE_POINTS = {5: 10, 4: 7, 3: 4}
CAP = 12
TERRAIN_BISHOP = ("farm", "forest", "mountain")
DIVERSE_ORDER = ("farm", "forest", "mountain", "city")
DIVERSE = frozenset(DIVERSE_ORDER)


def coin_points(p: Player) -> int:
    """Resources sold (basic 1, advanced 2), then 1 point per 3 coins, rounded down."""
    total = p.coins + sum(n * SALE_PRICE[i] for i, n in enumerate(p.res[: len(RESOURCES)]))
    return total // 3


LINES = (*ROWS, *COLUMNS)


def colonist_points(board: tuple[Square | None, ...]) -> int:
    """Colonists on each fully developed row and column (a crossing counts twice): each line
    is read up to its first empty cell (the projection scores every new board)."""
    total = 0
    for line in LINES:
        found = 0
        for c in line:
            sq = board[c]
            if sq is None:
                break
            found += sq.colonists
        else:
            total += found
    return total


def harbor_sets(p: Player) -> int:
    return min(len(d) for d in p.ships)


def _largest_square(board: tuple[Square | None, ...]) -> int:
    occupied = 0
    for sq, bit in zip(board, BITS, strict=True):
        if sq is not None:
            occupied |= bit
    for k, squares in SQUARES:
        for square in squares:
            if occupied & square == square:
                return SQUARE_POINTS[k]
    return 0


def _terrains(board: tuple[Square | None, ...]) -> dict[str, int]:
    """The cells of each terrain on the board, as bit masks."""
    found: dict[str, int] = {}
    get = found.get
    for sq, bit in zip(board, BITS, strict=True):
        if sq is not None:
            terrain = sq.terrain
            found[terrain] = get(terrain, 0) | bit
    return found


LINE_MASKS = tuple(cells_mask(line) for line in LINES)


def _hall_reach(board: tuple[Square | None, ...]) -> tuple[set[int], set[int]]:
    halls = [c for c, sq in enumerate(board) if sq is not None and sq.terrain == "town_hall"]

    def is_road(c: int) -> bool:
        sq = board[c]
        return sq is not None and (not sq.building or sq.road)  # improvement experts too

    return road_reach(halls, is_road)


def _of_terrain(board: tuple[Square | None, ...], terrain: str) -> Callable[[int], bool]:
    def test(cell: int) -> bool:
        sq = board[cell]
        return sq is not None and sq.terrain == terrain

    return test


def bishop_condition(bishop: str, p: Player, cat: Catalog | None = None) -> int:
    """Points a bishop's condition gives `p` (before the 2-point cost)."""
    board = p.board
    if bishop == "square":
        return _largest_square(board)
    if bishop == "one_dock":
        return min(CAP, 2 * max(len(d) for d in p.ships))
    if bishop == "hall_cities":
        _, touched = _hall_reach(board)
        cities = sum(1 for c in touched if (sq := board[c]) is not None and sq.terrain == "city")
        return min(CAP, 2 * cities)
    if bishop == "hall_colonists":
        roads, _ = _hall_reach(board)
        return min(CAP, sum(sq.colonists for c in roads if (sq := board[c]) is not None))
    if bishop == "terrain_area":
        terrains = _terrains(board)
        best = max(largest_group(terrains.get(terrain, 0)) for terrain in TERRAIN_BISHOP)
        return min(CAP, 2 * best)
    if bishop == "diversity":
        terrains = _terrains(board)
        farm, forest, mountain, city = (terrains.get(t, 0) for t in DIVERSE_ORDER)
        lines = 0
        for line in LINE_MASKS:  # a line holding each of the four terrains
            if farm & line and forest & line and mountain & line and city & line:
                lines += 1
        return min(CAP, 3 * lines)
    if bishop == "conquest_again":
        return 0  # its points are the year-3 conquistador score again, paid in play (tracks)
    if cat is None:
        raise ValueError(f"bishop {bishop!r} needs the catalog")
    if bishop == "big_tiles":
        return min(CAP, 2 * sum(1 for t in p.tiles if len(cat.tiles[t].squares) == 3))
    if bishop == "ship_gems":
        gems = sum(cat.ships[t].cost[GEM] for dock in p.ships for t in dock)
        return min(CAP, 2 * gems)
    raise ValueError(f"unknown bishop {bishop!r}")


def score_key(p: Player) -> tuple[object, ...]:
    """Every field of `p` that `breakdown` reads (the game's catalog and expansion flag are fixed
    for a game): equal keys, equal points. Copy-on-write players share unchanged fields, so
    comparing two keys is mostly identity checks."""
    return (
        p.vp,
        p.coins,
        p.res,
        p.cocoa,
        p.scholars,
        p.personal,
        p.bishops,
        p.board,
        p.ships,
        p.tiles,
        p.gov,
        p.caps,
    )


def board_points(s: State, p: Player) -> tuple[int, int]:
    """The `colonists` and `bishops` points: the costly parts, read from `p.board`, `p.bishops`,
    `p.ships` and `p.tiles` only (and the game's catalog and expansion flag)."""
    return colonist_points(p.board), bishop_points(s, p)


def bishop_points(s: State, p: Player) -> int:
    """The `bishops` points: each bishop's condition less its cost."""
    cost = 0 if s.exp else BISHOP_COST  # no 2-point bishop penalty with the expansion (KO)
    return sum(bishop_condition(b, p, s.cat) - cost for b in p.bishops)


def breakdown(
    s: State, p: Player, board: Callable[[State, Player], tuple[int, int]] = board_points
) -> dict[str, int]:
    """Points by category; `board` gives the `colonists` and `bishops` points (a caller that
    scores the same player often may remember them, `board_points`)."""
    if p.caps:  # the Maya player: points in play, then storage (not gold) sold 1 coin each
        coins = p.coins + sum(p.res[:GOLD_INDEX]) + p.cocoa
        return {"in_play": p.vp, "coins": coins // 3}
    scholars = sum(s.cat.scholar_points.get(x, 0) for x in p.scholars if x != p.personal)
    colonists, bishops = board(s, p)
    parts = {
        "in_play": p.vp,
        "coins": coin_points(p),
        "colonists": colonists,
        "scholars": scholars,
        "bishops": bishops,
        "harbor_sets": 3 * harbor_sets(p),
        "shipping": sum(s.cat.ships[t].points for dock in p.ships for t in dock),
    }
    if p.gov >= 0 and s.cat.expansion is not None:
        parts["governor"] = s.cat.expansion.governor_grid[p.gov]
    return parts


def scores(s: State) -> Scores:
    seats = []
    for i, p in enumerate(s.players):
        parts = breakdown(s, p)
        distance = abs(p.rest - s.cat.first_rest) if p.rest >= 0 else 9
        seats.append(SeatScore(i, sum(parts.values()), parts, (-distance,)))
    return Scores(tuple(seats))


FEATS = ("communism", "capitalism", "theocracy", "rule_by_faith", "democracy", "utopia")
"""Solo feats (rulebook, solo play)."""


def _spans(board: tuple[Square | None, ...]) -> bool:
    """One terrain (roads excluded) connected without a break west-east or north-south."""
    for terrain in ("farm", "forest", "mountain", "city", "town_hall"):
        for group in regions(_of_terrain(board, terrain)):
            cols = {c % SIZE for c in group}
            rows = {c // SIZE for c in group}
            if {0, SIZE - 1} <= cols or {0, SIZE - 1} <= rows:
                return True
    return False


def feats(s: State) -> dict[str, bool]:
    """The solo feats reached (meaningful at the end of a solo game)."""
    p = s.players[0]
    parts = breakdown(s, p)
    total = sum(parts.values())
    return {
        "communism": parts["colonists"] >= 28,
        "capitalism": harbor_sets(p) >= 4,
        "theocracy": sum(bishop_condition(b, p, s.cat) for b in p.bishops) >= 30,
        "rule_by_faith": _spans(p.board),
        "democracy": total >= 120,
        "utopia": total >= 150,
    }
