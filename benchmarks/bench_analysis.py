"""Analysis targets: speed of a whole-game analysis, and calibration of the win chances.

    python benchmarks/bench_analysis.py speed [--workers 2] [--rollouts 48] [--seed 1]
        [--baseline REV] [--moves heuristic|random]
    python benchmarks/bench_analysis.py calibration [--games 200] [--rollouts 48] [--states 6]
        [--workers 2] [--game puerto-rico ...] [--players 3,4] [--window 0.67]
        [--continuations K] [--first N] [--save FILE]
    python benchmarks/bench_analysis.py table FILE.<game>.json [--prior A]

Speed: one 4-player Puerto Rico bot game analysed at the default settings (`Settings()`: 48
rollouts per state, 5 turning points) with the given workers; target <= 60 s on a 2-core machine.
Printed: wall time, CPU time of all processes, each phase's wall time and how busy the workers
were in it, the time outside the phases, and the 1-minute load average at start and end (the
machine is shared: the wall time drifts with the load, the CPU time much less). With
`--baseline REV`, the same analysis by the `analysis/` package of git revision REV runs after it
in a child process: the CPU and wall ratios of the two, and whether every number is identical.

Calibration: per game, `--games` bot games (heuristic bots, 2-4 players in turn); in each,
`--states` states at uniformly drawn steps are evaluated from the next mover's side exactly as
the analysis does (default rollouts, the public history remembered), and every seat's predicted
chance is compared with what happened (its win share). Printed: the reliability table by decile
of the prediction (predictions, games contributing, mean predicted, observed, error and its 95%
interval; target |error| <= 0.05 for each decile: "meets" when the whole interval is inside
+-0.05, "misses" when it is wholly outside, "open" when this sample cannot tell), the Brier
score and the Brier skill score against the no-skill forecast 1/players, with its interval.

Where the outcome is still open: `--players 3,4` (a 2-player game is often decided early) and
`--window 0.67` (states only from the first two thirds of each game) put more predictions into
the middle deciles. `--continuations K` plays K more games from each TRUE sampled state (fresh
bots and chance outcomes, nothing dealt again: what the state already fixes, such as an order
shuffled at setup, stays) and reports a second table against the mean outcome of the recorded
game and these K: the same expectation as the recorded outcome, without using the predictor,
and less variance where chance outcomes are still to be drawn or the bots add noise (Century
draws nothing after setup: there only its bot's noise varies). A table by seat says whether the
predictions know a seat's advantage.

How it counts: every seat of every sampled state is one prediction, but the predictions of one
game share its outcome, so they are not independent: the intervals resample whole games (a
cluster bootstrap, 1000 resamples), and `games` says how many games a decile rests on. A second
table compares two independent halves of the rollouts: the error rollout noise alone makes (a
noisy estimate in a high decile is more often too high); it shrinks with more rollouts.

The prior: the rows keep the plain rollout means (two halves), and the prediction scored is
the analysis' own, `rollout.with_prior` of their mean with the settings' `prior` (`--prior`, the
analysis default unless given): a deterministic function of the rollout counts, so saved rows
can be scored again under another prior (`table --prior A`). The half-against-half table stays
plain (it measures the noise the prior is there to offset).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from analysis.game import analyse, viewers
from analysis.memory import memories
from analysis.pool import Workers
from analysis.rollout import shares, win_chances, with_prior
from analysis.settings import Settings
from domain.core import registry
from domain.core.play import next_step, play
from domain.core.protocol import Rules


def _bot_game(
    name: str, players: int, seed: int, bot: str = "heuristic"
) -> tuple[Any, Any, list[Any], Any]:
    rules = registry.get(name)
    setup = rules.prepare([f"P{i}" for i in range(players)], {})
    bots = [rules.bot(bot, seed * 10 + i) for i in range(players)]
    steps, final = play(rules, setup, bots, random.Random(seed))
    return rules, setup, steps, final


def speed(workers: int, rollouts: int, seed: int, baseline: str | None, moves: str) -> None:
    """Time one analysis here; with `baseline`, the same analysis by `analysis/` of git
    revision `baseline` (in a child process, after this one) and the ratio of the two."""
    _, _, steps, _ = _bot_game("puerto-rico", 4, seed, moves)
    t0 = time.process_time()
    games = 20
    for g in range(games):
        _bot_game("puerto-rico", 4, 1000 + g)
    per_game = (time.process_time() - t0) / games
    print(
        f"Puerto Rico, 4 players, {moves} moves, {len(steps)} steps, {rollouts} rollouts/state, "
        f"{workers} workers (target <= 60 s wall); a plain 4-player bot game here: "
        f"{per_game * 1000:.1f} ms CPU"
    )
    here = _timed_analysis(workers, rollouts, seed, moves)
    _print_timing("this tree", here, workers)
    if baseline:
        old = _baseline(baseline, workers, rollouts, seed, moves)
        _print_timing(f"baseline {baseline}", old, workers)
        same = "identical numbers" if old["digest"] == here["digest"] else "NUMBERS DIFFER"
        print(
            f"  ratio baseline/this tree: CPU {old['cpu'] / here['cpu']:.2f}x, "
            f"wall {old['wall'] / here['wall']:.2f}x; {same}"
        )


def _timed_analysis(
    workers: int, rollouts: int, seed: int, moves: str = "heuristic"
) -> dict[str, Any]:
    """One timed analysis of the benchmark game: wall, CPU of all processes, the phases, the
    1-minute load average before and after, and a digest of every number."""
    _, setup, steps, _ = _bot_game("puerto-rico", 4, seed, moves)
    settings = Settings(rollouts=rollouts)
    load0 = os.getloadavg()[0]
    cpu0 = _cpu()
    start = time.perf_counter()
    with Workers(workers) as pool:
        result = analyse("puerto-rico", setup, steps, settings, run=pool.run, parts=pool.parts)
    wall = time.perf_counter() - start
    cpu = _cpu() - cpu0
    phases = [
        {
            "evaluations": p.evaluations,
            "chunks": p.chunks,
            "wall": p.wall,
            "busy": p.busy,
            "cpu": p.cpu,
        }
        for p in getattr(pool, "phases", [])  # a baseline's pool may not time its phases
    ]
    numbers = json.dumps(result.to_json(), sort_keys=True)
    return {
        "wall": wall,
        "cpu": cpu,
        "load": [load0, os.getloadavg()[0]],
        "phases": phases,
        "alternatives": len(result.alternatives),
        "digest": hashlib.sha256(numbers.encode()).hexdigest()[:16],
    }


def _print_timing(label: str, t: dict[str, Any], workers: int) -> None:
    print(
        f"  {label}: {t['wall']:.1f} s wall, {t['cpu']:.1f} s CPU in all processes "
        f"(CPU / {workers} workers = {t['cpu'] / workers:.1f} s); 1-min load "
        f"{t['load'][0]:.2f} at start, {t['load'][1]:.2f} at end; numbers {t['digest']}"
    )
    names = ["win chances", "alternatives"]
    for i, p in enumerate(t["phases"]):
        busy = p["busy"] / (workers * p["wall"]) if p["wall"] else 0.0
        computing = p["cpu"] / (workers * p["wall"]) if p["wall"] else 0.0
        print(
            f"    {names[i] if i < len(names) else f'phase {i + 1}'}: {p['wall']:.1f} s wall, "
            f"{p['cpu']:.1f} s CPU in chunks, {p['evaluations']} evaluations in "
            f"{p['chunks']} chunks; workers in a chunk {busy:.0%} of the phase, computing "
            f"{computing:.0%} (the rest: waiting for a core)"
        )
    if t["phases"]:
        rest = t["wall"] - sum(p["wall"] for p in t["phases"])
        print(f"    outside the phases (replay, turning points, start and stop): {rest:.1f} s")


def _baseline(rev: str, workers: int, rollouts: int, seed: int, moves: str) -> dict[str, Any]:
    """`_timed_analysis` with the `analysis/` package of git revision `rev` (everything else
    from this tree), in a fresh child process."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(root), "archive", rev, "analysis"],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([tmp, str(root)])}
        code = (
            "import json, sys; from benchmarks.bench_analysis import _timed_analysis; "
            f"print(json.dumps(_timed_analysis({workers}, {rollouts}, {seed}, {moves!r})))"
        )
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, cwd=tmp, check=True, capture_output=True
        )
    return dict(json.loads(out.stdout.decode().strip().splitlines()[-1]))


