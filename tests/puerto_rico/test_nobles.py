"""Expansion 2 (nobles): supply and ship, the mayor, scoring and the noble buildings (KO)."""

from __future__ import annotations

import random

import pytest

from domain.core.chance import resolve
from domain.core.errors import SetupError
from domain.core.protocol import ChanceStep
from domain.puerto_rico.components import BUILDING_INDEX, CHAPEL, HUNTING_LODGE, ZONING_OFFICE
from domain.puerto_rico.roles.builder import cost
from domain.puerto_rico.rules import RULES
from tests.puerto_rico.builders import act, choose_role, put, shared

NOBLES = {"buildings": "random", "nobles": "true"}


def noble_game(players: int = 4):  # type: ignore[no-untyped-def]

    from tests.puerto_rico.builders import resolve_first

    setup = RULES.prepare([f"P{i}" for i in range(players)], NOBLES)
    s = RULES.initial_state(setup)
    s = RULES.apply(s, ChanceStep(resolve(RULES.chance_spec(s), random.Random(0))))
    return resolve_first(s)


def test_options_need_the_building_pool_and_3_to_5_players() -> None:
    with pytest.raises(SetupError):
        RULES.prepare(["A", "B", "C"], {"nobles": "true"})
    with pytest.raises(SetupError):
        RULES.prepare(["A", "B"], {"nobles": "true", "buildings": "draft"})
    with pytest.raises(SetupError):
        RULES.prepare(["A", "B", "C", "D"], {"vp_chips_5p": "122"})


def test_setup_puts_a_noble_on_the_ship_and_the_jeweler_in_the_supply() -> None:
    s = noble_game(4)
    assert s.col_ship == 4 and s.ship_nobles == 1 and s.noble_supply == 19
    assert s.bsupply[BUILDING_INDEX["jeweler"]] == 2


@pytest.mark.parametrize("players", [3, 4, 5])
def test_nobles_use_every_colonist_in_the_box(players: int) -> None:
    """KO (Expansion 2): "이주민의 소진이 게임 종료 조건이 되지 않으므로, 게임을 시작할 때 이주민과
    귀족의 수를 세지 않습니다" -- all 100 colonists (KO: "이주민 100개") and 20 nobles are used,
    not the 55/75/95 of the base game: the ship holds players - 1 colonists and 1 noble."""
    s = noble_game(players)
    assert s.col_ship == players and s.ship_nobles == 1
    assert s.col_supply + s.col_ship - s.ship_nobles == 100
    assert s.noble_supply + s.ship_nobles == 20


def test_mayor_takes_the_noble_and_the_ship_gets_a_noble_again() -> None:
    s = noble_game(4)
    s = choose_role(s, "mayor")
    assert s.actor == 0 and RULES.legal_actions(s, 0) == ("ship_noble:take", "ship_noble:leave")
    s = act(s, 0, "ship_noble:take")
    assert s.players[0].nobles == 1 and sum(p.nobles for p in s.players) == 1
    assert s.ship_nobles == 1 and s.noble_supply == 18


def test_the_noble_may_be_left_to_the_next_taker() -> None:
    """KO: "시장 과정을 진행하면서 이주민 대신 귀족을 가져갈 수 있습니다. (보통은 시장 역할을
    선택한 사람이 가져갑니다.)": whoever takes from the ship may take the noble, not only the
    mayor; the ship is shared out one by one from the mayor."""
    s = choose_role(noble_game(4), "mayor")
    s = act(s, 0, "ship_noble:leave")
    assert s.actor == 1 and s.ship_offer == 1
    s = act(s, 1, "ship_noble:take")
    assert [p.nobles for p in s.players] == [0, 1, 0, 0]
    assert [p.colonists() for p in s.players] == [
        p.colonists() + 1 + (1 if i == 0 else 0)  # the ship's 4, one each; the privilege
        for i, p in enumerate(noble_game(4).players)
    ]


def test_the_last_one_aboard_goes_to_the_next_taker() -> None:
    """Every taker leaves the noble while a colonist is aboard: the 4th gets it, unasked."""
    s = choose_role(noble_game(4), "mayor")
    s = act(s, 0, "ship_noble:leave")
    s = act(s, 1, "ship_noble:leave")
    s = act(s, 2, "ship_noble:leave")
    assert [p.nobles for p in s.players] == [0, 0, 0, 1] and s.ship_offer == -1


