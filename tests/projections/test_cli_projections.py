"""`novus project` and `novus stats`, on SQLite and on a real PostgreSQL store."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from application.cli.main import app, registered
from application.service import open_app
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


def test_stats_without_views_says_what_to_do(tmp_path: Path) -> None:
    code, out = novus("stats", "-d", tmp_path)
    assert code == 1 and "no projections" in out and "novus project" in out


def test_project_without_a_store_is_an_error(tmp_path: Path) -> None:
    code, out = novus("project", "-d", tmp_path / "nothing")
    assert code == 1 and "no event store" in out
