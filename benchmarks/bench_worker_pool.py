"""The fold workers' hand-written protocol against the standard library's process pool.

    python3 benchmarks/bench_worker_pool.py [--games 200] [--workers 2] [--rounds 3] [--store DIR]

`projections.workers.WorkerFolds` runs `python -m projections.workers` processes and talks
length-prefixed `marshal` dumps over their pipes. The alternative measured here is the standard
library's: one `concurrent.futures.ProcessPoolExecutor(max_workers=1)` per worker (a game's fold
must stay in one process, so one pool per worker, each game placed by its id as WorkerFolds
does), the same requests sent as pickled task arguments to `fold_items` over a fold kept in the
worker process. Both rebuild the same store (`runner.catch_up(rebuild=True)`), alternately, in
this process; the ratio pool / hand-written of events per second is printed (above 1: the pool
is faster). The pool's processes are started with "forkserver" (fork is unsafe with the
projector's threads; spawn re-imports this script in every worker).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import tempfile
import time
import zlib
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from application.service import open_app  # noqa: E402
from projections import runner, workers  # noqa: E402
from projections.columns import Batch  # noqa: E402
from projections.fold import LocalFolds  # noqa: E402

_FOLDS: LocalFolds | None = None
_FAILED: set[str] = set()


def _pool_fold(items: list[tuple[Any, ...]]) -> tuple[Any, ...]:
    """In a pool process: fold one batch of requests over this process's folds."""
    global _FOLDS
    if _FOLDS is None:
        _FOLDS = LocalFolds()
    batch = workers.fold_items(_FOLDS, items, _FAILED)
    return tuple(
        workers.Rows(
            batch.steps.cols, batch.timeline.cols, batch.facts.cols, batch.refused, batch.failed
        )
    )


class PoolFolds(workers.WorkerFolds):
    """`WorkerFolds` with its processes and pipes replaced by one process pool per worker."""

    def __init__(self, count: int) -> None:
        super().__init__(count)
        self.pools: list[ProcessPoolExecutor] = []

    def submit(self) -> Any:
        if not self.pools:
            context = multiprocessing.get_context("forkserver")
            self.pools = [
                ProcessPoolExecutor(max_workers=1, mp_context=context) for _ in range(self.count)
            ]
        sent: list[Future[tuple[Any, ...]]] = []
        for index, items in enumerate(self.queued):
            if items:
                sent.append(self.pools[index].submit(_pool_fold, items))
        self.queued = [[] for _ in range(self.count)]
        return sent

    def collect(self, ticket: Any, batch: Batch) -> None:
        for future in ticket:
            rows = workers.Rows._make(future.result())
            batch.refused.extend(rows.refused)
            batch.failed.extend(rows.failed)
            batch.steps.extend(rows.steps)
            batch.timeline.extend(rows.timeline)
            batch.facts.extend(rows.facts)

    def _worker(self, game_id: str) -> int:
        return zlib.crc32(game_id.encode()) % self.count

    def close(self) -> None:
        for pool in self.pools:
            pool.shutdown(wait=True, cancel_futures=True)
        self.pools = []

    def reset(self) -> None:
        self.close()
        self.queued = [[] for _ in range(self.count)]
        self.placed.clear()
        self.where.clear()


def rebuild(store: Path, folder: Path, count: int, pool: bool) -> float:
    """Events per second of a rebuild with `count` workers of either kind."""
    original = runner.WorkerFolds
    if pool:
        runner.WorkerFolds = PoolFolds  # type: ignore[misc]
    try:
        app = open_app(store)
        try:
            began = time.perf_counter()
            report = runner.catch_up(app, folder=folder, rebuild=True, workers=count)
            seconds = time.perf_counter() - began
        finally:
            app.close()
    finally:
        runner.WorkerFolds = original  # type: ignore[misc]
    assert report.workers == count, report
    return report.events / seconds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--store", type=Path)
    args = parser.parse_args()
    store = args.store or Path(tempfile.mkdtemp(prefix="novus-pool-")) / "data"
    app = open_app(store)
    try:
        for seed in range(len(app.game_ids()), args.games):
            app.simulate("puerto-rico", 4, {}, seed=seed, bot="heuristic")
        events = app.max_notification_id()
    finally:
        app.close()
    print(f"store: {args.games} Puerto Rico games, {events} events, {args.workers} workers")
    hand: list[float] = []
    pooled: list[float] = []
    for _ in range(args.rounds):
        hand.append(rebuild(store, store.parent / "hand", args.workers, pool=False))
        pooled.append(rebuild(store, store.parent / "pool", args.workers, pool=True))
    best_hand, best_pool = max(hand), max(pooled)
    print(f"hand-written workers: {best_hand:,.0f} ev/s (best of {args.rounds})")
    print(f"process pool:         {best_pool:,.0f} ev/s (best of {args.rounds})")
    print(f"ratio pool / hand-written: {best_pool / best_hand:.2f}")


if __name__ == "__main__":
    main()
