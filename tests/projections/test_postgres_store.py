"""Projecting from a real PostgreSQL store: the same rows as from SQLite, incremental == rebuild.

The same games are stored under the same ids in both stores (`record_game` with `game_id`), so
every table but `games.recorded` (the store's own timestamps) and the tracking positions must
be equal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from uuid import UUID

from application.service import NovusApp, open_app
from domain.core import registry
from projections import runner
from tests.projections.conftest import dump

GAMES = [
    ("puerto-rico", 3, {}),
    ("puerto-rico", 4, {"nobles": "true", "buildings": "random"}),
    ("century-new-world", 2, {}),
]


def _fill(app: NovusApp, source: NovusApp, ids: list[UUID]) -> None:
    for game_id in ids:
        record = source.history(game_id)
        app.record_game(
            record.setup,
            record.steps,
            seed=record.seed,
            source=record.source,
            created=record.created,
            game_id=game_id,
        )


def _comparable(tables: dict[str, list[tuple[Any, ...]]]) -> dict[str, list[tuple[Any, ...]]]:
    """Every table without what the store itself decides: the event timestamps (`recorded`,
    `ended`), notification positions and the tracking table."""
    out = dict(tables)
    out.pop("tracking")
    out["games"] = sorted(((*row[:12], *row[14:20]) for row in tables["games"]), key=repr)
    return out


def test_postgresql_store_projects_like_sqlite(
    tmp_path: Path, postgres_env: dict[str, str]
) -> None:
    origin = open_app(tmp_path / "origin")
    lite = open_app(tmp_path / "lite")
    pg = open_app(tmp_path / "pg", postgres_env)
    try:
        ids = [
            origin.simulate(game, players, options, seed=seed, bot="random")
            for seed, (game, players, options) in enumerate(GAMES)
        ]
        _fill(lite, origin, ids)
        _fill(pg, origin, ids[:2])
        first = runner.catch_up(pg, folder=tmp_path / "pg")
        assert first.events > 0
        assert not (tmp_path / "pg" / "events.sqlite").exists()  # the events are in PostgreSQL
        _fill(pg, origin, ids[2:])  # a later game: caught up incrementally
        second = runner.catch_up(pg, folder=tmp_path / "pg")
        assert not second.rebuilt and second.events == len(lite.history(ids[2]).steps) + 2
        incremental = dump(tmp_path / "pg" / "views.duckdb")
        assert runner.catch_up(pg, folder=tmp_path / "pg", rebuild=True).rebuilt
        assert dump(tmp_path / "pg" / "views.duckdb") == incremental

        runner.catch_up(lite, folder=tmp_path / "lite")
        from_lite = dump(tmp_path / "lite" / "views.duckdb")
        assert _comparable(incremental) == _comparable(from_lite)
        assert len(incremental["steps"]) == sum(len(lite.history(g).steps) for g in ids)
        assert {row[1] for row in incremental["games"]} == {g for g, _, _ in GAMES}
        assert registry.get("puerto-rico")  # the engines the rows came from are installed
    finally:
        origin.close()
        lite.close()
        pg.close()
