"""One game can no longer stop the projections: a game whose event cannot be projected or
written is left out of the views, named, and every other event is projected.

The poisoned games are written the way an older Novus (or a damaged store) left them: the stored
JSON of a real SQLite event store is edited, so the checks at the import boundary are bypassed.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

import orjson
import pytest
from typer.testing import CliRunner

from application.service import open_app
from novus.cli.main import app as cli
from projections import published, runner


def edit_event(folder: Path, game_id: UUID, version: int, change: Callable[[Any], None]) -> None:
    """Rewrite one stored event's JSON in the SQLite store (what no Novus command can do)."""
    con = sqlite3.connect(folder / "events.sqlite")
    try:
        (state,) = con.execute(
            "SELECT state FROM stored_events WHERE originator_id = ? AND originator_version = ?",
            [game_id.hex, version],
        ).fetchone()
        data = orjson.loads(state)
        change(data)
        con.execute(
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
            [orjson.dumps(data), game_id.hex, version],
        )
        con.commit()
    finally:
        con.close()


def games_in(views: Path) -> set[str]:
    con = published.connect(Path(views))
    try:
        found = {str(r[0]) for r in con.execute("SELECT game_id FROM games").fetchall()}
        for table in ("steps", "score_timeline", "seats", "facts"):
            rows = con.execute(f"SELECT DISTINCT game_id FROM {table}").fetchall()
            assert {str(r[0]) for r in rows} <= found, f"rows of a left-out game in {table}"
        return found
    finally:
        con.close()


def skipped_in(views: Path) -> dict[str, tuple[Any, ...]]:
    con = published.connect(Path(views))
    try:
        rows = con.execute("SELECT game_id, game, position, reason FROM skipped_games").fetchall()
        return {str(r[0]): tuple(r[1:]) for r in rows}
    finally:
        con.close()


def big_seed(data: dict[str, Any]) -> None:
    data["seed"] = 2**63


def kind_number(data: dict[str, Any]) -> None:
    data["source"]["kind"] = 5


def broken_components(data: dict[str, Any]) -> None:
    data["setup"]["components"]["piety_track"] = 5


@pytest.fixture
def poisoned(tmp_path: Path) -> tuple[Path, list[UUID], dict[UUID, str]]:
    """Good games around games that cannot be projected; returns the folder, the good games
    and the poisoned ones with the error their projection meets."""
    folder = tmp_path / "data"
    app = open_app(folder)
    good, bad = [], {}
    good.append(app.simulate("puerto-rico", 3, {}, seed=1, bot="random"))
    game = app.simulate("puerto-rico", 3, {}, seed=2, bot="random")
    bad[game] = "OverflowError"  # seed >= 2**63 does not fit the BIGINT column
    good.append(app.simulate("santa-maria", 2, {}, seed=3, bot="random"))
    kind = app.simulate("puerto-rico", 4, {}, seed=4, bot="random")
    bad[kind] = "ArrowTypeError"  # source.kind is not text
    components = app.simulate("santa-maria", 2, {}, seed=5, bot="random")
    bad[components] = "TypeError"  # the engine raises while setting up the fold
    middle = app.simulate("century-new-world", 3, {}, seed=6, bot="random")
    bad[middle] = "KeyError"  # the engine raises at step 60, after rows were written
    good.append(app.simulate("mundus-novus", 3, {}, seed=7, bot="random"))
    app.close()
    edit_event(folder, game, 1, big_seed)
    edit_event(folder, kind, 1, kind_number)
    edit_event(folder, components, 1, broken_components)

    def garbage(data: dict[str, Any]) -> None:
        assert "action" in data, "step 60 of the Century game should be a decision"
        data["action"] = "zzz:qq"

    version = 61
    while True:  # the first decision from step 60 on
        try:
            edit_event(folder, middle, version, garbage)
            break
        except AssertionError:
            version += 1
    return folder, good, bad


@pytest.mark.parametrize("workers", [1, 2])
def test_a_game_that_cannot_be_projected_is_named_and_the_rest_goes_on(
    poisoned: tuple[Path, list[UUID], dict[UUID, str]], workers: int
) -> None:
    folder, good, bad = poisoned
    report = runner.catch_up(folder, batch_size=50, workers=workers)
    app = open_app(folder)
    assert report.position == app.max_notification_id(), "the projector stopped early"
    named = {game_id: why for game_id, _game, _position, why in report.skipped}
    assert set(named) == {str(g) for g in bad}
    for game_id, error in bad.items():
        assert error in named[str(game_id)], named
    views = folder / "views.duckdb"
    assert games_in(views) == {str(g) for g in good}
    assert set(skipped_in(views)) == {str(g) for g in bad}
    assert skipped_in(views)[str(next(iter(bad)))][0] == "puerto-rico"

    # later events are projected; the left-out games are not reported again
    later = app.simulate("puerto-rico", 2, {}, seed=8, bot="random")
    app.close()
    again = runner.catch_up(folder, batch_size=50, workers=workers)
    assert again.skipped == [] and again.events > 0
    assert games_in(views) == {str(g) for g in [*good, later]}

    rebuilt = runner.catch_up(folder, rebuild=True, workers=workers)
    assert {entry[0] for entry in rebuilt.skipped} == {str(g) for g in bad}
    assert games_in(views) == {str(g) for g in [*good, later]}


def test_novus_project_names_the_game_and_exits_zero(
    poisoned: tuple[Path, list[UUID], dict[UUID, str]],
) -> None:
    folder, _good, bad = poisoned
    for args in ([], ["--rebuild"]):
        result = CliRunner().invoke(cli, ["project", "-d", str(folder), *args])
        assert result.exit_code == 0, result.output
        assert "internal error" not in result.output
        assert "4 game(s) could not be projected" in result.output
        for game_id in bad:
            assert str(game_id)[:8] in result.output
    stats = CliRunner().invoke(cli, ["stats", "-d", str(folder)])
    assert stats.exit_code == 0 and "error" not in stats.output, stats.output
