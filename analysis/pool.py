"""Worker processes for rollouts: chunks of evaluations spread over the cores.

The pool forks (Linux) once per command, before any progress bar or database connection starts a
thread, so a worker starts in milliseconds with the engines already imported and never re-imports
the CLI. A worker only computes (`game.evaluate_chunk`); every write stays in the parent. Each
evaluation a worker finishes is reported at once through a queue, so the progress bar moves at
every evaluation however large the chunks are (chunks are few and large, because a chunk's
neighbouring states share their rollouts: `rollout.Ahead`).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.pool import Pool
from types import TracebackType
from typing import Any

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


def _timed_here(
    job: Job, done: Callable[[int], None]
) -> tuple[dict[Eval, tuple[float, ...]], float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = evaluate_chunk(job, lambda: done(1))
    return result, time.perf_counter() - wall, time.process_time() - cpu


def _timed(job: Job) -> tuple[dict[Eval, tuple[float, ...]], float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = evaluate_chunk(job, _tick if _ticks is not None else None)
    return result, time.perf_counter() - wall, time.process_time() - cpu


CHUNKS_PER_WORKER = 8
"""Enough for the costliest-first order to even out the workers at the end of a phase; each
chunk more costs one evaluation without shared rollouts (its latest state)."""

_ticks: Any = None
"""In a worker: the queue an evaluation done is reported to (`Workers`)."""


def _listen(ticks: Any) -> None:
    """A worker's start: where to report, and Ctrl-C left to the parent (a terminal sends it to
    every process of the group: each worker printed its KeyboardInterrupt traceback); the parent
    stops the workers when it is interrupted (`close`)."""
    global _ticks
    _ticks = ticks
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _tick() -> None:
    _ticks.put(1)


def default_workers() -> int:
    return os.cpu_count() or 1


class Workers:
    """`workers` processes (1: none, everything runs here); use as a context manager."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)
        self.pool: Pool | None = None
        self.phases: list[Phase] = []
        self.ticks: Any = None
        self.unclaimed = 0
        """Reports still to come from the queue for evaluations already counted (dropped)."""
        if self.workers > 1:
            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
            context = multiprocessing.get_context(method)
            self.ticks = context.SimpleQueue()
            self.pool = context.Pool(self.workers, initializer=_listen, initargs=(self.ticks,))

    @property
    def parts(self) -> int:
        """Chunks per phase: a few per worker, so no worker idles long at the end of a phase
        (sent costliest first); few, because each chunk's latest state shares no rollouts. The
        bar moves at every evaluation whatever the chunk size (`run`)."""
        return CHUNKS_PER_WORKER * self.workers

    def run(self, jobs: list[Job], done: Callable[[int], None]) -> Results:
        """Every job's results, the first jobs first (`game.chunks` puts the costliest first);
        `done(1)` as each evaluation is done."""
        began = time.perf_counter()
        busy = cpu = 0.0
        results = []
        if self.pool is None:
            for job in jobs:
                result, wall, used = _timed_here(job, done)
                results.append(result)
                busy, cpu = busy + wall, cpu + used
        else:
            reported = 0
            pending = self.pool.imap_unordered(_timed, jobs)
            while len(results) < len(jobs):
                try:
                    result, wall, used = pending.next(timeout=0.2)
                except multiprocessing.TimeoutError:
                    pass
                else:
                    results.append(result)
                    busy, cpu = busy + wall, cpu + used
                reported += self._drain(done)
            evaluations = sum(len(r) for r in results)
            reported += self._drain(done)
            if evaluations > reported:  # reports still in the queue's pipe: count them now
                done(evaluations - reported)
                self.unclaimed += evaluations - reported
        evaluations = sum(len(r) for r in results)
        self.phases.append(Phase(evaluations, len(jobs), time.perf_counter() - began, busy, cpu))
        return results

    def _drain(self, done: Callable[[int], None]) -> int:
        count = 0
        while not self.ticks.empty():
            self.ticks.get()
            if self.unclaimed:
                self.unclaimed -= 1
                continue
            done(1)
            count += 1
        return count

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None
            self.ticks.close()

    def __enter__(self) -> Workers:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
