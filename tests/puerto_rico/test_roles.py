"""Corners of each role: privileges, building abilities, turn order, chance draws."""

from __future__ import annotations

import random

import pytest

from domain.core.chance import Draw, resolve
from domain.core.errors import IllegalAction, NotYourTurn, RuleError
from domain.core.protocol import CHANCE, ChanceStep, Decision
from domain.puerto_rico.components import BUILDING_INDEX, CORN, INDIGO, QUARRY, SUGAR
from domain.puerto_rico.rules import RULES
from domain.puerto_rico.state import PICKING
from tests.puerto_rico.builders import act, choose_role, put, resolve_first, shared, start


def test_setup_by_player_count() -> None:
    expected = {
        2: (65, 40, 2, (4, 6), 3, 7),
        3: (75, 55, 3, (4, 5, 6), 2, 6),
        4: (100, 75, 4, (5, 6, 7), 3, 7),
        5: (126, 95, 5, (6, 7, 8), 4, 8),
    }
    for n, (vp, supply, ship, ships, money, roles) in expected.items():
        s = start(n)
        assert (s.vp_supply, s.col_supply, s.col_ship, s.ships) == (vp, supply, ship, ships)
        assert all(p.doubloons == money for p in s.players)
        assert len(s.roles) == roles
        assert len(s.face_up) == n + 1
    assert start(5, {"vp_chips_5p": "122"}).vp_supply == 122
    two = start(2)
    assert two.goods_supply == (8, 9, 9, 7, 7) and two.quarries == 5
    assert sum(two.stack) + len(two.face_up) == 35 - 2
    assert two.bsupply[BUILDING_INDEX["small_indigo_plant"]] == 2
    assert two.bsupply[BUILDING_INDEX["harbor"]] == 1


def test_three_player_setup_by_seat_and_the_governor_order() -> None:
    # KO: the first player takes the governor card and an indigo plantation; clockwise, the
    # second an indigo, the third a corn; 75 VP chips, 6 roles (no prospector), ships 4/5/6,
    # 55 colonists in the supply and 3 on the ship; the governor picks the first role, then
    # clockwise, and the card passes to the left each round
    s = start(3)
    assert [p.tiles for p in s.players] == [
        (0, 1, 0, 0, 0, 0),
        (0, 1, 0, 0, 0, 0),
        (1, 0, 0, 0, 0, 0),
    ]
    assert [p.doubloons for p in s.players] == [2, 2, 2]
    assert all(sum(p.goods) == 0 and p.vp == 0 and not p.buildings for p in s.players)
    assert (s.vp_supply, s.col_supply, s.col_ship, s.ships) == (75, 55, 3, (4, 5, 6))
    assert sorted(a for a in RULES.legal_actions(s, 0) if a.startswith("role:")) == [
        f"role:{r}"
        for r in sorted(("settler", "mayor", "builder", "craftsman", "trader", "captain"))
    ]
    assert sum(s.stack) + len(s.face_up) == 50 - 3
    bots = [RULES.bot("random", seat) for seat in range(3)]
    rng = random.Random(3)
    picks: dict[int, list[int]] = {}
    while s.round <= 4:
        (seat,) = RULES.to_move(s)
        if seat == CHANCE:
            s = RULES.apply(s, ChanceStep(resolve(RULES.chance_spec(s), rng)))
            continue
        if s.role == PICKING:
            assert s.governor == (s.round - 1) % 3
            picks.setdefault(s.round, []).append(seat)
        s = RULES.apply(s, Decision(seat, bots[seat].choose(s, seat)))
    assert picks == {r: [(r - 1 + k) % 3 for k in range(3)] for r in range(1, 5)}


def test_initial_state_waits_for_the_face_up_draw() -> None:
    setup = RULES.prepare(["A", "B", "C"], {})
    s = RULES.initial_state(setup)
    assert RULES.to_move(s) == (CHANCE,)
    spec = RULES.chance_spec(s)
    assert isinstance(spec, Draw) and spec.count == 4 and len(spec.pool) == 50 - 3
    with pytest.raises(RuleError):
        RULES.apply(s, Decision(0, "role:settler"))
    with pytest.raises(RuleError):
        RULES.apply(s, ChanceStep(("quarry",) * 4))


