"""The DuckDB file the projector writes: a `TrackingRecorder` whose tracking table lives beside
the rows, so rows and position are committed together.

One process at a time holds the file read-write: it holds `views-projector.lock` (`flock`, for
its whole life, `projections.lock`) and DuckDB's own lock; a second projector gets
`ProjectorBusy`. Readers never open this file: after each catch-up the projector publishes a
copy (`publish`, through a descriptor kept open, so DuckDB's lock is never dropped), see
`projections.read`.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import duckdb
from eventsourcing.persistence import Tracking, TrackingRecorder

from projections import published, ratings, rows, schema
from projections.damage import damaged_projection, is_damage, is_lock_error
from projections.lock import ProjectorBusy, ProjectorLock, Publisher, busy, lock_path

if TYPE_CHECKING:
    from projections.columns import Batch, Skipped


__all__ = ["DuckDBView", "HeldLost", "ProjectorBusy", "wait_for"]

MEMORY_LIMIT = "160MB"
"""DuckDB's memory limit on the projector's connection (its default is 80% of the machine's
memory). DuckDB keeps the blocks it writes in its buffer pool up to this limit: appending
154 MiB of incompressible rows in 20,000-row transactions held 153 MiB (RSS peak 408 MiB) under
a 400 MB limit and 72 MiB (RSS peak 318 MiB) under 150 MB, so during a rebuild the pool grew
with the file (a 50,000-game rebuild went from 300 to 540 MiB). Past the limit DuckDB writes
blocks out instead; the Python side of a rebuild stays flat (tracemalloc over a 1,000-game
rebuild: about 30 MiB traced, no growth between batches)."""


class HeldLost(Exception):
    """A write failed while batches were held in its transaction (`DuckDBView.write`): they
    were rolled back with it and must be projected again from the committed position."""

    def __init__(self, batches: int) -> None:
        super().__init__(f"{batches} held batch(es) rolled back")
        self.batches = batches


class DuckDBView(TrackingRecorder):
    """The projector's read-write DuckDB connection: rows + tracking in one transaction."""

    def __init__(self, path: Path | None = None, *, replace_damaged: bool = False) -> None:
        """`replace_damaged`: a damaged file is deleted and made anew (the caller replays
        the events: `novus project --rebuild`); otherwise it raises `DamagedProjection`."""
        self.path = path
        self.lock = ProjectorLock(lock_path(path)) if path is not None else None
        self.publisher: Publisher | None = None
        self.replaced = False
        """Whether a damaged file was replaced by an empty one when it was opened."""
        self.published_stamp: tuple[int, int, int] | None = None
        """`stamp` of the copy this view last published (None: not yet)."""
        self.buffering = False
        """Whether writes keep what changed for the next publish (`projections.published`)."""
        self.last_full = False
        """Whether the last publish was a full copy."""
        self.held = 0
        """Batches written in the open transaction, not yet committed (`write(hold=True)`)."""
        self._held_tracking = Tracking("", 0)
        self.carried: dict[str, dict[str, Any]] = {}
        """`games` rows of games in progress held back from the last held batch for the next
        one (`GamesProjection._carry`); a commit in between writes them first."""
        """The position of the last held batch."""
        try:
            try:
                self._connect()
            except duckdb.Error as error:
                if path is None or not is_damage(error):
                    raise
                if not replace_damaged:
                    raise damaged_projection(path, error) from None
                self.replace()
        except BaseException as error:
            self._release()
            if is_lock_error(error):
                raise busy(path.parent if path else Path(), None) from None
            raise

    def _connect(self) -> None:
        """Open the file (and the publishing descriptor) and its schema."""
        path = self.path
        # One thread: this connection only appends batches (readers query the published copy
        # with their own connections); a second DuckDB thread competes with the fold workers
        # for the cores and saved nothing (benchmarks/bench_projections.py). Both settings
        # given at connect: two statements fewer than `SET` after it.
        self.con = duckdb.connect(
            str(path) if path is not None else ":memory:",
            config={"threads": 1, "memory_limit": MEMORY_LIMIT},
        )
        try:
            if path is not None:
                self.publisher = Publisher(path)
            self.schema_changed = False
            self._transaction(self._open_schema)
        except BaseException:
            self._disconnect()
            raise

    def _disconnect(self) -> None:
        """Close the connection, then the publishing descriptor (in that order: DuckDB's lock
        must not be dropped while its connection is open)."""
        self.con.close()
        if self.publisher is not None:
            self.publisher.close()
            self.publisher = None

    def replace(self) -> None:
        """Delete the (damaged) file and open an empty one; the lock file stays held."""
        assert self.path is not None
        if hasattr(self, "con"):
            with contextlib.suppress(duckdb.Error):
                self._disconnect()
        for stale in (self.path, Path(f"{self.path}.wal")):
            stale.unlink(missing_ok=True)
        self._connect()
        self.replaced = True

    def _open_schema(self) -> None:
        """Create what is missing; tables of another schema version are dropped first. One
        catalog read, of this database's own tables (`ratings.existing`: an unfiltered
        `duckdb_tables()` read as the first statement cost ~5 ms more), and one read of the
        marks serve the version check, `schema.create` and `buffering`."""
        have = ratings.existing(self.con)
        marks = schema.read_marks(self.con) if "marks" in have else {}
        if "marks" in have and marks.get("schema_version") != schema.SCHEMA_VERSION:
            schema.drop(self.con)
            self.schema_changed = True
            marks = {}
            schema.create(self.con, marks=marks)  # the catalog read again after the drop
        else:
            schema.create(self.con, have=have, marks=marks)
        self.buffering = published.buffering(marks)

    # ---- TrackingRecorder -----------------------------------------------------------------

    def insert_tracking(self, tracking: Tracking) -> None:
        self._transaction(lambda: self._track(tracking))

    def max_tracking_id(self, application_name: str) -> int | None:
        row = self.con.execute(
            "SELECT notification_id FROM tracking WHERE application_name = ?", [application_name]
        ).fetchone()
        return None if row is None else int(row[0])

    # ---- writing --------------------------------------------------------------------------

    def write(self, batch: Batch, tracking: Tracking, *, hold: bool = False) -> None:
        """Insert a batch's rows, apply its updates and record `tracking`: one transaction.

        The games the batch leaves out (`Batch.skipped`) lose every row written before and are
        listed in `skipped_games`, in the same transaction.

        `hold`: leave the transaction open; the next `write` goes on in it, and the first one
        without `hold` records its `tracking` and commits them all (rows and position still
        commit together: a crash keeps none of the held batches). A catch-up of many batches
        holds them (`runner.COMMIT_BATCHES`): DuckDB writes a transaction's full row groups
        straight to the file, compressed, where each small commit wrote its rows to the log
        and a checkpoint wrote them again. A failed write rolls back every held batch too
        (`HeldLost` when there were any)."""

        def body() -> None:
            self._skip(batch.skipped)
            self._truncate(batch.truncate)
            self._rows(batch)
            if self.buffering:
                published.record(self.con, _changed(batch), _reset(batch))
            if not hold:
                self._track(tracking)

        if not self.held:
            self.con.execute("BEGIN TRANSACTION")
        try:
            body()
        except BaseException as error:
            held, self.held = self.held, 0
            self.carried = {}
            self.con.execute("ROLLBACK")
            if held and isinstance(error, Exception):
                raise HeldLost(held) from error
            raise
        if hold:
            self.held += 1
            self._held_tracking = tracking
        else:
            self.held = 0
            self.con.execute("COMMIT")

    @contextlib.contextmanager
    def checkpointing(self) -> Iterator[None]:
        """Every commit meanwhile checkpoints at once (DuckDB's `checkpoint_threshold` at
        1 KB, then back to its setting): for a catch-up that is published right after, which
        checkpoints then anyway. A commit that checkpoints writes its rows into the file once;
        otherwise the rows of a transaction's last, partial row groups go to the log at the
        commit and into the file again at the checkpoint (a 200-game rebuild: about 7 ms of
        110 in its statements)."""
        self.con.execute("SET checkpoint_threshold = '1KB'")
        try:
            yield
        finally:
            with contextlib.suppress(duckdb.Error):  # a damaged file: its own error goes on
                self.con.execute("RESET checkpoint_threshold")

    def commit(self) -> None:
        """Commit the batches held in the open transaction, if any, with the position of the
        last (a publish in the middle of a catch-up, e.g. from its `progress`)."""
        if self.held:
            if self.carried:  # held back for the next batch: they belong to these
                self._write_carried()
            self._track(self._held_tracking)
            self.held = 0
            self.con.execute("COMMIT")

    def rollback(self) -> None:
        """Drop the batches held in the open transaction (`write(hold=True)`), if any."""
        self.carried = {}
        if self.held:
            self.held = 0
            self.con.execute("ROLLBACK")

    def _write_carried(self) -> None:
        carried, self.carried = self.carried, {}
        self._insert("games", rows.games(list(carried.values())))
        if self.buffering:
            published.record(self.con, set(carried), set())

    def changed(self, game_ids: list[str]) -> None:
        """List games whose rows changed outside `write` (ratings) for the next publish;
        inside the transaction that changes them."""
        if self.buffering:
            published.record(self.con, set(game_ids), set())

    def probe(self, batch: Batch) -> None:
        """Raise what writing `batch`'s rows would raise; nothing is kept (rolled back)."""
        tables = rows.tables(batch)
        updates = rows.updates(batch)
        self.con.execute("BEGIN TRANSACTION")
        try:
            for name, table in tables.items():
                self._insert(name, table)
            if updates is not None:
                self._update(updates)
        finally:
            self.con.execute("ROLLBACK")

    def _skip(self, skipped: list[Skipped]) -> None:
        if not skipped:
            return
        ids = [entry[0] for entry in skipped]
        for name in schema.TABLES:
            self.con.execute(
                f"DELETE FROM {name} WHERE game_id IN (SELECT unnest($ids))", {"ids": ids}
            )
        self.con.executemany(
            "INSERT OR REPLACE INTO skipped_games VALUES (?, ?, ?, ?)", [list(e) for e in skipped]
        )
        ratings.touch(self.con, ids)

    def _truncate(self, truncate: dict[str, int]) -> None:
        """Take-backs: the games' rows after the steps they kept, and their final scores, go."""
        if not truncate:
            return
        pairs = [[game_id, step] for game_id, step in truncate.items()]
        for name, column in (("steps", "step"), ("fold_timeline", "step"), ("fold_facts", "step")):
            self.con.executemany(f"DELETE FROM {name} WHERE game_id = ? AND {column} > ?", pairs)
        ids = [[game_id] for game_id in truncate]
        self.con.executemany("DELETE FROM seats WHERE game_id = ?", ids)
        ratings.touch(self.con, list(truncate))
        self.con.executemany(
            "UPDATE games SET ended = NULL, steps = NULL, finished = false, winners = NULL, "
            "winner_names = NULL WHERE game_id = ?",
            ids,
        )

    def takeback_offsets(self) -> dict[str, int]:
        """Per game with a take-back: its version minus 1 minus its steps (the events that are
        not steps it stands on: take-backs, taken-back steps, undone `Finished` events)."""
        found = self.con.execute(
            "SELECT game_id, arg_max(version - 1 - to_step, version) FROM takebacks "
            "GROUP BY game_id"
        ).fetchall()
        return {str(game_id): int(offset) for game_id, offset in found}

    def _rows(self, batch: Batch) -> None:
        for name, table in rows.tables(batch).items():
            self._insert(name, table)
        updates = rows.updates(batch)
        if updates is not None:
            self._update(updates)

    def _update(self, updates: Any) -> None:
        self.con.register("finish_batch", updates)
        try:
            self.con.execute(
                """UPDATE games SET ended = f.ended, steps = f.steps, finished = true,
                       winners = f.winners, winner_names = f.winner_names
                   FROM finish_batch f WHERE games.game_id = f.game_id"""
            )
        finally:
            self.con.unregister("finish_batch")

    def _insert(self, name: str, table: Any) -> None:
        """Append an Arrow table's rows to table `name` (as a relation, not a registered view:
        DuckDB keeps a registered Arrow table alive until the transaction ends, so held
        batches would keep every batch's Arrow copy; `tests/projections/test_held_batches`)."""
        self.con.from_arrow(table).insert_into(name)
        if self.buffering:
            published.record_rows(self.con, name, table)
        if name == "seats":  # finished games: rated at the end of the catch-up
            ratings.touch(self.con, sorted(set(table.column("game_id").to_pylist())))

    def _track(self, tracking: Tracking) -> None:
        """Record the position: an UPDATE, or an INSERT when there is none yet (`INSERT OR
        REPLACE` cost ~1.5 ms a commit, an UPDATE ~0.4)."""
        name, position = tracking.application_name, tracking.notification_id
        updated = self.con.execute(
            "UPDATE tracking SET notification_id = ? WHERE application_name = ?", [position, name]
        ).fetchone()
        if not updated or not updated[0]:
            self.con.execute("INSERT INTO tracking VALUES (?, ?)", [name, position])

    def reset(self, marks: dict[str, str] | None = None) -> None:
        """Make every table (tracking included) again, empty: one transaction
        (`schema.remake`). The views stay: opening the file made them current
        (`_open_schema`). `marks` are written in the same transaction (the store's mark of a
        rebuild: no commit of its own)."""

        self._transaction(lambda: schema.remake(self.con, marks or {}))
        self.buffering = False  # the next publish is a full copy

    def skipped_games(self) -> set[str]:
        """The games left out of the views (`skipped_games`)."""
        found = self.con.execute("SELECT game_id FROM skipped_games").fetchall()
        return {str(row[0]) for row in found}

    def verify(self) -> None:
        """Read every column of every table, so DuckDB checks each block's checksum;
        `DamagedProjection` if the file is damaged (before publishing it to repair readers)."""
        try:
            for name in (*schema.TABLES, *schema.BOOKKEEPING):
                self.con.execute(f"SELECT count(*), bit_xor(hash(COLUMNS(*))) FROM {name}")
        except duckdb.Error as error:
            if self.path is not None and is_damage(error):
                raise damaged_projection(self.path, error) from None
            raise

    def mark(self, key: str) -> str | None:
        row = self.con.execute("SELECT value FROM marks WHERE key = ?", [key]).fetchone()
        return None if row is None else str(row[0])

    def set_mark(self, key: str, value: str) -> None:
        self._transaction(
            lambda: self.con.execute("INSERT OR REPLACE INTO marks VALUES (?, ?)", [key, value])
        )

    def _transaction(self, body: Any) -> None:
        self.con.execute("BEGIN TRANSACTION")
        try:
            body()
        except BaseException:
            self.con.execute("ROLLBACK")
            raise
        self.con.execute("COMMIT")

    # ---- reading back (refolding after a restart) ----------------------------------------

    def game_progress(self, game_id: str) -> tuple[str, int] | None:
        """A projected game's setup JSON and how many of its steps are in (None: not started)."""
        row = self.con.execute(
            "SELECT setup, (SELECT count(*) FROM steps WHERE game_id = $id) FROM games "
            "WHERE game_id = $id",
            {"id": game_id},
        ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def game_steps_numbered(self, game_id: str) -> list[tuple[int, str, int, str]]:
        """A projected game's steps so far (step, kind, seat, action), in order."""
        steps = self.con.execute(
            "SELECT step, kind, seat, action FROM steps WHERE game_id = ? ORDER BY step",
            [game_id],
        ).fetchall()
        return [(int(n), str(k), int(s), str(a)) for n, k, s, a in steps]

    def game_steps(self, game_id: str) -> list[tuple[str, int, str]]:
        """A projected game's steps so far as stored (kind, seat, action), in order."""
        steps = self.con.execute(
            "SELECT kind, seat, action FROM steps WHERE game_id = ? ORDER BY step", [game_id]
        ).fetchall()
        return [(str(k), int(s), str(a)) for k, s, a in steps]

    # ---- publishing -----------------------------------------------------------------------

    def publish(self, target: Path, *, full: bool = False) -> None:
        """Publish the file, consistent and checkpointed, for readers at `target`: the changes
        since the last publish as a new top over the layers (`projections.published`), or a
        full copy (`full`, the first time, after a rebuild, or when the layers grew)."""
        if self.path is None:
            raise ValueError("an in-memory view cannot be published")
        self.commit()
        # nothing kept since the file was made or reset (`buffering`): a full copy anyway,
        # without attaching and reading the readers' copy first (~5 ms), and without a
        # checkpoint of its own (the full copy checkpoints after writing its marks)
        full = full or not self.buffering
        if not full:
            self.con.execute("CHECKPOINT")
        assert self.publisher is not None
        # the full copy never opens (so never closes) the locked file
        self.last_full = published.publish(
            self.con,
            target,
            self.publisher.copy_to,
            full=full,
            work_bytes=self.publisher.size(),
            trusted=self.published_stamp is not None and stamp(target) == self.published_stamp,
            empty=not self.buffering,
        )
        self.buffering = True
        self.published_stamp = stamp(target)

    def published_at(self, target: Path, application_name: str) -> int | None:
        """The tracking position of the published copy `target` (0: nothing projected yet);
        None if it is missing or not a readable projection (damaged, another program's file)."""
        if not target.exists():
            return None
        try:
            con = duckdb.connect(str(target), read_only=True)
        except duckdb.Error:
            return None
        try:
            row = con.execute(
                "SELECT notification_id FROM tracking WHERE application_name = ?",
                [application_name],
            ).fetchone()
        except duckdb.Error:
            return None
        finally:
            con.close()
        return 0 if row is None else int(row[0])

    def close(self) -> None:
        self._disconnect()
        self._release()

    def _release(self) -> None:
        """After the connection: the publishing descriptor, then the projector lock."""
        if self.publisher is not None:
            self.publisher.close()
            self.publisher = None
        if self.lock is not None:
            self.lock.release()
            self.lock = None


def _changed(batch: Batch) -> set[str]:
    """Games of a batch whose small-table rows change (`projections.published.SMALL`)."""
    ids = set(batch.games)
    for columns in (batch.finish, batch.seats, batch.takebacks):
        if len(columns):
            ids.update(columns.cols[0])
    return ids


def _reset(batch: Batch) -> set[str]:
    """Games of a batch whose rows are deleted (take-backs, skipped games)."""
    return set(batch.truncate) | {entry[0] for entry in batch.skipped}


def stamp(path: Path) -> tuple[int, int, int] | None:
    """(inode, size, mtime) of a file, None if missing: what publishing last left there."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_ino, found.st_size, found.st_mtime_ns)


def wait_for(path: Path, timeout: float) -> None:
    """Block until `path` exists or `timeout` seconds passed (tests, the dashboard's first run)."""
    deadline = time.monotonic() + timeout
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
