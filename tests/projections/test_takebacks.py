"""Take-backs in the projections: a game's rows are those of the game as it stands, equal to
the rows of the same steps stored with no take-back, across batches, restarts, rebuilds and
fold workers; a finished game taken back is in progress again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

from application import play
from application.service import NovusApp, open_app
from projections import published, runner

TABLES = ("steps", "score_timeline", "facts", "seats")


def rows_of(path: Path, game_id: UUID) -> dict[str, Any]:
    """A game's rows in every per-game table (sorted, without the id) and its games row."""
    con = published.connect(Path(path))
    try:
        out: dict[str, Any] = {}
        for name in TABLES:
            found = con.execute(f"SELECT * EXCLUDE (game_id) FROM {name} WHERE game_id = ?",
                                [str(game_id)]).fetchall()  # fmt: skip
            out[name] = sorted(found, key=repr)
        out["games"] = con.execute(
            "SELECT steps, finished, winners, winner_names, ended IS NULL FROM games "
            "WHERE game_id = ?",
            [str(game_id)],
        ).fetchall()
        return out
    finally:
        con.close()


def expected(app: NovusApp, game_id: UUID, tmp: Path) -> dict[str, Any]:
    """The rows of the same game as it stands, stored with no take-back and projected."""
    record = app.history(game_id)
    folder = tmp / f"plain-{uuid4().hex}"
    other = open_app(folder)
    try:
        other.record_game(
            record.setup, record.steps, seed=record.seed, source=record.source, game_id=game_id
        )
        runner.catch_up(other, folder=folder)
    finally:
        other.close()
    return rows_of(folder / "views.duckdb", game_id)


def test_projection_follows_take_backs(
    folder: Path, make_app: Callable[..., NovusApp], tmp_path: Path
) -> None:
    app = make_app()
    views = folder / "views.duckdb"
    game = play.new_game(app, "puerto-rico", ["Ana", "Ben", "Cleo"], seed=8)
    other = app.simulate("puerto-rico", 4, {}, seed=3)
    play.finish(app, game, "heuristic", max_steps=30)
    runner.catch_up(app, folder=folder, batch_size=7)
    play.take_back(app, game, 5)  # rows of earlier batches go
    play.finish(app, game, "random", max_steps=7)
    play.take_back(app, game, 2)
    play.finish(app, game, "random", max_steps=3)
    runner.catch_up(app, folder=folder, batch_size=4)  # a new projector: refolds with offsets
    assert rows_of(views, game) == expected(app, game, tmp_path)
    assert rows_of(views, game)["games"] == [(None, False, None, None, True)]

    play.finish(app, game, "heuristic")
    runner.catch_up(app, folder=folder)
    finished = rows_of(views, game)
    assert finished == expected(app, game, tmp_path)
    assert finished["games"][0][0] == len(app.history(game).steps) and finished["seats"]

    play.take_back(app, game, 4)  # a finished game is in progress again
    runner.catch_up(app, folder=folder)
    reopened = rows_of(views, game)
    assert reopened == expected(app, game, tmp_path)
    assert reopened["seats"] == [] and reopened["games"] == [(None, False, None, None, True)]

    play.take_back(app, other, 10)  # finished and taken back within one batch
    play.finish(app, other, "heuristic")
    play.take_back(app, game, 1)
    play.finish(app, game, "heuristic")
    runner.catch_up(app, folder=folder, batch_size=5)
    for game_id in (game, other):
        assert rows_of(views, game_id) == expected(app, game_id, tmp_path)
    incremental = {g: rows_of(views, g) for g in (game, other)}

    con = published.connect(Path(views))
    taken = con.execute(
        "SELECT to_step, removed FROM takebacks WHERE game_id = ? ORDER BY version", [str(game)]
    ).fetchall()
    con.close()
    assert [removed for _, removed in taken] == [5, 2, 4, 1]  # the take-backs stay readable

    runner.catch_up(app, folder=folder, rebuild=True)  # the whole history in one batch
    assert {g: rows_of(views, g) for g in (game, other)} == incremental
    runner.catch_up(app, folder=folder, rebuild=True, batch_size=9, workers=2)
    assert {g: rows_of(views, g) for g in (game, other)} == incremental
    summaries = {s.id: s.steps for s in app.summaries()}
    assert summaries[game] == incremental[game]["games"][0][0] == len(app.history(game).steps)
    assert summaries[other] == incremental[other]["games"][0][0]


def test_a_take_back_in_the_batch_after_the_start(
    folder: Path, make_app: Callable[..., NovusApp], tmp_path: Path
) -> None:
    """A batch is folded while the one before is written: a game started in that one and
    taken back in this one finds its setup in memory (it was left out: 'taken back before its
    Started event'), at every batch size."""
    app = make_app()
    game = play.new_game(app, "puerto-rico", ["Ana", "Ben", "Cleo"], seed=8)
    play.finish(app, game, "heuristic", max_steps=12)
    play.take_back(app, game, 10)
    play.finish(app, game, "heuristic", max_steps=3)
    want = expected(app, game, tmp_path)
    for size in (3, 5, 8):
        runner.catch_up(app, folder=folder, batch_size=size, rebuild=True)
        assert rows_of(folder / "views.duckdb", game) == want
        con = published.connect(folder / "views.duckdb")
        try:
            assert con.execute("SELECT count(*) FROM skipped_games").fetchone() == (0,)
        finally:
            con.close()
