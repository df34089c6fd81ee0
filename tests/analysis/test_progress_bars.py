"""`novus analyse`'s bar: the alternatives' phase is named when its total arrives (the total
grows then, which read as a jump for no reason), and chunks are small enough to move it often."""

from __future__ import annotations

from rich.progress import Progress

from analysis.pool import CHUNKS_PER_WORKER, Workers
from novus.cli.analysis import Bars


def test_the_second_total_names_the_alternatives_phase() -> None:
    bar = Progress()
    bars = Bars(bar, None)
    bars.game("g1", "Puerto Rico 1a2b")
    task = bar.tasks[0]
    bars.total(115)
    assert (task.total, task.description) == (115, "Puerto Rico 1a2b")
    bars.advance(115)
    bars.total(319)
    assert task.total == 319 and "alternatives" in task.description
    bars.game("g2", "Century 3c4d")  # the next game starts in its first phase again
    bars.total(80)
    assert bar.tasks[-1].description == "Century 3c4d"


def test_many_chunks_per_worker() -> None:
    with Workers(1) as here:
        assert here.parts == CHUNKS_PER_WORKER >= 24
