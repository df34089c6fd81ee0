"""Event store speed: appends through the Application vs raw inserts, and state-at-step latency.

    python3 benchmarks/bench_store.py [--games N] [--game NAME] [--no-postgres]

Measures, on SQLite and on a real PostgreSQL server started for the run:
- events appended per second through `NovusApp.save` (a whole game per save; the games are played
  beforehand, so engine time is excluded), with the orjson transcoder and with the library's
  default JSON transcoder;
- the same stored payloads inserted with the driver's own `executemany` in one transaction per
  game (the store's own limit), and the ratio between the two;
- `state_at` latency at random steps of a 4-player game: the first call (cold: reads the game)
  and then p50/p95 over many random steps (warm: cached checkpoints).
The game is Puerto Rico when its engine is installed, else the Pig test game with a high target.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from uuid import UUID

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from eventsourcing.application import Application  # noqa: E402
from eventsourcing.persistence import Mapper, StoredEvent, Transcoder  # noqa: E402
from eventsourcing.utils import Environment  # noqa: E402

from application.service import NovusApp, bot_seed, chance_rng, now_iso  # noqa: E402
from domain.core import registry  # noqa: E402
from domain.core.aggregate import Game  # noqa: E402
from domain.core.chance import resolve  # noqa: E402
from domain.core.protocol import CHANCE, ChanceStep, Decision, Step  # noqa: E402
from tests import pg  # noqa: E402

PLAYERS = 4


class LibraryDefaultsApp(NovusApp):
    """NovusApp with the library's own JSON transcoder and recorder, for comparison."""

    def construct_env(self, name: str, env: Mapping[str, str] | None = None) -> Environment:
        return Application.construct_env(self, name, env)

    def construct_transcoder(self) -> Transcoder:
        return Application.construct_transcoder(self)

    def construct_mapper(self) -> Mapper[UUID]:
        return Application.construct_mapper(self)


def choose_game(name: str | None) -> tuple[str, dict[str, str]]:
    if name:
        return name, {}
    if "puerto-rico" in registry.names():
        return "puerto-rico", {}
    registry._ENGINES["toy-pig"] = "tests.application.toy_game"
    registry.get.cache_clear()
    return "toy-pig", {"target": "50"}


def play(game: str, options: dict[str, str], seed: int, bot: str) -> tuple[Any, list[Step]]:
    rules = registry.get(game)
    setup = rules.prepare([f"Bot {i + 1}" for i in range(PLAYERS)], options)
    bots = [rules.bot(bot, bot_seed(seed, s)) for s in range(PLAYERS)]
    state = rules.initial_state(setup)
    steps: list[Step] = []
    while not rules.is_over(state):
        seat = rules.to_move(state)[0]
        step: Step
        if seat == CHANCE:
            step = ChanceStep(resolve(rules.chance_spec(state), chance_rng(seed, len(steps) + 1)))
        else:
            step = Decision(seat, bots[seat].choose(state, seat))
        state = rules.apply(state, step)
        steps.append(step)
    return setup, steps


def build(game: str, setup: Any, steps: list[Step], seed: int) -> Game:
    """An aggregate with all its events pending (the engine checks every step)."""
    rules = registry.get(game)
    aggregate = Game.begin(
        rules, setup, source={"kind": "simulation"}, seed=seed, created=now_iso()
    )
    aggregate.play_all(rules, rules.initial_state(setup), steps)
    return aggregate


def append_rate(
    app: NovusApp, games: list[tuple[Any, list[Step], int]], game: str
) -> tuple[float, int, list[list[StoredEvent]]]:
    """Events/s of `app.save`, one game per save; also returns the stored payloads."""
    aggregates = [build(game, setup, steps, seed) for setup, steps, seed in games]
    payloads = [[app.mapper.to_stored_event(e) for e in a._pending_events] for a in aggregates]
    events = sum(len(p) for p in payloads)
    start = time.perf_counter()
    for aggregate in aggregates:
        app._save(aggregate)  # what record_game, simulate and every command save through
    elapsed = time.perf_counter() - start
    return events / elapsed, events, payloads


def rows(payloads: list[list[StoredEvent]]) -> Iterator[list[tuple[Any, ...]]]:
    """Fresh ids, so the raw inserts never collide with the Application's rows."""
    import uuid

    for game in payloads:
        new_id = uuid.uuid4()
        yield [(new_id, s.originator_version, s.topic, s.state) for s in game]


