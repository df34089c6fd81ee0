"""Expansion 1 ("new buildings"): the draft, the random set and each building, with KO's numbers."""

from __future__ import annotations

import random

from domain.core.chance import Shuffle, resolve
from domain.core.protocol import CHANCE, ChanceStep, Decision
from domain.puerto_rico.building_sets import CANDIDATES, SLOTS, free_slots
from domain.puerto_rico.components import BUILDING_INDEX, BUILDINGS, CORN, INDIGO
from domain.puerto_rico.rules import RULES
from domain.puerto_rico.scoring import cloister_bonus
from tests.puerto_rico.builders import act, choose_role, put, resolve_first, shared, start


def violet_in_supply(state: object) -> list[str]:
    return sorted(
        b.id
        for i, b in enumerate(BUILDINGS)
        if b.kind != "production" and state.bsupply[i]  # type: ignore[attr-defined]
    )


def test_draft_fills_every_slot_with_a_building_of_its_cost() -> None:
    for players, nobles in ((2, "false"), (3, "false"), (4, "true"), (5, "false"), (5, "true")):
        s = start(players, {"buildings": "draft", "nobles": nobles})
        rng = random.Random(players)
        seats = []
        while s.role == -2:
            legal = RULES.legal_actions(s, s.actor)
            seats.append(s.actor)
            s = act(s, s.actor, legal[rng.randrange(len(legal))])
        assert s.role == -1 and s.actor == 0 and s.picks == 0
        assert not any(free_slots(s).values())
        assert len(seats) == sum(SLOTS.values()) == 17
        assert seats[: players + 1] == [*range(players), 0]
        chosen = violet_in_supply(s)
        assert len(chosen) == 17
        small = [b for b in chosen if BUILDINGS[BUILDING_INDEX[b]].kind == "violet_small"]
        assert all(s.bsupply[BUILDING_INDEX[b]] == (2 if players > 2 else 1) for b in small)


def test_draft_only_offers_buildings_for_free_slots_of_their_cost() -> None:
    s = start(4, {"buildings": "draft"})
    s = act(s, 0, "draft:aqueduct")  # the one cost-1 slot
    legal = RULES.legal_actions(s, 1)
    assert "draft:small_market" not in legal and "draft:specialty_factory" in legal
    s = act(s, 1, "draft:specialty_factory")
    s = act(s, 2, "draft:harbor")  # both cost-8 slots are now taken
    legal = RULES.legal_actions(s, 3)
    assert "draft:university" not in legal and "draft:harbor" not in legal


def test_random_set_is_one_shuffle_then_the_face_up_draw() -> None:
    setup = RULES.prepare(["A", "B", "C"], {"buildings": "random"})
    s = RULES.initial_state(setup)
    assert RULES.to_move(s) == (CHANCE,)
    spec = RULES.chance_spec(s)
    assert isinstance(spec, Shuffle) and len(spec.items) == len(CANDIDATES)
    s = RULES.apply(s, ChanceStep(resolve(spec, random.Random(1))))
    assert RULES.to_move(s) == (CHANCE,)
    s = resolve_first(s)
    assert len(violet_in_supply(s)) == 17 and not any(free_slots(s).values())


def test_specialty_factory_corn_4_sugar_3_coffee_2_pays_2() -> None:
    s = put(
        start(4),
        1,
        tiles={"corn": 4, "sugar": 3, "coffee": 2},
        manned={"corn": 4, "sugar": 3, "coffee": 2},
        buildings={"large_sugar_mill": 3, "coffee_roaster": 2, "specialty_factory": 1},
        doubloons=0,
    )
    s = choose_role(s, "craftsman")
    assert s.players[1].goods == (4, 0, 3, 0, 2) and s.players[1].doubloons == 2


