"""Santa Maria engine speed: random legal games per second and decisions per second.

    python benchmarks/bench_santa_maria.py [--games 300] [--players 4 2] [--variants base shared]

Variants: base (side A), B (side B), advanced (town halls), shared (shared blue dice); expansion
(general changes), A / B / C / ABC (modules), maya (module D: seat 0 is the Maya city), all
(A,B,C,D); Bx = module B alone. `--players 5` plays 4 colonists + the Maya with module C
whatever the variant. Games are
played with `domain.core.play.play` and the core `RandomBot` (legal-move generation included),
synthetic component pack. Also: the heuristic bot's games/s, and the pickle size of a mid-game
state. Decisions per CPU second (process time) are shown too: on a shared machine the wall-clock
figure depends on the other load.
"""

from __future__ import annotations

import argparse
import pickle
import random
import time

from domain.core.bots import RandomBot
from domain.core.play import play, states
from domain.core.protocol import Decision
from domain.santa_maria.rules import RULES

VARIANTS = {
    "base": {},
    "B": {"side": "B"},
    "advanced": {"setup": "advanced"},
    "shared": {"blue_dice": "shared"},
    "expansion": {"expansion": "true"},
    "A": {"modules": "A"},
    "Bx": {"modules": "B"},
    "C": {"modules": "C"},
    "ABC": {"modules": "A,B,C"},
    "maya": {"modules": "D"},
    "all": {"modules": "A,B,C,D"},
}


def bench(players: int, games: int, variant: str, kind: str) -> None:
    options = VARIANTS[variant]
    if players == 5:
        options = {**options, "modules": "A,B,C,D" if variant == "all" else "C,D"}
    setup = RULES.prepare([f"P{i}" for i in range(players)], options)
    decisions = steps_total = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for g in range(games):
        if kind == "random":
            bots = [RandomBot(RULES, g * 10 + i) for i in range(players)]
        else:
            bots = [RULES.bot(kind, g * 10 + i) for i in range(players)]
        steps, _ = play(RULES, setup, bots, random.Random(g))
        steps_total += len(steps)
        decisions += sum(1 for s in steps if isinstance(s, Decision))
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    steps, _ = play(RULES, setup, [RandomBot(RULES, i) for i in range(players)], random.Random(7))
    mid = list(states(RULES, setup, steps))[len(steps) // 2]
    print(
        f"{players} players, {variant:8} {kind:9}: {games / elapsed:7.1f} games/s"
        f"  {decisions / elapsed:9.0f} decisions/s ({decisions / cpu:.0f} per CPU second)"
        f"  {steps_total / games:6.1f} steps/game ({decisions / games:.1f} decisions)"
        f"  pickle {len(pickle.dumps(mid))} B/state"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, nargs="*", default=[4, 2])
    parser.add_argument("--variants", nargs="*", default=["base", "shared"])
    parser.add_argument("--bots", nargs="*", default=["random", "heuristic"])
    args = parser.parse_args()
    for variant in args.variants:
        for n in args.players:
            for kind in args.bots:
                bench(n, args.games if kind == "random" else max(1, args.games // 5), variant, kind)


if __name__ == "__main__":
    main()