def _cpu() -> float:
    """User + system CPU seconds of this process and its finished children (the workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


Row = tuple[int, int, list[float], list[float], list[float], list[float]]
"""(game seed, players, first half's chances, second half's chances, the recorded outcome, the
mean outcome of the recorded game and K further continuations from the true state) of one
state. Rows saved before the continuations existed have five fields (`_continued`)."""


def continued(
    rules: Rules[Any], state: Any, players: int, recorded: list[float], count: int, key: str
) -> list[float]:
    """The mean outcome of the recorded continuation and `count` more played from the TRUE
    `state` (nothing dealt again: what the state fixes, e.g. an order shuffled earlier, stays)
    by fresh heuristic bots, exactly as the recorded bot games are played (`play`'s
    `next_step`: chance outcomes drawn when the engine asks for them, the bots' own noise), with
    fresh randomness from `key`. Its expectation is the recorded outcome's, and it never uses the
    predictor, so it can stand for the outcome in the reliability table with less variance;
    where the state fixes all randomness and the bots break no ties it equals the outcome."""
    totals = list(recorded)
    for k in range(count):
        rng = random.Random(f"{key}:{k}")
        bots = [rules.bot("heuristic", rng.getrandbits(32)) for _ in range(players)]
        s = state
        for _ in range(100_000):
            if rules.is_over(s):
                break
            s = rules.apply_trusted(s, next_step(rules, s, bots, rng))
        else:
            raise RuntimeError(f"{rules.name}: a continuation did not end")
        for seat, share in enumerate(shares(rules, s)):
            totals[seat] += share
    return [t / (count + 1) for t in totals]


def _continued(row: Any) -> list[float]:
    return list(row[5]) if len(row) > 5 else list(row[4])


def _predicted(row: Any, rollouts: int, prior: float) -> tuple[float, ...]:
    """The analysis' prediction of a row: the mean of its two halves (exactly a `rollouts`-
    rollout mean) with the prior's pseudo-rollouts (`rollout.with_prior`)."""
    a, b = row[2], row[3]
    return with_prior([(x + y) / 2 for x, y in zip(a, b, strict=True)], rollouts, prior)


