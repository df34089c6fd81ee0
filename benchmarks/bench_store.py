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
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from eventsourcing.application import Application  # noqa: E402
from eventsourcing.persistence import StoredEvent, Transcoder  # noqa: E402
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


def choose_game(name: str | None) -> tuple[str, dict[str, str]]:
    if name:
        return name, {}
    if "puerto-rico" in registry.names():
        return "puerto-rico", {}
    registry._ENGINES["toy-pig"] = "tests.application.toy_game"
    registry.get.cache_clear()
    return "toy-pig", {"target": "50"}


def play(game: str, options: dict[str, str], seed: int) -> tuple[Any, list[Step]]:
    rules = registry.get(game)
    setup = rules.prepare([f"Bot {i + 1}" for i in range(PLAYERS)], options)
    bots = [rules.bot("heuristic", bot_seed(seed, s)) for s in range(PLAYERS)]
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
        app.save(aggregate)
    elapsed = time.perf_counter() - start
    return events / elapsed, events, payloads


def rows(payloads: list[list[StoredEvent]]) -> Iterator[list[tuple[Any, ...]]]:
    """Fresh ids, so the raw inserts never collide with the Application's rows."""
    import uuid

    for game in payloads:
        new_id = uuid.uuid4()
        yield [(new_id, s.originator_version, s.topic, s.state) for s in game]


def raw_sqlite_rate(path: Path, payloads: list[list[StoredEvent]]) -> float:
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


def latency(app: NovusApp, game: str, options: dict[str, str], samples: int) -> dict[str, float]:
    game_id = app.simulate(game, PLAYERS, options, seed=4242)
    length = len(app.history(game_id).steps)
    reader = type(app)(dict(app.env.items()))  # nothing cached
    rng = random.Random(1)
    start = time.perf_counter()
    reader.state_at(game_id, rng.randrange(length + 1))
    cold = time.perf_counter() - start
    times = []
    for _ in range(samples):
        k = rng.randrange(length + 1)
        start = time.perf_counter()
        reader.state_at(game_id, k)
        times.append(time.perf_counter() - start)
    times.sort()
    reader.close()
    return {
        "steps": float(length),
        "cold_ms": cold * 1000,
        "p50_ms": statistics.median(times) * 1000,
        "p95_ms": times[int(0.95 * len(times))] * 1000,
    }


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
    raw: Callable[[list[list[StoredEvent]]], float],
    games: list[tuple[Any, list[Step], int]],
    game: str,
    options: dict[str, str],
    samples: int,
) -> None:
    app = make(NovusApp, "fast")
    fast, events, payloads = append_rate(app, games, game)
    default_app = make(LibraryDefaultsApp, "default")
    default, _, _ = append_rate(default_app, games, game)
    raw_rate = raw(payloads)
    lat = latency(app, game, options, samples)
    app.close()
    default_app.close()
    print(f"\n{label}: {len(games)} games, {events} events, a whole game per save")
    print(f"  append via NovusApp              {fast:>10,.0f} events/s")
    print(f"  append, library defaults         {default:>10,.0f} events/s")
    print(f"  raw executemany, same payloads   {raw_rate:>10,.0f} events/s")
    print(f"  ratio NovusApp/raw               {fast / raw_rate:>10.2f}")
    print(
        f"  state_at, {int(lat['steps'])}-step game: cold {lat['cold_ms']:.1f} ms, "
        f"warm p50 {lat['p50_ms']:.3f} ms, p95 {lat['p95_ms']:.3f} ms ({samples} random steps)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--game", default=None)
    parser.add_argument("--samples", type=int, default=500)
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args()
    game, options = choose_game(args.game)
    print(f"playing {args.games} {game} games with {PLAYERS} heuristic bots ...")
    games = [(*play(game, options, seed), seed) for seed in range(args.games)]
    folder = Path(tempfile.mkdtemp(prefix="novus-bench-"))

    def sqlite_app(cls: type[NovusApp], name: str) -> NovusApp:
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite"}
        env["SQLITE_DBNAME"] = str(folder / f"{name}.sqlite")
        return cls(env)

    run_store(
        "SQLite",
        sqlite_app,
        lambda p: raw_sqlite_rate(folder / "raw.sqlite", p),
        games,
        game,
        options,
        args.samples,
    )
    if args.no_postgres:
        return
    with postgres() as server:

        def pg_app(cls: type[NovusApp], name: str) -> NovusApp:
            server.create_schema(f"bench_{name}")
            return cls(server.env(f"bench_{name}"))

        server.create_schema("raw")
        run_store(
            "PostgreSQL",
            pg_app,
            lambda p: raw_postgres_rate(server, "raw", p),
            games,
            game,
            options,
            args.samples,
        )


if __name__ == "__main__":
    main()
