"""Engine folds in worker processes, for catching up on a large backlog with several cores.

Each game lives in one worker (chosen by its id), so its fold stays in that process from step to
step. The projector process still reads and decodes the log, makes the `games` and `seats` rows
and writes every batch with its tracking position in one transaction; the workers only return
the `steps`, `fold_timeline` and `fold_facts` rows of the steps they were sent. While the workers
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

Why not the standard library's process pool: a game's fold must stay in one process, so it
would take one single-worker pool per worker, with pickled task arguments and a forkserver
that imports the projector's `__main__`; rebuilding the same store it was slower
(`benchmarks/bench_worker_pool.py`: pool / hand-written 0.81 and 0.55 events per second on 42k
and 90k events, 2 workers, a loaded 2-core machine).
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
from typing import IO, Any, NamedTuple

import orjson

from domain.core.protocol import Decision, Setup, Step, step_from
from projections.columns import Batch
from projections.fold import LocalFolds, StepFn

START, RESUME, STEP, END, TAKEBACK = 0, 1, 2, 3, 4
"""The kinds of request, the first field of each (`Start`, `Resume`, `StepFields`, `End`,
`TakeBack`)."""


class Start(NamedTuple):
    """A game began: its fold starts from the setup (`Setup.to_json()` as JSON text)."""

    kind: int
    game_id: str
    setup: str


class Resume(NamedTuple):
    """A game in progress is refolded from its first steps (`(seat, action | outcome)`)."""

    kind: int
    game_id: str
    setup: str
    steps: list[tuple[int, Any]]


class StepFields(NamedTuple):
    """One step of a game: number, seat (-1: chance), action or outcome list."""

    kind: int
    game_id: str
    number: int
    seat: int
    value: Any


class End(NamedTuple):
    """A game is over (or left out): its fold is dropped."""

    kind: int
    game_id: str


class TakeBack(NamedTuple):
    """A take-back to step `to_step`: the batch's later rows of the game go, and its fold is
    refolded from its first `to_step` steps."""

    kind: int
    game_id: str
    to_step: int
    setup: str
    steps: list[tuple[int, Any]]


Request = Start | Resume | StepFields | End | TakeBack
"""One message of a batch sent to a worker. On the pipe each is a plain tuple of its fields
(`marshal` takes builtin types only), read back by position or with `_make`."""

ROWS, FAILURE = "rows", "error"
"""The kinds of answer to a batch: `("rows", *Rows)` or `("error", message)`."""


class Rows(NamedTuple):
    """A worker's rows for one batch: per-column lists of three tables, and the games whose
    steps were refused or whose engine raised."""

    steps: list[list[Any]]
    timeline: list[list[Any]]
    facts: list[list[Any]]
    refused: list[Any]
    failed: list[tuple[str, int, str]]


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
    """Apply one batch of `Request`s (plain tuples), in order; the rows they made.

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
                _, _, number, seat, value = item  # a StepFields (the hot path: no object)
                folds.step_fields(batch, key, number, seat, value)
            elif kind == START:
                start = Start._make(item)
                folds.start(batch, key, Setup.from_json(orjson.loads(start.setup)))
            elif kind == RESUME:
                resume = Resume._make(item)
                setup = Setup.from_json(orjson.loads(resume.setup))
                folds.resume(key, setup, [step_from(*s) for s in resume.steps])
            elif kind == TAKEBACK:
                back = TakeBack._make(item)
                setup = Setup.from_json(orjson.loads(back.setup))
                steps = [step_from(*s) for s in back.steps]
                folds.take_back(batch, key, back.to_step, setup, steps)
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
    """A worker's loop: answer each batch of `Request`s with its `Rows` (or a failure), until
    its input ends (the projector closed it, or has gone)."""
    folds = LocalFolds()
    failed: set[str] = set()
    while True:
        try:
            message = receive(requests)
        except EOFError:
            return
        try:
            batch = fold_items(folds, message, failed)
        except Exception as error:  # reported to the projector, which fails the batch
            send(answers, (FAILURE, f"{type(error).__name__}: {error}"))
            continue
        rows = Rows(
            batch.steps.cols, batch.timeline.cols, batch.facts.cols, batch.refused, batch.failed
        )
        send(answers, (ROWS, *rows))


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


class WorkerFolds:
    """The folds spread over `count` worker processes (`projections.fold.Folds`)."""

    def __init__(self, count: int) -> None:
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
        self.queued[self._worker(game_id)].append(tuple(Start(START, game_id, setup_json)))
        self.placed.add(game_id)

    def resume(self, game_id: str, setup: Setup, steps: Sequence[Step]) -> None:
        setup_json = orjson.dumps(setup.to_json()).decode()
        resume = Resume(RESUME, game_id, setup_json, [_step(s) for s in steps])
        self.queued[self._worker(game_id)].append(tuple(resume))
        self.placed.add(game_id)

    def take_back(
        self, batch: Batch, game_id: str, to_step: int, setup: Setup, steps: Sequence[Step]
    ) -> None:
        setup_json = orjson.dumps(setup.to_json()).decode()
        back = TakeBack(TAKEBACK, game_id, to_step, setup_json, [_step(s) for s in steps])
        self.queued[self._worker(game_id)].append(tuple(back))
        self.placed.add(game_id)

    def step_fields(self, batch: Batch, game_id: str, number: int, seat: int, value: Any) -> None:
        where = self.where.get(game_id)
        if where is None:
            where = self.where[game_id] = self._worker(game_id)
        self.queued[where].append((STEP, game_id, number, seat, value))  # a StepFields

    def stepper(self, game_id: str) -> StepFn:
        where = self._worker(game_id)

        def step(batch: Batch, number: int, seat: int, value: Any) -> None:
            self.queued[where].append((STEP, game_id, number, seat, value))

        return step

    def end(self, game_id: str) -> None:
        if game_id in self.placed:
            self.queued[self._worker(game_id)].append(tuple(End(END, game_id)))
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
            if answer[0] == FAILURE:
                problems.append(answer[1])
                continue
            rows = Rows._make(answer[1:])
            batch.refused.extend(rows.refused)
            batch.failed.extend(rows.failed)
            batch.steps.extend(rows.steps)
            batch.timeline.extend(rows.timeline)
            batch.facts.extend(rows.facts)
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
