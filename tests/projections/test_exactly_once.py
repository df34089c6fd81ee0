"""Exactly once, for real: projector processes killed with SIGKILL at random points.

A child process projects a store of 40 Puerto Rico games (about 14,000 events) in small batches
and prints its position after each committed batch; the test kills it (SIGKILL, no cleanup)
after a random number of batches plus a random few milliseconds, so kills land inside
transactions, between them, and during the publish. After several kills a last run finishes;
every table must equal a clean projection of the same store row for row (no duplicates, no
gaps). The same for an interrupted `--rebuild`, finished by a plain catch-up or by another
rebuild.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from application.service import open_app
from projections import runner
from tests.projections.conftest import dump

ROOT = Path(__file__).resolve().parents[2]
GAMES = 40
BATCH = 97
CHILD = """
import sys
from projections import runner
if __name__ == "__main__":
    runner.catch_up(sys.argv[1], batch_size=int(sys.argv[2]), rebuild=sys.argv[3] == "rebuild",
                    progress=lambda position, last: print(position, flush=True),
                    workers=int(sys.argv[4]))
    print("done", flush=True)
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A data folder with GAMES games, and a clean projection of it in another folder."""
    folder = tmp_path_factory.mktemp("killed") / "data"
    app = open_app(folder)
    for seed in range(GAMES):
        bot = "random" if seed % 2 else "heuristic"
        app.simulate("puerto-rico", 2 + seed % 4, {}, seed=seed, bot=bot)
    clean = folder.parent / "clean"
    runner.catch_up(app, folder=clean)
    app.close()
    return folder, clean / "views.duckdb"


MARK = "NOVUS_TEST_PROJECTOR"
"""Set in each child's environment (its fold workers inherit it), to find them after a kill."""


def _processes_marked(mark: str) -> list[int]:
    """Live processes whose environment holds `MARK=mark`."""
    found = []
    wanted = f"{MARK}={mark}".encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environment = (entry / "environ").read_bytes().split(b"\0")
        except OSError:  # gone meanwhile, or not ours to read
            continue
        if wanted in environment:
            found.append(int(entry.name))
    return found


def _run(
    folder: Path, mode: str, kill_after: int | None, rng: random.Random, workers: int = 1
) -> int:
    """Run the child; kill it after `kill_after` batches (None: let it finish). Its exit code.
    Every process it started (fold workers) must be gone soon after it is."""
    mark = f"{os.getpid()}-{rng.random()}"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(folder), str(BATCH), mode, str(workers)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), MARK: mark},
    )
    assert child.stdout is not None
    lines = 0
    if kill_after is not None:
        for line in child.stdout:
            lines += 1
            if line.startswith("done") or lines >= kill_after:
                break
        time.sleep(rng.uniform(0, 0.03))
        child.send_signal(signal.SIGKILL)
    child.stdout.read()
    code = child.wait(timeout=120)
    deadline = time.monotonic() + 10
    while _processes_marked(mark) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _processes_marked(mark) == [], "a fold worker outlived its projector"
    return code


def _killed_runs(folder: Path, mode: str, kills: int, rng: random.Random, workers: int = 1) -> int:
    batches = -(-open_app(folder).max_notification_id() // BATCH)
    killed = 0
    for _ in range(kills):
        code = _run(folder, mode, rng.randint(1, max(1, batches // kills)), rng, workers)
        killed += code == -signal.SIGKILL
    return killed


def test_killed_catch_ups_equal_a_clean_projection(store: tuple[Path, Path]) -> None:
    folder, clean = store
    rng = random.Random(5)
    killed = _killed_runs(folder, "catch-up", 4, rng)
    assert killed >= 3  # most kills landed before the end
    assert _run(folder, "catch-up", None, rng) == 0
    assert dump(folder / "views.duckdb") == dump(clean)
    assert dump(runner.work_path(folder)) == dump(clean)


def test_killed_catch_ups_with_fold_workers(store: tuple[Path, Path], tmp_path: Path) -> None:
    """The same with two fold worker processes (killed with their projector)."""
    source, clean = store
    folder = tmp_path / "data"
    folder.mkdir()
    for name in ("events.sqlite", "events.sqlite-wal", "events.sqlite-shm"):
        if (source / name).exists():
            shutil.copy(source / name, folder / name)
    rng = random.Random(8)
    killed = _killed_runs(folder, "catch-up", 3, rng, workers=2)
    assert killed >= 2
    assert _run(folder, "catch-up", None, rng, workers=2) == 0
    assert dump(folder / "views.duckdb") == dump(clean)
    assert dump(runner.work_path(folder)) == dump(clean)


@pytest.mark.parametrize("finish", ["catch-up", "rebuild"])
def test_interrupted_rebuilds_equal_a_clean_projection(
    store: tuple[Path, Path], finish: str
) -> None:
    folder, clean = store
    rng = random.Random(11 if finish == "rebuild" else 12)
    if not runner.work_path(folder).exists():
        assert _run(folder, "catch-up", None, rng) == 0
    killed = _killed_runs(folder, "rebuild", 2, rng)
    assert killed >= 1
    assert _run(folder, finish, None, rng) == 0
    assert dump(folder / "views.duckdb") == dump(clean)


PUBLISHING_CHILD = """
import sys
from projections import published, runner
if __name__ == "__main__":
    published.FULL_FRACTION = 1000.0  # deltas over layers after the first full copy
    published.FULL_COPY_BELOW = 0
    with runner.Projector(sys.argv[1], batch_size=int(sys.argv[2])) as projector:
        def publish(position, last):
            print(position, flush=True)
            projector.publish()
        projector.catch_up(progress=publish)
    print("done", flush=True)
"""


def test_killed_delta_publishes_equal_a_clean_projection(
    store: tuple[Path, Path], tmp_path: Path
) -> None:
    """A projector that publishes a delta after every batch, killed at random points (inside
    a publish too): the layered views file, read as readers read it, equals a clean
    projection, ratings and skipped games included."""
    source, clean = store
    folder = tmp_path / "data"
    folder.mkdir()
    for name in ("events.sqlite", "events.sqlite-wal", "events.sqlite-shm"):
        if (source / name).exists():
            shutil.copy(source / name, folder / name)
    rng = random.Random(21)
    batches = -(-open_app(folder).max_notification_id() // BATCH)
    killed = 0
    for _ in range(5):
        child = subprocess.Popen(
            [sys.executable, "-c", PUBLISHING_CHILD, str(folder), str(BATCH)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert child.stdout is not None
        wanted = rng.randint(1, max(1, batches // 5))
        for lines, line in enumerate(child.stdout, start=1):
            if line.startswith("done") or lines >= wanted:
                break
        time.sleep(rng.uniform(0, 0.05))
        child.send_signal(signal.SIGKILL)
        child.stdout.read()
        killed += child.wait(timeout=120) == -signal.SIGKILL
    assert killed >= 4
    done = subprocess.run(
        [sys.executable, "-c", PUBLISHING_CHILD, str(folder), str(BATCH)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert (folder / "views.duckdb.layers").exists(), "no delta was published"
    assert dump(folder / "views.duckdb") == dump(clean)
    extra = ("ratings_history", "skipped_games")
    assert dump(folder / "views.duckdb", extra) == dump(clean, extra)