def test_a_ship_larger_than_the_table_asks_the_mayor_again() -> None:
    s = shared(noble_game(3), col_ship=5)  # the noble and 4 colonists, 3 players
    s = choose_role(s, "mayor")
    for seat in (0, 1, 2):
        s = act(s, seat, "ship_noble:leave")
    assert s.actor == 0 and s.ship_offer == 3  # the mayor's second take
    s = act(s, 0, "ship_noble:take")
    assert [p.nobles for p in s.players] == [1, 0, 0]


def test_a_ship_with_only_the_noble_needs_no_decision() -> None:
    s = choose_role(shared(noble_game(4), col_ship=1), "mayor")
    assert s.ship_offer == -1 and [p.nobles for p in s.players] == [1, 0, 0, 0]


def test_no_end_by_colonists_with_nobles() -> None:
    s = shared(noble_game(4), col_supply=0)
    s = act(choose_role(s, "mayor"), 0, "ship_noble:take")
    assert s.ends == () and s.col_ship == 1 and s.ship_nobles == 1


def test_nobles_score_1_and_2_with_the_royal_garden() -> None:
    s = put(noble_game(4), 0, nobles=3, san_juan=3)
    assert RULES.scores(s).seats[0].breakdown["nobles"] == 3
    s = put(s, 0, buildings={"royal_garden": 1}, san_juan=2)
    b = RULES.scores(s).seats[0].breakdown
    assert b["nobles"] == 3 and b["large_buildings"] == 3


def test_chapel_pays_a_doubloon_for_a_colonist_and_a_vp_for_a_noble() -> None:
    s = put(noble_game(4), 1, buildings={"chapel": 1}, doubloons=0)
    t = choose_role(s, "craftsman")
    assert t.players[1].doubloons == 1 and t.players[1].vp == 0
    s = put(s, 1, nobles=1, noble_on=1 << CHAPEL)
    t = choose_role(s, "craftsman")
    assert t.players[1].doubloons == 0 and t.players[1].vp == 1


def test_jeweler_pays_a_doubloon_per_noble() -> None:
    s = put(noble_game(4), 1, buildings={"jeweler": 1}, nobles=2, san_juan=2, doubloons=0)
    s = choose_role(s, "craftsman")
    assert s.players[1].doubloons == 2


def test_villa_brings_a_noble_from_the_supply() -> None:
    s = put(noble_game(4), 2, buildings={"villa": 1})
    supply = s.noble_supply
    s = act(choose_role(s, "mayor"), 0, "ship_noble:take")
    assert s.players[2].nobles == 1 and s.noble_supply == supply - 2  # villa, then the ship


def test_zoning_office_colonist_small_noble_large_never_the_reverse() -> None:
    s = put(noble_game(4), 0, buildings={"zoning_office": 1})
    p = s.players[0]
    small, large = BUILDING_INDEX["office"], BUILDING_INDEX["city_hall"]
    assert (cost(p, small, False), cost(p, large, False)) == (4, 10)
    p = put(s, 0, nobles=1, noble_on=1 << ZONING_OFFICE).players[0]
    assert (cost(p, small, False), cost(p, large, False)) == (5, 8)


def test_mayor_asks_noble_or_colonist_for_a_special_building_when_both_are_possible() -> None:
    s = put(noble_game(4), 1, buildings={"chapel": 0}, tiles={"corn": 1}, nobles=1, san_juan=1)
    s = shared(s, col_ship=4, ship_nobles=0)
    s = choose_role(s, "mayor")  # seat 1 now has 1 noble + 1 colonist for chapel and corn
    assert s.actor == 1
    assert list(RULES.legal_actions(s, 1)) == ["noble:chapel", "colonist:chapel"]
    s = act(s, 1, "noble:chapel")
    assert s.players[1].noble_on == 1 << CHAPEL


