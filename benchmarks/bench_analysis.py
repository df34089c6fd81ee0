"""Analysis targets: speed of a whole-game analysis, and calibration of the win chances.

    python benchmarks/bench_analysis.py speed [--workers 2] [--rollouts 48] [--seed 1]
    python benchmarks/bench_analysis.py calibration [--games 200] [--rollouts 48] [--states 6]
        [--workers 2] [--game puerto-rico ...]

Speed: one 4-player Puerto Rico bot game analysed at the default settings (`Settings()`: 48
rollouts per state, 5 turning points) with the given workers; target <= 60 s on a 2-core machine.
Reported beside it, as a ratio, the time of plain bot games measured in the same process (the
analysis costs roughly `evaluations x rollouts x half a game`).

Calibration: per game, `--games` bot games (heuristic bots, 2-4 players in turn); in each,
`--states` states at uniformly drawn steps are evaluated from the next mover's side exactly as
the analysis does (default rollouts, the public history remembered), and every seat's predicted
chance is compared with what happened (its win share). Printed: the reliability table by decile
of the prediction (predictions, games contributing, mean predicted, observed, error and its 95%
interval; target |error| <= 0.05 for each decile: "meets" when the whole interval is inside
+-0.05, "misses" when it is wholly outside, "open" when this sample cannot tell), the Brier
score and the Brier skill score against the no-skill forecast 1/players, with its interval.

How it counts: every seat of every sampled state is one prediction, but the predictions of one
game share its outcome, so they are not independent: the intervals resample whole games (a
cluster bootstrap, 1000 resamples), and `games` says how many games a decile rests on. A second
table compares two independent halves of the rollouts: the error rollout noise alone makes (a
noisy estimate in a high decile is more often too high); it shrinks with more rollouts.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import resource
import time
from pathlib import Path
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


Row = tuple[int, int, list[float], list[float], list[float]]
"""(game seed, players, first half's chances, second half's chances, outcome) of one state."""


def _predict(task: tuple[str, int, int, int, int]) -> list[Row]:
    """`count` states of one bot game at uniformly drawn steps, each evaluated as the analysis
    does (from the next mover's side, with the public history's memory) by `rollouts`
    rollouts in two independent halves (two seeds): the prediction is their mean, exactly a
    `rollouts`-rollout estimate; the halves against each other show the rollout noise."""
    name, players, seed, rollouts, count = task
    rules, setup, steps, final = _bot_game(name, players, seed)
    rng = random.Random(f"calibration:{name}:{seed}")
    folded = list(memories(rules, setup, steps))
    look = viewers(rules, steps, final)
    outcome = list(shares(rules, final))
    half = max(1, rollouts // 2)
    out = []
    for j in sorted(rng.sample(range(len(steps)), min(count, len(steps)))):
        state, memory = folded[j]
        a, b = (
            win_chances(
                rules,
                state,
                look[j],
                players=players,
                rollouts=half,
                seed=seed * 2 + part,
                at=j,
                memory=memory,
            )
            for part in (0, 1)
        )
        out.append((seed, players, list(a), list(b), outcome))
    return out


DECILES = 10
RESAMPLES = 1000


def _decile(p: float) -> int:
    return min(int(p * DECILES), DECILES - 1)


def _bootstrap(per_game: list[Any], statistic: Any, rng: random.Random) -> tuple[float, float]:
    """The 2.5% and 97.5% points of `statistic` over resamples of whole games (the states and
    seats of one game share its outcome, so a game is the unit that is independent)."""
    values = sorted(
        statistic([per_game[rng.randrange(len(per_game))] for _ in per_game])
        for _ in range(RESAMPLES)
    )
    return values[int(0.025 * RESAMPLES)], values[int(0.975 * RESAMPLES) - 1]


def reliability(rows: list[Row], use_half: bool = False) -> list[dict[str, Any]]:
    """Per decile of the prediction: predictions, games, mean predicted, observed, error and its
    95% interval (cluster bootstrap over games). `use_half`: the first half's chance against the
    second half's instead of the outcome (the regression rollout noise alone causes)."""
    games: dict[int, list[list[float]]] = {}
    for seed, _players, a, b, outcome in rows:
        sums = games.setdefault(seed, [[0.0, 0.0, 0.0] for _ in range(DECILES)])
        for seat in range(len(outcome)):
            p = a[seat] if use_half else (a[seat] + b[seat]) / 2
            o = b[seat] if use_half else outcome[seat]
            cell = sums[_decile(p)]
            cell[0] += 1
            cell[1] += p
            cell[2] += o
    per_game = list(games.values())
    rng = random.Random(0)
    table = []
    for d in range(DECILES):

        def error(sample: list[list[list[float]]], d: int = d) -> float:
            n = sum(g[d][0] for g in sample)
            return (sum(g[d][2] for g in sample) - sum(g[d][1] for g in sample)) / n if n else 0.0

        n = sum(g[d][0] for g in per_game)
        used = sum(1 for g in per_game if g[d][0])
        if not n:
            table.append({"decile": d, "n": 0, "games": 0})
            continue
        predicted = sum(g[d][1] for g in per_game) / n
        observed = sum(g[d][2] for g in per_game) / n
        low, high = _bootstrap(per_game, error, rng)
        table.append(
            {
                "decile": d,
                "n": int(n),
                "games": used,
                "predicted": predicted,
                "observed": observed,
                "error": observed - predicted,
                "low": low,
                "high": high,
            }
        )
    return table


