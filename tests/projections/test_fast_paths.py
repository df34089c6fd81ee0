"""The rebuild's fast paths change no row: trusted engine replays and the mapper's short
decoding path give the same tables as the checked `apply` and the library's generic mapper."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from eventsourcing.persistence import Mapper

from application.mapper import NovusMapper
from application.service import NovusApp
from projections import projection, runner
from tests.projections.conftest import dump

GAMES = [
    (3, {}),
    (4, {"buildings": "random", "nobles": "true"}),
    (5, {"buildings": "draft"}),
    (2, {"names": "2p"}),
    (4, {"buildings": "new", "colonist_end": "short", "discards": "reshuffle"}),
]


def test_fast_paths_give_the_rows_of_the_checked_paths(
    tmp_path: Path, make_app: Callable[..., NovusApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    for seed, (players, options) in enumerate(GAMES):
        app.simulate("puerto-rico", players, options, seed=seed, bot="random")
    app.simulate("century-new-world", 3, {}, seed=7, bot="random")
    fast = tmp_path / "fast"
    runner.catch_up(app, folder=fast, batch_size=501)

    monkeypatch.setattr(projection, "TRUSTED", False)
    monkeypatch.setattr(NovusMapper, "to_domain_event", Mapper.to_domain_event)
    checked = tmp_path / "checked"
    runner.catch_up(app, folder=checked, batch_size=501)

    fast_rows, checked_rows = dump(fast / "views.duckdb"), dump(checked / "views.duckdb")
    assert all(checked_rows[name] for name in ("games", "seats", "steps", "score_timeline"))
    assert fast_rows == checked_rows
