"""Projection speed: rebuild throughput beside a raw Arrow -> DuckDB insert, and catch-up lag.

    python3 benchmarks/bench_projections.py [--games 1000] [--players 4] [--game G] [--store DIR]

1. Simulates `--games` games of `--game` (Puerto Rico by default; heuristic bots) into a SQLite
   store (or reuses the store in `--store`); the catch-up lag game is always Puerto Rico.
2. Rebuild: `runner.catch_up(rebuild=True)` over the whole store: read + decode notifications,
   fold the engine over every game (summaries, score timeline, facts), build Arrow batches,
   write rows + tracking per batch, publish. Events/s.
3. Raw: the very same rows (read back from the rebuilt tables as Arrow), inserted into an empty
   DuckDB file with one `INSERT ... SELECT * FROM arrow` per table in one transaction. Events/s
   (store events / time) and the ratio rebuild / raw; also the same starting from the rows as
   Python column lists (building the Arrow arrays included).
4. The rebuild as `novus project --rebuild` runs it by default (`workers=AUTO`: one fold process
   per core for a backlog this size); the parts of the rebuild, each alone: reading and decoding
   (as the library does, into event objects; as the projection does, from the stored rows), and
   the projection with the engine fold switched off (the path used when a game's engine is not
   installed).
5. Small stores (15, 40, 100 games) rebuilt alone and with workers: where
   `runner.AUTO_MIN_EVENTS` comes from. Catch-up lag, on a copy of the store: a `novus project
   --follow` process runs; one new game is stored; the time until a reader
   (`projections.read.Views`) sees it, over several games.
6. Library queries (`Views.library` + `library_count`) on the games table copied up to about
   10,000 games.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import duckdb  # noqa: E402
import pyarrow as pa  # noqa: E402

from application.mapper import NovusMapper  # noqa: E402
from application.service import NovusApp, open_app  # noqa: E402
from projections import fold as fold_module  # noqa: E402
from projections import runner, schema  # noqa: E402
from projections.read import Views  # noqa: E402
from projections.view import wait_for  # noqa: E402

GAME = "puerto-rico"


def _interruptible() -> None:
    """Ctrl+C must reach the child even when this process was started with SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def fill(app: NovusApp, games: int, players: int, game: str = GAME) -> None:
    have = len(app.game_ids())
    began = time.perf_counter()
    for seed in range(have, games):
        app.simulate(game, players, {}, seed=seed, bot="heuristic")
    if games > have:
        print(f"simulated {games - have} games in {time.perf_counter() - began:.1f} s")


def decode_only(app: NovusApp) -> float:
    """The library's read path: notifications decoded into event objects by the mapper."""
    began = time.perf_counter()
    after = events = 0
    with runner.fewer_collections():
        while batch := app.notifications(after, runner.BATCH_SIZE):
            events += len(batch)
            after = batch[-1][0]
    return events / (time.perf_counter() - began)


def read_rows_only(app: NovusApp) -> float:
    """The projection's read path: stored rows, per-step events read as steps from their JSON."""
    began = time.perf_counter()
    after = events = 0
    mapper = app.mapper
    assert isinstance(mapper, NovusMapper)
    stored_fields = mapper.stored_fields
    with runner.fewer_collections():
        while rows := app.stored_notifications(after, runner.BATCH_SIZE):
            for _, game_id, version, topic, state in rows:
                if stored_fields(topic, state) is None:
                    mapper.row_event(game_id, version, topic, state)
            events += len(rows)
            after = rows[-1][0]
    return events / (time.perf_counter() - began)


def rebuild(app: NovusApp, folder: Path, workers: int = 1) -> runner.Report:
    """`novus project --rebuild` as a library call (`workers=runner.AUTO`: the CLI default)."""
    with runner.Projector(app, folder=folder, workers=workers) as projector:
        return projector.catch_up(rebuild=True)


def rebuild_without_fold(app: NovusApp, folder: Path) -> runner.Report:
    """The same rebuild with every game treated as one whose engine is not installed."""
    real = fold_module.registry.get

    def missing(name: str) -> Any:
        from domain.core.errors import UnknownGame

        raise UnknownGame(name, [])

    fold_module.registry.get = missing  # type: ignore[assignment]
    try:
        return rebuild(app, folder)
    finally:
        fold_module.registry.get = real  # type: ignore[assignment]


