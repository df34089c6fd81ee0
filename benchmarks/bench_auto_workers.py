"""`workers=AUTO` against one process, by store size: is the default ever slower?

    python3 benchmarks/bench_auto_workers.py --store DIR [--sizes 5000,10000,20000,35000,70000]
        [--repeat 3] [--wait-idle 0]

`--store` is a data folder with a SQLite store (e.g. the one `bench_rebuild_replay.py` fills).
For each size a copy of it cut after that many events is rebuilt (`runner.catch_up(rebuild=True)`),
alternately with one process, with two fold workers (what AUTO picks on an idle two-core
machine) and with `workers=AUTO` (whatever `runner.idle_cores` picks at that moment, printed),
best of `--repeat` by wall time (the user waits for the wall time; a worker's CPU is only
counted once it has ended). The 1-minute load average is printed before every row: AUTO's rule
reads it. `--wait-idle L` first waits (up to 20 minutes) until the load average is under L.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from application.service import open_app  # noqa: E402
from projections import runner  # noqa: E402
from projections.defaults import AUTO  # noqa: E402


def cut(source: Path, events: int, into: Path) -> None:
    """A copy of `source`'s SQLite store holding its first `events` events."""
    into.mkdir(parents=True, exist_ok=True)
    shutil.copy(source / "events.sqlite", into / "events.sqlite")
    with sqlite3.connect(into / "events.sqlite") as con:
        con.execute("DELETE FROM stored_events WHERE rowid > ?", (events,))
        con.execute("DELETE FROM novus_games WHERE position > ?", (events,))


def cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def rebuild(folder: Path, workers: int) -> tuple[float, float, int]:
    """(wall s, CPU s, fold processes used) of one rebuild."""
    app = open_app(folder)
    try:
        c, w = cpu(), time.perf_counter()
        report = runner.catch_up(
            app, folder=folder / f"views-{workers}", rebuild=True, workers=workers
        )
        return time.perf_counter() - w, cpu() - c, report.workers
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--store", type=Path, required=True)
    parser.add_argument("--sizes", default="5000,10000,20000,35000,70000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--wait-idle", type=float, default=0.0)
    args = parser.parse_args()
    if args.wait_idle:
        deadline = time.monotonic() + 1200
        while os.getloadavg()[0] >= args.wait_idle and time.monotonic() < deadline:
            time.sleep(10)
    work = Path(tempfile.mkdtemp(prefix="novus-bench-auto-"))
    print(f"cores {len(os.sched_getaffinity(0))}")
    print(
        f"{'events':>7} {'load':>5}  {'1 process':>16} {'2 workers':>16} {'AUTO':>20}  AUTO/1 wall"
    )
    try:
        for size in (int(s) for s in args.sizes.split(",")):
            folder = work / str(size)
            cut(args.store, size, folder)
            load = os.getloadavg()[0]
            best: dict[int, tuple[float, float, int]] = {}
            for _ in range(args.repeat):
                for workers in (1, 2, AUTO):
                    got = rebuild(folder, workers)
                    if workers not in best or got[0] < best[workers][0]:
                        best[workers] = got
            one, two, auto = best[1], best[2], best[AUTO]
            print(
                f"{size:>7} {load:5.2f}  {one[0]:6.2f} s ({one[1]:4.2f})"
                f" {two[0]:6.2f} s ({two[1]:4.2f})"
                f" {auto[0]:6.2f} s ({auto[1]:4.2f}) x{auto[2]}"
                f"  {auto[0] / one[0]:5.2f}",
                flush=True,
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("wall seconds, best of runs (CPU seconds in brackets); xN: AUTO's fold processes")


if __name__ == "__main__":
    main()