def raw_sqlite_rate(path: Path, payloads: list[list[StoredEvent]]) -> float:
    """The same rows through `sqlite3` directly, one transaction per game, WAL like the store."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(
        "CREATE TABLE raw_events (originator_id TEXT, originator_version INTEGER, topic TEXT, "
        "state BLOB, PRIMARY KEY (originator_id, originator_version))"
    )
    batches = [[(r[0].hex, *r[1:]) for r in batch] for batch in rows(payloads)]
    events = sum(len(b) for b in batches)
    start = time.perf_counter()
    for batch in batches:
        db.execute("BEGIN")
        db.executemany("INSERT INTO raw_events VALUES (?,?,?,?)", batch)
        db.execute("COMMIT")
    elapsed = time.perf_counter() - start
    db.close()
    return events / elapsed


def raw_postgres_rate(server: pg.PostgresServer, schema: str, payloads: Any) -> float:
    """The same rows through psycopg's `executemany`, one transaction per game."""
    server.create_schema(schema)
    with server.connect() as conn:
        conn.execute(
            f"CREATE TABLE {schema}.raw_events (originator_id uuid, originator_version bigint, "
            "topic text, state bytea, notification_id bigserial, "
            "PRIMARY KEY (originator_id, originator_version))"
        )
        batches = list(rows(payloads))
        events = sum(len(b) for b in batches)
        start = time.perf_counter()
        for batch in batches:
            with conn.transaction(), conn.cursor() as cur:
                cur.executemany(
                    f"INSERT INTO {schema}.raw_events "
                    "(originator_id, originator_version, topic, state) VALUES (%s,%s,%s,%s)",
                    batch,
                )
        elapsed = time.perf_counter() - start
    return events / elapsed


def raw_postgres_copy_rate(server: pg.PostgresServer, schema: str, payloads: Any) -> float:
    """The same rows through psycopg's binary COPY, one transaction per game (the driver's
    bulk path; notification ids from the column's sequence)."""
    server.create_schema(schema)
    with server.connect() as conn:
        conn.execute(
            f"CREATE TABLE {schema}.raw_events (originator_id uuid, originator_version bigint, "
            "topic text, state bytea, notification_id bigserial, "
            "PRIMARY KEY (originator_id, originator_version))"
        )
        batches = list(rows(payloads))
        events = sum(len(b) for b in batches)
        statement = (
            f"COPY {schema}.raw_events (originator_id, originator_version, topic, state) "
            "FROM STDIN (FORMAT BINARY)"
        )
        start = time.perf_counter()
        for batch in batches:
            with conn.transaction(), conn.cursor() as cur, cur.copy(statement) as copy:
                copy.set_types(["uuid", "int8", "text", "bytea"])
                for row in batch:
                    copy.write_row(row)
        elapsed = time.perf_counter() - start
    return events / elapsed


def latency(
    app: NovusApp, game: str, options: dict[str, str], samples: int, bot: str
) -> dict[str, float]:
    """state_at at random steps: cold (a new app per game, nothing cached) and warm."""
    ids = [app.simulate(game, PLAYERS, options, seed=4242 + i, bot=bot) for i in range(10)]
    lengths = [len(app.history(g).steps) for g in ids]
    rng = random.Random(1)
    cold = []
    for game_id, length in zip(ids, lengths, strict=True):
        reader = type(app)(dict(app.env.items()))
        start = time.perf_counter()
        reader.state_at(game_id, rng.randrange(length + 1))
        cold.append(time.perf_counter() - start)
        reader.close()
    reader = type(app)(dict(app.env.items()))
    reader.state_at(ids[0], 0)
    warm = []
    for _ in range(samples):
        k = rng.randrange(lengths[0] + 1)
        start = time.perf_counter()
        reader.state_at(ids[0], k)
        warm.append(time.perf_counter() - start)
    reader.close()
    return {
        "steps": statistics.mean(lengths),
        "cold_p50": percentile(cold, 0.5) * 1000,
        "cold_p95": percentile(cold, 0.95) * 1000,
        "p50": percentile(warm, 0.5) * 1000,
        "p95": percentile(warm, 0.95) * 1000,
    }


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@contextmanager
def postgres() -> Iterator[pg.PostgresServer]:
    server = pg.start()
    try:
        yield server
    finally:
        pg.stop(server)


