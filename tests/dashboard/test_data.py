"""The dashboard's DuckDB reading: refresh after new games, library filters in SQL."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from application.service import open_app
from dashboard import data


def test_refresh_sees_games_stored_after_the_first_publication(tmp_path: Path) -> None:
    app = open_app(tmp_path)
    first = app.simulate("puerto-rico", ["Ana", "Ben", "Cy"], {}, seed=1, bot="random")
    assert data.refresh(app, tmp_path) > 0
    rows, total = data.library(tmp_path, data.LibraryFilter())
    assert total == 1 and list(rows["id"]) == [str(first)]
    assert data.refresh(app, tmp_path) == 0  # nothing new
    second = app.simulate("puerto-rico", ["Ana", "Dee", "Eve", "Fin"], {}, seed=2, bot="random")
    assert data.refresh(app, tmp_path) > 0
    rows, total = data.library(tmp_path, data.LibraryFilter())
    assert total == 2 and list(rows["id"]) == [str(second), str(first)]  # newest first
    record = app.history(second)
    assert record.scores is not None
    winners = ", ".join(record.setup.players[w] for w in record.winners or ())
    assert rows["winner"].iloc[0] == winners
    assert rows["names"].iloc[0] == "Ana, Dee, Eve, Fin"


def test_library_filters(tmp_path: Path) -> None:
    app = open_app(tmp_path)
    app.simulate("puerto-rico", ["Ana", "Ben", "Cy"], {}, seed=1, bot="random")
    app.simulate(
        "puerto-rico",
        ["Ana", "Dee", "Eve", "Fin"],
        {"nobles": "true", "buildings": "draft"},
        seed=2,
        bot="random",
    )
    data.refresh(app, tmp_path)

    def count(**kw: object) -> int:
        return data.library(tmp_path, data.LibraryFilter(**kw))[1]  # type: ignore[arg-type]

    assert count() == 2
    assert count(players=(4,)) == 1
    assert count(player="Ana") == 2 and count(player="Cy") == 1 and count(player="An") == 0
    assert count(text="dee") == 1
    assert count(game="puerto-rico") == 2 and count(game="santa-maria") == 0
    variants = [v for _, v in data.facets(tmp_path)["variants"]]
    assert len(variants) == 2 and count(variant=variants[0]) == 1
    assert count(source="simulation") == 2
    assert count(since=date(2000, 1, 1)) == 2 and count(until=date(2000, 1, 1)) == 0
    started = data.library(tmp_path, data.LibraryFilter())[0]["started"].iloc[0]
    today = date.fromisoformat(started[:10])
    assert count(since=today, until=today) == 2  # "until" includes its day
    winner = data.library(tmp_path, data.LibraryFilter(players=(3,)))[0]["winner"].iloc[0]
    assert count(winner=winner.split(", ")[0]) >= 1


def test_library_with_a_game_in_progress(tmp_path: Path) -> None:
    """A game entered at the table and not finished has no winners (NULL, read back as pandas'
    NA): the Library page raised "TypeError: 'NAType' object is not iterable"."""
    from application import play

    app = open_app(tmp_path)
    done = app.simulate("puerto-rico", ["Ana", "Ben", "Cy"], {}, seed=1, bot="random")
    playing = play.new_game(app, "puerto-rico", ["Ann", "Bo", "Cy"], seed=2)
    play.draw(app, playing)
    data.refresh(app, tmp_path)
    rows, total = data.library(tmp_path, data.LibraryFilter())
    assert total == 2
    winners = dict(zip(rows["id"], rows["winner"], strict=True))
    assert winners[str(playing)] == "" and winners[str(done)]


def test_a_game_in_progress_shows_its_steps_so_far(tmp_path: Path) -> None:
    """The Library's steps column read "None" for every game entered at the table and not
    finished (its games row has no steps until the end); it shows the steps recorded so far."""
    from application import play

    app = open_app(tmp_path)
    done = app.simulate("puerto-rico", ["Ana", "Ben", "Cy"], {}, seed=1, bot="random")
    playing = play.new_game(app, "puerto-rico", ["Ann", "Bo", "Cy"], seed=2)
    play.draw(app, playing)
    play.move(app, playing, "role:settler")
    fresh = play.new_game(app, "puerto-rico", ["Di", "Ed"], seed=3)  # nothing recorded yet
    data.refresh(app, tmp_path)
    rows, _total = data.library(tmp_path, data.LibraryFilter())
    steps = dict(zip(rows["id"], rows["steps"], strict=True))
    assert steps[str(playing)] == 2 and steps[str(fresh)] == 0
    assert steps[str(done)] == len(app.history(done).steps)


def test_a_game_in_progress_opens_where_the_table_stands(tmp_path: Path) -> None:
    """The Library opened every game at step 0; a game in progress opens at its last step (the
    position at the table), a finished one still from its start."""
    from application import play

    app = open_app(tmp_path)
    done = app.simulate("puerto-rico", ["Ana", "Ben", "Cy"], {}, seed=1, bot="random")
    playing = play.new_game(app, "puerto-rico", ["Ann", "Bo", "Cy"], seed=2)
    play.draw(app, playing)
    play.move(app, playing, "role:settler")
    fresh = play.new_game(app, "puerto-rico", ["Di", "Ed"], seed=3)  # nothing recorded yet
    data.refresh(app, tmp_path)
    rows, _total = data.library(tmp_path, data.LibraryFilter())
    links = dict(zip(rows["id"], rows["open"], strict=True))
    assert links[str(playing)] == f"replay?game={playing}&step=2"
    assert links[str(fresh)] == f"replay?game={fresh}&step=0"
    assert links[str(done)] == f"replay?game={done}&step=0"


def test_the_winner_filter_offers_only_players_who_won(tmp_path: Path) -> None:
    """The Winner filter offered every player, so a player of a game in progress (who never
    won) was a choice that always found nothing."""
    from application import play

    app = open_app(tmp_path)
    app.simulate("puerto-rico", ["Ana", "Ben", "Cy"], {}, seed=1, bot="random")
    playing = play.new_game(app, "puerto-rico", ["민수", "지영"], seed=2)
    play.draw(app, playing)
    data.refresh(app, tmp_path)
    offered = data.facets(tmp_path)
    assert "민수" in offered["player_names"]
    won = set(offered["winner_names"])
    assert won and won <= {"Ana", "Ben", "Cy"} and "민수" not in won
