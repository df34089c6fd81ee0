"""The read API: library filters, one game's rows, the dense score timeline, statistics."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from application.service import NovusApp
from domain.core import registry
from projections import runner
from projections.read import NoViews, UnknownStatistic, Views
from tests.projections.conftest import pig_steps


@pytest.fixture
def pig_library(folder: Path, make_app: Callable[..., NovusApp], toy_game: str) -> list[str]:
    """Three Pig games with known results, one unfinished, from two sources and dates."""
    app = make_app()
    rules = registry.get(toy_game)
    two = rules.prepare(["Ana", "Ben"], {"target": "10"})
    three = rules.prepare(["Ana", "Cleo", "Ben"], {"target": "20"})
    ids = [
        app.record_game(  # Ana banks 11 and wins
            two,
            pig_steps("r", 6, "r", 5, "h"),
            seed=None,
            source={"kind": "import", "name": "bga"},
            created="2024-01-05T10:00:00+00:00",
        ),
        app.record_game(  # Ana rolls a 1, Ben banks 12 and wins
            two,
            pig_steps("r", 1, "r", 6, "r", 6, "h"),
            seed=None,
            source={"kind": "import", "name": "bga"},
            created="2024-02-05T10:00:00+00:00",
        ),
        app.record_game(  # unfinished
            three,
            pig_steps("r", 3),
            seed=None,
            source={"kind": "manual"},
            created="2024-03-05T10:00:00+00:00",
        ),
    ]
    runner.catch_up(app, folder=folder)
    return [str(i) for i in ids]


def test_library_filters(folder: Path, pig_library: list[str]) -> None:
    views = Views(folder)
    first, second, third = pig_library
    assert views.library(order="stored")["game_id"].tolist() == pig_library
    assert views.library()["game_id"].tolist() == [third, second, first]  # newest first
    assert views.library_count() == 3
    assert views.library_count(players=2) == 2
    assert views.library_count(players=[2, 3]) == 3
    assert views.library_count(player="Cleo") == 1
    assert views.library_count(winner="Ana") == 1
    assert views.library(winner="Ben")["game_id"].tolist() == [second]
    assert views.library_count(options={"target": "20"}) == 1
    assert views.library_count(variant="bank=plain, target=10") == 2
    assert views.library_count(since="2024-02-01") == 2
    assert views.library_count(since="2024-02-01", until="2024-03-01") == 1
    assert views.library_count(source="bga") == 2
    assert views.library_count(source="manual") == 1
    assert views.library_count(text="CLEO") == 1
    assert views.library_count(text=first[:8]) == 1
    assert views.library_count(finished=False) == 1
    assert views.library_count(game="toy-pig", player="Ana", finished=True) == 2
    assert views.library(limit=1, offset=1, order="stored")["game_id"].tolist() == [second]
    facets = views.facets()
    assert facets["players"] == [2, 3] and facets["player_names"] == ["Ana", "Ben", "Cleo"]


def test_one_game(folder: Path, pig_library: list[str]) -> None:
    views = Views(folder)
    game = views.game(pig_library[1])
    assert game is not None and game["steps"] == 7 and list(game["winner_names"]) == ["Ben"]
    seats = views.seats(pig_library[1])
    assert seats["total"].tolist() == [0, 12] and seats["rank"].tolist() == [2, 1]
    steps = views.steps(pig_library[1])
    assert list(steps.columns) == ["step", "seat", "kind", "action", "round"]
    assert steps["action"].tolist()[:2] == ["roll", "[1]"]
    assert views.game("no-such-game") is None


def test_dense_score_timeline(folder: Path, pig_library: list[str]) -> None:
    timeline = Views(folder).score_timeline(pig_library[1])
    total = timeline[timeline["category"] == "total"]
    ben = total[total["seat"] == 1]
    assert ben["step"].tolist() == list(range(8))
    assert ben["points"].tolist() == [0, 0, 0, 0, 0, 0, 0, 12]
    assert set(total["player"]) == {"Ana", "Ben"}
    assert len(timeline) == 8 * 2 * 2  # steps 0-7, two seats, banked + total
    unfinished = Views(folder).score_timeline(pig_library[2])
    assert unfinished["step"].max() == 2 and set(unfinished["points"]) == {0}


def test_player_and_game_statistics(folder: Path, pig_library: list[str]) -> None:
    views = Views(folder)
    players = views.player_stats().set_index("player")
    assert players.loc["Ana", "games"] == 2 and players.loc["Ana", "wins"] == 1
    assert players.loc["Ana", "win_rate"] == 0.5 and players.loc["Ana", "average_score"] == 5.5
    assert players.loc["Ben", "average_score"] == 6.0 and players.loc["Ben", "best_score"] == 12
    assert "Cleo" not in players.index  # only finished games count
    by_seat = views.player_stats_by_seat(player="Ben")
    assert by_seat["seat"].tolist() == [1] and by_seat["win_rate"].tolist() == [0.5]
    points = views.player_points(player="Ana").set_index("category")
    assert points.loc["banked", "average_points"] == 5.5
    games = views.game_stats().set_index("game")
    assert games.loc["toy-pig", "games"] == 3 and games.loc["toy-pig", "finished"] == 2
    assert games.loc["toy-pig", "average_winning_score"] == 11.5
    seats = views.seat_stats(game="toy-pig").set_index("seat")
    assert seats.loc[0, "win_rate"] == 0.5 and seats.loc[0, "average_score"] == 5.5
    actions = views.action_stats(game="toy-pig").set_index("verb")
    assert actions.loc["roll", "times"] == 6 and actions.loc["hold", "times"] == 2
    assert actions.loc["roll", "games"] == 3 and actions.loc["roll", "per_game"] == 2.0
    assert views.stat_tables("toy-pig") == []
    with pytest.raises(UnknownStatistic):
        views.stat_table("puerto-rico", "nope")
    assert views.position() > 0


def test_no_views_yet(tmp_path: Path) -> None:
    with pytest.raises(NoViews):
        Views(tmp_path).library()
