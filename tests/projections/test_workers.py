"""Fold workers give the same tables as folding in the projector's own process."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from application.service import NovusApp
from projections import runner
from tests.projections.conftest import dump


def test_worker_folds_equal_local_folds(folder: Path, make_app: Callable[..., NovusApp]) -> None:
    app = make_app()
    first = app.simulate("puerto-rico", 3, {}, seed=3)
    app.simulate("puerto-rico", 4, {}, seed=4, bot="random")
    record = app.history(first)
    live = app.record_game(record.setup, (), seed=None, source={"kind": "manual"})
    steps = list(record.steps)
    for begin in range(0, len(steps), 120):  # a game in progress, projected by new projectors
        app.record(live, steps[begin : begin + 120])
        runner.catch_up(app, folder=folder, batch_size=77, workers=2)
    app.simulate("puerto-rico", 5, {}, seed=5)
    report = runner.catch_up(app, folder=folder, batch_size=500, workers=2)
    assert report.position == app.max_notification_id()
    with_workers = dump(folder / "views.duckdb")
    runner.catch_up(app, folder=folder / "local", rebuild=True)
    assert with_workers == dump(folder / "local" / "views.duckdb")
    games = {row[0]: row for row in with_workers["games"]}
    assert games[str(live)][15] is True  # the live game finished like its twin
