"""`apply_trusted` (projection replays of stored steps) gives the states `apply` gives."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from domain.core.errors import ChanceExpected, GameOver, SetupError
from domain.core.play import play
from domain.core.protocol import Decision
from domain.puerto_rico.roles.mayor import capacities, room_from
from domain.puerto_rico.rules import RULES


@settings(max_examples=16, deadline=None)
@given(
    players=st.integers(2, 5),
    buildings=st.sampled_from(["base", "draft", "random", "new"]),
    nobles=st.booleans(),
    names=st.sampled_from(["standard", "2p"]),
    discards=st.sampled_from(["bottom", "reshuffle"]),
    bot=st.sampled_from(["random", "heuristic"]),
    seed=st.integers(0, 10_000),
)
def test_trusted_replay_equals_checked_replay(
    players: int, buildings: str, nobles: bool, names: str, discards: str, bot: str, seed: int
) -> None:
    options = {
        "buildings": buildings,
        "nobles": "true" if nobles and buildings != "base" else "false",
        "names": names,
        "discards": discards,
    }
    try:
        setup = RULES.prepare([f"P{i}" for i in range(players)], options)
    except SetupError:
        assume(False)  # an option not offered for this player count
        raise
    bots = [RULES.bot(bot, seed * 10 + i) for i in range(players)]
    steps, final = play(RULES, setup, bots, random.Random(seed))
    checked = trusted = RULES.initial_state(setup)
    for step in steps:
        before = trusted.clone()
        checked = RULES.apply(checked, step)
        trusted = RULES.apply_trusted(trusted, step)
        assert trusted == checked
        assert trusted.players == checked.players
        assert before == trusted or before is not trusted  # the input is never mutated
    assert trusted == final


def test_trusted_apply_still_refuses_what_cannot_be_replayed() -> None:
    setup = RULES.prepare(["A", "B", "C"], {})
    _, final = play(RULES, setup, [RULES.bot("random", i) for i in range(3)], random.Random(1))
    with pytest.raises(GameOver):
        RULES.apply_trusted(final, Decision(0, "pass"))
    state = RULES.initial_state(setup)
    with pytest.raises(ChanceExpected):  # the face-up plantations are drawn first
        RULES.apply_trusted(state, Decision(0, "role:settler"))


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 5), nobles=st.booleans(), seed=st.integers(0, 10_000))
def test_room_from_counts_the_free_circles_capacities_lists(
    players: int, nobles: bool, seed: int
) -> None:
    """The mayor's placement shortcut counts exactly the circles `capacities` lists."""
    options = {"buildings": "random", "nobles": "true" if nobles and players > 2 else "false"}
    setup = RULES.prepare([f"P{i}" for i in range(players)], options)
    bots = [RULES.bot("heuristic", seed * 10 + i) for i in range(players)]
    steps, _ = play(RULES, setup, bots, random.Random(seed))
    state = RULES.initial_state(setup)
    for step in steps:
        state = RULES.apply_trusted(state, step)
        for p in state.players:
            caps = capacities(p)
            assert [room_from(p, f) for f in range(len(caps) + 1)] == [
                sum(caps[f:]) for f in range(len(caps) + 1)
            ]
