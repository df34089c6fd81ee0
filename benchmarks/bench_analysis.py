"""Analysis targets: speed of a whole-game analysis, and calibration of the win chances.

    python benchmarks/bench_analysis.py speed [--workers 2] [--rollouts 48] [--seed 1]
    python benchmarks/bench_analysis.py calibration [--games 200] [--rollouts 32] [--workers 2]
        [--game puerto-rico ...]

Speed: one 4-player Puerto Rico bot game analysed at the default settings (`Settings()`: 48
rollouts per state, 5 turning points) with the given workers; target <= 60 s on a 2-core machine.
Reported beside it, as a ratio, the time of plain bot games measured in the same process (the
analysis costs roughly `evaluations x rollouts x half a game`).

Calibration: per game, `--games` bot games (heuristic bots, 2-4 players in turn); in each,
`--states` states at uniformly drawn steps are evaluated from the next mover's side exactly as
the analysis does, and every seat's predicted chance is compared with what happened (its win
share). Printed: the reliability table by decile of the prediction (count, mean predicted,
observed, |error|, and twice the binomial standard error the count allows; target <= 0.05 for
each decile), the Brier score and the Brier skill score against the no-skill forecast 1/players.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import resource
import time
from typing import Any

from analysis.game import analyse, viewers
from analysis.memory import memories
from analysis.pool import Workers
from analysis.rollout import shares, win_chances
from analysis.settings import Settings
from domain.core import registry
from domain.core.play import play


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
    cpu0 = _cpu()
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
    cpu = _cpu() - cpu0
    print(
        f"Puerto Rico, 4 players, {len(steps)} steps ({len(result.decisions)} decisions), "
        f"{rollouts} rollouts/state, {workers} workers: {seconds:.1f} s "
        f"({done[0]} evaluations incl. {len(result.alternatives)} alternatives; target <= 60 s)"
    )
    print(
        f"  a plain 4-player bot game here: {per_game * 1000:.1f} ms; analysis = "
        f"{seconds / per_game:,.0f} bot games of wall time; CPU {cpu:.1f} s in all processes "
        f"(on {workers} idle cores: about {cpu / workers:.1f} s)"
    )


def _cpu() -> float:
    """User + system CPU seconds of this process and its finished children (the workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _predict(task: tuple[str, int, int, int, int]) -> list[tuple[list[float], list[float]]]:
    """`count` states of one bot game at uniformly drawn steps: (predicted, observed) each."""
    name, players, seed, rollouts, count = task
    rules, setup, steps, final = _bot_game(name, players, seed)
    rng = random.Random(f"calibration:{name}:{seed}")
    folded = list(memories(rules, setup, steps))
    look = viewers(rules, steps, final)
    outcome = list(shares(rules, final))
    out = []
    for j in sorted(rng.sample(range(len(steps)), min(count, len(steps)))):
        state, memory = folded[j]
        predicted = win_chances(
            rules,
            state,
            look[j],
            players=players,
            rollouts=rollouts,
            seed=seed,
            at=j,
            memory=memory,
        )
        out.append((list(predicted), outcome))
    return out


def calibration(names: list[str], games: int, rollouts: int, workers: int, count: int) -> None:
    for name in names:
        rules = registry.get(name)
        counts = [n for n in (2, 3, 4) if rules.min_players <= n <= rules.max_players]
        tasks = [(name, counts[g % len(counts)], 50_000 + g, rollouts, count) for g in range(games)]
        start = time.perf_counter()
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = [r for game in pool.map(_predict, tasks, chunksize=2) for r in game]
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
            f"\n{name}: {games} games x {count} states, {len(pairs)} seat predictions, "
            f"{rollouts} rollouts each, {seconds:.0f} s"
        )
        print(
            f"  {'decile':>9} {'n':>5} {'predicted':>9} {'observed':>9} {'error':>6} {'2 s.e.':>6}"
        )
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
            noise = 2 * (max(mp * (1 - mp), 0.01) / len(inside)) ** 0.5
            print(
                f"  {low:.1f}-{high:.1f} {len(inside):>5} {mp:>9.3f} {mo:>9.3f} {error:>6.3f} "
                f"{noise:>6.3f}"
            )
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
    c.add_argument("--states", type=int, default=3, help="states judged per game")
    c.add_argument("--game", action="append", choices=registry.names())
    args = parser.parse_args()
    if args.what == "speed":
        speed(args.workers, args.rollouts, args.seed)
    else:
        calibration(
            args.game or registry.names(), args.games, args.rollouts, args.workers, args.states
        )


if __name__ == "__main__":
    main()
