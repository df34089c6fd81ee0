"""Century: New World engine speed: random legal games per second and decisions per second.

    python benchmarks/bench_century_new_world.py [--games 100] [--players 4 2] [--board D1]

Games are played with `domain.core.play.play` and the core uniform `RandomBot` (legal-move
generation included), synthetic pack. Memory per state: the pickle size of a mid-game state
(the component tables are shared by every state of a game and counted once per pickle).
"""

from __future__ import annotations

import argparse
import pickle
import random
import time

from domain.century_new_world.rules import RULES
from domain.core.bots import RandomBot
from domain.core.play import play, states
from domain.core.protocol import Decision


def bench(players: int, games: int, board: str) -> None:
    setup = RULES.prepare([f"P{i}" for i in range(players)], {"board": board})
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
    print(
        f"{players} players, board {board}: {games / elapsed:7.2f} games/s"
        f"  {decisions / elapsed:9.0f} decisions/s"
        f"  {steps_total / games:8.1f} steps/game ({decisions / games:.1f} decisions)"
        f"  pickle {len(pickle.dumps(mid))} B/state"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="*", default=[4, 2])
    parser.add_argument("--board", default="D1")
    args = parser.parse_args()
    for n in args.players:
        bench(n, args.games, args.board)


if __name__ == "__main__":
    main()
