"""A reader process queries the views while a projector process follows the store and writes.

The projector (`novus project --follow`) runs as its own process; this test process stores new
games and reads through `projections.read.Views` all the while. Every read must succeed, never
go backwards, never show more games than are stored, and catch up with the store.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from application.service import open_app
from projections.read import Views
from projections.view import wait_for

ROOT = Path(__file__).resolve().parents[2]


def _interruptible() -> None:
    """Ctrl+C must reach the child even when this process was started with SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_reader_and_projector_processes(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    app = open_app(folder)
    app.simulate("puerto-rico", 3, {}, seed=0)
    projector = subprocess.Popen(
        [sys.executable, "-m", "novus.cli.main", "project", "-d", str(folder),
         "--follow", "--poll", "0.05", "--batch-size", "100"],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=_interruptible,
    )  # fmt: skip
    try:
        wait_for(folder / "views.duckdb", timeout=60)
        views = Views(folder)
        seen = [views.library_count()]
        stored = 1
        for seed in range(1, 13):
            app.simulate("puerto-rico", 2 + seed % 4, {}, seed=seed, bot="random")
            stored += 1
            deadline = time.monotonic() + 20  # reads while the projector catches this game up
            while seen[-1] < stored and time.monotonic() < deadline:
                count = views.library_count()
                assert seen[-1] <= count <= stored
                assert views.position() <= app.max_notification_id()
                seen.append(count)
                time.sleep(0.01)
        deadline = time.monotonic() + 30
        while views.library_count() < stored and time.monotonic() < deadline:
            time.sleep(0.05)
        assert views.library_count() == stored
        assert views.position() == app.max_notification_id()
        assert len(set(seen)) > 2  # the reader saw the tables grow while the projector wrote
        last = views.library(order="stored", limit=1, offset=stored - 1)["game_id"][0]
        assert len(views.score_timeline(last)) > 0
    finally:
        projector.send_signal(signal.SIGINT)
        _out, err = projector.communicate(timeout=60)
        app.close()
    assert projector.returncode == 0, err
    assert "stopped following" in err
