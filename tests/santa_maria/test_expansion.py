"""The expansion's general rules and modules A (Governor) and B (Experts): the rulebook's worked
examples with the book's numbers, and rule tests (synthetic components where the book shows
printed ones we do not have)."""

from __future__ import annotations

import pytest

from domain.core.chance import Draw
from domain.core.errors import MissingComponents
from domain.core.protocol import ChanceStep
from domain.santa_maria.components import GEM, GRAIN, WOOD, Square
from domain.santa_maria.rules import RULES
from domain.santa_maria.scoring import bishop_condition, breakdown
from domain.santa_maria.setup import NEW_MISSION
from domain.santa_maria.state import State
from tests.santa_maria.builders import board, building, cell, do, private, road, started


def _game(modules: str = "none", players: int = 2, **extra: str) -> State:
    options = {"expansion": "true", "modules": modules, **extra}
    return private(started(players, options))


def _first_expert(s: State, kind: str) -> str:
    assert s.cat.expansion is not None
    return next(e for e, d in s.cat.expansion.experts.items() if d.kind == kind)


# ---------------------------------------------------------------- options and packs


def test_options_default_to_the_base_game_and_modules_imply_the_expansion() -> None:
    keys = {o.key: o for o in RULES.options}
    assert keys["expansion"].default == "false" and keys["modules"].default == "none"
    assert "A,B" in keys["modules"].values
    base = started(2)
    assert (
        not base.exp
        and base.modules == ""
        and "expansion" not in (RULES.prepare(["a", "b"], {}).components)
    )
    setup = RULES.prepare(["a", "b"], {"modules": "B"})
    assert setup.options["expansion"] == "true"


def test_published_pack_lists_the_missing_expansion_components() -> None:
    with pytest.raises(MissingComponents) as err:
        RULES.prepare(["a", "b"], {"pack": "published", "expansion": "true"})
    text = str(err.value.missing)
    for missing in ("special_shipping_tiles", "special_colony_tiles", "governor_grid", "experts"):
        assert f"expansion.{missing}" in text


def test_expansion_setup_fourth_scholar_two_special_tiles_cocoa_storage() -> None:
    s = _game()
    assert len(s.scholars_board) == 4 and len(s.monk_spaces) == 11
    specials = [t for t in s.colony if s.cat.tiles[t].special]
    assert len(specials) == 2 and len(s.colony) == 12
    assert s.xdock and s.cat.ships[s.xdock].special
    for p in s.players:
        assert p.cocoa == 1 and p.cocoa_cap == (2 if p.board_id == "cocoa" else 1)
    # the guide is dealt only with module A
    spec = RULES.prepare(["a"], {"expansion": "true"})
    s2 = RULES.initial_state(spec)
    while s2.chance[0][0] != "scholars":
        s2.chance = s2.chance[1:]
    draw = RULES.chance_spec(s2)
    assert isinstance(draw, Draw) and "guide" not in draw.pool and "archery" in draw.pool


def test_cocoa_board_is_dealt_with_the_a_sides_and_brings_a_second_storage() -> None:
    s = RULES.initial_state(RULES.prepare(["a", "b"], {"expansion": "true"}))
    spec = RULES.chance_spec(s)
    assert isinstance(spec, Draw) and "cocoa" in spec.pool
    s = RULES.apply(s, ChanceStep(("cocoa", "A1")))
    assert s.players[0].board_id == "cocoa" and s.players[0].cocoa_cap == 2
    assert s.players[1].cocoa_cap == 1


# ---------------------------------------------------------------- general changes


def test_cocoa_pays_to_set_a_blue_die_from_2_to_6() -> None:
    s = _game()
    p = s.players[0]
    p.board = board({cell(6, 1): building("produce:wood")})
    p.blue, p.coins, p.cocoa = (2,), 0, 1
    assert "blue:2-6:cocoa" in RULES.legal_actions(s, 0)
    after = do(s, "blue:2-6:cocoa")
    q = after.players[0]
    assert q.cocoa == 0 and q.coins == 0 and q.res[WOOD] == 3  # 2 at start + 1
    assert q.dice_on[cell(6, 1)] == 2


