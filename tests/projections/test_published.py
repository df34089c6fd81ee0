"""Publishing in layers (`projections.published`): a small projector file is copied whole, a
big one gets deltas over layers; readers see the same rows either way."""

from __future__ import annotations

from pathlib import Path

import pytest

from application import play
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


def view_sql(path: Path) -> dict[str, str]:
    """The reader's union views of the data tables, by name (their SQL)."""
    con = published.connect(path)
    try:
        tables = (*published.SMALL, *published.BIG)
        found = con.execute(
            "SELECT view_name, sql FROM duckdb_views() WHERE view_name IN (SELECT unnest($t))",
            {"t": list(tables)},
        ).fetchall()
        return {str(name): str(sql) for name, sql in found}
    finally:
        con.close()


def test_readers_hide_only_games_the_layer_below_has(tmp_path: Path) -> None:
    """New games in a delta hide nothing below (no anti-join per query); a game that was in
    the base and finished since hides its older rows where it has some, and reads the same."""
    folder, clean = tmp_path / "data", tmp_path / "clean"
    app = open_app(folder)
    views = folder / "views.duckdb"
    with runner.Projector(app, folder=folder) as projector:
        earlier = "2024-01-05T10:00:00+00:00"  # rated before the games started now
        app.simulate("puerto-rico", 3, {}, seed=1, bot="random", created=earlier)
        game = play.new_game(app, "puerto-rico", ["Ana", "Ben", "Cleo"], seed=8)
        play.finish(app, game, "heuristic", max_steps=20)
        projector.catch_up()
        assert projector.view.last_full
        new = play.new_game(app, "puerto-rico", ["Dan", "Eve", "Fay"], seed=9)
        play.finish(app, new, "heuristic", max_steps=5000)  # new, rated apart: nothing below
        projector.catch_up()
        assert not projector.view.last_full
        sql = view_sql(views)
        assert sql.keys() == {*published.SMALL, *published.BIG}
        assert not any("ANTI JOIN" in text or "NOT IN" in text for text in sql.values())
        play.finish(app, game, "heuristic", max_steps=5000)  # in the base, ends now
        projector.catch_up()
        assert not projector.view.last_full
    sql = view_sql(views)
    assert "ANTI JOIN" in sql["games"]  # its games row is replaced (finished now)
    assert "ANTI JOIN" not in sql["seats"]  # it had no seats rows below (unfinished there)
    assert "ANTI JOIN" not in sql["steps"]  # its steps are only appended to
    runner.catch_up(app, folder=clean)
    app.close()
    extra = ("ratings_history", "skipped_games")
    assert dump(views) == dump(clean / "views.duckdb")
    assert dump(views, extra) == dump(clean / "views.duckdb", extra)
