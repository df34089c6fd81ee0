"""Fold workers give the same tables as folding in the projector's own process."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

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


def test_auto_workers_only_for_a_large_backlog(
    folder: Path, make_app: Callable[..., NovusApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`AUTO`: worker folds for a backlog of at least `AUTO_MIN_EVENTS`, then back to local
    folds for small catch-ups, with a game in progress handed over between them."""
    monkeypatch.setattr(runner.os, "sched_getaffinity", lambda _: {0, 1})
    app = make_app()
    app.simulate("puerto-rico", 3, {}, seed=1, bot="random")
    record = app.history(app.game_ids()[0])
    live = app.record_game(record.setup, record.steps[:50], seed=None)
    monkeypatch.setattr(runner, "AUTO_MIN_EVENTS", app.max_notification_id())
    with runner.Projector(app, folder=folder, workers=runner.AUTO, batch_size=100) as projector:
        first = projector.catch_up()
        assert first.workers == 2 and first.events == app.max_notification_id()
        app.record(live, record.steps[50:])  # fewer events than the threshold
        second = projector.catch_up()
        assert second.workers == 1 and second.events == len(record.steps) - 50 + 1
    incremental = dump(folder / "views.duckdb")
    runner.catch_up(app, folder=folder / "clean", rebuild=True)
    assert incremental == dump(folder / "clean" / "views.duckdb")


def test_one_core_means_no_workers(
    folder: Path, make_app: Callable[..., NovusApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runner.os, "sched_getaffinity", lambda _: {0})
    monkeypatch.setattr(runner, "AUTO_MIN_EVENTS", 1)
    app = make_app()
    app.simulate("puerto-rico", 3, {}, seed=2, bot="random")
    assert runner.catch_up(app, folder=folder, workers=runner.AUTO).workers == 1
