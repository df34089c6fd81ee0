"""Ratings (OpenSkill Plackett-Luce) from the seats table: OpenSkill's own numbers, games rated
in playing order, out-of-order imports and take-backs re-rated from their place, Wilson
intervals by hand, and the real projector writing them."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import duckdb
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from projections import published, ratings, schema

T0 = datetime(2024, 1, 1, 12, 0)


def _db() -> duckdb.DuckDBPyConnection:
    con = duckdb.connect(":memory:")
    schema.create(con)
    return con


def _add(
    con: duckdb.DuckDBPyConnection,
    game_id: str,
    day: int,
    result: dict[str, int],
    *,
    kind: str = "import",
    game: str = "puerto-rico",
) -> None:
    """A finished game played on day `day`: player -> rank (1 best), seats in that order."""
    con.execute(
        """INSERT INTO games (game_id, game, variant, players, seats, rules_version,
                              source_kind, started, steps, finished, search, setup, position)
           VALUES (?, ?, '', ?, ?, '1', ?, ?, 10, true, '', '{}', 1)""",
        [game_id, game, len(result), list(result), kind, T0 + timedelta(days=day)],
    )
    for seat, (player, rank) in enumerate(result.items()):
        con.execute(
            """INSERT INTO seats (game_id, game, players, seat, player, total, breakdown, rank,
                                  winner) VALUES (?, ?, ?, ?, ?, ?, MAP {}, ?, ?)""",
            [game_id, game, len(result), seat, player, 10 - rank, rank, rank == 1],
        )
    ratings.touch(con, [game_id])  # what the projector's writer does with the seats


def _table(con: duckdb.DuckDBPyConnection) -> dict[str, tuple[float, float, int]]:
    return {
        player: (mu, sigma, games)
        for player, mu, sigma, games in con.execute(
            "SELECT player, mu, sigma, games FROM player_ratings"
        ).fetchall()
    }


GAMES = [
    ("g1", 1, {"Ann": 1, "Bob": 2, "Cy": 3}),
    ("g2", 2, {"Bob": 1, "Cy": 2, "Dee": 3, "Ann": 4}),
    ("g3", 3, {"Cy": 1, "Ann": 2}),
    ("g4", 4, {"Dee": 1, "Ann": 1, "Bob": 3}),  # a shared first place
]


def _by_hand(games: list[tuple[str, int, dict[str, int]]]) -> dict[str, tuple[float, float]]:
    """The same games through OpenSkill directly, in date order."""
    model = PlackettLuce()
    held: dict[str, object] = {}
    for _, _, result in sorted(games, key=lambda g: g[1]):
        teams = [[held.get(p) or model.rating(name=p)] for p in result]
        rated = model.rate(teams, ranks=list(result.values()))  # type: ignore[arg-type]
        for player, (rating,) in zip(result, rated, strict=True):
            held[player] = rating
    return {p: (r.mu, r.sigma) for p, r in held.items()}  # type: ignore[attr-defined]


def test_ratings_are_openskills_own_numbers() -> None:
    con = _db()
    for game_id, day, result in GAMES:
        _add(con, game_id, day, result)
    run = ratings.update(con)
    assert run.games == 4
    expected = _by_hand(GAMES)
    got = _table(con)
    assert set(got) == set(expected)
    for player, (mu, sigma) in expected.items():
        assert got[player][:2] == pytest.approx((mu, sigma), abs=1e-9)
    assert got["Ann"][2] == 4 and got["Dee"][2] == 2
    assert ratings.update(con).games == 0  # nothing new: nothing done


def test_a_game_imported_later_with_an_earlier_date_is_rated_in_its_place() -> None:
    con = _db()
    for game_id, day, result in (GAMES[0], GAMES[2], GAMES[3]):
        _add(con, game_id, day, result)
    ratings.update(con)
    before = _table(con)
    _add(con, *GAMES[1])  # played on day 2, projected last
    run = ratings.update(con)
    assert run.games == 3  # g2 and the two games after it
    in_order = _db()
    for game_id, day, result in GAMES:
        _add(in_order, game_id, day, result)
    ratings.update(in_order)
    for player, value in _table(in_order).items():
        assert _table(con)[player] == pytest.approx(value)
    assert _table(con)["Ann"] != before["Ann"]
    history = con.execute(
        "SELECT game_id FROM ratings_history WHERE player = 'Ann' ORDER BY played"
    ).fetchall()
    assert [g for (g,) in history] == ["g1", "g2", "g3", "g4"]


def test_a_game_no_longer_finished_leaves_the_ratings() -> None:
    """A take-back of a finished game removes its seats: its rating goes, later games re-rate."""
    con = _db()
    for game_id, day, result in GAMES:
        _add(con, game_id, day, result)
    ratings.update(con)
    con.execute("DELETE FROM seats WHERE game_id = 'g2'")
    ratings.touch(con, ["g2"])
    ratings.update(con)
    without = [g for g in GAMES if g[0] != "g2"]
    for player, (mu, sigma) in _by_hand(without).items():
        assert _table(con)[player][:2] == pytest.approx((mu, sigma))
    assert "Dee" in _table(con) and _table(con)["Dee"][2] == 1


def test_solo_games_and_bots() -> None:
    con = _db()
    _add(con, "solo", 1, {"Ann": 1}, game="santa-maria")
    _add(con, "b1", 2, {"Heuristic 1": 1, "Heuristic 2": 2}, kind="simulation")
    _add(con, "m1", 3, {"Heuristic 1": 2, "Ann": 1})
    ratings.update(con)
    rows = {
        (game, player): bot
        for game, player, bot in con.execute(
            "SELECT game, player, bot FROM player_ratings"
        ).fetchall()
    }
    assert ("santa-maria", "Ann") not in rows  # a solo game rates nobody
    assert rows[("puerto-rico", "Heuristic 2")] is True
    assert rows[("puerto-rico", "Heuristic 1")] is False  # also played against a person
    assert rows[("puerto-rico", "Ann")] is False


def test_head_to_head() -> None:
    con = _db()
    for game_id, day, result in GAMES:
        _add(con, game_id, day, result)
    row = con.execute(
        "SELECT games, ahead, behind, level, score_difference FROM head_to_head "
        "WHERE player = 'Ann' AND opponent = 'Bob'"
    ).fetchone()
    # g1: Ann 1st, Bob 2nd; g2: Bob 1st, Ann 4th; g4: Ann 1st (shared), Bob 3rd
    assert row == (3, 2, 1, 0, pytest.approx(((9 - 8) + (6 - 9) + (9 - 7)) / 3))


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [(8, 10, 0.4902, 0.9433), (0, 10, 0.0, 0.2775), (50, 100, 0.4038, 0.5962), (1, 1, 0.2065, 1.0)],
)
def test_wilson_intervals_by_hand(wins: int, games: int, low: float, high: float) -> None:
    assert ratings.wilson(wins, games) == pytest.approx((low, high), abs=1e-4)


def test_the_projector_rates_every_finished_game(tmp_path: Path) -> None:
    from application.service import open_app
    from projections import runner

    app = open_app(tmp_path)
    for seed in range(3):
        app.simulate("puerto-rico", 3, {}, seed=seed, bot="heuristic")
    runner.catch_up(app, folder=tmp_path)
    con = published.connect(Path(tmp_path / "views.duckdb"))
    (rated,) = con.execute("SELECT count(DISTINCT game_id) FROM ratings_history").fetchone() or (0,)
    assert rated == 3
    assert {p for (p,) in con.execute("SELECT player FROM player_ratings").fetchall()} == {
        "Heuristic 1",
        "Heuristic 2",
        "Heuristic 3",
    }


def test_only_the_listed_games_are_read_and_the_list_is_emptied() -> None:
    """The watermark: an update reads the pending list, not every game. Seats written without
    being listed stay unrated (nothing scans for them); listing them rates them in place."""
    con = _db()
    for game_id, day, result in GAMES[:2]:
        _add(con, game_id, day, result)
    assert ratings.update(con).games == 2
    assert con.execute(f"SELECT count(*) FROM {ratings.PENDING}").fetchone() == (0,)
    _add(con, *GAMES[3])
    con.execute(f"DELETE FROM {ratings.PENDING}")  # as if nobody had listed g4
    assert ratings.update(con).games == 0
    ratings.touch(con, ["g4"])
    run = ratings.update(con)
    assert (run.games, run.changed) == (1, ("g4",))


def test_an_earlier_game_changes_only_the_later_games_it_rates_differently() -> None:
    """A game played before games already rated makes them be rated again; only those whose
    figures move (they share a player with it) are reported changed, so publishing does not
    republish later games of other players (it did: every later game was 'changed')."""
    con = _db()
    _add(con, "late-ab", 5, {"Ann": 1, "Bob": 2})
    _add(con, "late-cd", 6, {"Cy": 1, "Dee": 2})
    ratings.update(con)
    _add(con, "early-cx", 1, {"Cy": 2, "Xu": 1})
    run = ratings.update(con)
    assert run.games == 3  # all three rated, from the earliest on
    assert run.changed == ("early-cx", "late-cd")  # late-ab's figures are the same
    _add(con, "earlier-ef", 0, {"Eve": 1, "Fay": 2})
    assert ratings.update(con).changed == ("earlier-ef",)


def test_a_file_without_the_pending_list_rates_everything_once() -> None:
    """A projection made before the list existed: every game with seats or ratings is listed
    when the table is created, so the next update gives the numbers of a full rating."""
    con = _db()
    for game_id, day, result in GAMES:
        _add(con, game_id, day, result)
    ratings.update(con)
    expected = _table(con)
    con.execute(f"DROP TABLE {ratings.PENDING}")
    con.execute(f"DELETE FROM {ratings.TABLE} WHERE game_id IN ('g3', 'g4')")
    run = ratings.update(con)
    assert run.games == 4 and _table(con) == pytest.approx(expected)


def test_the_projector_lists_finished_games_with_their_seats(tmp_path: Path) -> None:
    """Exactly once: the projector's write lists the games it gave seats in the same
    transaction; the rating at the end of the catch-up empties the list."""
    from application.service import open_app
    from projections import runner

    app = open_app(tmp_path)
    app.simulate("puerto-rico", 3, {}, seed=5, bot="random")
    with runner.Projector(app, folder=tmp_path) as projector:
        projector.catch_up(publish=False)
        con = projector.view.con
        assert con.execute(f"SELECT count(*) FROM {ratings.PENDING}").fetchone() == (0,)
        rated = con.execute(f"SELECT count(DISTINCT game_id) FROM {ratings.TABLE}").fetchone()
        assert rated == (1,)
        gid = str(app.game_ids()[0])
        projector.view.write(  # a take-back of the finished game: its seats go, it is listed
            _truncate_batch(gid), _tracking(projector)
        )
        assert con.execute(f"SELECT game_id FROM {ratings.PENDING}").fetchall() == [(gid,)]
        assert ratings.update(con).changed == (gid,)
        assert con.execute(f"SELECT count(*) FROM {ratings.TABLE}").fetchone() == (0,)


def _truncate_batch(game_id: str) -> Any:
    from projections.columns import Batch

    batch = Batch()
    batch.truncate[game_id] = 3
    return batch


def _tracking(projector: Any) -> Any:
    from eventsourcing.persistence import Tracking

    return Tracking(projector.app.name, projector.position)


@settings(max_examples=15, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 9),  # day played
            st.permutations(["Ann", "Bob", "Cy", "Dee"]).map(lambda p: p[:3]),
            st.booleans(),  # taken back (its seats removed) later
        ),
        min_size=1,
        max_size=7,
    )
)
def test_updating_after_every_change_equals_one_rating_of_what_is_left(
    games: list[tuple[int, list[str], bool]],
) -> None:
    """Games arrive in any order of play (and some are taken back after others arrived); an
    update after each change leaves the same history as rating what is left in one go."""
    con = _db()
    for n, (day, players, _) in enumerate(games):
        _add(con, f"g{n}", day, {p: rank for rank, p in enumerate(players, start=1)})
        ratings.update(con)
        for m, (_, _, gone) in enumerate(games[: n + 1]):
            if gone and m == n // 2:
                con.execute("DELETE FROM seats WHERE game_id = ?", [f"g{m}"])
                ratings.touch(con, [f"g{m}"])
                ratings.update(con)
    once = _db()
    left = {g for (g,) in con.execute("SELECT DISTINCT game_id FROM seats").fetchall()}
    for n, (day, players, _) in enumerate(games):
        if f"g{n}" in left:
            _add(once, f"g{n}", day, {p: rank for rank, p in enumerate(players, start=1)})
    ratings.update(once)
    query = f"SELECT * FROM {ratings.TABLE} ORDER BY played, game_id, player"
    got, expected = con.execute(query).fetchall(), once.execute(query).fetchall()
    assert [r[:6] for r in got] == [r[:6] for r in expected]
    numbers = [x for r in expected for x in r[6:10]]
    assert [x for r in got for x in r[6:10]] == pytest.approx(numbers)


def test_rating_a_chunk_at_a_time_gives_the_same_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The games are read and rated `CHUNK` at a time (bounded memory for a whole store):
    with one game per chunk the numbers are OpenSkill's own, as in one go."""
    monkeypatch.setattr(ratings, "CHUNK", 1)
    con = _db()
    for game_id, day, result in GAMES:
        _add(con, game_id, day, result)
    assert ratings.update(con).games == 4
    for player, (mu, sigma) in _by_hand(GAMES).items():
        assert _table(con)[player][:2] == pytest.approx((mu, sigma), abs=1e-9)


