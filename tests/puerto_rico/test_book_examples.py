"""Every worked example of the two Korean Puerto Rico books, with the books' numbers."""

from __future__ import annotations

from domain.core.protocol import Decision
from domain.puerto_rico.components import BUILDING_INDEX, CORN, SUGAR, TOBACCO
from domain.puerto_rico.roles.builder import cost
from domain.puerto_rico.rules import RULES
from domain.puerto_rico.scoring import (
    city_hall_bonus,
    customs_house_bonus,
    fortress_bonus,
    guild_hall_bonus,
    residence_bonus,
)
from tests.puerto_rico.builders import act, choose_role, put, shared, start


def test_three_manned_quarries_discount_1_3_5_7() -> None:
    """KO: construction hut 1, office 3, harbor 5, city hall 7 with 3 manned quarries."""
    s = put(start(4), 1, tiles={"quarry": 3}, manned={"quarry": 3}, doubloons=20)
    p = s.players[1]
    paid = {
        b: cost(p, BUILDING_INDEX[b], builder=False)
        for b in ("construction_hut", "office", "harbor", "city_hall")
    }
    assert paid == {"construction_hut": 1, "office": 3, "harbor": 5, "city_hall": 7}
    s = choose_role(s, "builder")  # seat 0 builds first; seat 1 pays full price
    s = act(s, 0, "pass")
    after = act(s, 1, "build:city_hall")
    assert after.players[1].doubloons == 13


def test_factory_with_short_supply_pays_for_two_kinds() -> None:
    """KO: 3 corn, 3 sugar, 1 tobacco, supply corn 0 / sugar 2 / tobacco 3 -> 2 sugar,
    1 tobacco, and 1 doubloon from the factory."""
    s = start(4)
    s = put(
        s,
        1,
        tiles={"corn": 3, "sugar": 3, "tobacco": 1},
        manned={"corn": 3, "sugar": 3, "tobacco": 1},
        buildings={"large_sugar_mill": 3, "tobacco_storage": 1, "factory": 1},
        doubloons=0,
    )
    s = shared(s, goods_supply=(0, 11, 2, 3, 9))
    s = choose_role(s, "craftsman")
    p = s.players[1]
    assert p.goods[CORN] == 0 and p.goods[SUGAR] == 2 and p.goods[TOBACCO] == 1
    assert p.doubloons == 1


def test_harbor_sequence_3_plus_1_then_2_plus_1_then_wharf_2_plus_1() -> None:
    """KO: 5 tobacco with 3 free on the tobacco ship -> 3+1; 2 sugar -> 2+1; wharf 2 -> 2+1."""
    s = start(4)  # ships 5, 6, 7
    s = put(
        s,
        1,
        goods={"tobacco": 5, "sugar": 2},
        buildings={"harbor": 1, "wharf": 1},
    )
    s = shared(s, ship_good=(TOBACCO, SUGAR, -1), ship_load=(2, 1, 0))
    s = choose_role(s, "captain")  # seat 0 has no goods: skipped
    assert s.actor == 1
    s = act(s, 1, "ship:tobacco:5")
    assert s.players[1].vp == 4
    assert s.actor == 1  # nobody else can ship
    s = act(s, 1, "ship:sugar:6")
    assert s.players[1].vp == 7
    s = act(s, 1, "ship:tobacco:wharf")
    assert s.players[1].vp == 10  # 3 harbor VP in all


def test_guild_hall_6() -> None:
    """KO: small sugar, large sugar, small indigo, coffee roaster -> 6."""
    s = put(
        start(4),
        0,
        buildings={
            "small_sugar_mill": 0,
            "large_sugar_mill": 0,
            "small_indigo_plant": 0,
            "coffee_roaster": 0,
            "guild_hall": 1,
        },
    )
    assert guild_hall_bonus(s.players[0]) == 6
    assert RULES.scores(s).seats[0].breakdown["large_buildings"] == 6


def test_residence_10_spaces_5() -> None:
    s = put(start(4), 0, tiles={"corn": 4, "sugar": 3, "quarry": 3}, buildings={"residence": 1})
    assert residence_bonus(s.players[0]) == 5
    assert [residence_bonus(put(s, 0, tiles={"corn": k}).players[0]) for k in (1, 9, 11, 12)] == [
        4,
        4,
        6,
        7,
    ]


