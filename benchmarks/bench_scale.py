"""Flat in the size of the store: listing, finding and catching up at 1,000 and 50,000 games.

    python3 benchmarks/bench_scale.py [--sizes 1000,50000] [--keep DIR] [--repeat 5]

Each store (SQLite) is built cheaply: one 4-player Puerto Rico game is simulated and projected;
its stored events are then copied under new game ids straight into the events table, with their
games-index rows (what a save writes), and the projector's DuckDB rows of that game are copied
under the same new ids, its tracking position set to the store's last event. Every copy is the
same game, so the projection is what a rebuild would make (checked: row counts per game).

Then, per store, the median of `--repeat` runs of:
- listing games: `summaries()` (every game, from the games index), `summaries(last=50)` (the
  newest page) and `game_ids()`; and, for comparison, `scan_summaries()` (the whole-log scan
  that listing used before the index);
- finding a game by an 8-digit id prefix (`find`);
- opening the Replay page without `?game=` (`dashboard.pages.replay_page` in Streamlit's
  `AppTest`: the first game of the index, its events, the board payload, the charts), a rerun
  with the process's caches warm, and the store reads of that page alone (first id, `find`,
  the game's timeline);
- catching up the projection after one new game: `runner.catch_up` right after a new simulated
  game is saved (fold, write, publish: a delta over layers, `projections.published`); the median
  and the mean (the mean includes any fold of layers or full copy that fell in those runs),
  in wall-clock time and in this process's CPU time (all threads: on a shared machine the
  wall clock is mostly waiting for a core);
  and, for comparison, a publish by full copy of the projector's file (what every catch-up
  did before the layers).
It prints each figure and the ratio largest/smallest store; the target is at most 1.5x.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import duckdb  # noqa: E402

from application import games_index, settings  # noqa: E402
from application.service import open_app  # noqa: E402
from projections import runner  # noqa: E402

GAME = "puerto-rico"
CHUNK = 500


def build(folder: Path, games: int) -> dict[str, float]:
    """A store of `games` copies of one simulated game, and its projection; build times."""
    begin = time.perf_counter()
    app = open_app(folder)
    template = app.simulate(GAME, 4, {}, seed=1, bot="random")
    runner.catch_up(app, folder=folder)
    rows = app.stored_notifications(0, 100_000)
    summary = app.summaries()[0]
    app.close()
    events_start = time.perf_counter()
    con = sqlite3.connect(folder / settings.EVENTS_FILE)
    new_ids = [uuid.UUID(int=random.getrandbits(128), version=4) for _ in range(games - 1)]
    (next_id,) = con.execute("SELECT max(rowid) FROM stored_events").fetchone()
    for start in range(0, len(new_ids), CHUNK):
        chunk = new_ids[start : start + CHUNK]
        con.executemany(
            "INSERT INTO stored_events VALUES (?, ?, ?, ?)",
            [(g.hex, r[2], r[3], r[4]) for g in chunk for r in rows],
        )
        con.executemany(
            f"INSERT INTO {games_index.GAMES_TABLE} VALUES (?, ?, ?)",
            [
                (
                    g.hex,
                    next_id + 1 + (start + i) * len(rows),
                    games_index.encode(replace(summary, id=g)),
                )
                for i, g in enumerate(chunk)
            ],
        )
        con.commit()
    (last,) = con.execute("SELECT max(rowid) FROM stored_events").fetchone()
    con.close()
    views_start = time.perf_counter()
    _copy_projection(folder / runner.WORK_FILE, str(template), new_ids, last)
    app = open_app(folder)
    runner.catch_up(app, folder=folder)  # publishes the copied tables (nothing to project)
    app.close()
    end = time.perf_counter()
    return {
        "template": events_start - begin,
        "events": views_start - events_start,
        "views": end - views_start,
    }


def _copy_projection(path: Path, template: str, new_ids: list[uuid.UUID], last: int) -> None:
    con = duckdb.connect(str(path))
    con.execute("CREATE TEMP TABLE new_ids (new_id VARCHAR)")
    con.executemany("INSERT INTO new_ids VALUES (?)", [[str(g)] for g in new_ids])
    tables = [
        t
        for (t,) in con.execute(
            "SELECT DISTINCT table_name FROM duckdb_columns() WHERE column_name = 'game_id' "
            "AND NOT internal AND table_name IN (SELECT table_name FROM duckdb_tables())"
        ).fetchall()
        if t != "skipped_games"
    ]
    for table in tables:
        con.execute(
            f"INSERT INTO {table} SELECT t.* REPLACE (n.new_id AS game_id) "
            f"FROM {table} t CROSS JOIN new_ids n WHERE t.game_id = ?",
            [template],
        )
    con.execute("UPDATE tracking SET notification_id = ?", [last])
    # rows written behind the publisher's back: the next publish must be a full copy
    con.execute("DELETE FROM marks WHERE key LIKE 'publish_%'")
    con.execute("CHECKPOINT")
    con.close()


def _replay_reads(app: Any) -> None:
    """What the Replay page without `?game=` reads from the store."""
    first = next(app.iter_game_ids(page=1))
    found = app.find(str(first))
    app.timeline(found, fresh=True)


def median(fn: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        begin = time.perf_counter()
        fn()
        times.append(time.perf_counter() - begin)
    return statistics.median(times)


def _replay() -> None:
    from dashboard.pages import replay_page

    replay_page()


def replay_page(folder: Path, repeat: int) -> dict[str, float]:
    """The Replay page without `?game=`: first run in fresh caches, then warm reruns."""
    import os

    import streamlit as st
    from streamlit.testing.v1 import AppTest

    os.environ["NOVUS_DATA_DIR"] = str(folder)
    cold = []
    for attempt in range(repeat + 1):  # the first run also imports the dashboard: not counted
        st.cache_data.clear()
        st.cache_resource.clear()
        at = AppTest.from_function(_replay, default_timeout=300)
        begin = time.perf_counter()
        at.run()
        if attempt:
            cold.append(time.perf_counter() - begin)
        assert not at.exception, at.exception
    warm = median(at.run, repeat)
    st.cache_resource.clear()  # the page's NovusApp holds the store open
    return {"Replay page, first run": statistics.median(cold), "Replay page, rerun": warm}


def measure(folder: Path, repeat: int) -> dict[str, float]:
    out_page = replay_page(folder, repeat)
    app = open_app(folder)
    ids = app.game_ids()
    prefixes = [g.hex[:8] for g in random.sample(ids, repeat)]
    out = {
        "games": float(len(ids)),
        "list all (index)": median(app.summaries, repeat),
        "list newest 50": median(lambda: app.summaries(last=50), repeat),
        "game ids": median(app.game_ids, repeat),
        "find prefix": median(lambda: app.find(prefixes.pop()), repeat),
        "list all (log scan, before)": median(app.scan_summaries, 1),
        **out_page,
        "Replay page store reads": median(lambda: _replay_reads(app), repeat),
    }
    seeds = iter(range(1000, 1000 + repeat))

    def one_game() -> None:
        app.simulate(GAME, 4, {}, seed=next(seeds), bot="random")
        begin, cpu = time.perf_counter(), time.process_time()
        runner.catch_up(app, folder=folder)
        catch_up_times.append(time.perf_counter() - begin)
        catch_up_cpu.append(time.process_time() - cpu)

    catch_up_times: list[float] = []
    catch_up_cpu: list[float] = []
    for _ in range(repeat):
        one_game()
    out["catch-up after 1 game"] = statistics.median(catch_up_times)
    out["catch-up after 1 game (mean)"] = statistics.mean(catch_up_times)
    out["catch-up after 1 game (CPU)"] = statistics.median(catch_up_cpu)
    out["catch-up after 1 game (CPU, mean)"] = statistics.mean(catch_up_cpu)
    with runner.Projector(app, folder=folder) as projector:  # what every publish cost before
        out["publish by full copy (before)"] = median(
            lambda: projector.publish(full=True), max(1, repeat // 2)
        )
    app.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="1000,50000")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--keep", type=Path, help="build the stores in this folder and keep them")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    base = args.keep or Path(tempfile.mkdtemp(prefix="bench-scale-"))
    results: dict[int, dict[str, float]] = {}
    for size in sizes:
        folder = base / f"store-{size}"
        if not (folder / settings.EVENTS_FILE).exists():
            built = build(folder, size)
            print(
                f"built {size} games in {folder}: "
                + ", ".join(f"{k} {v:.1f}s" for k, v in built.items()),
                flush=True,
            )
        results[size] = measure(folder, args.repeat)
        print(
            f"{size}: "
            + ", ".join(f"{k} {v * 1000:.3f} ms" for k, v in results[size].items() if k != "games"),
            flush=True,
        )
    small, large = results[sizes[0]], results[sizes[-1]]
    print(f"\n{'figure (ms, median)':32} {sizes[0]:>10} {sizes[-1]:>10} {'ratio':>7}")
    for key in small:
        if key == "games":
            continue
        ratio = large[key] / small[key]
        print(f"{key:32} {small[key] * 1000:10.3f} {large[key] * 1000:10.3f} {ratio:7.2f}")


if __name__ == "__main__":
    main()
