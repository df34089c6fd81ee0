"""Worker processes for rollouts: chunks of evaluations spread over the cores.

The pool forks (Linux) once per command, before any progress bar or database connection starts a
thread, so a worker starts in milliseconds with the engines already imported and never re-imports
the CLI. A worker only computes (`game.evaluate_chunk`); every write stays in the parent.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from multiprocessing.pool import Pool
from types import TracebackType

from analysis.game import Eval, Job, evaluate_chunk, run_here

Results = list[dict[Eval, tuple[float, ...]]]


CHUNKS_PER_WORKER = 24


def default_workers() -> int:
    return os.cpu_count() or 1


class Workers:
    """`workers` processes (1: none, everything runs here); use as a context manager."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)
        self.pool: Pool | None = None
        if self.workers > 1:
            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
            self.pool = multiprocessing.get_context(method).Pool(self.workers)

    @property
    def parts(self) -> int:
        """Chunks per phase: many per worker, so the bar (and its time left) moves every few
        evaluations and no worker idles long; a chunk's own cost (one replay of the game) is
        small beside an evaluation's rollouts."""
        return CHUNKS_PER_WORKER * self.workers

    def run(self, jobs: list[Job], done: Callable[[int], None]) -> Results:
        if self.pool is None:
            return run_here(jobs, done)
        results = []
        for result in self.pool.imap_unordered(evaluate_chunk, jobs):
            results.append(result)
            done(len(result))
        return results

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None

    def __enter__(self) -> Workers:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