def test_cocoa_storage_holds_one_cocoa_and_more_is_lost_without_pay() -> None:
    s = _game()
    p = s.players[0]
    p.board = board({cell(1, 1): building("produce:cocoa")})
    p.cocoa, p.coins = 1, 3
    after = do(s, "coin:1,1")
    assert after.players[0].cocoa == 1 and after.players[0].coins == 2  # no coin for it


def test_gold_stands_in_for_cocoa_on_a_die() -> None:
    s = _game()
    p = s.players[0]
    p.board = board({cell(6, 1): building("produce:wood")})
    p.blue, p.coins, p.cocoa, p.res = (2,), 0, 0, (0, 0, 0, 0, 1)
    legal = RULES.legal_actions(s, 0)
    assert "blue:2-6:gold" in legal and "blue:2-6:cocoa" not in legal
    assert do(s, "blue:2-6:gold").players[0].res[4] == 0


def test_special_colony_tile_costs_4_coins() -> None:
    s = _game()
    tid = next(t for t in s.colony if s.cat.tiles[t].special)
    p = s.players[0]
    p.coins, p.res = 3, (0, 0, 0, 0, 0)
    assert f"colony:{tid}" not in RULES.legal_actions(s, 0)
    p.coins = 4
    s.forget_legal()
    after = do(s, f"colony:{tid}")
    assert after.players[0].coins == 0
    assert tid not in after.colony


def test_special_colony_tiles_are_replaced_after_each_year() -> None:
    s = _game()
    left_before = len(s.xcol_left)
    for p in s.players:
        p.rested = True
    s.rest_spaces = (0, 1, -1, -1, -1)
    from domain.santa_maria.engine import year_end

    year_end(s)
    kinds = [c[0] for c in s.chance]
    assert "xcol" in kinds and not s.colony
    spec = None
    while s.chance and s.chance[0][0] != "xcol":
        s.chance = s.chance[1:]
    spec = RULES.chance_spec(s)
    assert isinstance(spec, Draw) and spec.count == 2 and len(spec.pool) == left_before


def test_special_shipping_tile_goes_to_a_dock_other_than_the_fullest() -> None:
    """KO example: with the piety and conquistador docks fullest, the special tile must go
    to the coin dock or the points dock."""
    s = _game()
    p = s.players[0]
    p.board = board({cell(1, 1): building("ship")})
    p.ships = (("s-01",), ("s-02", "s-03"), ("s-04", "s-05"), ())
    p.coins, p.res, p.cocoa = 9, (3, 3, 3, 3, 0), 1
    s = do(s, "coin:1,1")
    special = s.xdock
    legal = RULES.legal_actions(s, 0)
    assert {a for a in legal if a.startswith("ship:x")} == {"ship:x1", "ship:x4"}
    cost = s.cat.ships[special].cost
    s = do(s, "ship:x4")
    q = s.players[0]
    assert q.ships[3] == (special,) and s.xdock == ""
    assert s.chance == (("xship",),)
    assert q.coins == 9 - 1 - cost[5]


def test_special_shipping_tile_any_dock_when_all_equal() -> None:
    s = _game()
    p = s.players[0]
    p.board = board({cell(1, 1): building("ship")})
    p.coins, p.res, p.cocoa = 9, (3, 3, 3, 3, 0), 1
    s = do(s, "coin:1,1")
    legal = RULES.legal_actions(s, 0)
    assert {a for a in legal if a.startswith("ship:x")} == {f"ship:x{d}" for d in range(1, 5)}


def test_new_mission_gives_cocoa_wood_grain_and_scholar4_is_a_monk_space() -> None:
    s = _game()
    p = s.players[0]
    p.board = board({cell(1, 1): building("piety")})
    p.piety, p.coins, p.cocoa, p.res = 1, 5, 0, (0, 0, 0, 0, 0)
    s = do(s, "coin:1,1", "piety:1")
    s = RULES.apply(s, ChanceStep((3,)))  # the first monk symbol also hires a blue die
    legal = RULES.legal_actions(s, 0)
    assert "monk:scholar4" in legal and "monk:mission4" in legal
    after = do(s, "monk:mission4")
    q = after.players[0]
    assert (q.cocoa, q.res[WOOD], q.res[GRAIN]) == (1, 1, 1) and NEW_MISSION[7] == 1
    took = do(s, "monk:scholar4").players[0]
    assert took.scholars[-1] == s.scholars_board[3]


