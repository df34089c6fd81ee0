"""Projection rebuild beside a bare trusted replay of the same events by the engines, one run.

    python3 benchmarks/bench_rebuild_replay.py [--games 200] [--game G|all] [--repeat 3]
        [--store DIR]

A SQLite store of `--games` four-player bot games (heuristic bots) of `--game` (Puerto Rico, as
the scale measurements of issue 26; `all`: the four games in turn) is filled once (or reused
from `--store`). Then, alternating, best of `--repeat`:

- bare trusted replay of the stored events: the store read as the projection reads it
  (`NovusApp.stored_notifications` in batches, steps from their stored JSON, other events
  decoded), each step applied by its engine's `apply_trusted` from the game's initial state,
  nothing else (the target's baseline);
- the same replay with every game's steps decoded beforehand (the engines alone);
- the engine fold of the projection alone (`projections.fold.LocalFolds` into an in-memory
  batch: summaries, score timeline, facts; no store, no DuckDB);
- the rebuild: `novus project --rebuild` with one process (reading and decoding the store, the
  fold, Arrow batches, DuckDB writes, publishing) and with `workers=AUTO` (the CLI default).

Times are this process's CPU time plus its children's (`os.times`: the machine is shared, and
wall time would count other processes' load; DuckDB's own threads are counted too), with the
wall time beside them. The target is rebuild / bare replay <= 1.6. ``NOVUS_PURE=1`` measures
the pure-Python path (the engine and the fold from their sources); without it, the compiled
build runs where it was built (`novus --version`).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from application.mapper import NovusMapper  # noqa: E402
from application.service import NovusApp, open_app  # noqa: E402
from domain.core import registry  # noqa: E402
from domain.core.aggregate import Game  # noqa: E402
from domain.core.protocol import Setup, Step, step_from  # noqa: E402
from projections import runner  # noqa: E402
from projections.columns import Batch  # noqa: E402
from projections.defaults import AUTO  # noqa: E402
from projections.fold import LocalFolds  # noqa: E402

GAMES = ("puerto-rico", "santa-maria", "century-new-world", "mundus-novus")


def fill(app: NovusApp, games: int, game: str) -> None:
    kinds = GAMES if game == "all" else (game,)
    have = len(app.game_ids())
    for seed in range(have, games):
        app.simulate(kinds[seed % len(kinds)], 4, {}, seed=seed, bot="heuristic")


def cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(work: Callable[[], object]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of `work()`."""
    c, w = cpu(), time.perf_counter()
    work()
    return cpu() - c, time.perf_counter() - w


def replay(games: list[tuple[str, Setup, tuple[Step, ...]]]) -> None:
    with runner.fewer_collections():
        _replay(games)


def _replay(games: list[tuple[str, Setup, tuple[Step, ...]]]) -> None:
    for _, setup, steps in games:
        rules = registry.get(setup.game)
        apply = rules.apply_trusted
        state = rules.initial_state(setup)
        for step in steps:
            state = apply(state, step)


def replay_stored(app: NovusApp) -> None:
    mapper = app.mapper
    assert isinstance(mapper, NovusMapper)
    fields, decode = mapper.stored_fields, mapper.row_event
    games: dict[str, tuple[Any, Any]] = {}
    after = 0
    with runner.fewer_collections():
        while rows := app.stored_notifications(after, runner.BATCH_SIZE):
            for _, game_id, version, topic, data in rows:
                found = fields(topic, data)
                if found is not None:
                    apply, state = games[str(game_id)]
                    games[str(game_id)] = apply, apply(state, step_from(found[1], found[2]))
                    continue
                event = decode(game_id, version, topic, data)
                if isinstance(event, Game.Started):
                    setup = Setup.from_json(event.setup)
                    rules = registry.get(setup.game)
                    games[str(game_id)] = rules.apply_trusted, rules.initial_state(setup)
            after = rows[-1][0]


def fold(games: list[tuple[str, Setup, tuple[Step, ...]]]) -> None:
    with runner.fewer_collections():
        _fold(games)


def _fold(games: list[tuple[str, Setup, tuple[Step, ...]]]) -> None:
    folds = LocalFolds()
    batch = Batch()
    for game_id, setup, steps in games:
        folds.start(batch, game_id, setup)
        advance = folds.folds[game_id].advance
        for number, step in enumerate(steps, 1):
            advance(batch, step, number)
        folds.end(game_id)


def rebuild(app: NovusApp, folder: Path, workers: int) -> None:
    with runner.Projector(app, folder=folder, workers=workers) as projector:
        projector.catch_up(rebuild=True)


def filled_store(description: str | None, prefix: str) -> tuple[argparse.Namespace, Path, NovusApp]:
    """The command line shared by the rebuild benchmarks (`--games`, `--game`, `--repeat`,
    `--store`), and the store it names, filled to `--games` games."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", default="puerto-rico", choices=(*GAMES, "all"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--store", type=Path, default=None)
    args = parser.parse_args()
    folder = args.store or Path(tempfile.mkdtemp(prefix=prefix))
    app = open_app(folder)
    fill(app, args.games, args.game)
    return args, folder, app


def main() -> None:
    args, folder, app = filled_store(__doc__, "novus-bench-replay-")
    games = []
    for game_id in app.game_ids():
        record = app.history(game_id)
        games.append((str(game_id), record.setup, record.steps))
    steps = sum(len(s) for _, _, s in games)
    from projections import compiled as fold_build

    runs = "compiled fold" if fold_build.running_compiled() else "pure Python fold"
    print(f"{len(games)} games, {steps} steps, store {folder}, {runs} ({fold_build.status()})")
    runs: dict[str, Callable[[], object]] = {
        "bare trusted replay": lambda: replay_stored(app),
        "replay, steps in memory": lambda: replay(games),
        "engine fold (rows in memory)": lambda: fold(games),
        "rebuild, 1 process": lambda: rebuild(app, folder / "one", 1),
        "rebuild, workers=AUTO": lambda: rebuild(app, folder / "auto", AUTO),
    }
    best: dict[str, tuple[float, float]] = {}
    for _ in range(args.repeat):
        for name, work in runs.items():
            got = timed(work)
            if name not in best or got[0] < best[name][0]:
                best[name] = got
    base = best["bare trusted replay"][0]
    for name, (c, w) in best.items():
        print(f"{name:30} cpu {c:7.3f} s  wall {w:7.3f} s  cpu / bare replay {c / base:5.2f}")
    app.close()


if __name__ == "__main__":
    main()
