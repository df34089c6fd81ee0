"""Heuristic bot against its previous version: the new bot's win rate over seat-balanced games.

    nice -n 5 python benchmarks/bench_bots.py santa-maria [--baseline main] [--deals 300]
        [--players 2] [--option expansion=true ...] [--seed 0] [--seats [BOT]]

The previous bot is the heuristic module as it stands at a git revision (`--baseline`, default
`main`), loaded from `git show` beside the working tree's engine; the new bot is the working
tree's. Every deal (one seed: the setup shuffle and every chance outcome) is played once with the
new bot in each seat and the previous bot in the others, so each seat position counts equally and
both sides see the same luck. A tie for first place splits the win. The new bot's share of wins is
reported with its 95% Wilson interval against the fair share (1/players: 50% with two players):
an interval that excludes the fair share is a significant difference at the 5% level.
Games run with `apply_trusted` (the bots only choose legal actions; no step list is kept).

``--seats`` measures instead how often each seat wins when the same bot plays every seat (the
working tree's, or ``--seats baseline``): one game per deal, each seat's win share with its 95%
Wilson interval. A bot that hands one seat the game skews every rollout estimate built on it.
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

from domain.core.chance import resolve
from domain.core.protocol import CHANCE, ChanceStep, Decision

GAMES = {
    "puerto-rico": ("domain.puerto_rico.rules", "domain/puerto_rico/heuristic.py"),
    "century-new-world": ("domain.century_new_world.rules", "domain/century_new_world/bots.py"),
    "santa-maria": ("domain.santa_maria.rules", "domain/santa_maria/bots.py"),
    "mundus-novus": ("domain.mundus_novus.rules", "domain/mundus_novus/heuristic.py"),
}
"""Each game's rules module and the file that holds its `HeuristicBot`."""

Z95 = 1.959963984540054


def wilson(share: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson interval of a win share (ties count as a part of a win)."""
    p = share / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def baseline_bot(path: str, revision: str) -> Any:
    """The `HeuristicBot` class of `path` as it stands at git `revision`."""
    root = Path(__file__).resolve().parent.parent
    source = subprocess.run(
        ["git", "show", f"{revision}:{path}"], cwd=root, capture_output=True, text=True, check=True
    ).stdout
    module = types.ModuleType(f"baseline_{path.replace('/', '_').removesuffix('.py')}")
    module.__file__ = f"{revision}:{path}"
    sys.modules[module.__name__] = module
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    return module.HeuristicBot


def current_bot(path: str) -> Any:
    return importlib.import_module(path.removesuffix(".py").replace("/", ".")).HeuristicBot


def play(rules: Any, setup: Any, bots: list[Any], seed: int) -> tuple[float, ...]:
    """One game's win shares (1 for a sole winner, split on a tie)."""
    rng = random.Random(seed)
    state = rules.initial_state(setup)
    apply, to_move, is_over = rules.apply_trusted, rules.to_move, rules.is_over
    spec = rules.chance_spec
    while not is_over(state):
        seat = to_move(state)[0]
        if seat == CHANCE:
            state = apply(state, ChanceStep(resolve(spec(state), rng)))
        else:
            state = apply(state, Decision(seat, bots[seat].choose(state, seat)))
    winners = rules.scores(state).winners()
    return tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(len(bots)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--baseline", default="main", help="git revision of the previous bot")
    parser.add_argument("--deals", type=int, default=300, help="deals (games = deals x players)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], help="KEY=VALUE setup option")
    parser.add_argument("--seed", type=int, default=0, help="first deal's seed")
    parser.add_argument(
        "--seats",
        nargs="?",
        const="new",
        choices=("new", "baseline"),
        help="win share by seat of one bot in every seat instead",
    )
    args = parser.parse_args()
    rules_module, bot_path = GAMES[args.game]
    rules = importlib.import_module(rules_module).RULES
    old, new = baseline_bot(bot_path, args.baseline), current_bot(bot_path)
    options = dict(o.split("=", 1) for o in args.option)
    setup = rules.prepare([f"P{i}" for i in range(args.players)], options)
    n = args.players
    if args.seats:
        seat_balance(rules, setup, new if args.seats == "new" else old, args)
        return
    share, games, by_seat = 0.0, 0, [0.0] * n
    start = time.perf_counter()
    for deal in range(args.seed, args.seed + args.deals):
        for seat in range(n):
            bots = [
                (new if s == seat else old)(rules, deal * 1000 + s * 10 + seat) for s in range(n)
            ]
            won = play(rules, setup, bots, deal)[seat]
            share += won
            by_seat[seat] += won
            games += 1
        if (deal - args.seed + 1) % 50 == 0:
            print(f"  {games} games: {share / games:.3f}", file=sys.stderr, flush=True)
    low, high = wilson(share, games)
    fair = 1 / n
    verdict = "better" if low > fair else "worse" if high < fair else "not significantly different"
    print(
        f"{args.game} {n}p {options or ''} new bot (working tree) vs {args.baseline}: "
        f"{games} games ({args.deals} deals x {n} seats), win share {share / games:.3f} "
        f"[95% {low:.3f}-{high:.3f}] against fair {fair:.3f}: {verdict}; "
        f"by seat {' '.join(f'{w / args.deals:.3f}' for w in by_seat)}; "
        f"{time.perf_counter() - start:.0f} s"
    )


def seat_balance(rules: Any, setup: Any, bot: Any, args: argparse.Namespace) -> None:
    """Each seat's win share when `bot` plays every seat, one game per deal."""
    n = args.players
    by_seat = [0.0] * n
    start = time.perf_counter()
    for deal in range(args.seed, args.seed + args.deals):
        won = play(rules, setup, [bot(rules, deal * 1000 + s) for s in range(n)], deal)
        by_seat = [a + b for a, b in zip(by_seat, won, strict=True)]
    shown = " ".join(
        f"{w / args.deals:.3f} [{wilson(w, args.deals)[0]:.3f}-{wilson(w, args.deals)[1]:.3f}]"
        for w in by_seat
    )
    which = "working tree" if args.seats == "new" else args.baseline
    print(
        f"{args.game} {n}p bot of {which}, {args.deals} games: win share by seat {shown}; "
        f"{time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