def test_no_two_point_bishop_penalty_with_the_expansion() -> None:
    s = _game()
    p = s.players[0]
    p.bishops = ("one_dock",)
    p.ships = ((), (), (), ())
    assert breakdown(s, p)["bishops"] == 0
    base = private(started(2))
    base.players[0].bishops = ("one_dock",)
    base.players[0].ships = ((), (), (), ())
    assert breakdown(base, base.players[0])["bishops"] == -2


def test_new_bishops_big_tiles_and_gems_on_ships() -> None:
    s = _game()
    p = s.players[0]
    threes = [t for t, d in s.cat.tiles.items() if len(d.squares) == 3][:7]
    p.tiles = tuple(threes)
    assert bishop_condition("big_tiles", p, s.cat) == 12  # 7 x 2 = 14, capped at 12
    gem_ship = next(t for t, d in s.cat.ships.items() if d.cost[GEM] == 1)
    p.ships = ((gem_ship,), (), (), ())
    assert bishop_condition("ship_gems", p, s.cat) == 2


def test_conquest_again_bishop_scores_year_3_twice() -> None:
    from domain.santa_maria.tracks import score_conquistadors

    s = _game(players=4)
    s.year = 3
    for i, p in enumerate(s.players):
        p.conq = 4 - i
    s.players[0].bishops = ("conquest_again",)
    awarded = score_conquistadors(s)
    assert s.players[0].vp == 2 * awarded[0]
    assert s.players[1].vp == awarded[1]


def test_meditation_takes_the_rest_action_twice() -> None:
    s = _game()
    p = s.players[0]
    p.scholars = ("meditation",)
    p.coins = 0
    s.rest_spaces = (-1, -1, -1, -1, -1)
    after = do(s, "rest:1")
    assert after.players[0].coins == 4  # 2 coins twice


def test_meditation_after_the_road_tile_takes_another_empty_rest_space() -> None:
    s = _game()
    p = s.players[0]
    p.scholars = ("meditation",)
    p.coins = 0
    s = do(s, "rest:5")
    s = do(s, RULES.legal_actions(s, 0)[0])  # the road tile somewhere
    legal = RULES.legal_actions(s, 0)
    assert "medrest:1" in legal and "medrest:5" not in legal
    assert do(s, "medrest:1").players[0].coins == 2


def test_archery_diagonal_for_a_die_of_1_or_6_and_a_coin() -> None:
    s = _game()
    p = s.players[0]
    p.scholars = ("archery",)
    p.board = board({cell(1, 1): building("produce:wood"), cell(3, 3): building("produce:grain")})
    p.coins, p.res = 1, (0, 0, 0, 0, 0)
    s.white = (1, 0, 0, 0, 0, 0)
    assert "whitediag:1-1" in RULES.legal_actions(s, 0)
    after = do(s, "whitediag:1-1")
    q = after.players[0]
    assert q.coins == 0 and q.res[WOOD] == 1 and q.res[GRAIN] == 1
    assert q.dice_on[cell(3, 3)] == 1


# ---------------------------------------------------------------- module B: experts


def test_alex_takes_a_second_farmer_for_2_coins_and_2_grain() -> None:
    """KO: Alex takes white die 2, pays 1 coin to make it 3, takes the farmer under 3; his second
    farmer costs 2 coins and gives 2 grain."""
    s = _game("B")
    farmer = _first_expert(s, "farmer")
    s.experts = ("", "", farmer, "", "", "")
    p = s.players[0]
    p.board = board({cell(6, 3): building("produce:2coin")})
    p.coins, p.res, p.expert_count = 3, (0, 0, 0, 0, 0), (1, 0, 0)
    s.white = (0, 1, 0, 0, 0, 0)
    s = do(s, "white:2-3")
    assert s.players[0].coins == 2
    assert tuple(RULES.legal_actions(s, 0)[:2]) == ("expert:take", "expert:skip")
    s = do(s, "expert:take")
    q = s.players[0]
    assert q.res[GRAIN] == 2 and q.expert_count == (2, 0, 0)
    assert q.coins == 0 + 2  # 2 - 2 for the farmer, then the building's 2 coins
    assert s.experts[2] == ""