def test_fortress_20_colonists_6() -> None:
    s = put(
        start(4),
        0,
        tiles={"corn": 6},
        manned={"corn": 6},
        buildings={"fortress": 1, "large_sugar_mill": 3},
        san_juan=10,
    )
    assert s.players[0].colonists() == 20
    assert fortress_bonus(s.players[0]) == 6


def test_customs_house_23_chips_5() -> None:
    s = put(start(4), 0, vp=23, buildings={"customs_house": 1})
    assert customs_house_bonus(s.players[0]) == 5
    assert RULES.scores(s).seats[0].breakdown == {
        "shipping": 23,
        "buildings": 4,
        "large_buildings": 5,
    }


def test_city_hall_7() -> None:
    s = put(
        start(4),
        0,
        buildings={
            "hacienda": 0,
            "construction_hut": 0,
            "office": 0,
            "large_warehouse": 0,
            "harbor": 0,
            "residence": 0,
            "city_hall": 1,
        },
    )
    assert city_hall_bonus(s.players[0]) == 7


def test_large_building_bonus_needs_a_colonist_but_printed_vp_does_not() -> None:
    s = put(start(4), 0, buildings={"city_hall": 0, "residence": 0})
    breakdown = RULES.scores(s).seats[0].breakdown
    assert breakdown == {"shipping": 0, "buildings": 8, "large_buildings": 0}


def test_two_player_production_example() -> None:
    """KO2P: manned corn, 2 manned tobacco, tobacco storage with 1 of 3 -> 1 corn, 1 tobacco,
    then the craftsman chooses corn or tobacco as his extra barrel."""
    s = start(2)
    s = put(
        s,
        0,
        tiles={"corn": 1, "tobacco": 2},
        manned={"corn": 1, "tobacco": 2},
        buildings={"tobacco_storage": 1},
    )
    s = choose_role(s, "craftsman")
    assert s.players[0].goods == (1, 0, 0, 1, 0)
    assert s.actor == 0
    assert list(RULES.legal_actions(s, 0)) == ["extra:corn", "extra:tobacco"]
    s = act(s, 0, "extra:tobacco")
    assert s.players[0].goods == (1, 0, 0, 2, 0)


def test_prospector_card_with_2_doubloons_gives_3() -> None:
    s = shared(start(4), role_doubloons=(0, 0, 0, 0, 0, 0, 2, 0))
    before = s.players[0].doubloons
    s = choose_role(s, "prospector")
    assert s.players[0].doubloons == before + 3


def test_six_tobacco_go_on_the_empty_7_ship_not_the_empty_5_ship() -> None:
    s = put(start(4), 0, goods={"tobacco": 6})
    s = shared(s, ship_good=(-1, CORN, -1), ship_load=(0, 1, 0))
    s = choose_role(s, "captain")
    assert list(RULES.legal_actions(s, 0)) == ["ship:tobacco:7"]
    s = act(s, 0, "ship:tobacco:7")
    assert s.players[0].vp == 7  # 6 + captain's privilege


def test_small_market_pays_for_corn() -> None:
    """KO: corn sells for 0, but a manned Small Market adds 1."""
    s = put(start(4), 1, goods={"corn": 1}, buildings={"small_market": 1}, doubloons=0)
    s = choose_role(s, "trader")
    s = act(s, 1, "sell:corn")
    assert s.players[1].doubloons == 1


def test_small_and_large_market_add_3() -> None:
    s = put(
        start(4),
        0,
        goods={"coffee": 1},
        buildings={"small_market": 1, "large_market": 1},
        doubloons=0,
    )
    s = choose_role(s, "trader")
    s = act(s, 0, "sell:coffee")
    assert s.players[0].doubloons == 4 + 1 + 3


def test_office_sells_a_kind_already_in_the_house() -> None:
    """KO: tobacco lies in the house; Office owners may sell tobacco, others may not."""
    s = start(4)
    s = put(s, 1, goods={"tobacco": 1}, buildings={"office": 1}, doubloons=0)
    s = put(s, 2, goods={"tobacco": 1}, buildings={"office": 1}, doubloons=0)
    s = put(s, 3, goods={"tobacco": 1, "corn": 1}, doubloons=0)
    s = shared(s, house=(TOBACCO,))
    s = choose_role(s, "trader")
    assert s.actor == 1
    s = act(s, 1, "sell:tobacco")
    s = act(s, 2, "sell:tobacco")
    assert list(RULES.legal_actions(s, 3)) == ["sell:corn", "pass"]
    assert s.players[1].doubloons == 3 and s.players[2].doubloons == 3


