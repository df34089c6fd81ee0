"""Puerto Rico random 4-player games: Novus beside the fastest public Python engine, one run.

    python3 benchmarks/bench_public_engines.py --somnambwl DIR [--games 100] [--repeat 3]

`DIR` is a checkout of https://github.com/somnambWl/puerto-rico (the folder holding the
`puerto_rico` package). Its code is not in this repository and is never copied here: the
benchmark imports it from where it lies, in this process, next to Novus's engine.

Both engines play uniformly random legal games, each by its own fastest path for rollouts:

- Novus: `legal_actions` + `apply_trusted` (the path `analysis.rollout` uses), chance outcomes
  drawn from `chance_spec`; and, for reference, `domain.core.play.play` (every step checked).
- somnambWl: `Game.legal_actions` + `Game.apply(validate=False)` (its documented rollout hot
  path, mutating one state in place); and `validate=True` for reference.

The engines cut a game into different steps (somnambWl's random games run about twice as many
decisions as Novus's), so both ratios are printed: games per second and decisions per second.
Times are this process's CPU time (`time.process_time`: the machine is shared, and other
processes' load would otherwise count); each figure is the best of `--repeat` rounds, and the
rounds alternate between the engines, so what load remains (caches) slows both alike.

Novus's engine runs compiled when the install built it (`domain/puerto_rico/compiled.py`; the
first line printed says which); ``NOVUS_PURE=1`` runs the pure-Python engine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from domain.core.bots import RandomBot  # noqa: E402
from domain.core.chance import resolve  # noqa: E402
from domain.core.play import play  # noqa: E402
from domain.core.protocol import CHANCE, ChanceStep, Decision  # noqa: E402
from domain.puerto_rico.rules import RULES  # noqa: E402

Run = Callable[[int], tuple[int, int]]
"""Plays `games` games; returns (decisions, steps) in total."""


def novus_trusted(games: int) -> tuple[int, int]:
    setup = RULES.prepare([f"P{i}" for i in range(4)], {})
    apply, to_move, is_over, spec = (
        RULES.apply_trusted,
        RULES.to_move,
        RULES.is_over,
        RULES.chance_spec,
    )
    decisions = steps = 0
    for g in range(games):
        bots = [RandomBot(RULES, g * 10 + i) for i in range(4)]
        rng = random.Random(g)
        state = RULES.initial_state(setup)
        while not is_over(state):
            seat = to_move(state)[0]
            if seat == CHANCE:
                state = apply(state, ChanceStep(resolve(spec(state), rng)))
            else:
                state = apply(state, Decision(seat, bots[seat].choose(state, seat)))
                decisions += 1
            steps += 1
    return decisions, steps


def novus_checked(games: int) -> tuple[int, int]:
    setup = RULES.prepare([f"P{i}" for i in range(4)], {})
    decisions = steps = 0
    for g in range(games):
        bots = [RandomBot(RULES, g * 10 + i) for i in range(4)]
        played, _ = play(RULES, setup, bots, random.Random(g))
        steps += len(played)
        decisions += sum(1 for s in played if isinstance(s, Decision))
    return decisions, steps


def somnambwl(validate: bool) -> Run:
    from puerto_rico.engine.game import Game
    from puerto_rico.engine.state import GameConfig

    def run(games: int) -> tuple[int, int]:
        decisions = 0
        for g in range(games):
            game: Any = Game(GameConfig(num_players=4, seed=g))
            rng = random.Random(g)
            while not game.is_terminal:
                legal = game.legal_actions()
                game.apply(legal[rng.randrange(len(legal))], validate=validate)
                decisions += 1
        return decisions, decisions

    return run


def best(run: Run, games: int) -> tuple[float, float, float]:
    """(games/s, decisions/s, decisions per game) of one round."""
    start = time.process_time()
    decisions, _ = run(games)
    elapsed = time.process_time() - start
    return games / elapsed, decisions / elapsed, decisions / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--somnambwl", type=Path, required=True, help="checkout of somnambWl/puerto-rico"
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not (args.somnambwl / "puerto_rico" / "engine" / "game.py").is_file():
        parser.error(f"{args.somnambwl} holds no puerto_rico/engine/game.py")
    sys.path.insert(0, str(args.somnambwl.resolve()))
    runs: dict[str, Run] = {
        "novus trusted (rollout path)": novus_trusted,
        "novus checked (play)": novus_checked,
        "somnambWl validate=False": somnambwl(False),
        "somnambWl validate=True": somnambwl(True),
    }
    from domain.puerto_rico.compiled import running_compiled

    print("novus puerto rico engine:", "compiled (mypyc)" if running_compiled() else "python")
    results: dict[str, tuple[float, float, float]] = {}
    for _ in range(args.repeat):
        for name, run in runs.items():
            got = best(run, args.games)
            if name not in results or got[0] > results[name][0]:
                results[name] = got
    for name, (gps, dps, per) in results.items():
        print(f"{name:30} {gps:8.1f} games/s {dps:10.0f} decisions/s {per:6.0f} decisions/game")
    pairs = [
        ("novus trusted (rollout path)", "somnambWl validate=False"),
        ("novus checked (play)", "somnambWl validate=True"),
        ("novus checked (play)", "somnambWl validate=False"),
    ]
    for ours, theirs in pairs:
        g = results[ours][0] / results[theirs][0]
        d = results[ours][1] / results[theirs][1]
        print(f"{ours} / {theirs}: {g:.2f}x games/s, {d:.2f}x decisions/s")


if __name__ == "__main__":
    main()
