"""Publishing in layers (`projections.published`): a small projector file is copied whole, a
big one gets deltas over layers; readers see the same rows either way."""

from __future__ import annotations

from pathlib import Path

import pytest

from application.service import open_app
from projections import published, runner
from tests.projections.conftest import dump


@pytest.mark.parametrize("below", [0, published.FULL_COPY_BELOW])
def test_small_files_are_copied_whole_big_ones_get_deltas(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, below: int
) -> None:
    monkeypatch.setattr(published, "FULL_COPY_BELOW", below)
    folder, clean = tmp_path / "data", tmp_path / "clean"
    app = open_app(folder)
    fulls = []
    with runner.Projector(app, folder=folder) as projector:
        for seed in range(3):
            app.simulate("puerto-rico", 3, {}, seed=seed, bot="random")
            projector.catch_up()
            fulls.append(projector.view.last_full)
    runner.catch_up(app, folder=clean)
    layers = published.layers_dir(folder / "views.duckdb")
    if below:  # these few games make a file far under 32 MiB: a full copy each time
        assert fulls == [True, True, True] and not layers.exists()
    else:
        assert fulls == [True, False, False] and layers.exists()
    extra = ("ratings_history", "skipped_games")
    assert dump(folder / "views.duckdb") == dump(clean / "views.duckdb")
    assert dump(folder / "views.duckdb", extra) == dump(clean / "views.duckdb", extra)