def test_expert_needs_the_full_price() -> None:
    s = _game("B")
    s.experts = ("", "", _first_expert(s, "forester"), "", "", "")
    p = s.players[0]
    p.board = board({cell(6, 3): building("produce:vp")})
    p.coins, p.expert_count = 2, (0, 2, 0)  # a third forester costs 3
    s.white = (0, 0, 1, 0, 0, 0)
    s = do(s, "white:3-3")
    assert "expert:take" not in RULES.legal_actions(s, 0)
    assert s.players[0].vp == 1  # the expert decision was skipped, the column activated


def test_soldier_steps_on_the_conquistador_track() -> None:
    s = _game("B")
    s.experts = (_first_expert(s, "soldier"), "", "", "", "", "")
    p = s.players[0]
    p.board = board({cell(6, 1): building("produce:vp")})
    p.coins = 2
    s.white = (1, 0, 0, 0, 0, 0)
    s = do(s, "white:1-1", "expert:take")
    assert s.players[0].conq == 1 and s.players[0].coins == 1


def test_improvement_expert_costs_1_over_a_developed_square_3_on_an_empty_one() -> None:
    s = _game("B")
    eid = _first_expert(s, "improve")
    s.experts = ("", "", "", "", "", eid)
    p = s.players[0]
    p.board = board({cell(6, 6): building("produce:wood"), cell(1, 1): road(2)})
    p.coins = 3
    s.white = (0, 0, 0, 0, 0, 1)
    s = do(s, "white:6-6", "expert:take")
    legal = RULES.legal_actions(s, 0)
    assert "improve:1,1" in legal and "improve:2,2" in legal
    over = do(s, "improve:1,1").players[0]
    assert over.coins == 2 and over.board[cell(1, 1)] is not None
    sq = over.board[cell(1, 1)]
    assert isinstance(sq, Square) and sq.building and sq.road
    empty = do(s, "improve:2,2").players[0]
    assert empty.coins == 0


def test_improvement_expert_placed_in_the_column_is_activated_by_the_die() -> None:
    s = _game("B")
    eid = _first_expert(s, "improve")
    s.experts = ("", "", "", "", "", eid)
    p = s.players[0]
    p.board = board({cell(6, 6): building("produce:vp")})
    p.coins, p.res = 1, (0, 0, 0, 0, 0)
    s.white = (0, 0, 0, 0, 0, 1)
    s = do(s, "white:6-6", "expert:take", "improve:6,6")
    q = s.players[0]
    assert q.coins == 1 and q.vp == 0  # paid 1; the expert (grain + coin) covered the point
    assert q.res[GRAIN] == 1
    assert q.dice_on[cell(6, 6)] == 1


def test_no_expert_with_a_blue_die() -> None:
    s = _game("B")
    s.experts = (_first_expert(s, "farmer"),) * 6
    p = s.players[0]
    p.board = board({cell(1, 1): building("produce:wood")})
    p.blue = (1,)
    after = do(s, "blue:1-1")
    assert not after.tasks and after.players[0].expert_count == (0, 0, 0)


# ---------------------------------------------------------------- module A: governor


def test_white_die_moves_the_governor_right() -> None:
    s = _game("A")
    p = s.players[0]
    p.board = board({cell(6, 1): building("produce:wood")})
    p.gov = cell(2, 1)
    s.white = (1, 0, 0, 0, 0, 0)
    after = do(s, "white:1-1")
    assert after.players[0].gov == cell(2, 2)


def test_blue_die_moves_the_governor_down_and_activates_the_building_first() -> None:
    s = _game("A")
    p = s.players[0]
    p.board = board({cell(2, 1): building("produce:grain"), cell(1, 4): building("produce:wood")})
    p.gov, p.blue, p.res = cell(1, 1), (1,), (0, 0, 0, 0, 0)
    after = do(s, "blue:1-1")
    q = after.players[0]
    assert q.gov == cell(2, 1) and q.res[GRAIN] == 1 and q.res[WOOD] == 1
    assert q.dice_on[cell(1, 4)] == 2 and not q.dice_on[cell(2, 1)]


