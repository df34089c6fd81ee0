"""`novus analyse`'s bar: the alternatives' phase is named when its total arrives (the total
grows then, which read as a jump for no reason), and chunks are small enough to move it often;
it names the game in the display language."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.progress import Progress

from analysis.game import Eval, Job, chunks, plain_steps, viewers
from analysis.pool import CHUNKS_PER_WORKER, Workers
from analysis.runner import Quiet, analyse_one
from analysis.settings import Settings
from application.i18n import set_language
from application.service import open_app
from novus.cli.analysis import Bars
from tests.analysis.test_game import _game


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


@pytest.mark.parametrize("workers", [1, 2])
def test_the_bar_moves_at_every_evaluation_whatever_the_chunks(workers: int) -> None:
    """Chunks are few and large (neighbours share rollouts), so the bar cannot wait for a
    chunk (at load one took longer than rich's 30 s speed window, and the time left froze):
    every evaluation is reported as it is done, from the workers too."""
    rules, setup, steps, final = _game("puerto-rico", 2)
    look = viewers(rules, steps, final)
    evals = [Eval(j, look[j]) for j in range(len(steps) - 30, len(steps) + 1)]
    jobs = [
        Job("puerto-rico", setup.to_json(), plain_steps(steps), Settings(rollouts=2), c)
        for c in chunks(evals, 2)
    ]
    reports: list[int] = []
    with Workers(workers) as pool:
        assert pool.parts == CHUNKS_PER_WORKER * workers
        results = pool.run(jobs, reports.append)
        assert sum(len(r) for r in results) == len(evals) == sum(reports)
        assert len(reports) > len(jobs) + 5, reports  # not one report per chunk
        (again,) = pool.run(jobs[:1], reports.append)  # the next phase
        assert len(again) == len(jobs[0].evals)
        assert sum(reports) == len(evals) + len(again)  # no report counted twice


class _Titles(Quiet):
    def __init__(self) -> None:
        self.titles: list[str] = []

    def game(self, game_id: str, title: str) -> None:
        self.titles.append(title)


@pytest.mark.parametrize(("lang", "name"), [("en", "Puerto Rico"), ("ko", "푸에르토 리코")])
def test_the_bar_names_the_game_in_the_display_language(
    tmp_path: Path, lang: str, name: str
) -> None:
    store = open_app(tmp_path / "data")
    try:
        game_id = store.simulate("puerto-rico", 3, {}, seed=1, bot="heuristic")
        titles = _Titles()
        set_language(lang)
        analyse_one(
            store,
            tmp_path / "data",
            game_id,
            Settings(rollouts=1, turning_points=0),
            progress=titles,
        )
    finally:
        store.close()
    assert titles.titles == [f"{name} {str(game_id)[:8]}"]
