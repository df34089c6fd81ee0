"""The Mundus Novus board draws a mid-game view: for a seat other hands stay face down, the
observer sees every card, the synthetic label shows."""

from __future__ import annotations

import random

from dashboard import boards
from dashboard.boards import mundus_novus
from domain.core.chance import resolve
from domain.core.protocol import CHANCE, ChanceStep, Decision
from domain.mundus_novus.rules import RULES
from domain.mundus_novus.state import OFFER, State


def mid_game_offers() -> State:
    """A 3-player game stopped in round 2 with one secret offer made."""
    setup = RULES.prepare(["Ana", "Ben", "Cleo"], {})
    state = RULES.initial_state(setup)
    bots = [RULES.bot("heuristic", i) for i in range(3)]
    rng = random.Random(5)
    while not (state.round == 2 and state.phase == OFFER and state.seats[1].offer is not None):
        seats = RULES.to_move(state)
        if seats[0] == CHANCE:
            state = RULES.apply(state, ChanceStep(resolve(RULES.chance_spec(state), rng)))
        else:
            seat = 1 if state.phase == OFFER and 1 in seats else seats[0]
            state = RULES.apply(state, Decision(seat, bots[seat].choose(state, seat)))
    return state


def test_board_for_a_seat_hides_other_hands_and_offers() -> None:
    state = mid_game_offers()
    assert boards.renderer("mundus-novus") is mundus_novus.render
    html = mundus_novus.render(RULES.view(state, 0), RULES)
    assert "Ana" in html and "Cleo" in html and "Round 2" in html
    assert boards.SYNTHETIC_LABEL in html
    assert "face down" in html  # Ben's offer
    assert html.count("hidden</span>") >= 2  # Ben's and Cleo's hands
    assert "development queue" in html and "seat view" in html


def test_board_for_the_observer_shows_every_hand() -> None:
    state = mid_game_offers()
    html = mundus_novus.render(RULES.view(state), RULES)
    assert "observer" in html and "hidden</span>" not in html and "face down" not in html
    for seat in state.seats:
        assert f"{seat.doubloons} doubloons" in html