def test_settler_quarry_only_for_the_settler_or_construction_hut() -> None:
    s = put(start(4), 2, buildings={"construction_hut": 1})
    s = choose_role(s, "settler")
    assert "plantation:quarry" in RULES.legal_actions(s, 0)
    s = act(s, 0, "plantation:quarry")
    assert "plantation:quarry" not in RULES.legal_actions(s, 1)
    s = act(s, 1, "pass")
    assert "plantation:quarry" in RULES.legal_actions(s, 2)


def test_hacienda_draws_before_the_pick_and_hut_allows_quarry_and_hospice_skips_it() -> None:
    s = put(start(4), 1, buildings={"hacienda": 1, "construction_hut": 1, "hospice": 1})
    s = choose_role(s, "settler")
    s = act(s, 0, "plantation:indigo" if INDIGO in s.face_up else "pass")
    assert RULES.legal_actions(s, 1)[0] == "hacienda"
    s = act(s, 1, "hacienda")
    assert RULES.to_move(s) == (CHANCE,)
    s = RULES.apply(s, ChanceStep(("coffee",)))
    p = s.players[1]
    assert p.tiles[4] == 1 and p.manned[4] == 0  # no hospice colonist on the hacienda tile
    legal = RULES.legal_actions(s, 1)
    assert "hacienda" not in legal and "plantation:quarry" in legal
    supply = s.col_supply
    s = act(s, 1, "plantation:quarry")
    assert s.players[1].manned[QUARRY] == 1 and s.col_supply == supply - 1


def test_hospice_falls_back_to_the_colonist_ship_then_nothing() -> None:
    s = put(start(4), 0, buildings={"hospice": 1})
    s = shared(s, col_supply=0, col_ship=1)
    s = choose_role(s, "settler")
    s = act(s, 0, "plantation:quarry")
    assert s.players[0].manned[QUARRY] == 1 and s.col_ship == 0
    s2 = shared(choose_role(shared(start(4), col_supply=0, col_ship=0), "settler"))
    s2 = put(s2, 0, buildings={"hospice": 1})
    s2 = act(s2, 0, "plantation:quarry")
    assert s2.players[0].manned[QUARRY] == 0


def test_university_falls_back_to_the_colonist_ship() -> None:
    s = put(start(4), 0, buildings={"university": 1}, doubloons=10)
    s = shared(s, col_supply=0, col_ship=2)
    s = choose_role(s, "builder")
    s = act(s, 0, "build:large_sugar_mill")
    p = s.players[0]
    assert p.workers[-1] == 1 and s.col_ship == 1
    assert p.doubloons == 10 - 3  # builder's privilege


def test_full_island_takes_nothing_and_is_skipped() -> None:
    s = put(start(4), 1, tiles={"corn": 12})
    s = choose_role(s, "settler")
    s = act(s, 0, "pass")
    assert s.actor == 2


def test_face_up_refill_after_settler_and_discards_under_the_stack() -> None:
    s = start(4)
    row = s.face_up
    s = choose_role(s, "settler")
    for seat in range(4):
        s = act(s, seat, "pass")
    assert RULES.to_move(s) == (CHANCE,)
    assert s.discards == row
    s = resolve_first(s)
    assert len(s.face_up) == 5 and s.actor == 1


def test_stack_exhausted_draws_discards_in_order_under_korean_rule() -> None:
    s = start(3)
    s = shared(s, stack=(1, 0, 0, 0, 0), discards=(SUGAR, INDIGO, SUGAR))
    s = choose_role(s, "settler")
    left = list(s.face_up)
    for seat in range(3):
        s = act(s, seat, "pass")
    s = RULES.apply(s, ChanceStep(("corn",)))
    assert s.face_up == (CORN, SUGAR, INDIGO, SUGAR)
    assert list(s.discards) == left


def test_reshuffle_option_makes_discards_a_new_stack() -> None:
    s = start(3, {"discards": "reshuffle"})
    s = shared(s, stack=(0, 0, 0, 0, 0), discards=(SUGAR, INDIGO))
    s = choose_role(s, "settler")
    for seat in range(3):
        s = act(s, seat, "pass")
    spec = RULES.chance_spec(s)
    assert isinstance(spec, Draw) and spec.count == 4 and len(spec.pool) == 6