def test_the_latest_ratings_are_each_players_newest_history_row() -> None:
    """`ratings_latest` (written in one statement for every player rated) holds each player's
    figures after their newest game, per game name, whatever the order of the updates."""
    con = _db()
    names = [f"P{i}" for i in range(9)]
    for day in range(12):
        seated = [names[(day * 2 + k) % len(names)] for k in range(3 + day % 3)]
        game = "puerto-rico" if day % 4 else "santa-maria"
        _add(con, f"g{day:02}", 11 - day if day % 3 == 0 else day, {p: r + 1 for r, p in
             enumerate(seated)}, game=game)  # fmt: skip
        if day % 5 == 4:
            ratings.update(con)
    ratings.update(con)
    latest = con.execute(f"SELECT * FROM {ratings.LATEST} ORDER BY ALL").fetchall()
    newest = con.execute(
        f"""SELECT game, player, arg_max(mu, (played, game_id)), arg_max(sigma, (played, game_id))
            FROM {ratings.TABLE} GROUP BY ALL ORDER BY ALL"""
    ).fetchall()
    assert latest == newest and len(latest) > len(names)


class _Counting:
    """OpenSkill's model, counting the rating objects asked of it."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.made = 0

    def rating(self, *args: Any, **kwargs: Any) -> Any:
        self.made += 1
        return self.model.rating(*args, **kwargs)

    def rate(self, *args: Any, **kwargs: Any) -> Any:
        return self.model.rate(*args, **kwargs)


@pytest.mark.parametrize("chunk", [1, 5000])
def test_a_players_rating_object_is_made_once_per_update(
    chunk: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each player's rating comes into OpenSkill as the object it gave for their game before
    (a new object, with its uuid, costs about as much as rating a seat): one `rating()` per
    player and game name in an update, whatever the chunks, with OpenSkill's own numbers."""
    monkeypatch.setattr(ratings, "CHUNK", chunk)
    con = _db()
    for game_id, day, result in GAMES:
        _add(con, game_id, day, result)
    model = _Counting()
    assert ratings.update(con, model).games == 4  # type: ignore[arg-type]
    assert model.made == 4  # Ann, Bob, Cy, Dee: 13 seats
    for player, (mu, sigma) in _by_hand(GAMES).items():
        assert _table(con)[player][:2] == pytest.approx((mu, sigma), abs=1e-12)
    _add(con, "g5", 5, {"Ann": 2, "Eve": 1})
    model.made = 0
    ratings.update(con, model)  # type: ignore[arg-type]
    assert model.made == 2  # Ann from her latest rating, Eve new
