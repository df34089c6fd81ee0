"""`novus project` and `novus stats`, on SQLite and on a real PostgreSQL store."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from application.service import open_app
from novus.cli.main import app, registered
from projections.read import Views

cli = CliRunner()


def novus(*args: str | Path) -> tuple[int, str]:
    result = cli.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, " ".join(result.output.split())


def test_project_and_stats_on_each_store(
    tmp_path: Path, store_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "projections" in registered
    for key, value in store_env.items():
        monkeypatch.setenv(key, value)
    data = tmp_path / "data"
    code, out = novus("simulate", "-g", "puerto-rico", "-p", "3", "-n", "2", "-d", data)
    assert code == 0, out
    code, out = novus("project", "-d", data)
    assert code == 0, out
    app_ = open_app(data)
    try:
        total = app_.max_notification_id()
    finally:
        app_.close()
    assert f"projected {total} events" in out
    code, out = novus("project", "-d", data)
    assert code == 0 and "projected 0 events" in out
    code, out = novus("project", "-d", data, "--rebuild", "--batch-size", "100")
    assert code == 0 and "rebuilt the views (asked for)" in out and f"projected {total}" in out
    assert Views(data).library_count(game="puerto-rico", players=3) == 2
    code, out = novus("stats", "-d", data, "--game", "puerto-rico")
    assert code == 0, out
    for title in ("Games", "Players", "Seats", "Role picks", "Buildings bought and winning"):
        assert title in out
    code, out = novus("stats", "-d", data, "--player", "Heuristic 2")
    assert code == 0 and "By seat" in out and "Heuristic 2" in out
    code, out = novus("stats", "-d", data, "--player", "heuristic 2")
    flat = " ".join(out.split())
    assert code == 1 and "no projected games of player 'heuristic 2'" in flat
    assert "Heuristic 2" in flat  # the names there are, to pick from


def test_stats_without_views_says_what_to_do(tmp_path: Path) -> None:
    """A folder with neither events nor views (a mistyped --data-dir) said 'no projections;
    run `novus project`', which then said 'no event store': it says so at once."""
    code, out = novus("stats", "-d", tmp_path / "typo")
    flat = " ".join(out.split())
    assert code == 1 and "does not exist" in flat and "check the folder's name" in flat, flat
    assert "`novus demo`" in flat and not (tmp_path / "typo").exists()
    (tmp_path / "typo").mkdir()  # a folder with neither: the same advice
    code, out = novus("stats", "-d", tmp_path / "typo")
    flat = " ".join(out.split())
    assert code == 1 and "no event store" in flat and "check --data-dir" in flat, flat
    open_app(tmp_path / "data").simulate("puerto-rico", 3, {}, seed=1, bot="random")
    (tmp_path / "data" / "views.duckdb").unlink(missing_ok=True)
    code, out = novus("stats", "-d", tmp_path / "data")  # events, no views: projected first
    assert code == 0 and "projected" in out, out


def test_project_without_a_store_is_an_error(tmp_path: Path) -> None:
    code, out = novus("project", "-d", tmp_path / "nothing")
    assert code == 1 and "does not exist" in out
    (tmp_path / "nothing").mkdir()
    code, out = novus("project", "-d", tmp_path / "nothing")
    assert code == 1 and "no event store" in out


def _tamper(data: Path, game_id: str, after_step: int) -> int:
    """Replace the action of the first stored decision after `after_step` with one no engine
    knows (as a game recorded under other rules would look); returns its step number."""
    con = sqlite3.connect(data / "events.sqlite")
    try:
        rows = con.execute(
            "SELECT rowid, state FROM stored_events WHERE originator_id = ? AND topic LIKE ? "
            "ORDER BY originator_version",
            (game_id.replace("-", ""), "%Decided"),
        ).fetchall()
        rowid, state = next(r for r in rows if orjson.loads(r[1])["step"] > after_step)
        fields = orjson.loads(state)
        fields["action"] = "build:castle_in_the_air"
        con.execute(
            "UPDATE stored_events SET state = ? WHERE rowid = ?", (orjson.dumps(fields), rowid)
        )
        con.commit()
        return int(fields["step"])
    finally:
        con.close()


@pytest.mark.parametrize("workers", ["1", "2"])
def test_steps_the_installed_engine_refuses_are_reported(tmp_path: Path, workers: str) -> None:
    data = tmp_path / "data"
    code, out = novus("simulate", "-g", "puerto-rico", "-p", "3", "-n", "2", "-d", data)
    assert code == 0, out
    store = open_app(data)
    game_id, other = (str(g) for g in store.game_ids())
    steps = len(store.history(store.game_ids()[0]).steps)
    store.close()
    refused_at = _tamper(data, game_id, 30)
    code, out = novus("project", "-d", data, "--workers", workers)
    flat = " ".join(out.split())
    assert code == 0, out
    assert "1 game(s) do not replay under the installed rules" in flat
    assert f"{game_id[:8]} from step {refused_at}: illegal action 'build:castle_in_the_air'" in flat
    assert other[:8] not in flat
    views = Views(data)
    assert len(views.steps(game_id)) == steps  # every move is still listed
    timeline = views.score_timeline(game_id, dense=False)
    assert max(timeline["step"]) < refused_at  # no scores from the refused step on
    found = views.query("SELECT max(step) AS last FROM facts WHERE game_id = ?", [game_id])
    assert found["last"][0] < refused_at  # nor facts (its 'build:' no derived fact either)
    rounds = views.query("SELECT step FROM steps WHERE game_id = ? AND round IS NULL", [game_id])
    assert min(rounds["step"]) == refused_at  # no round from it on