Task = tuple[str, int, int, int, int, int, float]
"""(game, players, game seed, rollouts, states, continuations, window) of one calibration game."""


def _predict(task: Task) -> list[Row]:
    """`count` states of one bot game at uniformly drawn steps among the first `window` of its
    steps, each evaluated as the analysis does (from the next mover's side, with the public
    history's memory) by `rollouts` rollouts in two independent halves (two seeds): the
    prediction is their mean, exactly a `rollouts`-rollout estimate; the halves against each
    other show the rollout noise. Beside the recorded outcome, the mean outcome of `continue_`
    further continuations from the true state (`continued`)."""
    name, players, seed, rollouts, count, continue_, window = task
    rules, setup, steps, final = _bot_game(name, players, seed)
    rng = random.Random(f"calibration:{name}:{seed}")
    folded = list(memories(rules, setup, steps))
    look = viewers(rules, steps, final)
    outcome = list(shares(rules, final))
    half = max(1, rollouts // 2)
    out = []
    span = max(1, min(len(steps), round(len(steps) * window)))
    for j in sorted(rng.sample(range(span), min(count, span))):
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
        key = f"continue:{name}:{seed}:{j}"
        cont = continued(rules, state, players, outcome, continue_, key)
        out.append((seed, players, list(a), list(b), outcome, cont))
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


def reliability(
    rows: list[Row],
    use_half: bool = False,
    use_continued: bool = False,
    rollouts: int = Settings().rollouts,
    prior: float = 0.0,
) -> list[dict[str, Any]]:
    """Per decile of the prediction: predictions, games, mean predicted, observed, error and its
    95% interval (cluster bootstrap over games). `use_half`: the first half's chance against the
    second half's instead of the outcome (the regression rollout noise alone causes).
    `use_continued`: the mean outcome over the recorded and the further continuations from the
    true state instead of the recorded outcome alone (same expectation, less variance).
    `prior`: the prediction with that many pseudo-rollouts (`_predicted`)."""
    games: dict[int, list[list[float]]] = {}
    for row in rows:
        seed, a, b = row[0], row[2], row[3]
        outcome = _continued(row) if use_continued else row[4]
        sums = games.setdefault(seed, [[0.0, 0.0, 0.0] for _ in range(DECILES)])
        predicted = _predicted(row, rollouts, prior)
        for seat in range(len(outcome)):
            p = a[seat] if use_half else predicted[seat]
            o = b[seat] if use_half else outcome[seat]
            cell = sums[_decile(p)]
            cell[0] += 1
            cell[1] += p
            cell[2] += o
    per_game = list(games.values())
    rng = random.Random(0)
    table: list[dict[str, Any]] = []
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


def brier(
    rows: list[Row],
    use_continued: bool = False,
    rollouts: int = Settings().rollouts,
    prior: float = 0.0,
) -> tuple[float, float, float, tuple[float, float]]:
    """Brier score, the no-skill 1/players forecast's, the skill score and its 95% interval.
    With `use_continued` the outcome is the continuations' mean: both scores then leave out
    the outcome's own variance, so the skill score is higher and is not the recorded one."""
    games: dict[int, list[float]] = {}
    for row in rows:
        seed, players = row[0], row[1]
        outcome = _continued(row) if use_continued else row[4]
        g = games.setdefault(seed, [0.0, 0.0, 0.0])
        predicted = _predicted(row, rollouts, prior)
        for seat, o in enumerate(outcome):
            p = predicted[seat]
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
        if row["low"] >= -TARGET and row["high"] <= TARGET:
            flag = "  meets 0.05"
        elif row["low"] > TARGET or row["high"] < -TARGET:
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
    continuations: int = 0,
    window: float = 1.0,
    players: list[int] | None = None,
    prior: float = Settings().prior,
) -> None:
    for name in names:
        rules = registry.get(name)
        counts = [n for n in (players or [2, 3, 4]) if rules.min_players <= n <= rules.max_players]
        tasks: list[Task] = [
            (name, counts[g % len(counts)], 50_000 + g, rollouts, count, continuations, window)
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
            f" states in the first {window:.0%} of each game, {rollouts} rollouts each,"
            f" {continuations} continuations; {seconds:.0f} s wall, {cpu:.0f} s CPU"
        )
        report(rows, rollouts, prior)


