"""Running the projection: catch up from the stored position, follow new events, rebuild.

    from projections import ratings, runner
    runner.catch_up("novus-data")                 # project what is new, publish for readers
    runner.catch_up("novus-data", rebuild=True)   # drop everything, replay the whole store
    runner.follow("novus-data")                   # keep following until interrupted

The notification log is polled (`NovusApp.stored_notifications`: stored rows, which the
projection decodes): the SQLite recorder offers no subscription, and polling works the same on
PostgreSQL. Each poll reads up to `batch_size` events, projects them and writes rows + position
in one DuckDB transaction (`GamesProjection`).

Files in the data folder: `views-projector.duckdb` is the projector's own (read-write, locked
while it runs); `views.duckdb` (`application.settings.views_path`) is the copy published for
readers after each catch-up (`projections.published`: the changes since the last publish over
layers in `views.duckdb.layers/`, or a full copy).
"""

from __future__ import annotations

import gc
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID

import duckdb
from eventsourcing.persistence import Tracking

from application import settings
from application.mapper import NovusMapper
from application.service import NovusApp, open_app
from domain.core.aggregate import Game
from domain.core.protocol import ChanceStep, Decision, Step
from projections import ratings, rows
from projections.columns import Batch, Skipped
from projections.damage import damaged_projection, is_damage
from projections.defaults import AUTO, AUTO_MIN_EVENTS, BATCH_SIZE, POLL_SECONDS
from projections.fold import LocalFolds
from projections.projection import GamesProjection
from projections.view import DuckDBView, HeldLost, stamp
from projections.workers import WorkerFolds

WORK_FILE = "views-projector.duckdb"
AHEAD_WITH_WORKERS = 2
"""Batches handed to fold workers before the oldest is written: while the projector writes one
(the first write also loads Arrow's pandas support, a few tenths of a second), the workers
still have the next one queued, so they never wait for it."""
COMMIT_BATCHES = 25
"""Batches of a catch-up written in one transaction (`DuckDBView.write(hold=True)`): 500,000
events at the default batch size. DuckDB writes a transaction's full row groups (122,880 rows)
straight to the file, compressed; small commits wrote every row to the log first and again at
the checkpoint (a 1,000-game Puerto Rico rebuild: 0.2 s of its 0.6 s of DuckDB writes). A crash
or a stop keeps the batches committed before it, as with one batch a transaction."""
PUBLISH_SECONDS = 2.0
STORE_MARK = "store"
"""Mark holding the id of the store's first game: another store in the folder means rebuild."""

Progress = Callable[[int, int], None]
"""`progress(done_position, last_position)`, called after each written batch."""


