"""Move sentences per step in each display language, against the same steps' `describe`.

    python benchmarks/bench_i18n.py [--games 10] [--players 4]

For each game: random games are played, then every step's sentence is made (best of 5 passes,
garbage collector off) as the projection makes it (`rules.describe`, English text straight from
the compiled templates), as a `Phrase` (`rules.phrase`, the message id and fields), and rendered
in Korean (`application.i18n.describe` with `--lang ko`: catalog look-ups, particles). Printed:
microseconds per step and the ratios to `describe` measured in this process.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from application import i18n
from domain.core import registry
from domain.core.play import play


def best(run: Callable[[], None], passes: int = 5) -> float:
    times = []
    for _ in range(passes):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def _each(make: Callable[[Any, Any], Any], pairs: list[tuple[Any, Any]]) -> None:
    for state, step in pairs:
        make(state, step)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    for name in registry.names():
        rules = registry.get(name)
        pairs: list[tuple[Any, Any]] = []
        for seed in range(args.games):
            setup = rules.prepare([f"P{i}" for i in range(args.players)], {})
            bots = [rules.bot("random", seed * 10 + i) for i in range(args.players)]
            steps, _ = play(rules, setup, bots, random.Random(seed))
            state = rules.initial_state(setup)
            for step in steps:
                pairs.append((state, step))
                state = rules.apply(state, step)
        gc.disable()
        english = best(partial(_each, rules.describe, pairs))
        phrases = best(partial(_each, rules.phrase, pairs))
        i18n.set_language("ko")
        i18n.describe(rules, *pairs[0])  # the catalog is read once, before timing
        korean = best(partial(_each, partial(i18n.describe, rules), pairs))
        i18n.set_language(None)
        gc.enable()
        n = len(pairs)
        print(
            f"{name:18} {n:6} steps  describe {english / n * 1e6:5.2f} us  "
            f"phrase {phrases / n * 1e6:5.2f} us ({phrases / english:.1f}x)  "
            f"Korean {korean / n * 1e6:5.2f} us ({korean / english:.1f}x)"
        )


if __name__ == "__main__":
    main()
