"""Rulebook statements and examples checked in the rules audit that had no test yet (KO)."""

from __future__ import annotations

from domain.core.protocol import ChanceStep
from domain.puerto_rico.components import BUILDING_INDEX, CORN, QUARRY, TOBACCO
from domain.puerto_rico.rules import RULES
from tests.puerto_rico.builders import act, choose_role, put, shared, start
from tests.puerto_rico.test_nobles import noble_game


def test_black_market_refilling_the_chips_does_not_undo_the_end() -> None:
    """KO (암시장): "이미 게임 종료 조건이 성립된 이후에는 승점 및 이주민을 지불해서 저장소에
    채워 놓더라도 게임은 그대로 종료됩니다" -- the VP chips ran out; paying one back still ends
    the game with the round."""
    s = put(start(4), 0, doubloons=2, vp=3, goods={"corn": 1}, buildings={"black_market": 1})
    s = shared(s, vp_supply=0, ends=("vp",))
    s = choose_role(s, "builder")
    s = act(s, 0, "build:office")  # 5 - 1 (builder) = 4: 2 doubloons + 2 by the Black Market
    s = act(s, 0, "pay:vp")  # then the corn is the only payment left: taken by itself
    assert s.players[0].doubloons == 0 and s.players[0].vp == 2 and s.players[0].goods[0] == 0
    assert s.vp_supply == 1 and s.ends == ("vp",)
    while not s.over:
        s = act(s, s.actor, RULES.legal_actions(s, s.actor)[-1])
    assert s.round == 2 and s.ends == ("vp",)


def test_construction_hut_settler_takes_one_quarry_only() -> None:
    """KO (건설막): "개척자 역할을 맡은 사람이 건설막을 소유하고 있더라도 채석장은 1개만 가져갈 수
    있습니다"."""
    s = put(start(4), 0, buildings={"construction_hut": 1})
    s = choose_role(s, "settler")
    s = act(s, 0, "plantation:quarry")
    assert s.actor == 1 and s.players[0].tiles[QUARRY] == 1


def test_library_settler_second_tile_may_be_a_quarry_with_a_construction_hut() -> None:
    """KO (도서관): "건설막을 사용할 때에는 두 번째 칩 역시 채석장이어도 됩니다"; without the hut
    the second tile cannot be a quarry ("채석장을 갖지는 못합니다")."""
    for hut, quarry_offered in ((1, True), (None, False)):
        buildings = {"library": 1} if hut is None else {"library": 1, "construction_hut": 1}
        s = put(start(4), 0, buildings=buildings)
        s = choose_role(s, "settler")
        s = act(s, 0, "plantation:quarry")
        for seat in (1, 2, 3):
            s = act(s, seat, "pass")
        assert s.actor == 0 and s.role == 0
        assert ("plantation:quarry" in RULES.legal_actions(s, 0)) is quarry_offered


def test_library_forest_house_settler_lays_two_forests() -> None:
    """KO (산림 관리자): "도서관을 사용하는 경우에는 0개, 1개, 또는 2개의 농장을 숲으로 놓을 것인지
    자유롭게 결정할 수 있습니다"."""
    s = put(start(4), 0, buildings={"library": 1, "forest_house": 1})
    s = choose_role(s, "settler")
    first = s.face_up[0]
    name = ("corn", "indigo", "sugar", "tobacco", "coffee")
    s = act(s, 0, f"forest:{name[first]}")
    for seat in (1, 2, 3):
        s = act(s, seat, "pass")
    second = s.face_up[0]
    s = act(s, 0, f"forest:{name[second]}")
    assert sorted(s.players[0].forests) == sorted((first, second))


def test_lighthouse_pays_a_non_captain_per_shipment_and_the_captain_without_shipping() -> None:
    """KO (등대): "수출을 통해 추가 더블룬을 받기 위해서 꼭 선장 역할을 선택 할 필요는
    없습니다. 또한, 수출 유무와 상관 없이 등대 소유자가 선장 역할을 선택하면 1 더블룬을
    받습니다"."""
    s = put(start(4), 1, goods={"corn": 2}, buildings={"lighthouse": 1}, doubloons=0)
    s = put(s, 0, buildings={"lighthouse": 1}, doubloons=0)
    s = choose_role(s, "captain")  # seat 0 has nothing to ship
    assert s.players[0].doubloons == 1
    s = act(s, 1, "ship:corn:7")
    assert s.players[1].doubloons == 1 and s.players[1].vp == 2


def test_wharf_ships_a_kind_already_on_a_cargo_ship_and_a_second_wharf_the_same_kind() -> None:
    """KO (조선소): the wharf may take "3척의 수송선 중 어느 하나에 이미 실려 있거나 다른 조선소의
    소유자가 수출했던 같은 종류의 농작물"."""
    s = put(start(4), 0, goods={"tobacco": 3}, buildings={"wharf": 1})
    s = put(s, 1, goods={"tobacco": 4}, buildings={"wharf": 1})
    s = shared(s, ship_good=(TOBACCO, -1, -1), ship_load=(5, 0, 0))  # the tobacco ship is full
    s = choose_role(s, "captain")
    s = act(s, 0, "ship:tobacco:wharf")
    assert s.actor == 1 and "ship:tobacco:wharf" in RULES.legal_actions(s, 1)
    s = act(s, 1, "ship:tobacco:wharf")
    assert s.players[0].vp == 4 and s.players[1].vp == 4  # the captain's +1 for seat 0


