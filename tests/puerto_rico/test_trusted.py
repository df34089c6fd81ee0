"""`apply_trusted` (projection replays of stored steps) gives the states `apply` gives."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from domain.core.errors import ChanceExpected, GameOver, SetupError
from domain.core.play import play
from domain.core.protocol import Decision
from domain.puerto_rico.roles import builder, captain, mayor
from domain.puerto_rico.roles.mayor import NTILES, capacities, room_from, room_more_than
from domain.puerto_rico.rules import RULES


@settings(max_examples=16, deadline=None)
@given(
    players=st.integers(2, 5),
    buildings=st.sampled_from(["base", "draft", "random", "new", "all"]),
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
            for f in (0, 2, NTILES, NTILES + 7):
                for hand in range(4):
                    assert room_more_than(p, f, hand) == (sum(caps[f:]) > hand)


@settings(max_examples=8, deadline=None)
@given(
    players=st.integers(2, 5),
    buildings=st.sampled_from(["base", "random", "new"]),
    nobles=st.booleans(),
    bot=st.sampled_from(["random", "heuristic"]),
    seed=st.integers(0, 10_000),
)
def test_phase_shortcuts_answer_what_the_full_lists_answer(
    players: int, buildings: str, nobles: bool, bot: str, seed: int
) -> None:
    """`builder.can_act` and `captain.can_ship` (which seat is next) stop at the first option;
    they must say whether the whole option lists are empty, for every seat in every state; the
    mayor's forced fill must leave no free circle from the cursor on, and touch none before."""
    options = {
        "buildings": buildings,
        "nobles": "true" if nobles and buildings != "base" and players > 2 else "false",
    }
    try:
        setup = RULES.prepare([f"P{i}" for i in range(players)], options)
    except SetupError:
        assume(False)
        raise
    bots = [RULES.bot(bot, seed * 10 + i) for i in range(players)]
    steps, _ = play(RULES, setup, bots, random.Random(seed))
    state = RULES.initial_state(setup)
    for step in steps:
        state = RULES.apply_trusted(state, step)
        for seat in range(players):
            assert builder.can_act(state, seat) == bool(builder.legal(state, seat))
            assert captain.can_ship(state, seat) == bool(captain.ship_options(state, seat)[0])
        for p in state.players:
            for first in (0, 3, NTILES, NTILES + 10):
                filled = p.clone()
                mayor._fill_from(filled, first)
                before, after = capacities(p), capacities(filled)
                assert after[first:] == [0] * len(after[first:])
                assert after[:first] == before[:first]