def raw_insert(views: Path, target: Path, from_python: bool = False) -> tuple[float, int]:
    """Seconds to insert every data row of `views` into an empty file from Arrow; row count.

    `from_python`: the timing starts from the rows as Python column lists, so it includes
    building the Arrow arrays (what the projection does after computing its rows).
    """
    source = duckdb.connect(str(views), read_only=True)
    tables = {name: source.sql(f"SELECT * FROM {name}").to_arrow_table() for name in schema.TABLES}
    source.close()
    rows = sum(t.num_rows for t in tables.values())
    columns = {name: (t.schema, t.to_pydict()) for name, t in tables.items()}
    target.unlink(missing_ok=True)
    con = duckdb.connect(str(target))  # DuckDB's defaults (all cores), not the projector's
    schema.create(con)
    began = time.perf_counter()
    if from_python:
        tables = {
            name: pa.Table.from_arrays(
                [pa.array(values[f.name], f.type) for f in table_schema], schema=table_schema
            )
            for name, (table_schema, values) in columns.items()
        }
    con.execute("BEGIN TRANSACTION")
    for name, table in tables.items():
        con.register("raw_rows", table)
        con.execute(f"INSERT INTO {name} SELECT * FROM raw_rows")
        con.unregister("raw_rows")
    con.execute("COMMIT")
    con.execute("CHECKPOINT")
    seconds = time.perf_counter() - began
    con.close()
    return seconds, rows


def small_rebuilds(
    players: int, sizes: tuple[int, ...] = (15, 40, 100)
) -> list[tuple[int, float, float]]:
    """Where fold workers start paying (`runner.AUTO_MIN_EVENTS`): rebuilds of small stores of
    `sizes` games, in the projector alone and with one worker per core (best of two each).
    (events, seconds alone, seconds with workers)."""
    cores = len(os.sched_getaffinity(0))
    out = []
    for size in sizes:
        folder = Path(tempfile.mkdtemp(prefix="novus-bench-small-"))
        app = open_app(folder)
        fill(app, size, players)
        times = {}
        for workers in (1, max(2, cores)):
            runs = [rebuild(app, folder / f"w{workers}-{n}", workers).seconds for n in range(2)]
            times[workers] = min(runs)
        out.append((app.max_notification_id(), times[1], times[max(2, cores)]))
        app.close()
    return out


def copy_of(folder: Path) -> Path:
    """The store and its projection copied to a new folder, so that the lag measure's new games
    do not grow the (reused) benchmark store from one run to the next."""
    copy = Path(tempfile.mkdtemp(prefix="novus-bench-lag-"))
    for name in ("events.sqlite", "events.sqlite-wal", "events.sqlite-shm", runner.WORK_FILE):
        if (folder / name).exists():
            shutil.copy(folder / name, copy / name)
    return copy


def catch_up_lag(app: NovusApp, folder: Path, players: int, samples: int) -> list[float]:
    runner.catch_up(app, folder=folder)
    follower = subprocess.Popen(
        [sys.executable, "-m", "novus.cli.main", "project", "-d", str(folder),
         "--follow", "--poll", "0.05"],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        preexec_fn=_interruptible,
    )  # fmt: skip
    lags = []
    try:
        wait_for(folder / "views.duckdb", 30)
        views = Views(folder)
        time.sleep(2)  # the follower has started and caught up
        for i in range(samples):
            app.simulate(GAME, players, {}, seed=10_000_000 + i, bot="heuristic")
            stored = time.perf_counter()
            target = app.max_notification_id()
            while views.position() < target:
                time.sleep(0.005)
            lags.append(time.perf_counter() - stored)
        views.close()
    finally:
        follower.send_signal(signal.SIGINT)
        follower.wait(timeout=60)
    return lags