def test_royal_supplier_returns_different_kinds_up_to_the_nobles_for_1_vp_each() -> None:
    s = put(
        noble_game(4),
        1,
        buildings={"royal_supplier": 1},
        nobles=2,
        san_juan=2,
        goods={"corn": 2, "coffee": 1},
    )
    s = choose_role(s, "captain")
    assert s.actor == 1
    assert list(RULES.legal_actions(s, 1)) == ["supplier:corn", "supplier:coffee", "supplier:done"]
    s = act(s, 1, "supplier:corn")
    assert list(RULES.legal_actions(s, 1)) == ["supplier:coffee", "supplier:done"]
    s = act(s, 1, "supplier:coffee")  # two nobles: two barrels, then shipping starts
    assert s.players[1].vp >= 2 and s.players[1].goods[4] == 0 and s.pending == -1


def test_hunting_lodge_colonist_returns_a_plantation_noble_scores_2_for_most_empty() -> None:
    s = put(
        noble_game(4),
        1,
        buildings={"hunting_lodge": 1},
        tiles={"corn": 1, "sugar": 1},
        manned={"sugar": 1},
    )
    s = choose_role(s, "settler")
    while s.acted < s.nplayers:
        s = act(s, s.actor, "pass")
    assert s.actor == 1 and "lodge:sugar" in RULES.legal_actions(s, 1)
    s = act(s, 1, "lodge:sugar")
    p = s.players[1]
    assert p.tiles[2] == 0 and p.san_juan == 1 and 2 in s.discards
    n = put(
        noble_game(4),
        1,
        buildings={"hunting_lodge": 1},
        nobles=1,
        noble_on=1 << HUNTING_LODGE,
        tiles={},
    )
    n = choose_role(n, "settler")
    while n.role == 0 and n.acted < n.nplayers:
        n = act(n, n.actor, "pass")
    assert n.players[1].vp == 2


def test_land_office_colonist_buys_a_face_down_plantation_for_1() -> None:
    s = put(noble_game(4), 1, buildings={"land_office": 1}, doubloons=2)
    s = choose_role(s, "trader")
    assert "land:buy" in RULES.legal_actions(s, 1)
    s = act(s, 1, "land:buy")
    assert RULES.to_move(s) == (-1,)
    s = RULES.apply(s, ChanceStep(("coffee",)))
    p = s.players[1]
    assert p.doubloons == 1 and p.tiles[4] == 1 and s.role == -1


def test_land_office_noble_sells_a_plantation_for_1_colonist_to_san_juan() -> None:
    s = put(
        noble_game(4),
        1,
        buildings={"land_office": 1},
        nobles=1,
        noble_on=1 << BUILDING_INDEX["land_office"],
        tiles={"sugar": 1},
        manned={"sugar": 1},
        doubloons=0,
    )
    s = choose_role(s, "trader")
    assert list(RULES.legal_actions(s, 1)) == ["land:sell:sugar", "pass"]
    s = act(s, 1, "land:sell:sugar")
    p = s.players[1]
    assert p.doubloons == 1 and p.tiles[2] == 0 and p.san_juan == 1 and 2 in s.discards


def test_jeweler_counts_as_a_large_production_building_for_the_guild_hall() -> None:
    from domain.puerto_rico.scoring import guild_hall_bonus

    s = put(noble_game(4), 0, buildings={"jeweler": 0, "small_sugar_mill": 0, "guild_hall": 1})
    assert guild_hall_bonus(s.players[0]) == 2 + 1


def _for_sale(s) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {b["building"]: b["count"] for b in RULES.view(s)["buildings_supply"]}


def test_the_view_lists_the_jeweler_only_in_a_game_with_nobles() -> None:
    """`novus show` and the board of a base game listed the Jeweler (count 0, nobles only): a
    building not in the game; a sold-out production building of the game stays listed."""
    base = RULES.initial_state(RULES.prepare(["A", "B", "C"], {}))
    sold_out = list(base.bsupply)
    sold_out[BUILDING_INDEX["coffee_roaster"]] = 0
    base.bsupply = tuple(sold_out)
    listed = _for_sale(base)
    assert "jeweler" not in listed
    assert listed["coffee_roaster"] == 0
    assert _for_sale(noble_game(4))["jeweler"] == 2
