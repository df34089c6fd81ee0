"""Engine folds in worker processes, for catching up on a large backlog with several cores.

Each game lives in one worker (chosen by its id), so its fold stays in that process from step to
step. The projector process still reads and decodes the log, makes the `games` and `seats` rows
and writes every batch with its tracking position in one transaction; the workers only return
the `steps`, `score_timeline` and `facts` rows of the steps they were sent. While the workers
fold batch N, the projector reads and decodes batch N+1 (`GamesProjection.submit/complete`).

A worker is `python -m projections.workers`, talking over its stdin and stdout (length-prefixed
`marshal` dumps); per worker, one thread feeds it its requests and one drains its answers as
they come, so the projector never waits on a busy worker's full pipe (it goes on reading the
next batch, or feeding the other worker) and a worker never waits on the projector. A worker
imports the rules engines and `projections.fold` only: not the projector's `__main__` (the CLI,
or a benchmark), nor DuckDB, Arrow or the event store, which a `multiprocessing` spawn would
re-import, at about half a second of CPU each. A worker ends when its stdin closes, so a killed
projector leaves none behind. A failure anywhere resets every worker: the folds are rebuilt from
the store on demand.
"""

from __future__ import annotations

import contextlib
import gc
import marshal
import os
import queue
import signal
import struct
import subprocess
import sys
import threading
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

import orjson

from domain.core.protocol import Decision, Setup, Step, step_from
from projections.columns import Batch
from projections.fold import LocalFolds

START, RESUME, STEP, END, TAKEBACK = 0, 1, 2, 3, 4
RESET = "reset"
_LENGTH = struct.Struct("<Q")
ROOT = Path(__file__).resolve().parents[1]
"""The folder holding the `projections` package (put on the worker's path)."""


def _step(step: Step) -> tuple[int, Any]:
    return (step.seat, step.action) if isinstance(step, Decision) else (-1, list(step.outcome))


def frame(message: Any) -> bytes:
    """One message as written to a pipe: its length, then the message in `marshal`'s format.

    Messages hold plain values only (tuples, lists, str, int, None); both ends run the same
    interpreter, which is what `marshal` needs, and it takes about half of `pickle`'s time for
    these lists (`benchmarks/bench_projections.py` measures the whole)."""
    data = marshal.dumps(message)
    return _LENGTH.pack(len(data)) + data


def send(stream: IO[bytes], message: Any) -> None:
    """Write one message (`frame`)."""
    stream.write(frame(message))
    stream.flush()


def receive(stream: IO[bytes]) -> Any:
    """Read one message written by `send`; EOFError when the other side has gone."""
    header = stream.read(_LENGTH.size)
    if len(header) < _LENGTH.size:
        raise EOFError("the other side closed the pipe")
    size = _LENGTH.unpack(header)[0]
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("the other side closed the pipe mid-message")
    return marshal.loads(data)


def fold_items(
    folds: LocalFolds, items: Sequence[tuple[Any, ...]], failed: set[str] | None = None
) -> Batch:
    """Apply one batch of messages, in order; the rows they made.

    A game whose fold raises is reported in `Batch.failed` (the projector leaves it out of the
    views) and its later messages are passed over (`failed`), so one game never fails the
    others of the batch."""
    batch = Batch()
    failed = set() if failed is None else failed
    for item in items:
        kind, key = item[0], item[1]
        if key in failed:
            if kind != END:
                continue
            failed.discard(key)
        try:
            if kind == STEP:
                folds.step_fields(batch, key, item[2], item[3], item[4])
            elif kind == START:
                folds.start(batch, key, Setup.from_json(orjson.loads(item[2])))
            elif kind == RESUME:
                setup = Setup.from_json(orjson.loads(item[2]))
                folds.resume(key, setup, [step_from(*s) for s in item[3]])
            elif kind == TAKEBACK:
                setup = Setup.from_json(orjson.loads(item[3]))
                folds.take_back(batch, key, item[2], setup, [step_from(*s) for s in item[4]])
            else:
                folds.end(key)
        except Exception as error:  # this game's engine raised: leave the game out
            if isinstance(error, MemoryError | OSError):
                raise
            folds.end(key)
            failed.add(key)
            step = item[2] if kind == STEP else 0
            batch.failed.append((key, step, f"{type(error).__name__}: {error}"[:500]))
    return batch


def serve(requests: IO[bytes], answers: IO[bytes]) -> None:
    """A worker's loop: answer each batch of messages with its rows, until the input ends."""
    folds = LocalFolds()
    failed: set[str] = set()
    while True:
        try:
            message = receive(requests)
        except EOFError:
            return
        if message is None:
            return
        if message == RESET:
            folds.reset()
            failed.clear()
            continue
        try:
            batch = fold_items(folds, message, failed)
        except Exception as error:  # reported to the projector, which fails the batch
            send(answers, ("error", f"{type(error).__name__}: {error}"))
            continue
        send(
            answers,
            (
                "rows",
                batch.steps.cols,
                batch.timeline.cols,
                batch.facts.cols,
                batch.refused,
                batch.failed,
            ),
        )