def library_latency(views_file: Path, target: Path, copies: int) -> dict[str, float]:
    """Median ms of library queries on `copies` x the games (new ids), like 10,000 games."""
    target.unlink(missing_ok=True)
    con = duckdb.connect(str(target))
    con.execute(f"ATTACH '{views_file}' AS src (READ_ONLY)")
    con.execute("CREATE TABLE games AS SELECT * FROM src.games WHERE false")
    con.execute("CREATE TABLE tracking AS SELECT * FROM src.tracking")
    for i in range(copies):
        con.execute(
            "INSERT INTO games SELECT * REPLACE (game_id || '-' || ? AS game_id, "
            "search || ' copy' || ? AS search, started + to_days(?::INTEGER) AS started) "
            "FROM src.games",
            [str(i), str(i), i],
        )
    games = con.execute("SELECT count(*) FROM games").fetchone()
    con.close()
    views = Views(path=target)
    queries: dict[str, dict[str, Any]] = {
        "newest 100": {},
        "player + players": {"player": "Heuristic 2", "players": 4},
        "winner + date range": {"winner": "Heuristic 1", "since": "2020-01-01"},
        "text search": {"text": "copy7"},
        "option filter": {"options": {"buildings": "base"}, "limit": 20, "offset": 500},
    }
    out = {}
    for name, filters in queries.items():
        views.library(**filters)  # warm
        counted = {k: v for k, v in filters.items() if k not in ("limit", "offset")}
        times = []
        for _ in range(7):
            began = time.perf_counter()
            views.library(**filters)
            views.library_count(**counted)
            times.append(time.perf_counter() - began)
        out[f"{name} ({games[0] if games else 0:,} games), ms"] = 1000 * statistics.median(times)
    views.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--game", default=GAME, help="the game to simulate (default puerto-rico, as the targets)"
    )
    parser.add_argument("--store", type=Path, help="data folder to (re)use for the store")
    parser.add_argument("--lag-samples", type=int, default=5)
    args = parser.parse_args()
    folder = args.store or Path(tempfile.mkdtemp(prefix="novus-bench-projections-"))
    app = open_app(folder)
    fill(app, args.games, args.players, args.game)
    events = app.max_notification_id()
    print(f"store: {folder} ({len(app.game_ids())} games, {events} events)")

    report = rebuild(app, folder)
    raw_seconds, rows = raw_insert(runner.work_path(folder), folder / "raw.duckdb")
    raw_rate = events / raw_seconds
    built_seconds, _ = raw_insert(runner.work_path(folder), folder / "raw.duckdb", True)
    built_rate = events / built_seconds
    decode_rate = decode_only(app)
    rows_rate = read_rows_only(app)
    no_fold = rebuild_without_fold(app, folder / "no-fold")
    parallel = rebuild(app, folder / "workers", workers=runner.AUTO)
    small = small_rebuilds(args.players)
    lag_folder = copy_of(folder)
    lag_app = open_app(lag_folder)
    lags = catch_up_lag(lag_app, lag_folder, args.players, args.lag_samples)
    lag_app.close()
    copies = max(1, -(-10_000 // len(app.game_ids())))
    latency = library_latency(folder / "views.duckdb", folder / "library.duckdb", copies)

    print(f"\n{'measure':<62} {'value':>12}")
    lines = [
        ("rebuild, one process (read + engine fold + rows + write), ev/s", f"{report.rate:,.0f}"),
        ("rebuild time, s", f"{report.seconds:.2f}"),
        (f"raw Arrow -> DuckDB insert of the same {rows:,} rows, ev/s", f"{raw_rate:,.0f}"),
        ("raw insert time, s", f"{raw_seconds:.2f}"),
        ("ratio rebuild / raw", f"{report.rate / raw_rate:.3f}"),
        ("same rows from Python lists -> Arrow -> DuckDB, ev/s", f"{built_rate:,.0f}"),
        ("ratio rebuild / (Python lists -> Arrow -> DuckDB)", f"{report.rate / built_rate:.3f}"),
        (
            f"rebuild, CLI default ({parallel.workers} fold processes), ev/s",
            f"{parallel.rate:,.0f}",
        ),
        ("ratio rebuild (CLI default) / raw", f"{parallel.rate / raw_rate:.3f}"),
        ("read + decode as the library does (event objects), ev/s", f"{decode_rate:,.0f}"),
        ("read + decode as the projection does (stored rows), ev/s", f"{rows_rate:,.0f}"),
        ("rebuild without the engine fold, ev/s", f"{no_fold.rate:,.0f}"),
        ("catch-up lag after one new game, median s", f"{statistics.median(lags):.3f}"),
        ("catch-up lag after one new game, max s", f"{max(lags):.3f}"),
    ]
    lines += [
        (f"small store, {n:,} events: s alone / s with workers", f"{alone:.2f} / {both:.2f}")
        for n, alone, both in small
    ]
    lines += [(f"library + count: {name}", f"{ms:.1f}") for name, ms in latency.items()]
    for name, value in lines:
        print(f"{name:<62} {value:>12}")
    app.close()


if __name__ == "__main__":
    main()
