"""Worker processes for rollouts: chunks of evaluations spread over the cores.

The pool forks (Linux) once per command, before any progress bar or database connection starts a
thread, so a worker starts in milliseconds with the engines already imported and never re-imports
the CLI. A worker only computes (`game.evaluate_chunk`); every write stays in the parent.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.pool import Pool
from types import TracebackType

from analysis.game import Eval, Job, evaluate_chunk

Results = list[dict[Eval, tuple[float, ...]]]


@dataclass(frozen=True)
class Phase:
    """One `run` (a phase of an analysis: win chances, then alternatives), timed for the
    speed benchmark: the parent's wall time, and the chunks' own wall and CPU time summed."""

    evaluations: int
    chunks: int
    wall: float
    busy: float
    cpu: float

    def utilisation(self, workers: int) -> float:
        """The share of the workers' time spent in chunks while the phase ran."""
        return self.busy / (workers * self.wall) if self.wall > 0 else 0.0


def _timed(job: Job) -> tuple[dict[Eval, tuple[float, ...]], float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = evaluate_chunk(job)
    return result, time.perf_counter() - wall, time.process_time() - cpu


CHUNKS_PER_WORKER = 24


def default_workers() -> int:
    return os.cpu_count() or 1


class Workers:
    """`workers` processes (1: none, everything runs here); use as a context manager."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)
        self.pool: Pool | None = None
        self.phases: list[Phase] = []
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
        """Every job's results, the first jobs first (`game.chunks` puts the costliest first)."""
        began = time.perf_counter()
        busy = cpu = 0.0
        results = []
        timed = map(_timed, jobs) if self.pool is None else self.pool.imap_unordered(_timed, jobs)
        for result, wall, used in timed:
            results.append(result)
            busy += wall
            cpu += used
            done(len(result))
        evaluations = sum(len(r) for r in results)
        self.phases.append(Phase(evaluations, len(jobs), time.perf_counter() - began, busy, cpu))
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