def run_store(
    label: str,
    make: Callable[[type[NovusApp], str], NovusApp],
    raws: dict[str, Callable[[str, list[list[StoredEvent]]], float]],
    games: list[tuple[Any, list[Step], int]],
    game: str,
    options: dict[str, str],
    samples: int,
    rounds: int,
    bot: str,
) -> None:
    """Each round uses fresh stores; the variants take turns going first; medians reported."""
    rates: dict[str, list[float]] = {"novus": [], "library": [], **{k: [] for k in raws}}
    events = 0
    for r in range(rounds):
        order = list(rates)
        order = order[r % len(order) :] + order[: r % len(order)]
        for variant in order:
            if variant == "novus":
                app = make(NovusApp, f"novus_{r}")
                rate, events, payloads = append_rate(app, games, game)
                app.close()
            elif variant == "library":
                app = make(LibraryDefaultsApp, f"library_{r}")
                rate, _, _ = append_rate(app, games, game)
                app.close()
            else:
                name = variant.split()[-1].lower()
                scratch = make(NovusApp, f"payloads_{name}_{r}")
                payloads = [
                    [scratch.mapper.to_stored_event(e) for e in a._pending_events]
                    for a in (build(game, setup, steps, seed) for setup, steps, seed in games)
                ]
                scratch.close()
                rate = raws[variant](f"raw_{name}_{r}", payloads)
            rates[variant].append(rate)
    median = {k: statistics.median(v) for k, v in rates.items()}
    app = make(NovusApp, "latency")
    lat = latency(app, game, options, samples, bot)
    app.close()
    print(f"\n{label}: {len(games)} games, {events} events, a whole game per save")
    print(f"  (median of {rounds} rounds, fresh store each)")
    print(f"  append via NovusApp              {median['novus']:>10,.0f} events/s")
    print(f"  append, library defaults         {median['library']:>10,.0f} events/s")
    for variant in raws:
        print(f"  {variant + ', same payloads':<32} {median[variant]:>10,.0f} events/s")
    for variant in raws:
        ratio = median["novus"] / median[variant]
        print(f"  {'ratio NovusApp / ' + variant:<32} {ratio:>10.2f}")
    print(f"  ratio NovusApp / library         {median['novus'] / median['library']:>10.2f}")
    print(
        f"  state_at, {PLAYERS} players, {lat['steps']:.0f} steps on average:\n"
        f"    cold (new app, 10 games)  p50 {lat['cold_p50']:.2f} ms"
        f"  p95 {lat['cold_p95']:.2f} ms\n"
        f"    warm ({samples} random steps) p50 {lat['p50']:.3f} ms  p95 {lat['p95']:.3f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--game", default=None, help="default: puerto-rico if installed")
    parser.add_argument("--samples", type=int, default=500, help="state_at calls (warm)")
    parser.add_argument("--bot", default="heuristic", choices=["heuristic", "random"])
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument(
        "--dir",
        default=None,
        help="folder of the SQLite files (default: the temp folder; /dev/shm takes the disk's "
        "fsync out of both sides, leaving the Python cost of a save)",
    )
    args = parser.parse_args()
    game, options = choose_game(args.game)
    print(f"playing {args.games} {game} games with {PLAYERS} {args.bot} bots ...")
    games = [(*play(game, options, seed, args.bot), seed) for seed in range(args.games)]
    folder = Path(tempfile.mkdtemp(prefix="novus-bench-", dir=args.dir))

    def sqlite_app(cls: type[NovusApp], name: str) -> NovusApp:
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite"}
        env["SQLITE_DBNAME"] = str(folder / f"{name}.sqlite")
        return cls(env)

    def sqlite_raw(name: str, payloads: list[list[StoredEvent]]) -> float:
        return raw_sqlite_rate(folder / f"{name}.sqlite", payloads)

    common = (games, game, options, args.samples, args.rounds, args.bot)
    run_store("SQLite", sqlite_app, {"raw executemany": sqlite_raw}, *common)
    shutil.rmtree(folder, ignore_errors=True)
    if args.no_postgres:
        return
    with postgres() as server:

        def pg_app(cls: type[NovusApp], name: str) -> NovusApp:
            server.create_schema(f"bench_{name}")
            return cls(server.env(f"bench_{name}"))

        def pg_raw(name: str, payloads: list[list[StoredEvent]]) -> float:
            return raw_postgres_rate(server, name, payloads)

        def pg_copy(name: str, payloads: list[list[StoredEvent]]) -> float:
            return raw_postgres_copy_rate(server, name, payloads)

        raws = {"raw executemany": pg_raw, "raw binary COPY": pg_copy}
        run_store("PostgreSQL", pg_app, raws, *common)


if __name__ == "__main__":
    main()