def test_governor_blocked_by_coins_stays_and_blocks_its_own_square() -> None:
    s = _game("A")
    p = s.players[0]
    p.board = board(
        {
            cell(1, 1): building("produce:grain"),
            cell(1, 2): building("produce:vp"),
            cell(3, 1): building("produce:wood"),
        }
    )
    p.gov, p.res = cell(1, 1), (0, 0, 0, 0, 0)
    p.coins_on = tuple(1 if c == cell(1, 2) else 0 for c in range(36))
    s.white = (1, 0, 0, 0, 0, 0)
    after = do(s, "white:1-1")
    q = after.players[0]
    assert q.gov == cell(1, 1) and q.res[GRAIN] == 0 and q.res[WOOD] == 1
    assert "coin:1,1" not in RULES.legal_actions(after, 0)


def test_governor_on_a_road_scores_its_colonists() -> None:
    s = _game("A")
    p = s.players[0]
    p.board = board({cell(1, 2): road(3), cell(4, 1): building("produce:wood")})
    p.gov, p.vp = cell(1, 1), 0
    s.white = (1, 0, 0, 0, 0, 0)
    assert do(s, "white:1-1").players[0].vp == 3


def test_guide_pays_a_coin_to_go_on_from_a_road() -> None:
    s = _game("A")
    p = s.players[0]
    p.scholars = ("guide",)
    p.board = board({cell(1, 2): road(1), cell(1, 3): road(2), cell(1, 4): building("produce:gem")})
    p.board = (*p.board[:6], building("produce:wood"), *p.board[7:])  # 2,1 in column 1
    p.gov, p.coins, p.vp, p.res = cell(1, 1), 2, 0, (0, 0, 0, 0, 0)
    s.white = (1, 0, 0, 0, 0, 0)
    s = do(s, "white:1-1")
    assert s.players[0].vp == 1 and tuple(RULES.legal_actions(s, 0)[:2]) == (
        "guide:go",
        "guide:stop",
    )
    s = do(s, "guide:go")
    assert s.players[0].vp == 3 and s.players[0].coins == 1
    s = do(s, "guide:go")
    q = s.players[0]
    assert q.gov == cell(1, 4) and q.res[GEM] == 1 and q.coins == 0


def test_governor_stops_in_the_corner_and_scores_by_the_grid() -> None:
    s = _game("A")
    p = s.players[0]
    p.board = board({cell(1, 6): building("produce:wood")})
    p.gov = cell(6, 6)
    s.white = (0, 0, 0, 0, 0, 1)
    after = do(s, "white:6-6")
    assert after.players[0].gov == cell(6, 6)
    assert after.players[0].dice_on[cell(1, 6)] == 1


def test_governor_at_5_4_scores_1_point() -> None:
    """KO: the governor ends on 5-4 of the colony: 1 point at the end."""
    s = _game("A")
    p = s.players[0]
    p.gov = cell(5, 4)
    assert breakdown(s, p)["governor"] == 1


def test_no_tile_or_road_on_the_governor() -> None:
    s = _game("A")
    p = s.players[0]
    p.board = board({})
    p.gov = cell(1, 1)
    s.roads = 3
    s = do(s, "rest:5")
    assert "road:1,1" not in RULES.legal_actions(s, 0)


def test_no_road_tile_is_used_up_when_only_the_governors_square_is_empty() -> None:
    """KO: a road tile may not cover the governor's square either; with no other empty square
    the rest space gives nothing and the supply keeps its road tiles (was: 3 -> 2, nothing put)."""
    s = _game("A")
    p = s.players[0]
    p.gov = cell(1, 1)
    p.board = board({c: building("produce:wood") for c in range(36) if c != cell(1, 1)})
    s.roads = 3
    after = do(s, "rest:5")
    assert after.roads == 3
    assert after.players[0].board[cell(1, 1)] is None
    assert not any(a.startswith("road:") for a in RULES.legal_actions(after, after.actor))


