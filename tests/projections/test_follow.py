"""`runner.follow` in a thread on each store: new games show up for readers, stop ends it."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from application.service import open_app
from projections import runner
from projections.read import Views
from projections.view import wait_for


def test_follow_picks_up_new_games_on_each_store(tmp_path: Path, store_env: dict[str, str]) -> None:
    folder = tmp_path / "data"
    app = open_app(folder, store_env)
    app.simulate("puerto-rico", 3, {}, seed=1)
    stop = threading.Event()
    reports: list[runner.Report] = []
    follower = threading.Thread(
        target=runner.follow,
        args=(app,),
        kwargs={"folder": folder, "stop": stop, "poll": 0.02, "on_report": reports.append},
    )
    follower.start()
    try:
        wait_for(folder / "views.duckdb", timeout=30)
        views = Views(folder)
        for seed in (2, 3):
            app.simulate("puerto-rico", 4, {}, seed=seed, bot="random")
            target = app.max_notification_id()
            deadline = time.monotonic() + 30
            while views.position() < target and time.monotonic() < deadline:
                time.sleep(0.02)
            assert views.position() == target
        assert views.library_count() == 3
        assert sum(r.events for r in reports) == app.max_notification_id()
    finally:
        stop.set()
        follower.join(timeout=30)
        app.close()
    assert not follower.is_alive()
