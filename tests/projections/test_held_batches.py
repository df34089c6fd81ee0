"""A catch-up commits its batches a group at a time (`runner.COMMIT_BATCHES`,
`DuckDBView.write(hold=True)`): rows and position still commit together, a stop keeps only
what was committed, and a batch that cannot be written sends the catch-up back to the
committed position, one batch a transaction."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import duckdb
import pyarrow as pa
import pytest
from eventsourcing.persistence import Tracking

from application.service import NovusApp
from projections import published, runner
from projections.columns import Batch
from projections.view import DuckDBView, HeldLost
from tests.projections.conftest import dump

BATCH = 60


def _batch(game: str, steps: int, first: int = 1) -> Batch:
    batch = Batch()
    for number in range(first, first + steps):
        batch.steps.add(game, number, 0, "decision", f"move:{number}", 1)
    batch.events = steps
    return batch


def _count(path: Path) -> tuple[int, int | None]:
    con = duckdb.connect(str(path), read_only=True)
    try:
        (steps,) = con.execute("SELECT count(*) FROM steps").fetchone() or (0,)
        found = con.execute("SELECT notification_id FROM tracking").fetchone()
    finally:
        con.close()
    return int(steps), None if found is None else int(found[0])


def test_held_batches_commit_with_the_last_position_or_not_at_all(tmp_path: Path) -> None:
    path = tmp_path / "views-projector.duckdb"
    view = DuckDBView(path)
    view.write(_batch("a", 3), Tracking("Novus", 3), hold=True)
    view.write(_batch("a", 2, 4), Tracking("Novus", 5), hold=True)
    assert view.held == 2
    assert view.max_tracking_id("Novus") is None  # held batches record no position yet
    view.close()  # a stop with batches held: none of them is kept
    assert _count(path) == (0, None)

    view = DuckDBView(path)
    view.write(_batch("a", 3), Tracking("Novus", 3), hold=True)
    view.write(_batch("a", 2, 4), Tracking("Novus", 5))
    assert view.held == 0
    view.close()
    assert _count(path) == (5, 5)


def test_a_failed_write_rolls_back_the_held_batches(tmp_path: Path) -> None:
    view = DuckDBView(tmp_path / "views-projector.duckdb")
    try:
        view.write(_batch("a", 3), Tracking("Novus", 3))
        view.write(_batch("b", 3), Tracking("Novus", 6), hold=True)
        bad = _batch("c", 1)
        bad.steps.cols[1][0] = 2**40  # does not fit the INTEGER column
        with pytest.raises(HeldLost):
            view.write(bad, Tracking("Novus", 7))
        assert view.held == 0
        assert view.max_tracking_id("Novus") == 3
        assert view.con.execute("SELECT count(*) FROM steps").fetchone() == (3,)
        with pytest.raises(OverflowError):  # nothing held: the write's own error (rows._array)
            view.write(bad, Tracking("Novus", 7))
    finally:
        view.close()


def _simulate(app: NovusApp, games: int = 4) -> None:
    for seed in range(games):
        app.simulate("puerto-rico", 3, {}, seed=seed, bot="random")


def test_a_stopped_catch_up_keeps_the_committed_groups(
    folder: Path, make_app: Callable[..., NovusApp], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A catch-up stopped in its third group keeps exactly the first two; the next one goes
    on from there and ends with the rows of a clean projection."""
    app = make_app()
    _simulate(app)
    clean = tmp_path / "clean"
    runner.catch_up(app, folder=clean, batch_size=BATCH)
    monkeypatch.setattr(runner, "COMMIT_BATCHES", 3)
    written: list[int] = []

    def stop_in_third_group(position: int, last: int) -> None:
        written.append(position)
        if len(written) == 8:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        runner.catch_up(app, folder=folder, batch_size=BATCH, progress=stop_in_third_group)
    with runner.Projector(app, folder=folder) as projector:
        assert projector.position == written[5] == 6 * BATCH  # two groups of three batches
    report = runner.catch_up(app, folder=folder, batch_size=BATCH)
    assert report.events == app.max_notification_id() - 6 * BATCH
    assert dump(folder / "views.duckdb") == dump(clean / "views.duckdb")


