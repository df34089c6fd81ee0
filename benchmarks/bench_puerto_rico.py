"""Puerto Rico engine speed: random legal games per second, decisions per second, state size.

    python benchmarks/bench_puerto_rico.py [--games 300] [--players 4 2] [--buildings base random]

``--buildings`` takes option values (base, draft, random, new), with ``+nobles`` for Expansion 2
(3-5 players), e.g. ``--players 4 --buildings base random+nobles``.

Games are played with `domain.core.play.play` and the core `RandomBot` (legal-move generation
included). Memory per state: the pickle size of a mid-game state, and the bytes tracemalloc sees
allocated per new state while replaying a game (states share unchanged players and tuples).
"""

from __future__ import annotations

import argparse
import pickle
import random
import time
import tracemalloc

from domain.core.bots import RandomBot
from domain.core.errors import SetupError
from domain.core.play import play, states
from domain.core.protocol import Decision
from domain.puerto_rico.rules import RULES


def bench(players: int, games: int, buildings: str) -> None:
    options = {"buildings": buildings.removesuffix("+nobles")}
    if buildings.endswith("+nobles"):
        options["nobles"] = "true"
    try:
        setup = RULES.prepare([f"P{i}" for i in range(players)], options)
    except SetupError as error:
        print(f"{players} players, {buildings:13} buildings: skipped ({error})")
        return
    decisions = steps_total = 0
    start = time.perf_counter()
    for g in range(games):
        bots = [RandomBot(RULES, g * 10 + i) for i in range(players)]
        steps, _ = play(RULES, setup, bots, random.Random(g))
        steps_total += len(steps)
        decisions += sum(1 for s in steps if isinstance(s, Decision))
    elapsed = time.perf_counter() - start
    steps, _ = play(RULES, setup, [RandomBot(RULES, i) for i in range(players)], random.Random(7))
    mid = list(states(RULES, setup, steps))[len(steps) // 2]
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = list(states(RULES, setup, steps))
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    print(
        f"{players} players, {buildings:13} buildings: {games / elapsed:7.1f} games/s"
        f"  {decisions / elapsed:9.0f} decisions/s"
        f"  {steps_total / games:6.1f} steps/game ({decisions / games:.1f} decisions)"
        f"  pickle {len(pickle.dumps(mid))} B/state"
        f"  tracemalloc {(after - before) / len(kept):.0f} B/new state"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, nargs="*", default=[4, 2])
    parser.add_argument("--buildings", nargs="*", default=["base", "random"])
    args = parser.parse_args()
    for buildings in args.buildings:
        for n in args.players:
            bench(n, args.games, buildings)


if __name__ == "__main__":
    main()
