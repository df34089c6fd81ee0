"""The engine's shortcuts give what the plain computations give: the remembered sentences of
`describe` are the ones made afresh, the mayor's placements are those the free circles allow."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.core.errors import SetupError
from domain.core.phrase import english, sentences
from domain.core.play import play
from domain.core.protocol import Decision
from domain.puerto_rico import describe as D
from domain.puerto_rico.actions import COLONIST_ACTIONS
from domain.puerto_rico.components import MAYOR
from domain.puerto_rico.roles import mayor
from domain.puerto_rico.rules import RULES
from domain.puerto_rico.state import State

OPTIONS = st.fixed_dictionaries(
    {
        "buildings": st.sampled_from(["base", "draft", "random", "new", "all"]),
        "nobles": st.sampled_from(["true", "false"]),
        "names": st.sampled_from(["standard", "2p"]),
    }
)


def placements(s: State, seat: int) -> tuple[str, ...]:
    """Every target from the cursor on with a free circle whose free circles from it on can
    take the whole hand: the rule `mayor.legal` applies, over the full list of targets."""
    caps = mayor.capacities(s.players[seat])
    return tuple(
        COLONIST_ACTIONS[t]
        for t in range(s.cursor, len(caps))
        if caps[t] and sum(caps[t:]) >= s.hand
    )


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 5),
    options=OPTIONS,
    bot=st.sampled_from(["random", "heuristic"]),
    seed=st.integers(0, 10_000),
)
def test_shortcuts_give_the_plain_results(
    players: int, options: dict[str, str], bot: str, seed: int
) -> None:
    if options["buildings"] == "base":
        options = {**options, "nobles": "false"}
    try:
        setup = RULES.prepare([f"P{i}" for i in range(players)], options)
    except SetupError:
        return
    bots = [RULES.bot(bot, seed + i) for i in range(players)]
    steps, _ = play(RULES, setup, bots, random.Random(seed))
    state = RULES.initial_state(setup)
    for step in steps:
        fresh = str(D._sentence(state, step, english))
        assert D.describe(state, step) == fresh
        assert D.describe(state, step) == fresh  # the second time from what was remembered
        if (
            isinstance(step, Decision)
            and state.role == MAYOR
            and state.ship_offer < 0
            and state.pending < 0
            and step.action.startswith("colonist:")
        ):
            assert RULES.legal_actions(state, step.seat) == placements(state, step.seat)
        state = RULES.apply(state, step)


def test_remembered_sentences_are_bounded() -> None:
    """What `describe` remembers is started afresh when full: never more than its bound, and
    the sentences stay those made afresh."""
    describe, _ = sentences(D._sentence, D.remembered, size=5)
    said = next(
        c.cell_contents for c in describe.__closure__ or () if type(c.cell_contents) is dict
    )
    setup = RULES.prepare(["A", "B", "C"], {})
    steps, _ = play(RULES, setup, [RULES.bot("random", i) for i in range(3)], random.Random(3))
    state = RULES.initial_state(setup)
    for step in steps[:200]:
        assert describe(state, step) == str(D._sentence(state, step, english))
        assert len(said) <= 5
        state = RULES.apply(state, step)
    assert said