def test_small_and_large_warehouse_keep_three_kinds_plus_one_barrel() -> None:
    s = put(
        start(4),
        0,
        goods={"corn": 3, "indigo": 2, "sugar": 2, "tobacco": 4, "coffee": 2},
        buildings={"small_warehouse": 1, "large_warehouse": 1},
    )
    s = shared(s, ship_good=(CORN, 1, 2), ship_load=(5, 6, 7))  # every ship full
    s = choose_role(s, "captain")
    assert s.storing and s.actor == 0
    s = act(s, 0, "store:tobacco", "store:corn", "store:indigo")
    assert list(RULES.legal_actions(s, 0)) == ["keep:sugar", "keep:coffee"]
    s = act(s, 0, "keep:coffee")
    assert s.players[0].goods == (3, 2, 0, 4, 1)
    assert s.role == -1  # captain phase over


def test_only_manned_plantations_produce() -> None:
    """KO: a manned and an unmanned coffee plantation with 2 colonists in the coffee roaster
    produce 1 coffee."""
    s = put(start(4), 1, tiles={"coffee": 2}, manned={"coffee": 1}, buildings={"coffee_roaster": 2})
    s = choose_role(s, "craftsman")
    assert s.players[1].goods == (0, 0, 0, 0, 1)


def test_guild_hall_two_player_sheet_example_6() -> None:
    """KO2P: small indigo (fruit), small sugar, large sugar, coffee roaster -> 6."""
    s = put(
        start(2),
        0,
        buildings={
            "small_indigo_plant": 1,
            "small_sugar_mill": 0,
            "large_sugar_mill": 0,
            "coffee_roaster": 0,
            "guild_hall": 1,
        },
    )
    assert guild_hall_bonus(s.players[0]) == 6


def test_university_gives_one_colonist_even_to_a_three_circle_building() -> None:
    s = put(start(4), 1, buildings={"university": 1}, doubloons=10)
    s = choose_role(s, "builder")
    s = act(s, 0, "pass")
    s = act(s, 1, "build:tobacco_storage")
    assert s.players[1].workers == (1, 1)


def test_builder_privilege_needs_a_build_and_never_goes_below_zero() -> None:
    s = put(start(4), 0, tiles={"quarry": 2}, manned={"quarry": 2}, doubloons=0)
    p = s.players[0]
    assert cost(p, BUILDING_INDEX["small_market"], builder=True) == 0
    assert cost(p, BUILDING_INDEX["hospice"], builder=True) == 1
    s = choose_role(s, "builder")
    assert "build:small_market" in RULES.legal_actions(s, 0)
    assert "build:hospice" not in RULES.legal_actions(s, 0)
    s = act(s, 0, "build:small_market")
    assert s.players[0].doubloons == 0


def test_no_player_builds_the_same_building_twice() -> None:
    s = put(start(4), 0, buildings={"small_market": 0}, doubloons=5)
    s = choose_role(s, "builder")
    assert "build:small_market" not in RULES.legal_actions(s, 0)
    assert "build:small_market" in RULES.legal_actions(put(s, 0, buildings={}), 0)


def test_captain_privilege_needs_a_shipment() -> None:
    s = put(start(4), 1, goods={"corn": 1})
    s = choose_role(s, "captain")  # seat 0 has nothing
    s = act(s, 1, "ship:corn:7")
    assert s.players[0].vp == 0 and s.players[1].vp == 1


def test_describe_reads_like_a_play_report() -> None:
    s = put(start(4, {"names": "standard"}), 2, doubloons=5)
    s = shared(s, role_doubloons=(1, 0, 0, 0, 0, 0, 0, 0))
    assert RULES.describe(s, Decision(0, "role:settler")) == "P0 selects the Settler (+1 doubloon)"
    s = choose_role(s, "builder")
    s = act(s, 0, "pass")
    s = act(s, 1, "pass")
    text = RULES.describe(s, Decision(2, "build:small_indigo_plant"))
    assert text == "P2 builds a Small Indigo Plant (1 doubloon spent)"
    two = start(2, {"names": "2p"})
    assert RULES.describe(two, Decision(0, "role:mayor")) == "P0 selects the Recruiter"
    assert RULES.view(two)["players"][0]["island"][0]["label"] == "fruit"