def test_specialty_factory_counts_the_craftsmans_extra_barrel() -> None:
    s = put(
        start(4),
        0,
        tiles={"sugar": 3, "coffee": 1},
        manned={"sugar": 3, "coffee": 1},
        buildings={"large_sugar_mill": 3, "coffee_roaster": 1, "specialty_factory": 1},
        doubloons=0,
    )
    s = choose_role(s, "craftsman")
    s = act(s, 0, "extra:sugar")
    assert s.players[0].goods[2] == 4 and s.players[0].doubloons == 3


def test_union_hall_examples_2_and_3() -> None:
    for goods, vp in (({"corn": 3, "indigo": 2, "coffee": 1}, 2), ({"corn": 4, "coffee": 2}, 3)):
        s = put(start(4), 1, goods=goods, buildings={"union_hall": 1})
        s = shared(s, ship_good=(INDIGO, 2, 3), ship_load=(5, 6, 7))  # nothing can ship
        s = choose_role(s, "captain")
        assert s.players[1].vp == vp


def test_cloister_6_forests_3_quarries_2_corn_1_coffee_6_then_10() -> None:
    s = put(
        start(4),
        0,
        tiles={"quarry": 3, "corn": 2, "coffee": 1},
        forests=(CORN,) * 6,
        buildings={"cloister": 1},
    )
    assert cloister_bonus(s.players[0]) == 6
    s = put(s, 0, tiles={"quarry": 3, "corn": 3})
    assert cloister_bonus(s.players[0]) == 10


def test_statue_takes_no_colonist_and_is_worth_8() -> None:
    s = put(start(4), 0, buildings={"statue": 0})
    assert RULES.scores(s).seats[0].breakdown["buildings"] == 8
    s = shared(s, col_ship=4)
    s = choose_role(s, "mayor")
    assert s.players[0].workers == (0,)


def test_university_brings_no_colonist_to_the_statue() -> None:
    """KO: "조각상 위에는 이주민을 두지 않습니다" -- the Statue has no circle, so a manned
    University has nowhere to put its colonist (KO: "즉시 건물 위에 놓을 수 있습니다"): none is
    taken from the supply (75) or the ship."""
    s = put(start(4, {"buildings": "new"}), 0, doubloons=20, buildings={"university": 1})
    s = choose_role(s, "builder")
    s = act(s, 0, "build:statue")
    p = s.players[0]
    assert p.workers == (1, 0) and p.colonists() == 1
    assert s.col_supply == 75 and s.col_ship == 4


def test_church_1_vp_for_columns_2_and_3_and_2_for_column_4() -> None:
    s = put(start(4), 0, buildings={"church": 1}, doubloons=30)
    s = shared(s, bsupply=tuple(max(k, 1) for k in s.bsupply))
    for building, vp in (("small_market", 0), ("office", 1), ("harbor", 1), ("city_hall", 2)):
        t = choose_role(s, "builder")
        t = act(t, 0, f"build:{building}")
        assert t.players[0].vp == vp, building


def test_lighthouse_pays_per_shipment_and_for_taking_the_captain() -> None:
    s = put(start(4), 0, goods={"corn": 1, "sugar": 1}, buildings={"lighthouse": 1}, doubloons=0)
    s = choose_role(s, "captain")
    assert s.players[0].doubloons == 1
    s = act(s, 0, "ship:corn:7", "ship:sugar:6")
    assert s.players[0].doubloons == 3


def test_aqueduct_adds_a_barrel_for_the_large_plant() -> None:
    s = put(
        start(4),
        1,
        tiles={"indigo": 1, "sugar": 1},
        manned={"indigo": 1, "sugar": 1},
        buildings={"large_indigo_plant": 1, "small_sugar_mill": 1, "aqueduct": 1},
    )
    s = choose_role(s, "craftsman")
    assert s.players[1].goods == (0, 2, 1, 0, 0)


