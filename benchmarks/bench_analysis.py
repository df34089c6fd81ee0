"""Analysis targets: speed of a whole-game analysis, and calibration of the win chances.

    python benchmarks/bench_analysis.py speed [--workers 2] [--rollouts 48] [--seed 1]
    python benchmarks/bench_analysis.py calibration [--games 200] [--rollouts 32] [--workers 2]
        [--game puerto-rico ...]

Speed: one 4-player Puerto Rico bot game analysed at the default settings (`Settings()`: 48
rollouts per state, 5 turning points) with the given workers; target <= 60 s on a 2-core machine.
Reported beside it, as a ratio, the time of plain bot games measured in the same process (the
analysis costs roughly `evaluations x rollouts x half a game`).

Calibration: per game, `--games` bot games (heuristic bots, 2-4 players in turn); in each, one
state at a uniformly drawn step is evaluated from the next mover's side exactly as the analysis
does, and every seat's predicted chance is compared with what happened (win share). Printed: the
reliability table by decile of the prediction (count, mean predicted, observed, |error|; target
<= 0.05 for each decile with predictions), the Brier score and the Brier skill score against the
no-skill forecast 1/players.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from typing import Any

from analysis.game import analyse, viewers
from analysis.pool import Workers
from analysis.rollout import shares, win_chances
from analysis.settings import Settings
from domain.core import registry
from domain.core.play import play, states


def _bot_game(name: str, players: int, seed: int) -> tuple[Any, Any, list[Any], Any]:
    rules = registry.get(name)
    setup = rules.prepare([f"P{i}" for i in range(players)], {})
    bots = [rules.bot("heuristic", seed * 10 + i) for i in range(players)]
    steps, final = play(rules, setup, bots, random.Random(seed))
    return rules, setup, steps, final


def speed(workers: int, rollouts: int, seed: int) -> None:
    _, setup, steps, _ = _bot_game("puerto-rico", 4, seed)
    t0 = time.perf_counter()
    games = 20
    for g in range(games):
        _bot_game("puerto-rico", 4, 1000 + g)
    per_game = (time.perf_counter() - t0) / games
    settings = Settings(rollouts=rollouts)
    done = [0]
    start = time.perf_counter()
    with Workers(workers) as pool:
        result = analyse(
            "puerto-rico",
            setup,
            steps,
            settings,
            run=pool.run,
            parts=pool.parts,
            on_done=lambda n: done.__setitem__(0, done[0] + n),
        )
    seconds = time.perf_counter() - start
    print(
        f"Puerto Rico, 4 players, {len(steps)} steps ({len(result.decisions)} decisions), "
        f"{rollouts} rollouts/state, {workers} workers: {seconds:.1f} s "
        f"({done[0]} evaluations incl. {len(result.alternatives)} alternatives; target <= 60 s)"
    )
    print(
        f"  a plain 4-player bot game here: {per_game * 1000:.1f} ms; analysis = "
        f"{seconds / per_game:,.0f} bot games of wall time"
    )


def _predict(task: tuple[str, int, int, int]) -> tuple[list[float], list[float]]:
    name, players, seed, rollouts = task
    rules, setup, steps, final = _bot_game(name, players, seed)
    rng = random.Random(f"calibration:{name}:{seed}")
    j = rng.randrange(len(steps))
    state = list(states(rules, setup, steps[:j]))[-1]
    viewer = viewers(rules, steps, final)[j]
    predicted = win_chances(
        rules, state, viewer, players=players, rollouts=rollouts, seed=seed, label=f"c{j}"
    )
    return list(predicted), list(shares(rules, final))


def calibration(names: list[str], games: int, rollouts: int, workers: int) -> None:
    for name in names:
        rules = registry.get(name)
        counts = [n for n in (2, 3, 4) if rules.min_players <= n <= rules.max_players]
        tasks = [(name, counts[g % len(counts)], 50_000 + g, rollouts) for g in range(games)]
        start = time.perf_counter()
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = pool.map(_predict, tasks, chunksize=4)
        seconds = time.perf_counter() - start
        pairs = [
            (p, o)
            for predicted, observed in results
            for p, o in zip(predicted, observed, strict=True)
        ]
        baseline = [(1 / len(predicted), o) for predicted, observed in results for o in observed]
        brier = sum((p - o) ** 2 for p, o in pairs) / len(pairs)
        brier0 = sum((p - o) ** 2 for p, o in baseline) / len(baseline)
        print(
            f"\n{name}: {games} games, {len(pairs)} seat predictions, {rollouts} rollouts each, "
            f"{seconds:.0f} s"
        )
        print(f"  {'decile':>9} {'n':>5} {'predicted':>9} {'observed':>9} {'error':>6}")
        worst = 0.0
        for d in range(10):
            low, high = d / 10, (d + 1) / 10
            inside = [(p, o) for p, o in pairs if low <= p < high or (d == 9 and p == 1.0)]
            if not inside:
                print(f"  {low:.1f}-{high:.1f} {0:>5}")
                continue
            mp = sum(p for p, _ in inside) / len(inside)
            mo = sum(o for _, o in inside) / len(inside)
            error = abs(mp - mo)
            worst = max(worst, error) if len(inside) >= 20 else worst
            print(f"  {low:.1f}-{high:.1f} {len(inside):>5} {mp:>9.3f} {mo:>9.3f} {error:>6.3f}")
        print(
            f"  Brier {brier:.4f} vs no-skill {brier0:.4f}: skill score {1 - brier / brier0:.3f};"
            f" worst decile error (n >= 20) {worst:.3f} (target <= 0.05)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("speed")
    s.add_argument("--workers", type=int, default=2)
    s.add_argument("--rollouts", type=int, default=Settings().rollouts)
    s.add_argument("--seed", type=int, default=1)
    c = sub.add_parser("calibration")
    c.add_argument("--games", type=int, default=200)
    c.add_argument("--rollouts", type=int, default=32)
    c.add_argument("--workers", type=int, default=2)
    c.add_argument("--game", action="append", choices=registry.names())
    args = parser.parse_args()
    if args.what == "speed":
        speed(args.workers, args.rollouts, args.seed)
    else:
        calibration(args.game or registry.names(), args.games, args.rollouts, args.workers)


if __name__ == "__main__":
    main()
