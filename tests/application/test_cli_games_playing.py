"""`novus games` gives a game in progress its step count: the steps column read "playing"
("진행 중") with nothing to say how far the game had got; `--json` had `steps: null` alone."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from application import games_index, play
from application.service import open_app
from application.settings import EVENTS_FILE
from novus.cli.main import app

runner = CliRunner()


def _games(data: Path, *args: str) -> str:
    result = runner.invoke(app, ["games", "-d", str(data), *args])
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    return result.output


@pytest.fixture
def data(tmp_path: Path) -> Path:
    store = open_app(tmp_path)
    game = play.new_game(store, "puerto-rico", ["Ana", "Ben", "Cleo"], seed=5)
    play.draw(store, game)  # the plantations: one step
    play.finish(store, game, bot="random", max_steps=11)
    store.close()
    return tmp_path


def test_a_game_in_progress_shows_its_steps_and_its_state(data: Path) -> None:
    assert "12 (playing)" in _games(data)
    assert "12 (진행 중)" in _games(data, "--lang", "ko")
    (row,) = json.loads(_games(data, "--json"))
    assert row["steps"] is None and row["played"] == 12
    store = open_app(data)
    play.take_back(store, store.game_ids()[0], 2)
    store.close()
    assert "10 (playing)" in _games(data)


def test_an_index_row_without_the_count_counts_the_events(data: Path) -> None:
    """A row written before the index kept `played` (or built from the events): the listing
    counts that game's steps from its events."""
    with sqlite3.connect(data / EVENTS_FILE) as db:
        ((summary,),) = db.execute(f"SELECT summary FROM {games_index.GAMES_TABLE}").fetchall()
        old = orjson.loads(summary)
        del old["played"]
        db.execute(f"UPDATE {games_index.GAMES_TABLE} SET summary = ?", [orjson.dumps(old)])
    assert "12 (playing)" in _games(data)
    (row,) = json.loads(_games(data, "--json"))
    assert row["played"] == 12