def test_storehouse_keeps_three_more_single_barrels() -> None:
    s = put(start(4), 0, goods={"corn": 2, "sugar": 2, "coffee": 3}, buildings={"storehouse": 1})
    s = shared(s, ship_good=(INDIGO, 2, 3), ship_load=(5, 6, 7))
    s = choose_role(s, "captain")
    assert s.storing and s.actor == 0
    s = act(s, 0, "keep:coffee", "keep:coffee", "keep:corn", "keep:sugar")
    assert s.players[0].goods == (1, 0, 1, 0, 2)


def test_trading_post_sells_to_the_supply_without_market_bonus() -> None:
    s = put(
        start(4),
        0,
        goods={"tobacco": 1},
        doubloons=0,
        buildings={"trading_post": 1, "small_market": 1},
    )
    s = shared(s, house=(3, 0, 1))
    s = choose_role(s, "trader")
    assert "sell:tobacco" not in RULES.legal_actions(s, 0)
    s = act(s, 0, "sell:tobacco:trading_post")
    assert s.players[0].doubloons == 3 + 1 and s.house == (3, 0, 1)


def test_forest_house_discount_4_forests_2_quarries_builder_large_warehouse_costs_1() -> None:
    s = put(
        start(4),
        0,
        tiles={"quarry": 2},
        manned={"quarry": 2},
        forests=(CORN,) * 4,
        buildings={"forest_house": 0},
        doubloons=1,
    )
    s = choose_role(s, "builder")
    s = act(s, 0, "build:large_warehouse")
    assert s.players[0].doubloons == 0


def test_forest_house_lays_a_face_up_tile_as_a_forest_with_hospice_colonist_to_san_juan() -> None:
    s = put(start(4), 0, buildings={"forest_house": 1, "hospice": 1})
    s = choose_role(s, "settler")
    tile = s.face_up[0]
    assert f"forest:{('corn', 'indigo', 'sugar', 'tobacco', 'coffee')[tile]}" in (
        RULES.legal_actions(s, 0)
    )
    s = act(s, 0, f"forest:{('corn', 'indigo', 'sugar', 'tobacco', 'coffee')[tile]}")
    p = s.players[0]
    assert p.forests == (tile,) and p.san_juan == 1 and p.island_count() == 2
    assert "forest:quarry" not in RULES.legal_actions(s, 0)


def test_hacienda_tile_is_seen_before_the_forest_choice() -> None:
    s = put(start(4), 0, buildings={"forest_house": 1, "hacienda": 1})
    s = choose_role(s, "settler")
    s = act(s, 0, "hacienda")
    s = RULES.apply(s, ChanceStep(("coffee",)))
    assert list(RULES.legal_actions(s, 0)) == ["hacienda:plant", "hacienda:forest"]
    s = act(s, 0, "hacienda:forest")
    assert s.players[0].forests == (4,)
    assert "plantation:quarry" in RULES.legal_actions(s, 0)


def test_forests_count_for_the_residence() -> None:
    from domain.puerto_rico.scoring import residence_bonus

    s = put(start(4), 0, tiles={"corn": 6}, forests=(CORN,) * 4, buildings={"residence": 1})
    assert residence_bonus(s.players[0]) == 5


def test_library_doubles_prospector_trader_builder_mayor_and_captain_privileges() -> None:
    lib = {"library": 1}
    s = put(start(4), 0, buildings=lib, doubloons=0)
    assert choose_role(s, "prospector").players[0].doubloons == 2
    t = choose_role(put(s, 0, goods={"corn": 1}), "trader")
    assert act(t, 0, "sell:corn").players[0].doubloons == 2
    b = choose_role(put(s, 0, doubloons=1), "builder")
    assert "build:small_warehouse" in RULES.legal_actions(b, 0)  # 3 - 2
    m = choose_role(shared(s, col_ship=4), "mayor")
    assert m.players[0].colonists() == 2 + 1 + 1  # 2 privilege + 1 from the ship + library's own
    c = choose_role(put(s, 0, goods={"corn": 2}), "captain")
    assert act(c, 0, "ship:corn:7").players[0].vp == 4