def brier(rows: list[Row]) -> tuple[float, float, float, tuple[float, float]]:
    """Brier score, the no-skill 1/players forecast's, the skill score and its 95% interval."""
    games: dict[int, list[float]] = {}
    for seed, players, a, b, outcome in rows:
        g = games.setdefault(seed, [0.0, 0.0, 0.0])
        for seat, o in enumerate(outcome):
            p = (a[seat] + b[seat]) / 2
            g[0] += (p - o) ** 2
            g[1] += (1 / players - o) ** 2
            g[2] += 1
    per_game = list(games.values())

    def skill(sample: list[list[float]]) -> float:
        return 1 - sum(g[0] for g in sample) / sum(g[1] for g in sample)

    total = sum(g[2] for g in per_game)
    score = sum(g[0] for g in per_game) / total
    base = sum(g[1] for g in per_game) / total
    return score, base, skill(per_game), _bootstrap(per_game, skill, random.Random(1))


def _print_table(table: list[dict[str, Any]], what: str) -> float:
    print(
        f"  {'decile':>9} {'n':>6} {'games':>5} {'predicted':>9} {what:>9} {'error':>7}"
        f" {'95% interval':>16}"
    )
    worst = 0.0
    for row in table:
        low = row["decile"] / DECILES
        label = f"{low:.1f}-{low + 1 / DECILES:.1f}"
        if not row["n"]:
            print(f"  {label} {0:>6} {0:>5}")
            continue
        if row["low"] >= -0.05 and row["high"] <= 0.05:
            flag = "  meets 0.05"
        elif row["low"] > 0.05 or row["high"] < -0.05:
            flag = "  misses 0.05"
        else:
            flag = "  open (interval wider than the target)"
        print(
            f"  {label} {row['n']:>6} {row['games']:>5} {row['predicted']:>9.3f}"
            f" {row['observed']:>9.3f} {row['error']:>+7.3f}"
            f" [{row['low']:+.3f}, {row['high']:+.3f}]{flag}"
        )
        worst = max(worst, abs(row["error"]))
    return worst


def calibration(
    names: list[str],
    games: int,
    rollouts: int,
    workers: int,
    count: int,
    first: int = 0,
    save: str | None = None,
) -> None:
    for name in names:
        rules = registry.get(name)
        counts = [n for n in (2, 3, 4) if rules.min_players <= n <= rules.max_players]
        tasks = [
            (name, counts[g % len(counts)], 50_000 + g, rollouts, count)
            for g in range(first, first + games)
        ]
        start = time.perf_counter()
        cpu0 = _cpu()
        rows: list[Row] = []
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for game in pool.imap(_predict, tasks):
                rows.extend(game)
                if save:  # a long run can be read before it ends (`table` below)
                    Path(f"{save}.{name}.json").write_text(json.dumps(rows))
        seconds, cpu = time.perf_counter() - start, _cpu() - cpu0
        print(
            f"\n{name}: {games} games ({'/'.join(map(str, counts))} players in turn) x {count}"
            f" states, {rollouts} rollouts each; {seconds:.0f} s wall, {cpu:.0f} s CPU"
        )
        report(rows, rollouts)


def report(rows: list[Row], rollouts: int) -> None:
    """The reliability tables and Brier scores of calibration rows (also of a saved file)."""
    games = len({r[0] for r in rows})
    seats = sum(len(r[4]) for r in rows)
    print(f"  {games} games, {len(rows)} states, {seats} seat predictions")
    print("  against the outcome (error = observed - predicted; interval: games resampled)")
    worst = _print_table(reliability(rows), "observed")
    score, base, skill, (low, high) = brier(rows)
    print(
        f"  Brier {score:.4f} vs no-skill {base:.4f}: skill score {skill:.3f}"
        f" [{low:.3f}, {high:.3f}]; worst decile error {worst:.3f} (target <= 0.05)"
    )
    print(
        f"  rollout noise alone: one half ({rollouts // 2} rollouts) against the other;"
        f" the full estimate's noise is half of this"
    )
    _print_table(reliability(rows, use_half=True), "other")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("speed")
    s.add_argument("--workers", type=int, default=2)
    s.add_argument("--rollouts", type=int, default=Settings().rollouts)
    s.add_argument("--seed", type=int, default=1)
    c = sub.add_parser("calibration")
    c.add_argument("--games", type=int, default=200)
    c.add_argument("--rollouts", type=int, default=Settings().rollouts)
    c.add_argument("--workers", type=int, default=2)
    c.add_argument("--states", type=int, default=6, help="states judged per game")
    c.add_argument("--game", action="append", choices=registry.names())
    c.add_argument("--first", type=int, default=0, help="first game number (other games)")
    c.add_argument("--save", help="write the rows to SAVE.<game>.json after each game")
    t = sub.add_parser("table", help="the tables of rows saved by calibration --save")
    t.add_argument("file")
    t.add_argument("--rollouts", type=int, default=Settings().rollouts)
    args = parser.parse_args()
    if args.what == "speed":
        speed(args.workers, args.rollouts, args.seed)
    elif args.what == "table":
        report(json.loads(Path(args.file).read_text()), args.rollouts)
    else:
        calibration(
            args.game or registry.names(),
            args.games,
            args.rollouts,
            args.workers,
            args.states,
            args.first,
            args.save,
        )


if __name__ == "__main__":
    main()