def shown(table: list[dict[str, Any]]) -> str:
    """The deciles whose whole interval lies within +-0.05 ("meets"), as ranges."""
    met = [r["decile"] for r in table if r["n"] and r["low"] >= -TARGET and r["high"] <= TARGET]
    return ", ".join(f"{d / DECILES:.1f}-{(d + 1) / DECILES:.1f}" for d in met) or "none"


TARGET = 0.05


def by_seat(
    rows: list[Row],
    use_continued: bool = False,
    rollouts: int = Settings().rollouts,
    prior: float = 0.0,
) -> list[dict[str, Any]]:
    """Per (players, seat): predictions, mean predicted, observed and the error's 95% interval
    (games resampled): whether the analysis knows a seat's advantage (e.g. the first seat's)."""
    games: dict[tuple[int, int], dict[int, list[float]]] = {}
    for row in rows:
        seed, players = row[0], row[1]
        outcome = _continued(row) if use_continued else row[4]
        predicted = _predicted(row, rollouts, prior)
        for seat, o in enumerate(outcome):
            g = games.setdefault((players, seat), {}).setdefault(seed, [0.0, 0.0, 0.0])
            g[0] += 1
            g[1] += predicted[seat]
            g[2] += o
    rng = random.Random(2)
    out: list[dict[str, Any]] = []
    for (players, seat), per in sorted(games.items()):
        sample = list(per.values())

        def error(sample: list[list[float]]) -> float:
            n = sum(g[0] for g in sample)
            return (sum(g[2] for g in sample) - sum(g[1] for g in sample)) / n

        n = sum(g[0] for g in sample)
        low, high = _bootstrap(sample, error, rng)
        out.append(
            {
                "players": players,
                "seat": seat,
                "n": int(n),
                "games": len(sample),
                "predicted": sum(g[1] for g in sample) / n,
                "observed": sum(g[2] for g in sample) / n,
                "error": error(sample),
                "low": low,
                "high": high,
            }
        )
    return out


