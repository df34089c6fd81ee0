"""Event store speed: whole-game saves through the app vs raw inserts, and state-at-step latency.

    python3 benchmarks/bench_store.py [--games N] [--rounds R] [--game NAME] [--no-postgres]
                                      [--no-sqlite] [--no-library] [--dir /dev/shm] [--per-game]

Measures, on SQLite and on a real PostgreSQL server started for the run:
- events appended per second through `NovusApp._save` (a whole game per save, what
  `record_game`, `simulate` and every command save through; the games are played and their
  aggregates built beforehand, so engine time is excluded), and through the library's own
  `save` with its default JSON transcoder, mapper and recorder;
- the same stored rows inserted with the driver's own `executemany` in one transaction per
  game, and on PostgreSQL with its binary COPY too (the store's own bulk path), with the ratios
  (issue 26: at least 0.7 of raw `executemany` on SQLite, 0.5 of raw COPY on PostgreSQL). The
  raw COPY goes into two tables, reported apart: "store's table" is the events table the
  library creates for the store (made by opening a `NovusApp` on a fresh schema: the same
  columns, primary key, unique notification-id index and sequence default: the fair
  baseline), "bare table" one with the primary key alone (the stricter baseline);
- `state_at` latency at random steps of a 4-player game: the first call (cold: reads the game)
  and then p50/p95 over many random steps (warm: cached checkpoints).
Each round saves every game into fresh targets of every variant; the report gives each rate's
median over the rounds with its spread (lowest-highest), each ratio's median and spread over
the rounds, taken round by round, and the rates and ratios of each game's fastest save over
the rounds, summed (on a shared machine the load moves the medians by a third from run to run;
the fastest saves are the ones it touched least, so their ratio is the steadiest figure).
The game is Puerto Rico when its engine is installed, else the Pig test game with a high target.
`--dir /dev/shm` puts the SQLite files in memory: no fsync on either side, so the ratio is the
Python cost of a save alone (the lowest it gets).
"""

from __future__ import annotations

import argparse
import gc
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
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


Save = Callable[[int], None]
"""Stores game number i of the round (one transaction)."""
Variant = Callable[[str], tuple[Save, Callable[[], None]]]
"""Makes a fresh target named after the round: its save function and its close function."""


def novus_variant(
    make: Callable[[type[NovusApp], str], NovusApp],
    cls: type[NovusApp],
    games: list[tuple[Any, list[Step], int]],
    game: str,
) -> Variant:
    """Saves through the app as `record_game`, `simulate` and every command do (`_save`: the
    whole game's pending events in one save); the games are built beforehand, untimed."""

    def prepare(name: str) -> tuple[Save, Callable[[], None]]:
        app = make(cls, name)
        aggregates = [build(game, setup, steps, seed) for setup, steps, seed in games]
        return (lambda i: app._save(aggregates[i])), app.close

    return prepare


def payloads_of(games: list[tuple[Any, list[Step], int]], game: str) -> list[list[StoredEvent]]:
    """The stored rows of each game as the app stores them, each game under a fresh id."""
    mapper = NovusApp({"PERSISTENCE_MODULE": "eventsourcing.popo"}).mapper
    out = []
    for setup, steps, seed in games:
        events = build(game, setup, steps, seed).collect_events()
        new_id = uuid.uuid4()
        out.append(
            [
                StoredEvent(new_id, s.originator_version, s.topic, s.state)
                for s in map(mapper.to_stored_event, events)
            ]
        )
    return out