def test_experts_come_before_the_governor_moves() -> None:
    s = _game("A,B")
    eid = _first_expert(s, "improve")
    s.experts = (eid, "", "", "", "", "")
    p = s.players[0]
    p.board = board({cell(6, 1): building("produce:wood")})
    p.gov, p.coins, p.res = cell(1, 1), 3, (0, 0, 0, 0, 0)
    s.white = (1, 0, 0, 0, 0, 0)
    s = do(s, "white:1-1", "expert:take")
    assert "improve:1,1" not in RULES.legal_actions(s, 0)  # not under the governor
    s = do(s, "improve:1,2")  # the governor then steps onto the expert and activates it
    q = s.players[0]
    assert q.gov == cell(1, 2) and q.coins == 3 - 3 + 1  # its grain + coin, activated
    assert q.res[GRAIN] == 1 and q.res[WOOD] == 1


# ---------------------------------------------------------------- module C: ambassador


def test_ambassador_setup_two_white_dice_each_no_blue_and_two_ambassador_dice() -> None:
    s = _game("C", players=3)
    assert sum(s.white) == 6 and all(p.blue == () and p.blue_owned == 0 for p in s.players)
    assert s.amb[0] and s.amb[1] and s.amb_by == (-1, -1)


def test_ambassador_die_makes_every_other_player_activate_the_same_column() -> None:
    s = _game("C", players=3)
    s.amb = (2, 5)
    for p in s.players:
        p.board = board({cell(1, 4): building("produce:wood"), cell(3, 4): building("produce:vp")})
        p.res, p.vp, p.coins = (0, 0, 0, 0, 0), 0, 5
    s = do(s, "ambwhite:2-4")
    chooser, other1, other2 = s.players
    assert chooser.coins == 5 - 2 and chooser.dice_on[cell(3, 4)] == 3
    for q in (other1, other2):  # same column, no coins paid, no die put down
        assert q.res[WOOD] == 1 and q.vp == 1 and q.coins == 5 and not any(q.dice_on)
    assert s.amb == (0, 5) and s.amb_by == (0, -1) and s.actor == 1  # next player's turn
    assert chooser.white_used == 0  # the ambassador die is not counted in the limit


def test_at_most_two_white_dice_a_year_with_the_ambassador() -> None:
    s = _game("C")
    p = s.players[0]
    p.board = board({cell(1, c): building("produce:vp") for c in range(1, 7)})
    p.white_used = 2
    s.white = (1, 1, 1, 1, 0, 0)
    assert not any(a.startswith("white:") for a in RULES.legal_actions(s, 0))
    assert any(a.startswith("ambwhite:") for a in RULES.legal_actions(s, 0))


def test_only_the_chooser_takes_the_expert_and_other_governors_move() -> None:
    s = _game("A,B,C")
    s.amb = (3, 0)
    s.experts = ("", "", _first_expert(s, "farmer"), "", "", "")
    for p in s.players:
        p.board = board({cell(6, 3): building("produce:vp")})
        p.gov, p.coins, p.res = cell(1, 3), 2, (0, 0, 0, 0, 0)
    s = do(s, "ambwhite:3-3", "expert:take")
    chooser, other = s.players
    assert chooser.res[GRAIN] == 1 and other.res[GRAIN] == 0 and not s.tasks
    assert chooser.gov == other.gov == cell(1, 4)
    assert other.vp == 1 and chooser.vp == 1


def test_ambassador_dice_return_at_the_year_end_and_are_rolled_again() -> None:
    from domain.santa_maria.engine import year_end

    s = _game("C")
    s.amb, s.amb_by = (0, 0), (0, 1)
    s.players[0].dice_on = tuple(3 if c == 0 else 0 for c in range(36))
    s.rest_spaces = (0, 1, -1, -1, -1)
    year_end(s)
    assert not any(s.players[0].dice_on) and ("amb",) in s.chance
    while s.chance[0] != ("amb",):
        s.chance = s.chance[1:]
    s = RULES.apply(s, ChanceStep((4, 2)))
    assert s.amb == (4, 2) and s.amb_by == (-1, -1)


