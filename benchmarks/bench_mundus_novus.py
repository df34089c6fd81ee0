"""Mundus Novus engine speed: random legal games per second and decisions per second.

    python benchmarks/bench_mundus_novus.py [--games 300] [--players 4 2 5] [--bot random heuristic]

Games use `domain.core.play.play` with the synthetic pack (legal-move generation included: the
random bot lists every legal action before choosing). Decisions count `Decision` steps only
(each secret trade offer is one decision); steps add the chance outcomes.
"""

from __future__ import annotations

import argparse
import pickle
import random
import time

from domain.core.play import play, states
from domain.core.protocol import Decision
from domain.mundus_novus.rules import RULES


def bench(players: int, games: int, bot: str) -> None:
    setup = RULES.prepare([f"P{i}" for i in range(players)], {})
    decisions = steps_total = rounds = 0
    start = time.perf_counter()
    for g in range(games):
        bots = [RULES.bot(bot, g * 10 + i) for i in range(players)]
        steps, final = play(RULES, setup, bots, random.Random(g))
        steps_total += len(steps)
        rounds += final.round
        decisions += sum(1 for s in steps if isinstance(s, Decision))
    elapsed = time.perf_counter() - start
    steps, _ = play(RULES, setup, [RULES.bot(bot, i) for i in range(players)], random.Random(7))
    mid = list(states(RULES, setup, steps))[len(steps) // 2]
    print(
        f"{players} players, {bot:9} bots: {games / elapsed:7.1f} games/s"
        f"  {decisions / elapsed:9.0f} decisions/s"
        f"  {steps_total / games:6.1f} steps/game ({decisions / games:.1f} decisions,"
        f" {rounds / games:.1f} rounds)  pickle {len(pickle.dumps(mid))} B/state"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, nargs="*", default=[4, 2, 5])
    parser.add_argument("--bot", nargs="*", default=["random"])
    args = parser.parse_args()
    for bot in args.bot:
        for n in args.players:
            bench(n, args.games, bot)


if __name__ == "__main__":
    main()