def report(rows: list[Row], rollouts: int, prior: float = 0.0) -> None:
    """The reliability tables and Brier scores of calibration rows (also of a saved file),
    the predictions with `prior` pseudo-rollouts."""
    games = len({r[0] for r in rows})
    seats = sum(len(r[4]) for r in rows)
    print(
        f"  {games} games, {len(rows)} states, {seats} seat predictions;"
        f" prior {prior:g} pseudo-rollouts on {rollouts} rollouts"
    )
    outcomes = [("the recorded outcome", False)]
    if any(len(r) > 5 and list(r[5]) != list(r[4]) for r in rows):
        outcomes.append(("the mean of the recorded and the further continuations", True))
    for what, cont in outcomes:
        print(f"  against {what} (error = observed - predicted; interval: games resampled)")
        table = reliability(rows, use_continued=cont, rollouts=rollouts, prior=prior)
        worst = _print_table(table, "observed")
        score, base, skill, (low, high) = brier(rows, cont, rollouts, prior)
        print(
            f"  Brier {score:.4f} vs no-skill {base:.4f}: skill score {skill:.3f}"
            f" [{low:.3f}, {high:.3f}]; worst decile error {worst:.3f} (target <= 0.05);"
            f" shown within 0.05: {shown(table)}"
        )
        print("  by seat: players seat n games predicted observed error [95%]")
        for r in by_seat(rows, cont, rollouts, prior):
            print(
                f"    {r['players']} {r['seat']} {r['n']:>6} {r['games']:>5}"
                f" {r['predicted']:.3f} {r['observed']:.3f} {r['error']:+.3f}"
                f" [{r['low']:+.3f}, {r['high']:+.3f}]"
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
    s.add_argument("--baseline", help="also time analysis/ of this git revision, e.g. HEAD~3")
    s.add_argument(
        "--moves",
        choices=["heuristic", "random"],
        default="heuristic",
        help="who played the analysed game: the bots (the rollouts follow its moves most, the"
        " best case for shared rollouts) or random moves (the worst case)",
    )
    c = sub.add_parser("calibration")
    c.add_argument("--games", type=int, default=200)
    c.add_argument("--rollouts", type=int, default=Settings().rollouts)
    c.add_argument("--workers", type=int, default=2)
    c.add_argument("--states", type=int, default=6, help="states judged per game")
    c.add_argument("--game", action="append", choices=registry.names())
    c.add_argument("--first", type=int, default=0, help="first game number (other games)")
    c.add_argument("--save", help="write the rows to SAVE.<game>.json after each game")
    c.add_argument(
        "--continuations",
        type=int,
        default=0,
        help="further games played from each true state (a lower-variance outcome)",
    )
    c.add_argument(
        "--window", type=float, default=1.0, help="states drawn from this first part of a game"
    )
    c.add_argument("--players", help="player counts in turn, e.g. 3,4 (default 2,3,4)")
    c.add_argument(
        "--prior", type=float, default=Settings().prior, help="pseudo-rollouts (the analysis')"
    )
    t = sub.add_parser("table", help="the tables of rows saved by calibration --save")
    t.add_argument("file")
    t.add_argument("--rollouts", type=int, default=Settings().rollouts)
    t.add_argument(
        "--prior", type=float, default=Settings().prior, help="score under this prior instead"
    )
    args = parser.parse_args()
    if args.what == "speed":
        speed(args.workers, args.rollouts, args.seed, args.baseline, args.moves)
    elif args.what == "table":
        report(json.loads(Path(args.file).read_text()), args.rollouts, args.prior)
    else:
        calibration(
            args.game or registry.names(),
            args.games,
            args.rollouts,
            args.workers,
            args.states,
            args.first,
            args.save,
            args.continuations,
            args.window,
            [int(n) for n in args.players.split(",")] if args.players else None,
            args.prior,
        )


if __name__ == "__main__":
    main()
