"""What readers pay for a layered views file against one full file of the same rows.

    python3 benchmarks/bench_readers.py DATA_FOLDER [--repeat 5]

DATA_FOLDER is a data folder whose published `views.duckdb` is layered (a delta over its
base: `benchmarks/bench_scale.py --keep DIR` leaves such folders). The projector's file is
copied whole beside it (a full publish, what readers read before the layers) and the same
reads are timed on both, in this process, in CPU time (all threads; the machine is shared),
median of `--repeat`: opening the views (a new
`Views` and its first query), the game count, the Library's newest 50 games, `player_stats`,
one game's steps. It prints both and the ratio layered/full.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from projections import runner  # noqa: E402
from projections.read import Views  # noqa: E402


def reads(path: Path) -> dict[str, Callable[[], Any]]:
    """The timed reads on the views at `path` (its connection opened once, kept)."""
    views = Views(path=path)
    game_id = str(views.library(limit=1)["game_id"][0])
    return {
        "game count": views.library_count,
        "newest 50": lambda: views.library(limit=50),
        "player_stats": views.player_stats,
        "one game's steps": lambda: views.steps(game_id),
    }


def measure(paths: list[Path], repeat: int) -> list[dict[str, float]]:
    """Median time of each read on each file, the files taking turns (the machine drifts)."""

    def opened(path: Path) -> Callable[[], None]:
        def run() -> None:  # no other connection on the file (DuckDB would share it)
            fresh = Views(path=path)
            fresh.position()
            fresh.close()

        return run

    opens = _turns([{"open": opened(path)} for path in paths], repeat)
    work = [reads(path) for path in paths]
    return [{**o, **r} for o, r in zip(opens, _turns(work, repeat), strict=True)]


def _turns(work: list[dict[str, Callable[[], Any]]], repeat: int) -> list[dict[str, float]]:
    times: list[dict[str, list[float]]] = [{key: [] for key in w} for w in work]
    for _ in range(repeat):
        for key in work[0]:
            for w, t in zip(work, times, strict=True):
                begin = time.process_time()  # CPU of every thread: steadier on a busy machine
                w[key]()
                t[key].append(time.process_time() - begin)
    return [{key: statistics.median(v) for key, v in t.items()} for t in times]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    layered_path = args.folder / "views.duckdb"
    with tempfile.TemporaryDirectory(prefix="bench-readers-") as tmp:
        full_path = Path(tmp) / "views.duckdb"
        shutil.copyfile(args.folder / runner.WORK_FILE, full_path)
        full, layered = measure([full_path, layered_path], args.repeat)
    print(f"{'figure (CPU ms, median)':24} {'full':>9} {'layered':>9} {'ratio':>7}")
    for key in full:
        print(
            f"{key:24} {full[key] * 1000:9.2f} {layered[key] * 1000:9.2f} "
            f"{layered[key] / full[key]:7.2f}"
        )


if __name__ == "__main__":
    main()