def test_held_groups_written_in_one_transaction_each(
    folder: Path, make_app: Callable[..., NovusApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every group of `COMMIT_BATCHES` batches, and the last batch, commits; the others hold."""
    app = make_app()
    _simulate(app)
    monkeypatch.setattr(runner, "COMMIT_BATCHES", 4)
    holds: list[bool] = []
    write = DuckDBView.write

    def spy(self: DuckDBView, batch: Batch, tracking: Tracking, *, hold: bool = False) -> None:
        holds.append(hold)
        write(self, batch, tracking, hold=hold)

    monkeypatch.setattr(DuckDBView, "write", spy)
    runner.catch_up(app, folder=folder, batch_size=BATCH)
    batches = -(-app.max_notification_id() // BATCH)
    assert len(holds) == batches > 8
    commits = [i for i, hold in enumerate(holds) if not hold]
    assert commits == [*range(3, batches - 1, 4), batches - 1]


def test_publishing_commits_the_held_batches(tmp_path: Path) -> None:
    """A publish in the middle of a group (a `progress` that publishes) commits what is held,
    with the last held position, and publishes it."""
    view = DuckDBView(tmp_path / "views-projector.duckdb")
    try:
        view.write(_batch("a", 3), Tracking("Novus", 3), hold=True)
        view.write(_batch("a", 2, 4), Tracking("Novus", 5), hold=True)
        view.publish(tmp_path / "views.duckdb")
        assert view.held == 0
        assert view.max_tracking_id("Novus") == 5
    finally:
        view.close()
    assert _count(tmp_path / "views.duckdb") == (5, 5)


def test_held_batches_keep_no_arrow_copy(tmp_path: Path) -> None:
    """Held batches keep DuckDB's rows only: a registered Arrow table stays alive until its
    transaction ends, so each held batch would have kept its Arrow copy (memory grew with the
    group: 270 -> 377 MiB for a 1,000-game rebuild in one transaction)."""
    view = DuckDBView(tmp_path / "views-projector.duckdb")
    try:
        view.write(_batch("a", 2000), Tracking("Novus", 2000), hold=True)
        base = pa.total_allocated_bytes()
        for n in range(1, 6):
            rows, position = _batch("a", 2000, 1 + 2000 * n), Tracking("Novus", 2000 * (n + 1))
            view.write(rows, position, hold=True)
        assert view.held == 6
        assert pa.total_allocated_bytes() <= base
    finally:
        view.close()


def test_a_game_finished_in_a_later_held_batch_is_inserted_once_finished(
    folder: Path, make_app: Callable[..., NovusApp], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game's `games` row moves on with it while its batches are held (`Projection._carry`):
    a game that ends in a later batch of the same transaction is inserted once, finished, and
    no finished-game UPDATE runs; only a game that crosses a commit is updated. The rows are
    those of a projection in one batch."""
    app = make_app()
    _simulate(app)
    clean = tmp_path / "clean"
    runner.catch_up(app, folder=clean)
    updated: list[str] = []
    update = DuckDBView._update

    def spy(self: DuckDBView, updates: pa.Table) -> None:
        updated.extend(updates.column("game_id").to_pylist())
        update(self, updates)

    monkeypatch.setattr(DuckDBView, "_update", spy)
    runner.catch_up(app, folder=folder, batch_size=BATCH)  # one group: every batch held
    assert app.max_notification_id() > 8 * BATCH and updated == []
    assert dump(folder / "views.duckdb") == dump(clean / "views.duckdb")

    monkeypatch.setattr(runner, "COMMIT_BATCHES", 1)  # every batch commits: games cross
    runner.catch_up(app, folder=folder, batch_size=BATCH, rebuild=True)
    assert len(updated) == 4
    assert dump(folder / "views.duckdb") == dump(clean / "views.duckdb")


def test_a_publish_in_a_group_writes_the_rows_held_back(
    folder: Path, make_app: Callable[..., NovusApp], tmp_path: Path
) -> None:
    """A publish between held batches commits them with the `games` rows of their games in
    progress (held back for the next batch): every published copy has a `games` row for each
    game with steps, and the end equals a projection in one batch."""
    app = make_app()
    _simulate(app, games=2)  # 11 batches, each published: 4 games took twice the publishes
    clean = tmp_path / "clean"
    runner.catch_up(app, folder=clean)
    missing: list[int] = []
    with runner.Projector(app, folder=folder, batch_size=BATCH) as projector:

        def publish(position: int, last: int) -> None:
            projector.publish()
            con = published.connect(projector.published)
            try:
                (found,) = con.execute(
                    "SELECT count(DISTINCT game_id) FROM steps "
                    "WHERE game_id NOT IN (SELECT game_id FROM games)"
                ).fetchone() or (0,)
            finally:
                con.close()
            missing.append(int(found))

        projector.catch_up(progress=publish)
    assert len(missing) > 8 and set(missing) == {0}
    assert dump(folder / "views.duckdb") == dump(clean / "views.duckdb")
