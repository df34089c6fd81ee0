"""The progress bar at any terminal width: the count and the time left always show whole (at 80
columns rich squeezed every column alike and cut "567/1234" to "567…" behind a long
description), and no line is wider than the terminal."""

from __future__ import annotations

import io
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console

from novus.cli.console import FittedProgress

LONG = "Puerto Rico 6d70a6ac: alternatives at the turning points"
KOREAN = "푸에르토 리코 b2c940df: 전환점의 다른 수"


def drawn(width: int, *descriptions: str, done: int = 567, total: int = 1234) -> list[str]:
    """The bar's lines as a terminal `width` columns wide shows them."""
    out = io.StringIO()
    screen = Console(file=out, width=width, color_system=None, legacy_windows=False)
    bar = FittedProgress(screen)
    for description in descriptions:
        task = bar.add_task(description, total=total)
        bar.update(task, completed=done)
    screen.print(bar.make_tasks_table(bar.tasks))
    return out.getvalue().splitlines()


def test_at_80_columns_a_long_description_gives_way_not_the_count() -> None:
    line, games = drawn(80, LONG, "games")
    assert "567/1234" in line and line.rstrip().endswith("-:--:--"), line
    assert re.search(r"\d:\d\d:\d\d", line)  # the elapsed time still fits (any value)
    assert "━" in line  # and a bar
    assert line.startswith("Puerto Rico 6d70a6ac: alternatives") and "…" in line
    assert "/1234" in games  # the rows keep their columns


def test_with_room_nothing_is_cut() -> None:
    (line,) = drawn(120, LONG)
    assert LONG in line and "…" not in line and "━" in line


def test_narrow_terminals_drop_the_elapsed_time_then_the_bar() -> None:
    (line,) = drawn(40, LONG)
    assert "567/1234" in line and line.rstrip().endswith("-:--:--")
    assert "━" not in line and line.count(":") == 3  # "Puerto Rico 6d70a6ac:" + one time
    assert line.startswith("Puerto Rico")


@settings(max_examples=60, deadline=None)
@given(
    width=st.integers(min_value=30, max_value=220),
    description=st.sampled_from([LONG, KOREAN, "games", "simulating Puerto Rico", "x" * 150]),
    total=st.integers(min_value=1, max_value=10**6),
    share=st.floats(min_value=0, max_value=1),
)
def test_count_and_time_left_show_at_every_width(
    width: int, description: str, total: int, share: float
) -> None:
    done = int(total * share)
    for line in drawn(width, description, done=done, total=total):
        assert cell_len(line.rstrip()) <= width, line
        assert f"{done:{len(str(total))}d}/{total}" in line, line
        assert re.search(r" (-:--:--|\d+:\d\d:\d\d)$", line.rstrip()), line
