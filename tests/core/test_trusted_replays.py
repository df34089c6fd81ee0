"""`apply_trusted` (projection replays of stored steps) gives the states `apply` gives, for the
Santa Maria, Century: New World and Mundus Novus engines (Puerto Rico: tests/puerto_rico).

Random legal games over option sets of each engine, both bots; at every step the trusted state
equals the checked one and the input state is left as it was."""

from __future__ import annotations

import pickle
import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from domain.core import registry
from domain.core.errors import SetupError
from domain.core.play import play

GAMES: dict[str, tuple[tuple[int, int], list[dict[str, str]]]] = {
    "santa-maria": (
        (1, 4),
        [
            {},
            {"side": "B", "blue_dice": "shared"},
            {"setup": "advanced", "expansion": "true"},
            {"modules": "A,B,C"},
            {"modules": "A,B,C,D"},
        ],
    ),
    "century-new-world": ((2, 4), [{}]),
    "mundus-novus": ((2, 4), [{}]),
}


@settings(max_examples=18, deadline=None)
@given(
    game=st.sampled_from(sorted(GAMES)),
    players=st.integers(1, 4),
    variant=st.integers(0, 4),
    bot=st.sampled_from(["random", "heuristic"]),
    seed=st.integers(0, 10_000),
)
def test_trusted_replay_equals_checked_replay(
    game: str, players: int, variant: int, bot: str, seed: int
) -> None:
    rules = registry.get(game)
    (low, high), variants = GAMES[game]
    assume(low <= players <= high)
    options = variants[variant % len(variants)]
    try:
        setup = rules.prepare([f"P{i}" for i in range(players)], options)
    except SetupError:
        assume(False)  # an option set not offered for this player count
        raise
    bots = [rules.bot(bot, seed * 10 + i) for i in range(players)]
    steps, final = play(rules, setup, bots, random.Random(seed))
    checked = trusted = rules.initial_state(setup)
    for step in steps:
        # a pickled snapshot: the same equal copy as deepcopy, made in C, at a fraction of the cost
        previous, snapshot = trusted, pickle.dumps(trusted, pickle.HIGHEST_PROTOCOL)
        checked = rules.apply(checked, step)
        trusted = rules.apply_trusted(previous, step)
        assert trusted == checked
        assert previous == pickle.loads(snapshot)  # the input state is never changed
    assert trusted == final


def test_every_engine_offers_a_trusted_apply() -> None:
    for name in ("puerto-rico", *GAMES):
        assert callable(getattr(registry.get(name), "apply_trusted", None)), name
