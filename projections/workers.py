"""Engine folds in worker processes, for catching up on a large backlog with several cores.

Each game lives in one worker (chosen by its id), so its fold stays in that process from step to
step. The projector process still reads and decodes the log, makes the `games` and `seats` rows
and writes every batch with its tracking position in one transaction; the workers only return
the `steps`, `score_timeline` and `facts` rows of the steps they were sent. While the workers
fold batch N, the projector reads and decodes batch N+1 (`GamesProjection.submit/complete`).

Messages go through `multiprocessing` queues (their feeder threads never block the sender). A
failure anywhere resets every worker: the folds are rebuilt from the store on demand.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import queue
import zlib
from collections.abc import Sequence
from typing import Any

import orjson

from domain.core.protocol import ChanceStep, Decision, Setup, Step
from projections.projection import LocalFolds
from projections.rows import Batch

START, RESUME, STEP, END = 0, 1, 2, 3


def _step(step: Step) -> tuple[int, Any]:
    return (step.seat, step.action) if isinstance(step, Decision) else (-1, list(step.outcome))


def _unstep(seat: int, value: Any) -> Step:
    return Decision(seat, value) if seat >= 0 else ChanceStep(tuple(value))


def serve(requests: Any, results: Any, parent: int) -> None:
    """A worker: apply message lists in order; answer each with its rows. Ends with its parent
    (a killed projector leaves no workers behind)."""
    gc.set_threshold(50_000, 20, 100)  # only folds: collect rarely (`runner.fewer_collections`)
    folds = LocalFolds()
    while True:
        try:
            message = requests.get(timeout=1.0)
        except queue.Empty:
            if os.getppid() != parent:
                return
            continue
        if message is None:
            return
        if message == "reset":
            folds.reset()
            continue
        batch = Batch()
        try:
            for item in message:
                kind, key = item[0], item[1]
                if kind == STEP:
                    folds.step(batch, key, _unstep(item[3], item[4]), item[2])
                elif kind == START:
                    folds.start(batch, key, Setup.from_json(orjson.loads(item[2])))
                elif kind == RESUME:
                    setup = Setup.from_json(orjson.loads(item[2]))
                    folds.resume(key, setup, [_unstep(*s) for s in item[3]])
                else:
                    folds.end(key)
        except Exception as error:  # reported to the projector, which fails the batch
            results.put(("error", f"{type(error).__name__}: {error}"))
            continue
        results.put(
            ("rows", batch.steps.cols, batch.timeline.cols, batch.facts.cols, batch.refused)
        )


class WorkerFailed(RuntimeError):
    """A fold worker raised or died; the batch is not written."""


class WorkerFolds(LocalFolds):
    """`LocalFolds` spread over `count` worker processes (same interface)."""

    def __init__(self, count: int) -> None:
        super().__init__()
        self.count = count
        self.requests: list[Any] = []
        self.results: list[Any] = []
        self.processes: list[Any] = []
        self.queued: list[list[tuple[Any, ...]]] = [[] for _ in range(count)]
        self.placed: set[str] = set()

    def _spawn(self) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a process holding DuckDB
        self.requests = [context.Queue() for _ in range(self.count)]
        self.results = [context.Queue() for _ in range(self.count)]
        self.processes = [
            context.Process(target=serve, args=(q, r, os.getpid()), daemon=True)
            for q, r in zip(self.requests, self.results, strict=True)
        ]
        for process in self.processes:
            process.start()

    def _worker(self, game_id: str) -> int:
        return zlib.crc32(game_id.encode()) % self.count

    def knows(self, game_id: str) -> bool:
        return game_id in self.placed

    def start(self, batch: Batch, game_id: str, setup: Setup) -> None:
        setup_json = orjson.dumps(setup.to_json()).decode()
        self.queued[self._worker(game_id)].append((START, game_id, setup_json))
        self.placed.add(game_id)

    def resume(self, game_id: str, setup: Setup, steps: Sequence[Step]) -> None:
        setup_json = orjson.dumps(setup.to_json()).decode()
        self.queued[self._worker(game_id)].append(
            (RESUME, game_id, setup_json, [_step(s) for s in steps])
        )
        self.placed.add(game_id)

    def step(self, batch: Batch, game_id: str, step: Step, number: int) -> None:
        seat, value = _step(step)
        self.queued[self._worker(game_id)].append((STEP, game_id, number, seat, value))

    def end(self, game_id: str) -> None:
        if game_id in self.placed:
            self.queued[self._worker(game_id)].append((END, game_id))
            self.placed.discard(game_id)

    def submit(self) -> Any:
        """Send each worker its part of the batch; the ticket says which ones will answer."""
        if not self.processes:
            self._spawn()
        sent = []
        for index, items in enumerate(self.queued):
            if items:
                self.requests[index].put(items)
                sent.append(index)
        self.queued = [[] for _ in range(self.count)]
        return sent

    def collect(self, ticket: Any, batch: Batch) -> None:
        problems = []
        for index in ticket:
            answer = self._answer(index)
            if answer[0] == "error":
                problems.append(answer[1])
                continue
            batch.refused.extend(answer[4])
            for target, columns in zip(
                (batch.steps, batch.timeline, batch.facts), answer[1:4], strict=True
            ):
                for column, values in zip(target.cols, columns, strict=True):
                    column.extend(values)
        if problems:
            raise WorkerFailed("; ".join(problems))

    def _answer(self, index: int) -> Any:
        while True:
            try:
                return self.results[index].get(timeout=1.0)
            except queue.Empty:  # is the worker still alive?
                if not self.processes[index].is_alive():
                    raise WorkerFailed(f"fold worker {index} died") from None

    def reset(self) -> None:
        """Forget every fold: the workers are replaced (answers still on their way are lost
        with them); games are refolded from the store on demand."""
        self.close()
        self.queued = [[] for _ in range(self.count)]
        self.placed.clear()

    def close(self) -> None:
        for requests in self.requests:
            requests.put(None)
        for process in self.processes:
            process.join(timeout=5)
            if process.is_alive():
                process.kill()
        for q in (*self.requests, *self.results):
            q.close()
            q.cancel_join_thread()
        self.requests, self.results, self.processes = [], [], []
