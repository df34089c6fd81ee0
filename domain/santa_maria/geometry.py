"""Geometry of the 6x6 colony: tile placements, lines, and connection through roads.

Cells are numbered `r * 6 + c` (row r from the top, column c from the left). Placements are
precomputed once per shape as (cells, bit mask) so the legal-move search is a mask test.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from domain.santa_maria.components import CELLS, SHAPES, SIZE


@cache
def rotations(shape: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The four quarter turns of `shape`; square i of the tile lands on offset i."""
    out = []
    offsets = SHAPES[shape]
    for _ in range(4):
        low_r = min(r for r, _ in offsets)
        low_c = min(c for _, c in offsets)
        out.append(tuple((r - low_r, c - low_c) for r, c in offsets))
        offsets = tuple((c, -r) for r, c in offsets)
    return tuple(out)


@cache
def placements(shape: str) -> tuple[tuple[int, int, int, tuple[int, ...], int], ...]:
    """Every placement of `shape` inside the colony: (row, col, turn, cells, mask)."""
    found = []
    for turn, offsets in enumerate(rotations(shape)):
        for r in range(SIZE):
            for c in range(SIZE):
                cells = tuple((r + dr) * SIZE + c + dc for dr, dc in offsets)
                if all(r + dr < SIZE and c + dc < SIZE for dr, dc in offsets):
                    mask = 0
                    for cell in cells:
                        mask |= 1 << cell
                    found.append((r, c, turn, cells, mask))
    return tuple(found)


ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)
)
"""Cells of each row, left to right (blue dice; activation order)."""
COLUMNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)
)
"""Cells of each column, top to bottom (white dice; activation order)."""
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (r + dr) * SIZE + c + dc
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE
    )
    for r in range(SIZE)
    for c in range(SIZE)
)

BITS = tuple(1 << cell for cell in range(CELLS))
"""Each cell's bit in a mask of cells."""
_NOT_LEFT = sum(1 << cell for cell in range(CELLS) if cell % SIZE)
_NOT_RIGHT = sum(1 << cell for cell in range(CELLS) if cell % SIZE != SIZE - 1)


def cells_mask(cells: Sequence[int]) -> int:
    """The cells as a bit mask."""
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


SQUARES: tuple[tuple[int, tuple[int, ...]], ...] = tuple(
    (
        k,
        tuple(
            cells_mask([(r + i) * SIZE + c + j for i in range(k) for j in range(k)])
            for r in range(SIZE - k + 1)
            for c in range(SIZE - k + 1)
        ),
    )
    for k in (5, 4, 3)
)
"""(side, the masks of every k x k square of cells), largest side first."""


def largest_group(mask: int) -> int:
    """How many cells the largest connected group (4-neighbourhood, as `regions`) of the
    cells in `mask` holds: each group grown from its lowest cell a ring at a time, as bits."""
    best = 0
    while mask:
        group = mask & -mask
        while True:
            grown = (
                group
                | ((group << 1) & _NOT_LEFT)
                | ((group >> 1) & _NOT_RIGHT)
                | (group << SIZE)
                | (group >> SIZE)
            ) & mask
            if grown == group:
                break
            group = grown
        mask &= ~group
        size = group.bit_count()
        if size > best:
            best = size
    return best


def cell_name(cell: int) -> str:
    return f"{cell // SIZE + 1},{cell % SIZE + 1}"


def parse_cell(text: str) -> int | None:
    """`"2,3"` (row 2, column 3, counted from 1) -> cell number."""
    parts = text.split(",")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        return None
    r, c = int(parts[0]) - 1, int(parts[1]) - 1
    if not (0 <= r < SIZE and 0 <= c < SIZE):
        return None
    return r * SIZE + c


def road_reach(start: Sequence[int], is_road: Callable[[int], bool]) -> tuple[set[int], set[int]]:
    """From the `start` cells through adjacent road squares: (roads reached, cells touched).

    The rulebook (bishops): roads continue through roads, every other square blocks, and
    directly adjacent squares always count as connected.
    """
    roads: set[int] = set()
    touched: set[int] = set()
    frontier = list(start)
    seen = set(start)
    while frontier:
        cell = frontier.pop()
        for nb in NEIGHBOURS[cell]:
            touched.add(nb)
            if nb not in seen and is_road(nb):
                seen.add(nb)
                roads.add(nb)
                frontier.append(nb)
    return roads, touched - set(start)


def regions(cells_of: Callable[[int], bool]) -> list[set[int]]:
    """Connected groups (4-neighbourhood) of the cells where `cells_of` is true."""
    seen: set[int] = set()
    groups = []
    for cell in range(CELLS):
        if cell in seen or not cells_of(cell):
            continue
        group = {cell}
        frontier = [cell]
        seen.add(cell)
        while frontier:
            cur = frontier.pop()
            for nb in NEIGHBOURS[cur]:
                if nb not in seen and cells_of(nb):
                    seen.add(nb)
                    group.add(nb)
                    frontier.append(nb)
        groups.append(group)
    return groups