def test_library_craftsman_takes_two_extra_barrels() -> None:
    s = put(
        start(4),
        0,
        tiles={"corn": 1, "indigo": 1},
        manned={"corn": 1, "indigo": 1},
        buildings={"library": 1, "small_indigo_plant": 1},
    )
    s = choose_role(s, "craftsman")
    assert s.actor == 0 and s.hand == 2
    s = act(s, 0, "extra:indigo", "extra:indigo")
    assert s.players[0].goods == (1, 3, 0, 0, 0) and s.role == -1


def test_library_settler_takes_a_second_tile_after_everyone_hospice_only_first() -> None:
    s = put(start(4), 0, buildings={"library": 1, "hospice": 1})
    s = choose_role(s, "settler")
    s = act(s, 0, "plantation:quarry")
    for seat in (1, 2, 3):
        s = act(s, seat, "pass")
    assert s.actor == 0
    legal = RULES.legal_actions(s, 0)
    assert "plantation:quarry" not in legal and "hacienda" not in legal
    s = act(s, 0, legal[0])
    p = s.players[0]
    assert p.island_count() == 3 and sum(p.manned) == 1  # the quarry's colonist only
    assert RULES.to_move(s) == (CHANCE,)


def test_small_wharf_mixed_goods_one_vp_per_two_not_all_and_with_the_wharf() -> None:
    s = put(
        start(4),
        1,
        goods={"corn": 2, "sugar": 1, "coffee": 2},
        buildings={"small_wharf": 1, "wharf": 1},
    )
    s = shared(s, ship_good=(INDIGO, 2, 3), ship_load=(5, 6, 7))  # no cargo ship takes anything
    s = choose_role(s, "captain")
    assert s.actor == 1
    legal = RULES.legal_actions(s, 1)
    assert "small_wharf:corn" in legal and "ship:corn:wharf" in legal and "pass" in legal
    s = act(s, 1, "small_wharf:corn", "small_wharf:sugar", "small_wharf:coffee")
    assert s.players[1].goods == (2, 0, 1, 0, 2)  # not sailed yet
    s = act(s, 1, "small_wharf:sail")
    assert s.players[1].vp == 1 and s.players[1].goods == (1, 0, 0, 0, 1)
    assert "small_wharf:corn" not in RULES.legal_actions(s, 1)
    s = act(s, 1, "ship:corn:wharf")
    assert s.players[1].vp == 2


def test_black_market_pays_a_colonist_a_good_and_a_vp_only_when_short() -> None:
    s = put(
        start(4), 1, doubloons=2, vp=3, goods={"corn": 1}, san_juan=1, buildings={"black_market": 1}
    )
    s = choose_role(s, "builder")
    s = act(s, 0, "pass")
    legal = RULES.legal_actions(s, 1)
    assert "build:office" in legal and "build:large_warehouse" not in legal  # 5 <= 2 + 3 < 6
    supply = (s.col_supply, s.vp_supply, s.goods_supply[0])
    s = act(s, 1, "build:office")
    assert s.actor == 1 and s.hand == 3
    assert "pay:colonist:black_market" not in RULES.legal_actions(s, 1)
    s = act(s, 1, "pay:vp", "pay:good:corn")  # the colonist in San Juan is then forced
    p = s.players[1]
    assert p.doubloons == 0 and p.vp == 2 and p.goods[0] == 0 and p.san_juan == 0
    assert p.buildings[-1] == BUILDING_INDEX["office"] and s.pending == -1
    assert (s.col_supply, s.vp_supply, s.goods_supply[0]) == (
        supply[0] + 1,
        supply[1] + 1,
        supply[2] + 1,
    )


