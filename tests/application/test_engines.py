"""Every installed engine (and the toy) through the application: simulate, replay, verify."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from application.service import NovusApp, open_app
from application.verification import verify_record
from domain.core import registry
from domain.core.play import replay

GAMES = [*registry.names(), "toy-pig"]


@pytest.fixture
def sqlite_app(tmp_path: Path, toy_game: str) -> Iterator[NovusApp]:
    app = open_app(tmp_path / "data")
    yield app
    app.close()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_every_player_count_simulates_replays_and_verifies(
    sqlite_app: NovusApp, game: str, bot: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = registry.get(game)
    ids = [
        sqlite_app.simulate(game, players, {}, seed=players, bot=bot)
        for players in range(rules.min_players, rules.max_players + 1)
    ]
    reader = open_app(Path(sqlite_app.env["SQLITE_DBNAME"]).parent)

    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("replay called a random generator")

    monkeypatch.setattr(random.Random, "__init__", forbidden)
    monkeypatch.setattr(random.Random, "random", forbidden)
    monkeypatch.setattr(random.Random, "seed", forbidden)
    try:
        for game_id in ids:
            record = reader.history(game_id)
            verdict = verify_record(record)
            assert verdict.ok, verdict.problems
            final = replay(rules, record.setup, record.steps)
            assert rules.is_over(final)
            assert reader.state_at(game_id) == final
            assert record.scores is not None
            assert record.scores.to_json() == rules.scores(final).to_json()
            view = rules.view(reader.state_at(game_id, len(record.steps) // 2))
            assert isinstance(view, dict)
    finally:
        reader.close()