def test_mayor_privilege_from_supply_ship_shared_from_mayor_and_refill() -> None:
    s = start(4)
    s = put(s, 2, buildings={"large_sugar_mill": 0, "factory": 0}, tiles={"sugar": 1})
    s = shared(s, col_ship=6)
    supply = s.col_supply
    s = choose_role(s, "mayor")
    # seat 0: 1 privilege + 2 from the ship; seat 1: 2; seats 2 and 3: 1 each
    assert s.actor == 2  # seats 0, 1 had no choice (everything fits)
    assert s.players[0].colonists() == 3 and s.players[1].colonists() == 2
    assert s.hand == 1 and list(RULES.legal_actions(s, 2)) == [
        "colonist:sugar",
        "colonist:large_sugar_mill",
        "colonist:factory",
    ]
    s = act(s, 2, "colonist:factory")
    assert s.players[2].has(BUILDING_INDEX["factory"])
    # refill: 3 empty circles in buildings (large sugar mill) < 4 players -> 4
    assert s.col_ship == 4 and s.col_supply == supply - 1 - 4


def test_mayor_must_fill_circles_before_san_juan() -> None:
    s = put(start(4), 0, tiles={"corn": 2, "indigo": 1}, san_juan=5, buildings={"small_market": 0})
    s = shared(s, col_ship=0)
    s = choose_role(s, "mayor")
    p = s.players[0]
    assert p.manned == (2, 1, 0, 0, 0, 0) and p.workers == (1,) and p.san_juan == 2
    with pytest.raises(IllegalAction):
        RULES.apply(s, Decision(s.actor, "colonist:corn"))


def test_mayor_one_step_placement_is_validated() -> None:
    s = put(start(4), 0, tiles={"corn": 2, "indigo": 2}, manned={"corn": 1})
    s = shared(s, col_ship=0, col_supply=10)
    s = choose_role(s, "mayor")  # seat 0 holds 2, 4 circles
    assert s.actor == 0 and s.hand == 2
    with pytest.raises(IllegalAction):
        RULES.apply(s, Decision(0, "colonists:corn=1"))
    with pytest.raises(IllegalAction):
        RULES.apply(s, Decision(0, "colonists:corn=3"))
    one = RULES.apply(s, Decision(0, "colonists:indigo=2"))
    two = act(s, 0, "colonist:indigo")  # the second one is forced
    assert one == two and one.players[0].manned == (0, 2, 0, 0, 0, 0)


def test_colonist_end_when_ship_cannot_be_refilled_after_the_round() -> None:
    s = shared(start(4), col_supply=2)
    s = choose_role(s, "mayor")
    assert s.ends == ("colonists",) and not s.over
    while not s.over:
        s = act(s, s.actor, RULES.legal_actions(s, s.actor)[-1])
    assert s.round == 2


def test_colonist_end_options_when_supply_is_exactly_enough() -> None:
    korean = choose_role(shared(start(4), col_supply=5), "mayor")
    english = choose_role(shared(start(4, {"colonist_end": "short"}), col_supply=5), "mayor")
    assert korean.col_supply == 0 and korean.ends == ("colonists",)
    assert english.col_supply == 0 and english.ends == ()


def test_craftsman_extra_only_when_he_produced() -> None:
    s = put(start(4), 1, manned={"corn": 1})
    s = choose_role(s, "craftsman")
    assert s.players[0].goods == (0,) * 5
    assert s.players[1].goods == (1, 0, 0, 0, 0)
    assert s.role == -1 and s.actor == 1


def test_craftsman_single_kind_extra_is_given() -> None:
    s = put(start(4), 0, manned={"corn": 1})
    s = choose_role(s, "craftsman")
    assert s.players[0].goods == (2, 0, 0, 0, 0)


def test_trader_privilege_only_when_selling_and_house_empties_when_full() -> None:
    s = start(4)
    for seat, good in enumerate(("corn", "indigo", "sugar", "coffee")):
        s = put(s, seat, goods={good: 1, "tobacco": 1}, doubloons=0)
    s = choose_role(s, "trader")
    s = act(s, 0, "sell:corn")
    assert s.players[0].doubloons == 1
    s = act(s, 1, "sell:indigo")
    s = act(s, 2, "sell:sugar")
    supply = s.goods_supply
    s = act(s, 3, "sell:tobacco")
    assert s.house == () and s.goods_supply[0] == supply[0] + 1
    assert s.role == -1