def test_black_market_not_used_when_the_doubloons_suffice() -> None:
    s = put(start(4), 0, doubloons=5, vp=3, buildings={"black_market": 1})
    s = choose_role(s, "builder")
    s = act(s, 0, "build:office")
    assert s.players[0].doubloons == 1 and s.players[0].vp == 3


def test_guest_house_sequence_storehouse_then_library() -> None:
    """KO: at the end of a captain phase a guest moves to the Storehouse and 3 more barrels are
    kept at once; then as trader the second guest moves to the Library: double privilege."""
    s = put(
        start(4),
        0,
        goods={"corn": 2, "sugar": 2, "coffee": 1},
        doubloons=0,
        buildings={"guest_house": 2, "storehouse": 0, "library": 0},
    )
    s = shared(s, ship_good=(INDIGO, 2, 3), ship_load=(5, 6, 7))  # nothing ships
    s = choose_role(s, "captain")
    assert s.storing and s.actor == 0 and s.keep_left == 1
    assert "guest:storehouse" in RULES.legal_actions(s, 0)
    s = act(s, 0, "guest:storehouse")
    assert s.keep_left == 4 and s.actor == 0
    s = act(s, 0, "keep:corn", "keep:corn", "keep:sugar", "keep:coffee")
    assert s.players[0].goods == (2, 0, 1, 0, 1)
    s = put(
        start(4),
        0,
        goods={"coffee": 1},
        doubloons=0,
        buildings={"guest_house": 1, "storehouse": 1, "library": 0},
    )
    s = act(s, 0, "guest:library", "role:trader", "sell:coffee")
    assert s.players[0].doubloons == 4 + 2


def test_guest_house_owner_is_asked_at_storage_even_with_a_single_kind() -> None:
    """KO (Guest House): "여관에 있는 이주민은 어떤 역할 과정의 시작, 중간, 끝이든 ...
    옮길 수 있습니다 ... 즉시 효력을 발휘" and the example "선장 과정 끝 무렵에 여관에 있는
    이주민 1개를 보관 창고로 옮기고 즉시 추가 농작물 3개를 보관합니다".
    With 4 corn only the storage needs no choice,
    but the owner must still get the moment to move a guest: 1 + 3 corn kept."""
    s = put(start(4), 0, goods={"corn": 4}, buildings={"guest_house": 1, "storehouse": 0})
    s = shared(s, ship_good=(CORN, 2, 3), ship_load=(5, 6, 7))  # corn cannot ship
    s = choose_role(s, "captain")
    assert s.storing and s.actor == 0
    assert list(RULES.legal_actions(s, 0)) == ["keep:corn", "guest:indigo", "guest:storehouse"]
    saved = act(s, 0, "guest:storehouse", "keep:corn")
    assert saved.players[0].goods == (4, 0, 0, 0, 0) and saved.role == -1
    kept_one = act(s, 0, "keep:corn")
    assert kept_one.players[0].goods == (1, 0, 0, 0, 0) and kept_one.role == -1


def test_guest_house_owner_is_not_stopped_when_nothing_would_be_lost() -> None:
    s = put(start(4), 0, goods={"corn": 1}, buildings={"guest_house": 1, "storehouse": 0})
    s = put(s, 1, goods={"sugar": 2})
    s = shared(s, ship_good=(CORN, 2, 3), ship_load=(5, 6, 7))
    s = choose_role(s, "captain")
    assert s.role == -1 and s.players[0].goods == (1, 0, 0, 0, 0)


def test_fixed_set_new_fills_every_slot_with_expansion_1_first() -> None:
    s = start(4, {"buildings": "new"})
    chosen = violet_in_supply(s)
    assert not any(free_slots(s).values()) and len(chosen) == 17
    assert all(b in chosen for b in ("aqueduct", "library", "statue", "cloister", "guest_house"))
    assert "small_market" not in chosen and "harbor" not in chosen


