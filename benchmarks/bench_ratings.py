"""Ratings at scale: `projections.ratings.update` over N finished 4-player games in a real DuckDB
file, against the bare OpenSkill loop over the same games in the same process (the floor: the
model's own cost), then the incremental cases.

    python benchmarks/bench_ratings.py [--games 100000] [--players 200]

Reports: the whole rating run (seconds, games/s, ratio to the bare loop), one new game after
all of them (incremental: only it is rated), and one game imported with the earliest date (the
whole history is rated again from its place).

    python benchmarks/bench_ratings.py --appends 2000,20000

Appends only: for each store size, the median of 5 updates after one new finished game each
(what every catch-up does), and the ratio largest/smallest (flat: the pending list, not an
anti-join over every game, says what changed).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

import duckdb
import pyarrow as pa
from openskill.models import PlackettLuce

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from projections import ratings, schema  # noqa: E402

T0 = datetime(2020, 1, 1)


def fill(con: duckdb.DuckDBPyConnection, games: int, players: int, seed: int) -> list[list[str]]:
    """`games` finished 4-player games among `players` names, one a minute; their seatings."""
    rng = random.Random(seed)
    names = [f"P{i:04d}" for i in range(players)]
    g: dict[str, list[object]] = {k: [] for k in ("game_id", "started")}
    s: dict[str, list[object]] = {k: [] for k in ("game_id", "seat", "player", "rank")}
    seatings = []
    for n in range(games):
        gid = f"g{n:07d}"
        table = rng.sample(names, 4)
        seatings.append(table)
        g["game_id"].append(gid)
        g["started"].append(T0 + timedelta(minutes=n))
        ranks = list(range(1, 5))
        rng.shuffle(ranks)
        for seat, (player, rank) in enumerate(zip(table, ranks, strict=True)):
            s["game_id"].append(gid)
            s["seat"].append(seat)
            s["player"].append(player)
            s["rank"].append(rank)
    con.register("g", pa.table(g))
    con.register("s", pa.table(s))
    con.execute(
        """INSERT INTO games (game_id, game, variant, players, seats, source_kind, started,
                              finished, search, setup, position)
           SELECT game_id, 'puerto-rico', '', 4, [], 'import', started, true, '', '{}', 0
           FROM g"""
    )
    con.execute(
        """INSERT INTO seats (game_id, game, players, seat, player, total, breakdown, rank,
                              winner)
           SELECT game_id, 'puerto-rico', 4, seat, player, 10 - rank, MAP {}, rank, rank = 1
           FROM s"""
    )
    ratings.touch(con, "SELECT game_id FROM g")  # what the projector's writer does
    return seatings


def bare(games: int, players: int, seed: int) -> float:
    """The same games through OpenSkill alone (no DuckDB): seconds."""
    rng = random.Random(seed)
    names = [f"P{i:04d}" for i in range(players)]
    tables = []
    for _ in range(games):
        table = rng.sample(names, 4)
        ranks = list(range(1, 5))
        rng.shuffle(ranks)
        tables.append((table, ranks))
    model = PlackettLuce()
    held: dict[str, tuple[float, float]] = {}
    begin = time.perf_counter()
    for table, ranks in tables:
        teams = [[model.rating() if p not in held else model.rating(*held[p])] for p in table]
        for p, (r,) in zip(table, model.rate(teams, ranks=ranks), strict=True):
            held[p] = (r.mu, r.sigma)
    return time.perf_counter() - begin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--appends", default="", help="sizes, e.g. 2000,20000: appends only")
    args = parser.parse_args()
    if args.appends:
        appends([int(n) for n in args.appends.split(",")], args.players)
        return
    with tempfile.TemporaryDirectory() as folder:
        con = duckdb.connect(str(Path(folder) / "views.duckdb"))
        schema.create(con)
        fill(con, args.games, args.players, seed=1)
        floor = bare(args.games, args.players, seed=1)
        begin = time.perf_counter()
        run = ratings.update(con)
        whole = time.perf_counter() - begin
        print(
            f"rated {run.games:,} games in {whole:.1f} s ({run.games / whole:,.0f} games/s); "
            f"bare OpenSkill loop {floor:.1f} s: ratio {whole / floor:.2f}"
        )
        con.execute(
            """INSERT INTO games (game_id, game, variant, players, seats, source_kind, started,
                                  finished, search, setup, position)
               VALUES ('late', 'puerto-rico', '', 2, [], 'import', TIMESTAMP '2099-01-01',
                       true, '', '{}', 0), ('early', 'puerto-rico', '', 2, [], 'import',
                       TIMESTAMP '2000-01-01', true, '', '{}', 0)"""
        )
        con.execute(
            """INSERT INTO seats VALUES
               ('late', 'puerto-rico', 2, 0, 'P0001', 1, MAP {}, NULL, 1, true),
               ('late', 'puerto-rico', 2, 1, 'P0002', 0, MAP {}, NULL, 2, false)"""
        )
        ratings.touch(con, ["late"])
        begin = time.perf_counter()
        one = ratings.update(con)
        print(f"one new game at the end: {one.games} rated in {time.perf_counter() - begin:.3f} s")
        con.execute(
            """INSERT INTO seats VALUES
               ('early', 'puerto-rico', 2, 0, 'P0001', 1, MAP {}, NULL, 1, true),
               ('early', 'puerto-rico', 2, 1, 'P0002', 0, MAP {}, NULL, 2, false)"""
        )
        ratings.touch(con, ["early"])
        begin = time.perf_counter()
        again = ratings.update(con)
        print(
            f"one game with the earliest date: {again.games:,} rated again in "
            f"{time.perf_counter() - begin:.1f} s"
        )
        begin = time.perf_counter()
        none = ratings.update(con)
        print(f"nothing new: {none.games} rated, {time.perf_counter() - begin:.3f} s")


def appends(sizes: list[int], players: int, repeat: int = 5) -> None:
    """Median time of one update after one new game, per store size, and the ratio."""
    medians = []
    for size in sizes:
        with tempfile.TemporaryDirectory() as folder:
            con = duckdb.connect(str(Path(folder) / "views.duckdb"))
            schema.create(con)
            fill(con, size, players, seed=1)
            ratings.update(con)
            times = []
            for n in range(repeat):
                gid = f"new{n}"
                con.execute(
                    """INSERT INTO games (game_id, game, variant, players, seats, source_kind,
                                          started, finished, search, setup, position)
                       VALUES (?, 'puerto-rico', '', 2, [], 'import', TIMESTAMP '2099-01-01'
                               + to_minutes(?), true, '', '{}', 0)""",
                    [gid, n],
                )
                con.execute(
                    """INSERT INTO seats VALUES
                       (?, 'puerto-rico', 2, 0, 'P0001', 1, MAP {}, NULL, 1, true),
                       (?, 'puerto-rico', 2, 1, 'P0002', 0, MAP {}, NULL, 2, false)""",
                    [gid, gid],
                )
                ratings.touch(con, [gid])
                begin = time.perf_counter()
                assert ratings.update(con).games == 1
                times.append(time.perf_counter() - begin)
            con.close()
        medians.append(statistics.median(times))
        print(f"{size:>9,} games: one new game rated in {medians[-1] * 1000:.1f} ms")
    print(f"ratio {sizes[-1]:,}/{sizes[0]:,} games: {medians[-1] / medians[0]:.2f} (target 1.5)")


if __name__ == "__main__":
    main()
