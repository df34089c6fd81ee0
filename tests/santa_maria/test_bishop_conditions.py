"""The bishops that read the colony alone (largest square, largest terrain area, diverse lines)
are counted on bit masks of the cells: they give what counting square by square gives, on any
colony (the reference counts below follow the rulebook's wording, cell by cell)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.santa_maria.components import CELLS, SIZE, Square
from domain.santa_maria.geometry import COLUMNS, NEIGHBOURS, ROWS, largest_group
from domain.santa_maria.scoring import CAP, SQUARE_POINTS, bishop_condition

TERRAINS = ("farm", "forest", "mountain", "city", "town_hall", "road")
SQUARES = {t: Square(t != "road", t, (), 1, "test") for t in TERRAINS}


def _largest_square(board: tuple[Square | None, ...]) -> int:
    for k in (5, 4, 3):
        for r in range(SIZE - k + 1):
            for c in range(SIZE - k + 1):
                cells = [(r + i) * SIZE + c + j for i in range(k) for j in range(k)]
                if all(board[cell] is not None for cell in cells):
                    return SQUARE_POINTS[k]
    return 0


def _largest_area(board: tuple[Square | None, ...], terrain: str) -> int:
    """The largest group of orthogonally adjacent squares of `terrain`, by a walk."""
    seen: set[int] = set()
    best = 0
    for start in range(CELLS):
        sq = board[start]
        if start in seen or sq is None or sq.terrain != terrain:
            continue
        group, frontier = {start}, [start]
        while frontier:
            for nb in NEIGHBOURS[frontier.pop()]:
                there = board[nb]
                if nb not in group and there is not None and there.terrain == terrain:
                    group.add(nb)
                    frontier.append(nb)
        seen |= group
        best = max(best, len(group))
    return best


def _diverse_lines(board: tuple[Square | None, ...]) -> int:
    wanted = {"farm", "forest", "mountain", "city"}
    return sum(
        1
        for line in (*ROWS, *COLUMNS)
        if wanted <= {sq.terrain for c in line if (sq := board[c]) is not None}
    )


boards = st.lists(
    st.one_of(st.none(), st.sampled_from(TERRAINS).map(SQUARES.__getitem__)),
    min_size=CELLS,
    max_size=CELLS,
).map(tuple)


@settings(max_examples=100, deadline=None)
@given(board=boards)
def test_bit_mask_bishops_count_as_square_by_square(board: tuple[Square | None, ...]) -> None:
    player: Any = SimpleNamespace(board=board)
    assert bishop_condition("square", player) == _largest_square(board)
    areas = [_largest_area(board, t) for t in ("farm", "forest", "mountain")]
    assert bishop_condition("terrain_area", player) == min(CAP, 2 * max(areas))
    assert bishop_condition("diversity", player) == min(CAP, 3 * _diverse_lines(board))


def test_largest_group_does_not_join_across_a_row_end() -> None:
    """Cells 5 and 6 are the end of row 1 and the start of row 2: not neighbours."""
    assert largest_group(1 << 5 | 1 << 6) == 1
    assert largest_group(1 << 5 | 1 << 11 | 1 << 17) == 3  # down the last column
    assert largest_group((1 << CELLS) - 1) == CELLS
    assert largest_group(0) == 0