def main() -> None:
    """Entry point of a worker process (`python -m projections.workers`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the projector's to handle
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # anything printed goes to stderr, never into the answers
    sys.stdout = sys.stderr
    gc.set_threshold(50_000, 20, 100)  # only folds: collect rarely (`runner.fewer_collections`)
    with contextlib.suppress(BrokenPipeError):  # the projector has gone
        serve(sys.stdin.buffer, answers)


def _feed(stream: IO[bytes], requests: queue.SimpleQueue[bytes | None]) -> None:
    """Write a worker's requests as they are queued; None closes its input (it then ends)."""
    try:
        while (data := requests.get()) is not None:
            stream.write(data)
            stream.flush()
    except (OSError, ValueError):  # the worker has gone: its drain reports it
        pass
    finally:
        with contextlib.suppress(OSError):
            stream.close()


def _drain(stream: IO[bytes], answers: queue.SimpleQueue[Any]) -> None:
    """Move a worker's answers to `answers` as they arrive; None once it has gone."""
    try:
        while True:
            answers.put(receive(stream))
    except (EOFError, OSError, ValueError):
        answers.put(None)


class WorkerFailed(RuntimeError):
    """A fold worker raised or died; the batch is not written."""


class WorkerFolds(LocalFolds):
    """`LocalFolds` spread over `count` worker processes (same interface)."""

    def __init__(self, count: int) -> None:
        super().__init__()
        self.count = count
        self.processes: list[subprocess.Popen[bytes]] = []
        self.requests: list[queue.SimpleQueue[bytes | None]] = []
        self.answers: list[queue.SimpleQueue[Any]] = []
        self.threads: list[threading.Thread] = []
        self.queued: list[list[tuple[Any, ...]]] = [[] for _ in range(count)]
        self.placed: set[str] = set()
        self.where: dict[str, int] = {}
        """The worker of each game placed (`_worker`, kept: asked at every step)."""

    def _spawn(self) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        self.processes = [
            subprocess.Popen(
                [sys.executable, "-m", "projections.workers"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=env,
            )
            for _ in range(self.count)
        ]
        self.requests = [queue.SimpleQueue() for _ in self.processes]
        self.answers = [queue.SimpleQueue() for _ in self.processes]
        for process, requests, answers in zip(
            self.processes, self.requests, self.answers, strict=True
        ):
            self.threads.append(threading.Thread(target=_feed, args=(process.stdin, requests)))
            self.threads.append(threading.Thread(target=_drain, args=(process.stdout, answers)))
        for thread in self.threads:
            thread.daemon = True
            thread.start()

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
        self.step_fields(batch, game_id, number, *_step(step))

    def take_back(
        self, batch: Batch, game_id: str, to_step: int, setup: Setup, steps: Sequence[Step]
    ) -> None:
        setup_json = orjson.dumps(setup.to_json()).decode()
        self.queued[self._worker(game_id)].append(
            (TAKEBACK, game_id, to_step, setup_json, [_step(s) for s in steps])
        )
        self.placed.add(game_id)

    def step_fields(self, batch: Batch, game_id: str, number: int, seat: int, value: Any) -> None:
        where = self.where.get(game_id)
        if where is None:
            where = self.where[game_id] = self._worker(game_id)
        self.queued[where].append((STEP, game_id, number, seat, value))

    def end(self, game_id: str) -> None:
        if game_id in self.placed:
            self.queued[self._worker(game_id)].append((END, game_id))
            self.placed.discard(game_id)
            self.where.pop(game_id, None)

    def submit(self) -> Any:
        """Send each worker its part of the batch; the ticket says which ones will answer."""
        if not self.processes:
            self._spawn()
        sent = []
        for index, items in enumerate(self.queued):
            if items:
                self.requests[index].put(frame(items))
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
            batch.failed.extend(answer[5])
            batch.steps.extend(answer[1])
            batch.timeline.extend(answer[2])
            batch.facts.extend(answer[3])
        if problems:
            raise WorkerFailed("; ".join(problems))

    def _answer(self, index: int) -> Any:
        answer = self.answers[index].get()
        if answer is None:
            raise WorkerFailed(self._died(index))
        return answer

    def _died(self, index: int) -> str:
        process = self.processes[index]
        try:
            code = process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return f"fold worker {index} stopped answering"
        return f"fold worker {index} died (exit code {code})"

    def reset(self) -> None:
        """Forget every fold: the workers are replaced (answers still on their way are lost
        with them); games are refolded from the store on demand."""
        self.close()
        self.queued = [[] for _ in range(self.count)]
        self.placed.clear()
        self.where.clear()

    def close(self) -> None:
        """End the workers: their input closes, so they stop; any still busy are killed."""
        for requests in self.requests:
            requests.put(None)  # its feeder closes the worker's stdin
        for process in self.processes:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for thread in self.threads:  # each ends with its worker
            thread.join(timeout=5)
        for process in self.processes:
            for pipe in (process.stdin, process.stdout):
                if pipe is not None:
                    with contextlib.suppress(OSError):
                        pipe.close()
        self.processes, self.requests, self.answers, self.threads = [], [], [], []


if __name__ == "__main__":
    main()