GC_THRESHOLD = 50_000
"""Allocations between young garbage collections while projecting (CPython's default: 700)."""
_gc_lock = threading.Lock()
_gc_depth = 0
_gc_saved: tuple[int, int, int] | None = None


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Collect garbage less often while projecting, then restore the thresholds.

    A rebuild allocates millions of short-lived objects (events, steps, engine states) while
    the batch's row lists keep growing: with the default thresholds the collector runs every
    700 allocations and takes about a quarter of the time. Reference cycles are still
    collected, only later: this changes when memory is scanned, never a row. Nested and
    concurrent catch-ups (threads) share one raise; the last to end restores the thresholds.
    """
    global _gc_depth, _gc_saved
    with _gc_lock:
        if _gc_depth == 0:
            _gc_saved = gc.get_threshold()
            _, second, third = _gc_saved
            gc.set_threshold(max(GC_THRESHOLD, _gc_saved[0]), max(second, 20), max(third, 100))
        _gc_depth += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_depth -= 1
            if _gc_depth == 0 and _gc_saved is not None:
                gc.set_threshold(*_gc_saved)
                _gc_saved = None


def idle_cores() -> int:
    """Processes worth folding in: this process's core, plus each other core the load average
    (last minute) leaves idle. Workers on a busy machine only queue behind other work and
    make a catch-up slower than folding in one process, so a loaded machine gets 1."""
    cores = len(os.sched_getaffinity(0))
    try:
        load = os.getloadavg()[0]
    except OSError:  # no load average on this platform: trust the core count
        load = 0.0
    return max(1, min(cores, int(cores - load) + 1))


def work_path(folder: Path) -> Path:
    return folder / WORK_FILE


@dataclass
class Report:
    """What one catch-up did."""

    events: int
    position: int
    seconds: float
    rebuilt: bool = False
    reason: str = ""
    """Why the tables were rebuilt (asked for, or the store is not the one they came from)."""
    workers: int = 1
    """Processes that folded the games (1: the projector itself)."""
    refused: list[tuple[str, int, str]] = field(default_factory=list)
    """(game id, step, why) for each game whose stored steps the installed engine refused from
    that step on (recorded under other rules): projected without summaries, scores or facts
    from there; `novus verify GAME` shows the step."""
    skipped: list[Skipped] = field(default_factory=list)
    """(game id, game, notification id, why) for each game left out of the views in this
    catch-up: one of its events could not be projected or written (`skipped_games`)."""

    @property
    def rate(self) -> float:
        return self.events / self.seconds if self.seconds > 0 else 0.0


@dataclass
class _Done:
    """What a catch-up wrote: events, position, refused steps and skipped games, and the
    batches since the last commit (`Projector._project`)."""

    position: int
    events: int = 0
    batches: int = 0
    refused: list[tuple[str, int, str]] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)

    def add(self, batch: Batch, position: int) -> None:
        self.events += batch.events
        self.batches += 1
        self.refused.extend(batch.refused)
        self.skipped.extend(batch.skipped)
        self.position = position

    def take(self, other: _Done) -> None:
        """Add `other` (committed now) and empty it."""
        self.events += other.events
        self.refused.extend(other.refused)
        self.skipped.extend(other.skipped)
        self.position = other.position
        other.events = other.batches = 0
        other.refused, other.skipped = [], []


class Projector:
    """The application, the DuckDB view and the projection, opened together for a data folder.

    Only one projector per folder at a time: the view file is locked (`ProjectorBusy`).
    """

    def __init__(
        self,
        source: str | Path | NovusApp | None = None,
        *,
        folder: str | Path | None = None,
        env: Mapping[str, str] | None = None,
        batch_size: int = BATCH_SIZE,
        workers: int = 1,
        replace_damaged: bool = False,
    ) -> None:
        """`workers` > 1 folds the games in that many worker processes (large backlogs);
        `AUTO` (0) uses one per core for a catch-up of at least `AUTO_MIN_EVENTS` events.
        `replace_damaged`: a damaged projector file is replaced by an empty one (and rebuilt
        at the next catch-up) instead of raising `DamagedProjection` (`--rebuild`)."""
        if isinstance(source, NovusApp):
            self.app = source
            self._own_app = False
            self.folder = settings.data_dir(folder)
        else:
            self.folder = settings.data_dir(folder if folder is not None else source)
            self.app = open_app(self.folder, env)
            self._own_app = True
        self.folder.mkdir(parents=True, exist_ok=True)
        self.batch_size = batch_size
        try:
            self.view = DuckDBView(work_path(self.folder), replace_damaged=replace_damaged)
        except BaseException:
            if self._own_app:
                self.app.close()
            raise
        self.auto = workers == AUTO
        folds = WorkerFolds(workers) if workers > 1 else None
        self.projection = GamesProjection(self.view, history=self._history, folds=folds)
        mapper = self.app.mapper
        assert isinstance(mapper, NovusMapper)  # `NovusApp.construct_mapper`
        self.mapper = mapper

    def _choose_folds(self, backlog: int) -> None:
        """With `AUTO`: worker folds for a large backlog, local ones otherwise. Games in
        progress are refolded from the store by the new folds (as after a restart)."""
        wanted = idle_cores() if backlog >= AUTO_MIN_EVENTS else 1
        current = self.projection.folds
        have = current.count if isinstance(current, WorkerFolds) else 1
        if wanted == have:
            return
        current.close()
        self.projection.folds = WorkerFolds(wanted) if wanted > 1 else LocalFolds()
        self.projection.forget()

    @property
    def workers(self) -> int:
        """Fold processes in use (1: folding in this process)."""
        folds = self.projection.folds
        return folds.count if isinstance(folds, WorkerFolds) else 1

    def _history(self, game_id: str, count: int, version: int | None = None) -> list[Step]:
        """The steps a stored game stood on at aggregate `version` (default `count` + 1: no
        take-back before), take-backs applied; `count` of them."""
        steps: list[Step] = []
        for event in self.app.events.get(UUID(game_id), gt=1, lte=version or count + 1):
            if isinstance(event, Game.Decided):
                steps.append(Decision(event.seat, event.action))
            elif isinstance(event, Game.ChanceResolved):
                steps.append(ChanceStep(tuple(event.outcome)))
            elif isinstance(event, Game.TakenBack):
                del steps[event.step :]
        return steps

    @property
    def position(self) -> int:
        return self.view.max_tracking_id(self.app.name) or 0

    def rebuild(self, mark: str | None = None) -> None:
        """Drop every table and the tracking position (one transaction; the views stay);
        replay later. `mark`: the store's mark (`STORE_MARK`), written in that transaction."""
        self.view.reset({STORE_MARK: mark} if mark else None)
        self.projection.forget(empty=True)

    def _store_mark(self) -> str:
        first = self.app.notifications(0, 1)
        return str(first[0][1].originator_id) if first else ""

    def check_store(self) -> str:
        """Why the tables cannot continue from their position ('' if they can)."""
        position = self.position
        if position == 0:
            return ""
        if self.app.max_notification_id() < position:
            return "the event store has fewer events than the tables hold"
        if self.view.mark(STORE_MARK) != self._store_mark():
            return "the event store is not the one the tables were projected from"
        return ""

    def catch_up(
        self, *, rebuild: bool = False, progress: Progress | None = None, publish: bool = True
    ) -> Report:
        """Project every event after the stored position; then publish for readers."""
        with fewer_collections(), self.view.checkpointing() if publish else nullcontext():
            try:
                return self._catch_up(rebuild, progress, publish)
            except duckdb.Error as error:
                if is_damage(error):  # met while reading or writing the projector's file
                    self.projection.forget()
                    raise damaged_projection(self.view.path or Path(), error) from None
                raise

    def _catch_up(self, rebuild: bool, progress: Progress | None, publish: bool) -> Report:
        begin = time.perf_counter()
        if self.view.replaced:
            reason = "the projector's file was damaged: replaced by a new one"
            self.view.replaced = False
        elif rebuild:
            reason = "asked for"
        elif self.view.schema_changed:
            reason = "the tables were made by another version of Novus"
            self.view.schema_changed = False
        else:
            reason = self.check_store()
        marked = ""  # the store's mark written by the reset (none for an empty store)
        if reason:
            try:
                marked = self._store_mark()
                self.rebuild(marked)
            except duckdb.Error as error:
                if not (rebuild and is_damage(error)):
                    raise
                self.view.replace()  # asked to rebuild a damaged file: start a new one
                self.projection.forget()
                marked = ""
                reason = "asked for; the projector's file was damaged: replaced by a new one"
        position = self.position
        last = self.app.max_notification_id()
        if position == 0 and last and not marked:  # a store's first game never changes
            self.view.set_mark(STORE_MARK, self._store_mark())
        if self.auto:
            self._choose_folds(last - position)
        done = _Done(position)
        try:
            self._project(done, last, COMMIT_BATCHES, progress)
        except HeldLost:  # a batch that cannot be written: again from the committed position,
            self.projection.forget()  # one batch a transaction, so that only its game goes
            self._project(done, last, 1, progress)
        events, position, refused, skipped = done.events, done.position, done.refused, done.skipped
        if events or reason:  # a catch-up that wrote nothing changes no rating
            ratings.update(self.view.con, on_change=self.view.changed, ready=True)
        if publish:  # even with nothing new: the readers' copy may be stale or damaged, and a
            if not events:  # copy costs no more than checking it; but a file that was not
                self.view.verify()  # written to may hide damage: read it all first
            self.publish()
        seconds = time.perf_counter() - begin
        return Report(
            events, position, seconds, bool(reason), reason, self.workers, refused, skipped
        )

    def _project(self, done: _Done, last: int, group: int, progress: Progress | None) -> None:
        """Project every event after `done.position`, committing `group` batches at a time
        (and the last); `done` holds what is committed."""
        read = done.position
        pending: deque[tuple[Batch, Any, Tracking | None]] = deque()
        ahead = AHEAD_WITH_WORKERS if self.workers > 1 else 1
        warm_up = self.workers > 1  # once the workers are starting (`rows.warm_up`)
        held = _Done(done.position)
        try:
            while True:  # batch N is written while the next ones are folded (by workers, if any)
                notes = self.app.stored_notifications(read, self.batch_size) if read >= 0 else []
                if not notes:
                    read = -1  # caught up: complete what is pending, read no more
                else:
                    pending.append(self.projection.submit_stored(notes, self.app.name, self.mapper))
                    if warm_up:
                        rows.warm_up()
                        warm_up = False
                    read = notes[-1][0]
                    last = max(last, read)
                    if len(notes) < self.batch_size:
                        read = -1  # caught up: complete what is pending, read no more
                if pending and (len(pending) > ahead or not notes):
                    hold = held.batches + 1 < group and (read != -1 or len(pending) > 1)
                    item = pending.popleft()
                    written = self.projection.complete(item, hold=hold)
                    tracking = item[2]
                    assert tracking is not None  # only non-empty batches are submitted
                    held.add(written, tracking.notification_id)
                    if not hold:
                        done.take(held)
                    if progress is not None:
                        progress(held.position, last)
                        if held.batches and not self.view.held:  # it published: committed
                            done.take(held)
                if not pending and not notes:
                    break
            assert not self.view.held  # the last batch commits
        except BaseException:
            if self.view.held:  # interrupted with batches held: none of them is kept
                self.view.rollback()
                self.projection.forget()
            raise

    @property
    def published(self) -> Path:
        return settings.views_path(self.folder)

    def publish(self, *, full: bool = False) -> None:
        """Publish for readers: the changes since the last publish, or a full copy (`full`:
        repairing a damaged one)."""
        self.view.publish(self.published, full=full)

    def published_is_current(self, position: int) -> bool:
        """Whether the readers' copy exists, opens, and holds `position` (a damaged or stale
        copy is published again by the next catch-up, events or not)."""
        return self.view.published_at(self.published, self.app.name) == position

    def follow(
        self,
        *,
        stop: threading.Event | None = None,
        poll: float = POLL_SECONDS,
        on_report: Callable[[Report], None] | None = None,
        publish_every: float = PUBLISH_SECONDS,
    ) -> None:
        """Catch up, then keep polling for new events until `stop` is set.

        The copy for readers is published as soon as the projector is idle, and at most every
        `publish_every` seconds while events keep coming (each publish writes a new top file).
        """
        stop = stop or threading.Event()
        published = 0.0
        dirty = False
        while not stop.is_set():
            report = self.catch_up(publish=False)
            # new events, or the readers' copy is not what was published (removed, truncated,
            # replaced: `Views` may have found it damaged)
            dirty = (
                dirty or bool(report.events) or stamp(self.published) != self.view.published_stamp
            )
            now = time.monotonic()
            if dirty and (not report.events or now - published >= publish_every):
                self.publish()  # when idle, or at most every `publish_every` while busy
                published, dirty = now, False
            if on_report is not None and report.events:
                on_report(report)
            if not report.events:
                stop.wait(poll)

    def close(self) -> None:
        self.projection.folds.close()
        self.view.close()
        if self._own_app:
            self.app.close()

    def __enter__(self) -> Projector:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def catch_up(
    source: str | Path | NovusApp | None = None,
    *,
    folder: str | Path | None = None,
    env: Mapping[str, str] | None = None,
    rebuild: bool = False,
    batch_size: int = BATCH_SIZE,
    progress: Progress | None = None,
    workers: int = 1,
) -> Report:
    """Project a data folder's (or an app's) new events into DuckDB and publish the result.

    `source` is a data folder or an open `NovusApp` (then `folder` says where the views go;
    default: `$NOVUS_DATA_DIR`). `rebuild` drops everything first and replays the whole store.
    `workers` > 1 folds the games in that many worker processes (`python -m
    projections.workers` over pipes, not `multiprocessing`: a script needs no
    ``if __name__ == "__main__":`` guard).
    """
    with Projector(
        source,
        folder=folder,
        env=env,
        batch_size=batch_size,
        workers=workers,
        replace_damaged=rebuild,
    ) as projector:
        return projector.catch_up(rebuild=rebuild, progress=progress)


def follow(
    source: str | Path | NovusApp | None = None,
    *,
    folder: str | Path | None = None,
    env: Mapping[str, str] | None = None,
    stop: threading.Event | None = None,
    poll: float = POLL_SECONDS,
    on_report: Callable[[Report], None] | None = None,
) -> None:
    """Keep the views of a data folder up to date until `stop` is set (or Ctrl+C)."""
    with Projector(source, folder=folder, env=env) as projector:
        projector.follow(stop=stop, poll=poll, on_report=on_report)