def test_an_archer_may_take_the_diagonal_when_another_takes_the_ambassador_die() -> None:
    s = _game("C")
    s.amb = (1, 0)
    s.players[0].board = board({cell(6, 1): building("produce:vp")})
    other = s.players[1]
    other.scholars = ("archery",)
    other.board = board({cell(6, 1): building("produce:wood"), cell(3, 3): building("produce:vp")})
    other.coins, other.res, other.vp = 1, (0, 0, 0, 0, 0), 0
    s = do(s, "ambwhite:1-1")
    assert s.actor == 1 and tuple(RULES.legal_actions(s, 1)[:2]) == (
        "echoarch:line",
        "echoarch:diag",
    )
    diag = do(s, "echoarch:diag").players[1]
    assert diag.vp == 1 and diag.res[WOOD] == 0 and diag.coins == 0
    line = do(s, "echoarch:line").players[1]
    assert line.vp == 0 and line.res[WOOD] == 1 and line.coins == 1


def test_an_archer_who_spent_the_coin_meanwhile_has_only_the_line() -> None:
    """KO archery: the diagonal "동전 1개를 지불하여" (for 1 coin): an archer who spends the last
    coin on a free action while the ambassador's line waits cannot take the diagonal."""
    s = _game("C")
    s.amb = (1, 0)
    s.players[0].board = board({cell(6, 1): building("produce:vp")})
    other = s.players[1]
    other.scholars = ("archery",)
    other.board = board({cell(6, 1): building("produce:wood"), cell(3, 3): building("produce:vp")})
    other.coins, other.res, other.vp = 1, (0, 0, 0, 0, 0), 0
    s = do(s, "ambwhite:1-1")
    assert "echoarch:diag" in RULES.legal_actions(s, 1)
    s.players[1].coins = 0  # e.g. spent on a free action at this decision
    s.forget_legal()
    legal = RULES.legal_actions(s, 1)
    assert "echoarch:line" in legal and "echoarch:diag" not in legal


def test_improvement_expert_counts_as_a_road_for_the_town_hall_bishops() -> None:
    s = _game("B")
    assert s.cat.expansion is not None
    expert = s.cat.expansion.experts[_first_expert(s, "improve")].square
    assert expert is not None
    p = s.players[0]
    hall = building("produce:vp", terrain="town_hall")
    city = building("produce:vp", terrain="city")
    p.board = board({cell(1, 1): hall, cell(1, 2): road(), cell(1, 3): road(), cell(1, 4): city})
    assert bishop_condition("hall_cities", p) == 2
    p.board = board({cell(1, 1): hall, cell(1, 2): road(), cell(1, 3): road(), cell(1, 5): city})
    assert bishop_condition("hall_cities", p) == 0
    p.board = (*p.board[: cell(1, 4)], expert, *p.board[cell(1, 4) + 1 :])
    assert bishop_condition("hall_cities", p) == 2 + (2 if expert.terrain == "city" else 0)


def test_experts_left_over_leave_at_the_year_end_and_six_new_are_drawn() -> None:
    from domain.santa_maria.engine import year_end

    s = _game("B")
    left = len(s.experts_left)
    assert len([e for e in s.experts if e]) == 6 and left == 12
    s.rest_spaces = (0, 1, -1, -1, -1)
    year_end(s)
    assert s.experts == () and ("experts",) in s.chance and len(s.experts_left) == left
    while s.chance[0] != ("experts",):
        s.chance = s.chance[1:]
    spec = RULES.chance_spec(s)
    assert isinstance(spec, Draw) and spec.count == 6 and len(spec.pool) == 12


def test_guide_goes_on_from_an_improvement_expert() -> None:
    s = _game("A,B")
    assert s.cat.expansion is not None
    expert = s.cat.expansion.experts[_first_expert(s, "improve")].square
    p = s.players[0]
    p.scholars = ("guide",)
    p.board = board({cell(1, 2): expert, cell(1, 3): road(2), cell(6, 1): building("produce:vp")})
    p.gov, p.coins, p.vp = cell(1, 1), 1, 0
    s.white = (1, 0, 0, 0, 0, 0)
    s.experts = ("",) * 6  # no expert decision first
    s = do(s, "white:1-1")
    assert s.players[0].gov == cell(1, 2)
    assert "guide:go" in RULES.legal_actions(s, 0)
    s = do(s, "guide:go")
    assert s.players[0].gov == cell(1, 3) and s.players[0].vp == 2 + 0
