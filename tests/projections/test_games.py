"""Every per-game statistics module: named for its game, views that run on the schema."""

from __future__ import annotations

import duckdb
import pytest

from projections import games as game_stats
from projections import schema

MODULES = game_stats.known()


def test_puerto_rico_is_there() -> None:
    assert "puerto-rico" in [m.game for m in MODULES]


@pytest.mark.parametrize("stats", MODULES, ids=[m.game for m in MODULES])
def test_module_is_found_by_its_game_and_its_views_run(stats: game_stats.GameStats) -> None:
    assert game_stats.get(stats.game) is stats
    assert set(stats.titles) <= set(stats.views)
    con = duckdb.connect()
    schema.create(con)  # creates every module's views too
    for name in stats.views:
        view = game_stats.view_name(stats.game, name)
        assert con.sql(f"SELECT * FROM {view}").fetchall() == []
    assert stats.seat_score is None or stats.score_parts is not None