def test_fixed_set_all_offers_every_base_and_expansion_building_as_play_by_email_games_did() -> (
    None
):
    """`buildings=all`: moderated e-mail games played with "the original buildings and the
    variant buildings both" (no slots): every base and Expansion 1 violet building, 2 copies of
    a small one with more than 2 players; with nobles the Expansion 2 ones too."""
    s = start(4, {"buildings": "all"})
    chosen = violet_in_supply(s)
    violet = [b for b in BUILDINGS if b.kind != "production"]
    assert set(chosen) == {b.id for b in violet if b.expansion in ("base", "new_buildings")}
    assert s.bsupply[BUILDING_INDEX["aqueduct"]] == 2 and s.bsupply[BUILDING_INDEX["statue"]] == 1
    nobles = violet_in_supply(start(4, {"buildings": "all", "nobles": "true"}))
    assert set(nobles) - set(chosen) == {b.id for b in violet if b.expansion == "nobles"}


def test_guest_house_owners_are_asked_before_a_phase_starts() -> None:
    """KO (Guest House): guests move "어떤 역할 과정의 시작, 중간, 끝이든 상관 없이" and are "즉시
    효력을 발휘". Before the craftsman produces, another player's guest moves to his second
    indigo plantation: 2 indigo instead of 1 (2 colonists in the large indigo plant)."""
    s = put(
        start(4),
        1,
        tiles={"indigo": 2},
        manned={"indigo": 1},
        buildings={"guest_house": 1, "large_indigo_plant": 2},
    )
    s = choose_role(s, "craftsman")
    assert s.actor == 1 and s.role == 3 and s.players[1].goods == (0, 0, 0, 0, 0)
    assert list(RULES.legal_actions(s, 1)) == ["pass", "guest:indigo", "guest:large_indigo_plant"]
    moved = act(s, 1, "guest:indigo")  # his last guest: the phase starts at once
    assert moved.players[1].goods == (0, 2, 0, 0, 0) and moved.role == -1
    stayed = act(s, 1, "pass")
    assert stayed.players[1].goods == (0, 1, 0, 0, 0)


def test_guest_to_a_quarry_before_the_builder_makes_a_building_affordable() -> None:
    """With 1 doubloon nothing is affordable, but a guest moved to his quarry first takes 1 off
    the Construction Hut (cost 2, column 1): it costs 1."""
    s = put(start(4), 1, doubloons=1, tiles={"quarry": 1}, buildings={"guest_house": 1})
    s = choose_role(s, "builder")
    assert s.actor == 1 and "guest:quarry" in RULES.legal_actions(s, 1)
    s = act(s, 1, "guest:quarry")
    s = act(s, 0, "pass")  # the builder phase starts with the builder
    assert s.actor == 1 and "build:construction_hut" in RULES.legal_actions(s, 1)
    s = act(s, 1, "build:construction_hut")
    assert s.players[1].doubloons == 0


def test_no_guest_stage_for_the_chooser_or_without_guests() -> None:
    s = put(start(4), 0, tiles={"indigo": 2}, buildings={"guest_house": 1})
    s = put(s, 2, buildings={"guest_house": 0})
    s = choose_role(s, "craftsman")  # the chooser could move his guest when choosing
    assert s.role == -1 and s.guest_stage == -1


def test_describe_black_market_share_and_guest_stage_pass() -> None:
    s = put(start(4), 1, doubloons=2, vp=3, goods={"corn": 1}, buildings={"black_market": 1})
    s = choose_role(s, "builder")
    s = act(s, 0, "pass")
    text = RULES.describe(s, Decision(1, "build:office"))
    assert text == "P1 builds an Office (2 doubloons spent, 3 more with the Black Market)"
    g = put(start(4), 1, tiles={"corn": 1}, buildings={"guest_house": 1})
    g = choose_role(g, "captain")
    assert g.guest_stage == 1
    assert RULES.describe(g, Decision(1, "pass")) == "P1 leaves the guests in the Guest House"
