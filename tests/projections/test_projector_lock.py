"""One projector per data folder, for as long as it lives, tried with real processes.

`novus project --follow` publishes several times (each publish copies its DuckDB file); a second
`novus project` must still be refused, and the follower must go on projecting. Before the lock
file, the first publish dropped DuckDB's POSIX lock and the second projector ran beside it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from application.service import open_app
from projections import lock, runner
from projections.read import Views
from projections.view import DuckDBView, ProjectorBusy, wait_for

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def novus(*args: str) -> list[str]:
    return [sys.executable, "-m", "novus.cli.main", *args]


def wait_position(views: Views, target: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while views.position() < target and time.monotonic() < deadline:
        time.sleep(0.05)
    assert views.position() == target, "the follower did not publish"


def test_a_second_projector_is_refused_after_the_follower_published(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    app = open_app(folder)
    app.simulate("puerto-rico", 3, {}, seed=1, bot="random")
    follower = subprocess.Popen(
        novus("project", "-d", str(folder), "--follow", "--poll", "0.05", "--workers", "1"),
        cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        wait_for(folder / "views.duckdb", timeout=60)
        views = Views(folder)
        for seed in (2, 3):  # two more publishes
            app.simulate("puerto-rico", 3, {}, seed=seed, bot="random")
            wait_position(views, app.max_notification_id())
        for attempt in range(2):
            second = subprocess.run(
                novus("project", "-d", str(folder), *(["--rebuild"] if attempt else [])),
                cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=120,
            )  # fmt: skip
            assert second.returncode == 1, second.stdout + second.stderr
            assert "another projector" in second.stderr, second.stderr
            assert f"process {follower.pid}" in second.stderr
        with_api = subprocess.run(
            [sys.executable, "-c",
             "import sys\nfrom projections import runner\nfrom projections.view import "
             f"ProjectorBusy\ntry:\n    runner.catch_up({str(folder)!r})\n"
             "except ProjectorBusy:\n    sys.exit(7)\n"],
            cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert with_api.returncode == 7, with_api.stderr
        assert follower.poll() is None, "the follower died: " + follower.communicate()[1]
        app.simulate("puerto-rico", 4, {}, seed=4, bot="random")
        wait_position(views, app.max_notification_id())
        assert views.library_count() == 4
        views.close()
    finally:
        follower.send_signal(signal.SIGINT)
        _out, err = follower.communicate(timeout=60)
    assert follower.returncode == 0, err
    assert "stopped following" in err and "Could not set lock" not in err
    # once it has gone, the folder is free again
    assert runner.catch_up(folder).events == 0


def test_publishing_keeps_the_lock_in_this_process(tmp_path: Path) -> None:
    """In one process: after publishing, the file can still not be opened by another view."""
    folder = tmp_path / "data"
    app = open_app(folder)
    app.simulate("puerto-rico", 2, {}, seed=1, bot="random")
    with runner.Projector(app, folder=folder) as projector:
        projector.catch_up()
        projector.publish()
        code = (
            "import sys, duckdb\n"
            f"try:\n    duckdb.connect({str(runner.work_path(folder))!r})\n"
            "except duckdb.IOException as e:\n    sys.exit(7 if 'lock' in str(e).lower() else 1)\n"
        )
        done = subprocess.run([sys.executable, "-c", code], env=ENV, timeout=60)
        assert done.returncode == 7, "DuckDB's own lock was dropped by the publish"
        try:
            DuckDBView(runner.work_path(folder))
        except ProjectorBusy as error:
            assert "another projector" in error.message
        else:
            raise AssertionError("a second view opened the projector's file")
    assert lock.holder(lock.lock_path(runner.work_path(folder))) == os.getpid()
    DuckDBView(runner.work_path(folder)).close()  # released with the projector
