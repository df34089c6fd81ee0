"""A rebuild's fixed statements: its publish is a full copy without reading the readers' copy
first; the store's mark is written in the reset's transaction (no
commit of its own), the position and the latest ratings without `INSERT OR REPLACE` (a few ms
each), nothing read back from tables the reset just made empty (skipped games, take-backs), no
catalog read by the ratings; opening reads the catalog of its own database only. The tables
hold the same as before (tracking, the store's mark, the latest ratings)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb

from application.service import NovusApp
from projections import published, runner
from projections.view import DuckDBView


class _Logged:
    """A DuckDB connection that keeps the statements it is given."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.con = con
        self.statements: list[str] = []

    def execute(self, query: str, *args: Any) -> Any:
        self.statements.append(" ".join(query.split()))
        return self.con.execute(query, *args)

    def executemany(self, query: str, *args: Any) -> Any:
        self.statements.append(" ".join(query.split()))
        return self.con.executemany(query, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.con, name)


def _rebuilt(app: NovusApp, folder: Path) -> list[str]:
    with runner.Projector(app, folder=folder, batch_size=150) as projector:
        logged = _Logged(projector.view.con)
        projector.view.con = logged  # type: ignore[assignment]
        try:
            projector.catch_up(rebuild=True)
        finally:
            projector.view.con = logged.con
        return logged.statements


def test_a_rebuild_writes_its_marks_and_position_without_replacing_or_reading_back(
    tmp_path: Path, make_app: Callable[..., NovusApp]
) -> None:
    app = make_app()
    for seed in range(3):
        app.simulate("puerto-rico", 3, {}, seed=seed, bot="random")
    runner.catch_up(app, folder=tmp_path)
    statements = _rebuilt(app, tmp_path)
    assert not [s for s in statements if "INSERT OR REPLACE" in s]
    read_back = ("SELECT game_id FROM skipped_games", "FROM takebacks GROUP BY")
    assert not [s for s in statements if any(r in s for r in read_back)]
    assert not [s for s in statements if s.startswith("ATTACH")]
    first_commit = statements.index("COMMIT")
    assert any(s.startswith("INSERT INTO marks") for s in statements[:first_commit])
    with duckdb.connect(str(runner.work_path(tmp_path)), read_only=True) as con:
        last = app.max_notification_id()
        assert con.execute("SELECT * FROM tracking").fetchall() == [(app.name, last)]
        first = str(app.notifications(0, 1)[0][1].originator_id)
        assert con.execute(
            "SELECT value FROM marks WHERE key = ?", [runner.STORE_MARK]
        ).fetchall() == [(first,)]
        latest = con.execute("SELECT game, player FROM ratings_latest ORDER BY ALL").fetchall()
        assert latest == con.execute(
            "SELECT DISTINCT game, player FROM ratings_history ORDER BY ALL"
        ).fetchall()
        assert latest


def test_the_ratings_read_no_catalog_and_a_rerun_still_replaces_the_latest(
    tmp_path: Path, make_app: Callable[..., NovusApp]
) -> None:
    app = make_app()
    for seed in range(2):
        app.simulate("puerto-rico", 3, {}, seed=seed, bot="random")
    statements = _rebuilt(app, tmp_path)
    after_reset = statements[statements.index("COMMIT") + 1 :]
    assert not [s for s in after_reset if "duckdb_tables()" in s and "'cur'" not in s]
    app.simulate("puerto-rico", 3, {}, seed=5, bot="random")  # the same players again
    with runner.Projector(app, folder=tmp_path) as projector:
        logged = _Logged(projector.view.con)
        projector.view.con = logged  # type: ignore[assignment]
        projector.catch_up()
        projector.view.con = logged.con
        assert any(s.startswith("INSERT OR REPLACE INTO ratings_latest") for s in logged.statements)
        mu = projector.view.con.execute(
            "SELECT l.mu = h.mu FROM ratings_latest l JOIN player_ratings h USING (game, player)"
        ).fetchall()
    assert mu and all(same for (same,) in mu)


def test_opening_reads_the_catalog_of_its_own_database_once(
    tmp_path: Path, monkeypatch: Any
) -> None:
    path = tmp_path / "views-projector.duckdb"
    DuckDBView(path).close()
    seen: list[str] = []
    real = duckdb.connect

    def connect(*args: Any, **kwargs: Any) -> Any:
        logged = _Logged(real(*args, **kwargs))
        logged.statements = seen
        return logged

    monkeypatch.setattr(duckdb, "connect", connect)
    DuckDBView(path).close()
    monkeypatch.undo()
    catalog = [s for s in seen if "duckdb_tables()" in s]
    assert len(catalog) == 1 and "current_database()" in catalog[0]
    assert len([s for s in seen if "FROM marks" in s]) == 1  # version, views, lineage: one read
    assert not [s for s in seen if s.startswith("SET")]  # threads and memory given at connect


def test_a_rebuilds_full_publish_leaves_the_empty_buffers_and_counts_in_one_statement(
    tmp_path: Path, make_app: Callable[..., NovusApp]
) -> None:
    """After the reset nothing is kept for a delta until the first full publish, so the
    writer's buffers are empty: the full copy does not empty them again, counts the rows of
    the data tables in one statement and checkpoints once, after writing its marks."""
    app = make_app()
    for seed in range(2):
        app.simulate("puerto-rico", 3, {}, seed=seed, bot="random")
    runner.catch_up(app, folder=tmp_path)
    statements = _rebuilt(app, tmp_path)
    assert not [s for s in statements if s.startswith("DELETE FROM publish_")]
    counts = [s for s in statements if "count(*)" in s and "ratings_pending" not in s]
    assert len(counts) == 1 and "UNION ALL" in counts[0]
    assert statements.count("CHECKPOINT") == 1
    assert statements.index("CHECKPOINT") > max(
        n for n, s in enumerate(statements) if s.startswith("INSERT INTO marks")
    )
    app.simulate("puerto-rico", 3, {}, seed=9, bot="random")  # the next publish: a delta
    with runner.Projector(app, folder=tmp_path) as projector:
        projector.catch_up()
        assert not projector.view.last_full
    con = published.connect(tmp_path / "views.duckdb")  # the delta over the full copy
    try:
        assert con.execute("SELECT count(*) FROM games").fetchall() == [(3,)]
        assert con.execute("SELECT count(DISTINCT game_id) FROM steps").fetchall() == [(3,)]
    finally:
        con.close()
