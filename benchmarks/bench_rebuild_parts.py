"""Where a projection rebuild's CPU goes, part by part, beside the bare trusted replay.

    python3 benchmarks/bench_rebuild_parts.py --store DIR [--games 200] [--game G] [--repeat 3]

The store is filled as by `bench_rebuild_replay.py` (reused from `--store`). One rebuild in one
process (`novus project --rebuild`, `workers=1`) is timed whole and by parts: each part is a
function of the pipeline wrapped to add up its CPU time (`time.process_time`: this process,
DuckDB's threads included) while the rebuild runs; best of `--repeat` by the whole. The parts:

- reading the store (`NovusApp.stored_notifications`, the same read as the bare replay's);
- decoding, the engines' apply and the fold's rows (`GamesProjection.submit_stored`; of it,
  `_started`, `_finished` and the folds' `start` apart);
- writing (`DuckDBView.write`: Arrow tables from the row lists, DuckDB inserts, the finished
  games' update, the ratings' pending list, commits);
- the fixed part: opening the projector's file, dropping and making the tables, the ratings,
  publishing (checkpoint and copy), closing.

What is left of the whole is the runner's own loop. ``NOVUS_PURE=1`` measures the pure-Python
path. The wrappers cost about a microsecond a call (a few thousand calls a rebuild).
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from application.service import NovusApp  # noqa: E402
from benchmarks.bench_rebuild_replay import filled_store, rebuild, replay_stored  # noqa: E402
from projections import fold, projection, ratings, rows, view  # noqa: E402

PARTS: tuple[tuple[str, Any, str], ...] = (
    ("read the store", None, "stored_notifications"),
    ("decode + engine + fold rows", projection.GamesProjection, "submit_stored"),
    ("  of it: games started", projection.GamesProjection, "_started"),
    ("  of it: games finished", projection.GamesProjection, "_finished"),
    ("  of it: folds started", fold.LocalFolds, "start"),
    ("write (all)", view.DuckDBView, "write"),
    ("  of it: Arrow tables", rows, "tables"),
    ("  of it: DuckDB inserts", view.DuckDBView, "_insert"),
    ("  of it: finished games' update", view.DuckDBView, "_update"),
    ("open the projector's file", view.DuckDBView, "__init__"),
    ("drop and make the tables", view.DuckDBView, "reset"),
    ("ratings", ratings, "update"),
    ("publish", view.DuckDBView, "publish"),
    ("close", view.DuckDBView, "close"),
)


def wrap(owner: Any, name: str, label: str, spent: dict[str, float]) -> bool:
    """Add the CPU time of each call of `owner.name` to `spent[label]` (nested calls of the
    same part are counted once); False if it cannot be wrapped (a compiled class)."""
    inner: Callable[..., Any] = getattr(owner, name)
    depth = [0]

    def timed(*args: Any, **kwargs: Any) -> Any:
        depth[0] += 1
        begin = time.process_time()
        try:
            return inner(*args, **kwargs)
        finally:
            depth[0] -= 1
            if not depth[0]:
                spent[label] += time.process_time() - begin

    try:
        setattr(owner, name, timed)
    except (TypeError, AttributeError):
        return False
    return True


def measure(app: NovusApp, folder: Path, repeat: int) -> tuple[float, dict[str, float], float]:
    """(rebuild CPU, its parts, bare replay CPU), best of `repeat` each."""
    spent: dict[str, float] = defaultdict(float)
    for label, owner, name in PARTS:
        if not wrap(app if owner is None else owner, name, label, spent):
            spent[label] = float("nan")  # compiled: not timed apart
    rebuild(app, folder, 1)  # the file and its views made once, as a rebuild finds them
    best: tuple[float, dict[str, float]] | None = None
    for _ in range(repeat):
        for label in spent:
            spent[label] = 0.0 if spent[label] == spent[label] else spent[label]
        begin = time.process_time()
        rebuild(app, folder, 1)
        whole = time.process_time() - begin
        if best is None or whole < best[0]:
            best = (whole, dict(spent))
    bare = float("inf")
    for _ in range(repeat):
        begin = time.process_time()
        replay_stored(app)
        bare = min(bare, time.process_time() - begin)
    assert best is not None
    return best[0], best[1], bare


def main() -> None:
    args, folder, app = filled_store(__doc__, "novus-bench-parts-")
    from projections import compiled as fold_build

    # what runs, not what was asked: a stale build (a source edited since) runs as Python
    runs = "compiled fold" if fold_build.running_compiled() else "pure Python fold"
    print(f"{len(app.game_ids())} games, store {folder}, {runs} ({fold_build.status()})")
    whole, parts, bare = measure(app, folder / "parts", args.repeat)
    for label, _, _ in PARTS:
        print(f"{label:34} cpu {parts.get(label, 0.0):7.3f} s")
    top = [label for label, _, _ in PARTS if not label.startswith(" ")]
    rest = whole - sum(parts.get(label, 0.0) for label in top)
    print(f"{'the runner (rest)':34} cpu {rest:7.3f} s")
    print(f"{'rebuild, 1 process':34} cpu {whole:7.3f} s")
    print(f"{'bare trusted replay':34} cpu {bare:7.3f} s  rebuild / bare replay {whole / bare:.2f}")
    app.close()


if __name__ == "__main__":
    main()
