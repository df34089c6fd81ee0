"""The heuristic bot's decisions in constructed positions."""

from __future__ import annotations

from domain.core.protocol import Decision
from domain.puerto_rico.components import BUILDING_INDEX, INDIGO, QUARRY
from domain.puerto_rico.heuristic import HeuristicBot, plan_colonists
from domain.puerto_rico.roles import craftsman
from domain.puerto_rico.rules import RULES
from domain.puerto_rico.state import State
from tests.puerto_rico.builders import choose_role, put, start


def placed_by_bot(state: State, seat: int, seed: int) -> State:
    """`seat`'s whole mayor placement, chosen by the heuristic bot."""
    bot = HeuristicBot(RULES, seed)
    while RULES.to_move(state) == (seat,):
        state = RULES.apply(state, Decision(seat, bot.choose(state, seat)))
    return state


def test_mayor_mans_a_plantation_with_the_building_it_feeds() -> None:
    # placements go tiles first: a colonist put on the indigo plant first could never go back
    # to the indigo plantation, and the pair would make nothing (the old bot did that; only the
    # seats that start on corn then produced)
    s = put(start(3), 0, buildings={"small_market": 0, "small_indigo_plant": 0})
    s = choose_role(s, "mayor")
    assert RULES.to_move(s) == (0,) and s.hand == 2
    for seed in range(20):
        p = placed_by_bot(s, 0, seed).players[0]
        assert p.manned[INDIGO] == 1
        assert p.workers[p.buildings.index(BUILDING_INDEX["small_indigo_plant"])] == 1
        assert craftsman.capacity(p)[INDIGO] == 1


def test_plan_shares_the_hand_for_the_most_production() -> None:
    # four colonists: both indigo plantations and two circles of the plant (two barrels) are
    # worth more than the quarry with one pair
    s = put(
        start(3),
        0,
        tiles={"indigo": 2, "quarry": 1},
        buildings={"large_indigo_plant": 0},
        san_juan=2,
    )
    s = choose_role(s, "mayor")
    assert s.hand == 4
    plan = plan_colonists(s, s.players[0])
    assert plan[INDIGO] == 2 and plan[6 + BUILDING_INDEX["large_indigo_plant"]] == 2
    assert sum(plan) == 4 and plan[QUARRY] == 0
