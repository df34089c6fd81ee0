"""What publishing `analysis.duckdb` costs as the analysed games grow (issue 26).

    python3 benchmarks/bench_analysis_publish.py [--sizes 1000,10000,50000] [--rollouts 2]

`novus analyse` copies its writer file whole to `analysis.duckdb` after every game
(`analysis.store.AnalysisStore.publish`). One 4-player Puerto Rico game is simulated and
analysed for real (`--rollouts`: the rows per game do not depend on it); its rows are then
copied under new game ids into the writer file up to each size, and the real `publish` is
timed (median of 3) with the file's size. Printed beside the time one game's analysis took
here, so the copy's share of a run can be read off: the default settings (48 rollouts) take
about a minute a game (issue 23: 63.6 s wall, 74.6 s CPU), so a copy of under a second is under
2% of a run. Copies of one game compress better than real analyses: take the size per game
as a lower bound.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import duckdb  # noqa: E402

from analysis import runner  # noqa: E402
from analysis.settings import Settings  # noqa: E402
from analysis.store import TABLES, AnalysisStore, published_path, writer_path  # noqa: E402
from application.service import open_app  # noqa: E402

PER_GAME = [t for t in TABLES if t not in ("analysis_tracking", "analysis_marks")]


def grow(folder: Path, template: str, games: int) -> None:
    """Copies of the template game's rows under new ids, up to `games` analysed games."""
    con = duckdb.connect(str(writer_path(folder)))
    (have,) = con.execute("SELECT count(*) FROM analysis_runs").fetchone() or (0,)
    more = games - int(have)
    if more > 0:
        con.execute("BEGIN")
        con.execute(
            "CREATE TEMP TABLE ids AS SELECT uuid()::VARCHAR AS new_id FROM range(?)", [more]
        )
        for table in PER_GAME:
            con.execute(
                f"INSERT INTO {table} SELECT t.* REPLACE (ids.new_id AS game_id) "
                f"FROM {table} t, ids WHERE t.game_id = ?",
                [template],
            )
        con.execute("COMMIT")
    con.execute("CHECKPOINT")
    con.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="1000,10000,50000")
    parser.add_argument("--rollouts", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-analysis-publish-") as tmp:
        folder = Path(tmp)
        app = open_app(folder)
        game = app.simulate("puerto-rico", 4, {}, seed=1, bot="random")
        begin = time.perf_counter()
        runner.analyse_one(app, folder, game, Settings(rollouts=args.rollouts))
        analysed = time.perf_counter() - begin
        app.close()
        print(f"one game analysed at --rollouts {args.rollouts}: {analysed:.1f} s")
        print(f"{'analysed games':>15} {'file MiB':>9} {'KiB/game':>9} {'publish ms':>11}")
        for size in (int(s) for s in args.sizes.split(",")):
            grow(folder, str(game), size)
            store = AnalysisStore(folder)  # publishes once on opening
            times = []
            for _ in range(3):
                begin = time.perf_counter()
                store.publish()
                times.append(time.perf_counter() - begin)
            store.close()
            size_bytes = published_path(folder).stat().st_size
            print(
                f"{size:15,} {size_bytes / 2**20:9.1f} {size_bytes / size / 1024:9.2f} "
                f"{statistics.median(times) * 1000:11.1f}"
            )


if __name__ == "__main__":
    main()