def raw_sqlite_variant(folder: Path, payloads: list[list[StoredEvent]]) -> Variant:
    """The same rows through `sqlite3` directly, one transaction per game, WAL like the store."""

    def prepare(name: str) -> tuple[Save, Callable[[], None]]:
        db = sqlite3.connect(folder / f"{name}.sqlite", isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(
            "CREATE TABLE raw_events (originator_id TEXT, originator_version INTEGER, "
            "topic TEXT, state BLOB, PRIMARY KEY (originator_id, originator_version))"
        )
        batches = [[(s.originator_id.hex, *_rest(s)) for s in game] for game in payloads]  # type: ignore[union-attr]

        def save(i: int) -> None:
            db.execute("BEGIN")
            db.executemany("INSERT INTO raw_events VALUES (?,?,?,?)", batches[i])
            db.execute("COMMIT")

        return save, db.close

    return prepare


def _rest(s: StoredEvent) -> tuple[int, str, bytes]:
    return s.originator_version, s.topic, s.state


RAW_TABLE = (
    "CREATE TABLE {schema}.raw_events (originator_id uuid, originator_version bigint, "
    "topic text, state bytea, notification_id bigserial, "
    "PRIMARY KEY (originator_id, originator_version))"
)


def raw_postgres_variant(
    server: pg.PostgresServer,
    payloads: list[list[StoredEvent]],
    *,
    copy: bool,
    store_table: bool = False,
) -> Variant:
    """The same rows through psycopg, one transaction per game: `executemany`, or binary COPY
    (the driver's bulk path, its ordinary row writer; notification ids from the column's
    sequence); into a bare table with the store's primary key, or (`store_table`) into the
    events table the library itself creates for a store (a `NovusApp` opened on a fresh
    schema: the same columns, keys, unique notification-id index and defaults)."""

    def prepare(name: str) -> tuple[Save, Callable[[], None]]:
        schema = f"raw_{name}"
        server.create_schema(schema)
        conn = server.connect()
        if store_table:
            app = NovusApp(server.env(schema))
            table = f'"{schema}"."{app.recorder.events_table_name}"'  # type: ignore[attr-defined]
            app.close()
        else:
            conn.execute(RAW_TABLE.format(schema=schema))
            table = f"{schema}.raw_events"
        batches = [[(s.originator_id, *_rest(s)) for s in game] for game in payloads]
        columns = "(originator_id, originator_version, topic, state)"
        insert = f"INSERT INTO {table} {columns} VALUES (%s,%s,%s,%s)"
        statement = f"COPY {table} {columns} FROM STDIN (FORMAT BINARY)"

        def save(i: int) -> None:
            with conn.transaction(), conn.cursor() as cur:
                if not copy:
                    cur.executemany(insert, batches[i])
                    return
                with cur.copy(statement) as out:
                    out.set_types(["uuid", "int8", "text", "bytea"])
                    for row in batches[i]:
                        out.write_row(row)

        return save, conn.close

    return prepare


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
    variants: dict[str, Variant],
    events: int,
    games: int,
    latency_app: NovusApp,
    game: str,
    options: dict[str, str],
    samples: int,
    rounds: int,
    bot: str,
    per_game: bool = False,
) -> None:
    """Each round saves every game into fresh targets of every variant; by default each
    variant saves all its games in one block, the order of the blocks rotating from round to
    round (as the issue measured); with `per_game` the variants take turns game by game.
    Events/s per round from the summed save times, medians over the rounds."""
    rates: dict[str, list[float]] = {k: [] for k in variants}
    best: dict[str, list[float]] = {k: [float("inf")] * games for k in variants}
    names = list(variants)
    for r in range(rounds):
        opened = {k: variants[k](f"v{j}_{r}") for j, k in enumerate(names)}
        gc.collect()
        gc.freeze()  # the prepared games of every variant are not scanned by the timed saves
        spent = dict.fromkeys(names, 0.0)
        shift = r % len(names)
        order = names[shift:] + names[:shift]
        turns = (
            [(name, i) for i in range(games) for name in order]
            if per_game
            else [(name, i) for name in order for i in range(games)]
        )
        for name, i in turns:
            start = time.perf_counter()
            opened[name][0](i)
            took = time.perf_counter() - start
            spent[name] += took
            best[name][i] = min(best[name][i], took)
        gc.unfreeze()
        for name, (_, close) in opened.items():
            close()
            rates[name].append(events / spent[name])
    lat = latency(latency_app, game, options, samples, bot)
    latency_app.close()
    print(f"\n{label}: {games} games, {events} events, a whole game per save")
    how = "game by game" if per_game else "in blocks of all games"
    print(f"  ({rounds} rounds, fresh targets each, the variants taking turns {how})")
    print(f"  {'events/s':<44} {'median':>10} {'lowest':>10} {'highest':>10}")
    for name in names:
        v = rates[name]
        print(f"  {name:<44} {statistics.median(v):>10,.0f} {min(v):>10,.0f} {max(v):>10,.0f}")
    novus = rates["append via NovusApp"]
    print(
        f"  {'ratio NovusApp / ... (round by round)':<44}"
        f" {'median':>10} {'lowest':>10} {'highest':>10}"
    )
    for name in names[1:]:
        ratios = [a / b for a, b in zip(novus, rates[name], strict=True)]
        print(
            f"  {name:<44} {statistics.median(ratios):>10.2f} {min(ratios):>10.2f}"
            f" {max(ratios):>10.2f}"
        )
    print(
        f"  best of the {rounds} rounds for each game, summed (what the load leaves least touched):"
    )
    fastest = {name: events / sum(best[name]) for name in names}
    for name in names:
        print(f"  {name:<44} {fastest[name]:>10,.0f} events/s")
    for name in names[1:]:
        ratio = fastest["append via NovusApp"] / fastest[name]
        print(f"  ratio NovusApp / {name:<27} {ratio:>10.2f}")
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
    parser.add_argument("--no-sqlite", action="store_true")
    parser.add_argument(
        "--no-library", action="store_true", help="leave out the library's own save (slow)"
    )
    parser.add_argument(
        "--dir",
        default=None,
        help="folder of the SQLite files (default: the temp folder; /dev/shm takes the disk's "
        "fsync out of both sides, leaving the Python cost of a save)",
    )
    parser.add_argument(
        "--per-game",
        action="store_true",
        help="the variants take turns game by game instead of in blocks (the Python path then "
        "measures slower and the raw inserts faster, for a reason not yet understood)",
    )
    args = parser.parse_args()
    game, options = choose_game(args.game)
    print(f"playing {args.games} {game} games with {PLAYERS} {args.bot} bots ...")
    games = [(*play(game, options, seed, args.bot), seed) for seed in range(args.games)]
    folder = Path(tempfile.mkdtemp(prefix="novus-bench-", dir=args.dir))
    payloads = payloads_of(games, game)
    events = sum(len(p) for p in payloads)
    settings = {
        "events": events,
        "games": len(games),
        "game": game,
        "options": options,
        "samples": args.samples,
        "rounds": args.rounds,
        "bot": args.bot,
        "per_game": args.per_game,
    }

    def sqlite_app(cls: type[NovusApp], name: str) -> NovusApp:
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite"}
        env["SQLITE_DBNAME"] = str(folder / f"{name}.sqlite")
        return cls(env)

    variants = {
        "append via NovusApp": novus_variant(sqlite_app, NovusApp, games, game),
        "append, library defaults": novus_variant(sqlite_app, LibraryDefaultsApp, games, game),
        "raw executemany, same rows": raw_sqlite_variant(folder, payloads),
    }
    if args.no_library:
        del variants["append, library defaults"]
    if not args.no_sqlite:
        run_store("SQLite", variants, latency_app=sqlite_app(NovusApp, "latency"), **settings)
    shutil.rmtree(folder, ignore_errors=True)
    if args.no_postgres:
        return
    with postgres() as server:

        def pg_app(cls: type[NovusApp], name: str) -> NovusApp:
            server.create_schema(f"bench_{name}")
            return cls(server.env(f"bench_{name}"))

        variants = {
            "append via NovusApp": novus_variant(pg_app, NovusApp, games, game),
            "append, library defaults": novus_variant(pg_app, LibraryDefaultsApp, games, game),
            "raw executemany, same rows": raw_postgres_variant(server, payloads, copy=False),
            "raw binary COPY, store's table": raw_postgres_variant(
                server, payloads, copy=True, store_table=True
            ),
            "raw binary COPY, bare table": raw_postgres_variant(server, payloads, copy=True),
        }
        if args.no_library:
            del variants["append, library defaults"]
        run_store("PostgreSQL", variants, latency_app=pg_app(NovusApp, "latency"), **settings)


if __name__ == "__main__":
    main()
