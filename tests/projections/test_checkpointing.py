"""A catch-up that is published checkpoints at each commit (its rows are written into the file
once, not to the log and again at the publish's checkpoint); one that is not published (`follow`
between publishes) leaves DuckDB's threshold alone; the setting is back after either."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from application.service import NovusApp
from projections import runner

DEFAULT = "16.0 MiB"


def _threshold(projector: runner.Projector) -> str:
    found = projector.view.con.execute("SELECT current_setting('checkpoint_threshold')")
    return str(found.fetchall()[0][0])


def test_a_published_catch_up_checkpoints_at_each_commit(
    tmp_path: Path, make_app: Callable[..., NovusApp]
) -> None:
    app = make_app()
    for seed in range(3):
        app.simulate("puerto-rico", 3, {}, seed=seed, bot="random")
    with runner.Projector(app, folder=tmp_path, batch_size=200) as projector:
        assert _threshold(projector) == DEFAULT
        seen: list[tuple[str, int]] = []
        wal = Path(f"{projector.view.path}.wal")

        def progress(done: int, last: int) -> None:
            if not projector.view.held:  # just committed: nothing left in the log
                seen.append((_threshold(projector), wal.stat().st_size if wal.exists() else 0))

        projector.catch_up(rebuild=True, progress=progress)
        assert seen and all(setting != DEFAULT and log == 0 for setting, log in seen)
        assert _threshold(projector) == DEFAULT

        app.simulate("puerto-rico", 3, {}, seed=9, bot="random")
        during: list[str] = []
        report = projector.catch_up(
            publish=False, progress=lambda *_: during.append(_threshold(projector))
        )
        assert report.events and during and set(during) == {DEFAULT}
        assert _threshold(projector) == DEFAULT
