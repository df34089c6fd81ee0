"""Fixtures of the projection tests: data folders with stored games, and table dumps."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from application.records import GameRecord
from application.service import NovusApp, open_app
from domain.core import registry
from domain.core.protocol import ChanceStep, Decision, Step
from projections import published
from projections.read import Views
from projections.schema import TABLES


@pytest.fixture(autouse=True)
def publish_deltas(monkeypatch: pytest.MonkeyPatch) -> None:
    """Projection tests publish deltas over layers after the first full copy (their stores are
    small: by default every publish would be a full copy, `published.FULL_COPY_BELOW`)."""
    monkeypatch.setattr(published, "FULL_FRACTION", 1000.0)
    monkeypatch.setattr(published, "FULL_COPY_BELOW", 0)


def dump(path: Path, tables: tuple[str, ...] = ()) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every data table (and the tracking position, and the views `facts` and
    `score_timeline`), sorted: for equality; or of `tables`. A published file is read as
    readers read it (`published.connect`)."""
    con = published.connect(Path(path))
    try:
        out = {}
        for name in tables or (*TABLES, "facts", "score_timeline", "tracking"):
            table = con.sql(f"SELECT * FROM {name}").to_arrow_table()
            rows = [tuple(row.values()) for row in table.to_pylist()]
            out[name] = sorted(rows, key=repr)
        return out
    finally:
        con.close()


def decisions_with_rounds(
    app: NovusApp, views: Views
) -> Iterator[tuple[tuple[str, int, int, int], str, str]]:
    """Every stored decision as ``((game id, step, its round in the view `steps`, seat), verb,
    the rest of the action)``: what a fact derived from the action (`GameStats.step_facts`)
    must say."""
    rounds = {
        (row.game_id, row.step): row.round
        for row in views.query("SELECT game_id, step, round FROM steps").itertuples()
    }
    for game_id in app.game_ids():
        for number, step in enumerate(app.history(game_id).steps, 1):
            if isinstance(step, Decision):
                verb, _, rest = step.action.partition(":")
                yield (str(game_id), number, rounds[str(game_id), number], step.seat), verb, rest


def naive_score_changes(
    record: GameRecord,
) -> tuple[set[tuple[int, int, str, int]], dict[tuple[int, str], int]]:
    """`rules.scores` after every step of a stored game: each (step, seat, category, points)
    where a seat's category changed (all of them at step 0), and the final points."""
    rules = registry.get(record.game)
    state = rules.initial_state(record.setup)
    changes = set()
    last: dict[tuple[int, str], int] = {}
    for number in range(len(record.steps) + 1):
        if number:
            state = rules.apply(state, record.steps[number - 1])
        for score in rules.scores(state).seats:
            for category, points in {"total": score.total, **score.breakdown}.items():
                if last.get((score.seat, category)) != points:
                    last[(score.seat, category)] = points
                    changes.add((number, score.seat, category, points))
    return changes, last


def pig_steps(*moves: str | int) -> list[Step]:
    """Pig steps from a compact script: "r"/"h" for the seat to move, an int for the die."""
    steps: list[Step] = []
    seat = 0
    for move in moves:
        if isinstance(move, int):
            steps.append(ChanceStep((move,)))
            if move == 1:
                seat = 1 - seat
        elif move == "r":
            steps.append(Decision(seat, "roll"))
        else:
            steps.append(Decision(seat, "hold"))
            seat = 1 - seat
    return steps


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def make_app(folder: Path) -> Iterator[Callable[..., NovusApp]]:
    opened: list[NovusApp] = []

    def make(env: dict[str, str] | None = None) -> NovusApp:
        app = open_app(folder, env)
        opened.append(app)
        return app

    yield make
    for app in opened:
        app.close()