def test_small_wharf_after_the_wharf_in_either_order() -> None:
    """KO (소형 조선소): "같은 선장 과정에 조선소와 소형 조선소를 원하는 순서로 둘 다 사용할 수
    있습니다" -- here the Wharf first (the other order is in test_new_buildings)."""
    s = put(start(4), 1, goods={"corn": 3, "sugar": 2}, buildings={"wharf": 1, "small_wharf": 1})
    s = shared(s, ship_good=(CORN, 2, 3), ship_load=(5, 6, 7))  # no cargo ship takes anything
    s = choose_role(s, "captain")
    s = act(s, 1, "ship:corn:wharf")
    assert s.players[1].vp == 3 and s.actor == 1
    s = act(s, 1, "small_wharf:sugar", "small_wharf:sugar")
    assert s.players[1].vp == 4 and s.players[1].goods == (0, 0, 0, 0, 0)


def test_land_office_buys_a_forest_with_a_manned_forest_house() -> None:
    """KO (등기소): "이주민이 있는 등기소 소유자가 이주민이 있는 산림 관리자도 가지고 있을
    경우, 농장 대신 숲을 구입할 수 있습니다"."""
    s = put(noble_game(4), 1, buildings={"land_office": 1, "forest_house": 1}, doubloons=2)
    s = choose_role(s, "trader")
    assert {"land:buy", "land:forest"} <= set(RULES.legal_actions(s, 1))
    s = act(s, 1, "land:forest")
    s = RULES.apply(s, ChanceStep(("sugar",)))
    p = s.players[1]
    assert p.forests == (2,) and p.tiles[2] == 0 and p.doubloons == 1


def test_villa_gives_a_colonist_when_the_nobles_are_gone() -> None:
    """KO (빌라): "저장소에 귀족이 남아 있지 않을 경우에는 귀족 대신 이주민(남아있는 경우)을 받게
    됩니다"."""
    s = put(noble_game(4), 2, buildings={"villa": 1})
    s = shared(s, noble_supply=0)
    supply = s.col_supply
    s = act(choose_role(s, "mayor"), 0, "ship_noble:take")
    assert s.players[2].nobles == 0 and s.players[2].colonists() == 1 + 1 + 1  # villa, ship
    assert s.col_supply < supply


def test_zoning_office_noble_and_colonist_costs_with_the_builder() -> None:
    """KO (건축청): colonist -1 on a small building, noble -2 on a large one; City Hall (10) as
    builder with a noble on it: 10 - 1 - 2 = 7."""
    s = put(
        noble_game(4),
        0,
        buildings={"zoning_office": 1},
        nobles=1,
        noble_on=1 << BUILDING_INDEX["zoning_office"],
        doubloons=7,
    )
    s = shared(s, bsupply=tuple(max(k, 1) for k in s.bsupply))
    s = choose_role(s, "builder")
    assert "build:city_hall" in RULES.legal_actions(s, 0)
    s = act(s, 0, "build:city_hall")
    assert s.players[0].doubloons == 0


def test_black_market_cannot_pay_a_quarry_colonist_that_gives_the_discount() -> None:
    """KO: a quarry discounts only "이주민이 올려져 있는 채석장의 개수만큼"; the Black Market pays
    "이주민, 농작물, 승점을 각 1개씩 저장소에" -- a colonist paid off a counted quarry would be gone
    at the build. Office 5, 2 manned quarries (column 2) -> 3; no doubloons, a corn and a VP chip:
    the third doubloon needs a colonist that is not on a quarry."""
    for san_juan, offered in ((0, False), (1, True)):
        s = put(
            start(4),
            1,
            doubloons=0,
            vp=1,
            goods={"corn": 1},
            tiles={"quarry": 2},
            manned={"quarry": 2},
            san_juan=san_juan,
            buildings={"black_market": 1},
        )
        s = choose_role(s, "builder")
        s = act(s, 0, "pass")
        assert s.actor == 1 and ("build:office" in RULES.legal_actions(s, 1)) is offered
    s = act(s, 1, "build:office")
    assert "pay:colonist:quarry" not in RULES.legal_actions(s, 1)
    s = act(s, 1, "pay:vp", "pay:good:corn")  # then the San Juan colonist: forced
    p = s.players[1]
    assert p.buildings[-1] == BUILDING_INDEX["office"] and p.manned[QUARRY] == 2
    assert p.san_juan == 0 and p.vp == 0 and p.goods[CORN] == 0


def test_library_craftsman_may_take_two_different_extra_barrels() -> None:
    """KO (도서관): "생산자 과정을 선택하면 같은 농작물 2개를 얻거나, 두 가지 서로 다른 농작물을
    1개씩 얻을 수는 있습니다" -- the different-kinds case (the same-kind one is in
    test_new_buildings)."""
    s = put(
        start(4),
        0,
        tiles={"corn": 1, "indigo": 1},
        manned={"corn": 1, "indigo": 1},
        buildings={"library": 1, "small_indigo_plant": 1},
    )
    s = choose_role(s, "craftsman")
    s = act(s, 0, "extra:corn", "extra:indigo")
    assert s.players[0].goods == (2, 2, 0, 0, 0) and s.role == -1


def test_draft_leaves_26_of_the_55_violet_buildings_in_the_box() -> None:
    """KO (확장판 1): 55 beige buildings (2x12 + 5 old, 2x12 + 2 new) are laid out; "선택되지 않은
    26개의 베이지색 건물은 다시 게임 상자에 넣어둡니다" (more than 2 players: two copies of each
    small building drafted)."""
    from domain.puerto_rico.components import BUILDINGS

    box = sum(
        b.copies
        for b in BUILDINGS
        if b.kind != "production" and b.expansion in ("base", "new_buildings")
    )
    assert box == 55
    s = start(4, {"buildings": "draft"})
    while s.role == -2:
        s = act(s, s.actor, RULES.legal_actions(s, s.actor)[-1])
    drafted = sum(k for b, k in zip(BUILDINGS, s.bsupply, strict=True) if b.kind != "production")
    assert box - drafted == 26
