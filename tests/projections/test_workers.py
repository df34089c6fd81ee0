"""Fold workers: the same tables as folding in the projector's own process; lean processes that
fail loudly."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest

from application.service import NovusApp
from projections import rows, runner, schema, workers
from projections.columns import COLUMNS, Batch
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
    monkeypatch.setattr(runner.os, "getloadavg", lambda: (0.9, 0.5, 0.2))  # our own process
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


def test_a_busy_machine_means_no_workers(
    folder: Path, make_app: Callable[..., NovusApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Workers on cores other processes keep busy would make the catch-up slower than one
    process: `AUTO` counts only the cores the load average leaves idle."""
    monkeypatch.setattr(runner.os, "sched_getaffinity", lambda _: {0, 1})
    monkeypatch.setattr(runner, "AUTO_MIN_EVENTS", 1)
    app = make_app()
    app.simulate("puerto-rico", 3, {}, seed=2, bot="random")
    monkeypatch.setattr(runner.os, "getloadavg", lambda: (2.5, 2.0, 1.0))
    assert runner.catch_up(app, folder=folder, workers=runner.AUTO).workers == 1
    monkeypatch.setattr(runner.os, "getloadavg", lambda: (1.0, 2.0, 1.0))
    assert runner.catch_up(app, folder=folder, workers=runner.AUTO, rebuild=True).workers == 2


def test_idle_cores_from_the_load_average(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner.os, "sched_getaffinity", lambda _: set(range(8)))
    for load, idle in ((0.0, 8), (1.0, 8), (3.5, 5), (7.2, 1), (30.0, 1)):
        monkeypatch.setattr(runner.os, "getloadavg", lambda load=load: (load, 0.0, 0.0))
        assert runner.idle_cores() == idle

    def unknown() -> tuple[float, float, float]:
        raise OSError("no load average")

    monkeypatch.setattr(runner.os, "getloadavg", unknown)
    assert runner.idle_cores() == 8


def test_columns_name_the_arrow_and_duckdb_columns() -> None:
    """The plain column lists, their Arrow schemas and the DuckDB tables agree in order."""
    for name, table in {**rows.ARROW, "finish": rows.FINISH}.items():
        assert tuple(table.names) == COLUMNS[name]
    con = duckdb.connect()
    schema.create(con)
    for name in schema.TABLES:
        described = con.execute(f"SELECT * FROM {name} LIMIT 0").description
        assert tuple(column[0] for column in described) == COLUMNS[name]


def test_a_worker_imports_neither_the_main_module_nor_duckdb() -> None:
    """A worker starts lean: `python -m projections.workers`, no `__main__` of the projector."""
    folds = workers.WorkerFolds(1)
    try:
        folds._spawn()
        process = folds.processes[0]
        assert process.args[-2:] == ["-m", "projections.workers"]
        probe = subprocess.run(
            [sys.executable, "-c", PROBE],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(workers.ROOT)},
            check=True,
        )
        assert probe.stderr.split() == ["False", "False", "False"]
    finally:
        folds.close()
    assert folds.processes == []


PROBE = """
import runpy, sys
sys.argv = ["projections.workers"]
sys.stdin = open("/dev/null")
runpy.run_module("projections.workers", run_name="__main__")
print(*(name in sys.modules for name in ("duckdb", "pyarrow", "eventsourcing")), file=sys.stderr)
"""


def test_a_dead_worker_fails_the_batch_and_is_replaced(
    folder: Path, make_app: Callable[..., NovusApp]
) -> None:
    app = make_app()
    app.simulate("puerto-rico", 3, {}, seed=6, bot="random")
    folds = workers.WorkerFolds(2)
    try:
        folds._spawn()
        folds.processes[1].kill()
        folds.processes[1].wait()
        for index in range(2):
            folds.queued[index].append((workers.END, f"game-{index}"))
        with pytest.raises(workers.WorkerFailed, match="fold worker 1"):
            folds.collect(folds.submit(), Batch())
        folds.reset()
        assert folds.processes == []
    finally:
        folds.close()
    with runner.Projector(app, folder=folder, workers=2) as projector:
        assert projector.catch_up().position == app.max_notification_id()
    runner.catch_up(app, folder=folder / "local", rebuild=True)
    assert dump(folder / "views.duckdb") == dump(folder / "local" / "views.duckdb")