def test_captain_must_ship_and_privilege_once() -> None:
    s = put(start(4), 0, goods={"corn": 2, "sugar": 1})
    s = choose_role(s, "captain")
    assert "pass" not in RULES.legal_actions(s, 0)
    s = act(s, 0, "ship:corn:7")
    assert s.players[0].vp == 3
    s = act(s, 0, RULES.legal_actions(s, 0)[0])
    assert s.players[0].vp == 4  # no second privilege


def test_no_two_ships_with_the_same_kind_even_when_full() -> None:
    s = put(start(4), 0, goods={"corn": 3})
    s = shared(s, ship_good=(CORN, -1, -1), ship_load=(5, 0, 0))
    s = choose_role(s, "captain")
    assert s.role == -1  # could not ship: the full corn ship blocks corn
    assert s.ship_good == (-1, -1, -1)  # the full ship was unloaded
    assert s.players[0].goods == (1, 0, 0, 0, 0)  # one barrel kept


def test_wharf_is_optional_and_pass_declines_it() -> None:
    s = put(start(4), 0, goods={"corn": 2}, buildings={"wharf": 1})
    s = shared(s, ship_good=(CORN, SUGAR, INDIGO), ship_load=(5, 6, 7))
    s = choose_role(s, "captain")
    assert list(RULES.legal_actions(s, 0)) == ["ship:corn:wharf", "pass"]
    declined = act(s, 0, "pass")
    assert declined.role == -1 and declined.players[0].goods == (1, 0, 0, 0, 0)


def test_vp_run_out_owed_and_game_ends_with_round() -> None:
    s = put(start(4), 1, goods={"coffee": 5})
    s = shared(s, vp_supply=3)
    s = choose_role(s, "captain")
    s = act(s, 1, "ship:coffee:7")
    assert s.vp_supply == 0 and s.vp_owed == 2 and s.players[1].vp == 5
    assert s.ends == ("vp",) and not s.over


def test_round_end_puts_doubloons_on_unchosen_roles_and_passes_governor() -> None:
    s = start(4)
    for role in ("builder", "mayor", "trader", "craftsman"):
        s = choose_role(s, role)
        while s.role != -1:
            s = act(s, s.actor, RULES.legal_actions(s, s.actor)[-1])
    assert s.round == 2 and s.governor == 1 and s.actor == 1
    money = dict(zip([r for r in s.roles], [s.role_doubloons[r] for r in s.roles], strict=True))
    assert sorted(money.values()) == [0, 0, 0, 0, 1, 1, 1]


def test_two_players_pick_three_roles_each_alternating() -> None:
    s = start(2)
    seats = []
    for role in ("prospector", "builder", "mayor", "trader", "craftsman", "captain"):
        seats.append(s.actor)
        s = choose_role(s, role)
        while s.role != -1:
            s = act(s, s.actor, RULES.legal_actions(s, s.actor)[-1])
    assert seats == [0, 1, 0, 1, 0, 1]
    assert s.round == 2 and s.governor == 1 and s.actor == 1
    assert s.role_doubloons[0] == 1  # the settler was the 7th card


def test_not_your_turn_and_illegal_action_are_typed() -> None:
    s = start(3)
    with pytest.raises(NotYourTurn):
        RULES.apply(s, Decision(1, "role:settler"))
    with pytest.raises(IllegalAction) as error:
        RULES.apply(s, Decision(0, "role:prospector"))
    assert "role:settler" in error.value.hint
    with pytest.raises(IllegalAction):
        RULES.apply(s, Decision(0, "fly:away"))


def test_city_end_condition() -> None:
    big = {b: 0 for b in ("guild_hall", "residence", "fortress", "customs_house", "city_hall")}
    s = put(start(4), 0, buildings=big | {"small_market": 0}, doubloons=10)
    s = choose_role(s, "builder")
    s = act(s, 0, "build:hacienda")
    assert s.ends == ("city",)
    assert "build:hacienda" not in RULES.legal_actions(put(s, 1, buildings={"hacienda": 0}), 1)


def test_mayor_player_without_colonists_places_nothing() -> None:
    """A ship emptied below the player count (hospice, university) leaves some with none."""
    s = shared(start(4), col_ship=1, col_supply=0)
    s = choose_role(s, "mayor")
    assert [p.colonists() for p in s.players] == [1, 0, 0, 0]
    assert [sum(p.manned) for p in s.players] == [1, 0, 0, 0]
