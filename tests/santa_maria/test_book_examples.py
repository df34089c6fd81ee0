"""The rulebook's worked examples, with the book's numbers (synthetic components where the
book's picture shows printed components we do not have)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.core.protocol import ChanceStep
from domain.santa_maria.components import GOLD, GRAIN, WOOD
from domain.santa_maria.rules import RULES
from domain.santa_maria.scoring import (
    bishop_condition,
    breakdown,
    coin_points,
    colonist_points,
    harbor_sets,
)
from domain.santa_maria.tracks import score_conquistadors
from tests.santa_maria.builders import board, building, cell, do, private, road, started


def test_die_change_5_to_3_costs_two_coins() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(1, 3): building("produce:wood")})
    p.coins, p.res = 5, (0, 0, 0, 0, 0)
    s.white = (0, 0, 0, 0, 1, 0)
    after = do(s, "white:5-3")
    q = after.players[0]
    assert q.coins == 3  # 5 - 2
    assert q.res[WOOD] == 1
    assert q.dice_on[cell(1, 3)] == 1


def test_die_ends_do_not_wrap_1_to_6_costs_five() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(2, 6): building("produce:wood")})
    p.coins = 4
    s.white = (1, 0, 0, 0, 0, 0)
    assert "white:1-6" not in RULES.legal_actions(s, 0)
    p.coins = 5
    s.forget_legal()
    assert do(s, "white:1-6").players[0].coins == 0


def test_coins_3_plus_resources_sold_for_4_give_2_points() -> None:
    p = started(1).players[0].clone()
    p.coins = 3
    p.res = (0, 0, 1, 1, 0)  # sugar 2 + gem 2 = 4 coins
    assert coin_points(p) == 2


def test_colonists_on_4th_and_6th_column_and_4th_row_score_6() -> None:
    squares = {}
    for r in range(1, 7):
        squares[cell(r, 4)] = road(2) if r == 1 else building("produce:wood")
        squares[cell(r, 6)] = road(1) if r == 2 else building("produce:wood")
    for c in range(1, 7):
        if c not in (4, 6):
            squares[cell(4, c)] = road(1) if c == 1 else building("produce:grain")
    squares[cell(4, 4)] = road(1)  # on the crossing: counted for the row and the column
    # column 4: 2 + 1, column 6: 1, row 4: 1 + 1 -> 6 (the crossing twice)
    assert colonist_points(board(squares)) == 6
    squares[cell(5, 1)] = road(3)  # not on a fully developed line: no points
    assert colonist_points(board(squares)) == 6


def test_monks_scholars_3_bishops_minus_4() -> None:
    s = private(started(2))
    p = s.players[0]
    p.scholars = ("industrialization",)  # 3 points in the synthetic pack
    p.bishops = ("square", "one_dock")
    p.board = board({})
    assert s.cat.scholar_points["industrialization"] == 3
    parts = breakdown(s, p)
    assert parts["scholars"] == 3
    assert parts["bishops"] == -4  # two bishops, conditions not met


def test_two_harbor_sets_score_6() -> None:
    s = private(started(2))
    p = s.players[0]
    p.ships = (("s-01", "s-02"), ("s-03", "s-04", "s-05"), ("s-06", "s-07"), ("s-08", "s-09"))
    assert harbor_sets(p) == 2
    assert breakdown(s, p)["harbor_sets"] == 6


def test_conquistador_4_players_year_2_scores_9_6_3() -> None:
    s = private(started(4))
    s.year = 2
    green, red, blue, yellow = s.players
    green.conq, red.conq, blue.conq, yellow.conq = 6, 4, 4, 1
    red.conq_stamp, blue.conq_stamp = 5, 9  # red reached space 4 first: lower in the stack
    before = [p.vp for p in s.players]
    awarded = score_conquistadors(s)
    assert awarded == {0: 9, 1: 6, 2: 3}
    assert [p.vp - b for p, b in zip(s.players, before, strict=True)] == [9, 6, 3, 0]
    assert all(p.conq == 0 for p in s.players)  # markers back to the start


def test_conquistador_players_who_did_not_move_score_nothing() -> None:
    s = private(started(4))
    s.year = 2
    s.players[2].conq = 2
    assert score_conquistadors(s) == {2: 9}


def test_conquistador_gold_symbol_and_stacking() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(1, 1): building("conq", terrain="city")})
    p.conq = 2  # the next space (3) carries a gold symbol in the synthetic pack
    assert 3 in s.cat.gold_spaces
    after = do(s, "coin:1,1")
    q = after.players[0]
    assert q.conq == 3 and q.res[GOLD] == 1


def test_piety_extra_step_passes_third_symbol_blue_die_and_mission_pays_earlier_monks() -> None:
    s = private(started(3))
    helge = s.players[0]
    helge.board = board({cell(1, 1): building("piety")})
    helge.piety = 6  # the 3rd monk symbol is on space 7 in the synthetic pack
    helge.res = (0, 1, 0, 0, 0)
    helge.coins = 6
    s.monk_spaces = ((), (), (), (), (), (), ((1, 2)), (), (), ())  # red, green on mission1
    s.blue_supply = 6
    s = do(s, "coin:1,1", "piety:2")
    assert s.players[0].piety == 8 and s.players[0].res[GRAIN] == 0
    assert s.chance == (("blue1", 0),)  # the new blue die is rolled by chance
    s = RULES.apply(s, ChanceStep((4,)))
    assert s.players[0].blue_owned == 2 and 4 in s.players[0].blue
    assert "monk:mission1" in RULES.legal_actions(s, 0)
    coins_before = [p.coins for p in s.players]
    vp_before = s.players[0].vp
    s = do(s, "monk:mission1")  # the mission gives 3 points at once (synthetic reward)
    assert s.players[0].vp - vp_before == 3
    assert [p.coins - b for p, b in zip(s.players, coins_before, strict=True)] == [-4, 2, 2]
    assert s.monk_spaces[6] == (1, 2, 0)


def test_rest_income_two_coins_three_piety_five_steps_two_points() -> None:
    """Anna's rest: 2 coins, 3 piety actions with 2 more grain = 5 spaces, a monk, 2 points."""
    s = private(started(2))
    anna = s.players[0]
    anna.ships = (("s-01",), ("s-02", "s-03", "s-04"), (), ("s-05",))
    anna.res = (0, 2, 0, 0, 0)
    anna.coins = 0
    s.roads = 0  # the road rest space then does nothing
    s = do(s, "rest:5")
    assert s.players[0].coins == 2  # the coin dock first
    s = do(s, "piety:2")  # space 2: the 1st monk symbol, with a blue die
    # a blue die gained while resting is usable only next year: rolled then, not now
    assert s.players[0].piety == 2 and s.chance == () and s.players[0].blue_owned == 2
    assert s.blue_waiting == 1
    s = do(s, "monk:skip", "piety:2")  # space 4: the 2nd monk symbol
    assert s.players[0].piety == 4
    s = do(s, "monk:skip", "piety:1")
    p = s.players[0]
    assert p.piety == 5 and p.res[GRAIN] == 0
    assert p.vp == 2  # the points dock last
    assert p.rested and s.actor == 1


def test_row_activation_skips_occupied_buildings_and_roads() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board(
        {
            cell(3, 1): building("produce:wood"),
            cell(3, 2): road(1),
            cell(3, 3): building("produce:grain"),
            cell(3, 4): building("produce:sugar"),
            cell(3, 5): building("produce:gem"),
            cell(3, 6): road(),
        }
    )
    p.coins_on = tuple(2 if c == cell(3, 3) else 0 for c in range(36))
    p.dice_on = tuple(1 if c == cell(3, 5) else 0 for c in range(36))
    p.res = (0, 0, 0, 0, 0)
    p.blue = (3,)
    after = do(s, "blue:3-3")
    q = after.players[0]
    assert q.res[:4] == (1, 0, 1, 0)  # wood and sugar; grain (coins) and gem (die) skipped
    assert q.dice_on[cell(3, 4)] == 2  # the last empty building, not the road
    assert q.blue == ()


def test_column_activation_top_to_bottom_die_on_last_empty_building() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board(
        {
            cell(1, 2): building("produce:wood"),
            cell(3, 2): building("trade:wood>2vp"),
            cell(6, 2): road(2),
        }
    )
    p.res = (0, 0, 0, 0, 0)
    s.white = (0, 1, 0, 0, 0, 0)
    s = do(s, "white:2-2")
    assert "trade:1" in RULES.legal_actions(s, 0)  # the wood from above pays the trade below
    s = do(s, "trade:1")
    q = s.players[0]
    assert q.vp == 2 and q.res[WOOD] == 0
    assert q.dice_on[cell(3, 2)] == 1 and q.white_used == 1


def test_no_die_for_a_line_without_empty_building() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(1, 1): building("produce:wood")})
    s.white = (1, 0, 0, 0, 0, 0)
    legal = RULES.legal_actions(s, 0)
    assert "white:1-1" in legal and "white:1-2" not in legal


def test_building_activation_costs_1_2_3_coins_and_resets_next_year() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(1, c): building("produce:wood") for c in (1, 2, 3)})
    p.coins, p.res = 6, (0, 0, 0, 0, 0)
    s = do(s, "coin:1,1", "rest:1", "coin:1,2", "coin:1,3")
    assert s.players[0].coins == 0 and s.players[0].coin_acts == 3
    assert s.players[0].coins_on[cell(1, 2)] == 2


def test_lowest_rest_space_places_a_road_tile_in_an_empty_square() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(1, 1): building("produce:wood")})
    s = do(s, "rest:5")
    assert s.roads == 2
    legal = RULES.legal_actions(s, 0)
    assert "road:1,1" not in legal and "road:1,2" in legal
    s = do(s, "road:1,2")
    sq = s.players[0].board[cell(1, 2)]
    assert sq is not None and not sq.building and s.actor == 1


def test_storage_limit_sells_the_excess() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(1, 1): building("produce:2wood+gem")})
    p.res = (2, 0, 0, 3, 0)
    p.coins = 1
    q = do(s, "coin:1,1").players[0]
    assert q.res[WOOD] == 3 and q.res[3] == 3
    assert q.coins == 0 + 1 + 2  # paid 1; 1 wood sold for 1, 1 gem for 2


def test_trade_with_slash_choices_wood_or_gem_for_3_coins() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(1, 1): building("trade:wood/gem>3coin")})
    p.res = (0, 0, 0, 1, 0)
    p.coins = 1
    s = do(s, "coin:1,1")
    legal = RULES.legal_actions(s, 0)
    assert "trade:1" not in legal and "trade:2" in legal and "trade:skip" in legal
    q = do(s, "trade:2").players[0]
    assert q.coins == 3 and q.res[3] == 0


def test_gold_pays_for_any_resource() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(1, 1): building("trade:sugar>2vp")})
    p.res = (0, 0, 0, 0, 1)
    p.coins = 1
    q = do(s, "coin:1,1", "trade:1").players[0]
    assert q.res[GOLD] == 0 and q.vp == 2


def test_sell_two_sugar_and_a_gem_for_6_coins_then_buy_grain_for_3() -> None:
    s = private(started(2))
    p = s.players[0]
    p.res = (0, 0, 2, 1, 0)
    p.coins = 0
    s = do(s, "sell:sugar", "sell:sugar", "sell:gem")
    assert s.players[0].coins == 6
    s = do(s, "buy:grain")
    assert s.players[0].coins == 3 and s.players[0].res[GRAIN] == 1
    assert "buy:sugar" not in RULES.legal_actions(s, 0)  # advanced resources cannot be bought


def test_shipping_takes_a_tile_to_the_matching_dock_and_refills_by_chance() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(1, 1): building("ship")})
    p.coins = 1
    s.docks = ("s0-1", "s0-2", "s-01", "s0-4")
    cost = s.cat.ships["s-01"].cost
    p.res = tuple(min(3, n + 1) for n in cost[:5])
    s = do(s, "coin:1,1", "ship:3")
    assert s.players[0].ships[2] == ("s-01",)
    assert s.docks[2] == "" and s.chance == (("ship", 2),)
    drawn = s.ship_left[0]
    s = RULES.apply(s, ChanceStep((drawn,)))
    assert s.docks[2] == drawn and drawn not in s.ship_left


def test_colony_tile_costs_and_placement_cannot_cover_buildings() -> None:
    s = private(started(2))
    p = s.players[0]
    p.res = (2, 1, 0, 0, 0)
    tid2 = next(t for t in s.colony if s.cat.tiles[t].shape == "I2")
    tid3 = next(t for t in s.colony if s.cat.tiles[t].shape != "I2")
    p.board = board({cell(1, 2): building("produce:wood")})
    s = do(s, f"colony:{tid3}")
    assert s.players[0].res[:2] == (0, 0)  # 2 wood + 1 grain
    legal = RULES.legal_actions(s, 0)
    assert all(not a.startswith("place:1,1,0") for a in legal) or s.cat.tiles[tid3].shape == "L3"
    s = do(s, legal[0])
    assert tid3 in s.players[0].tiles and tid3 not in s.colony
    assert tid2 in s.colony


def test_white_dice_limit_three_a_year() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(1, 1): building("produce:wood")})
    p.white_used = 3
    s.white = (6, 0, 0, 0, 0, 0)
    assert not any(a.startswith("white:") for a in RULES.legal_actions(s, 0))


def test_start_player_is_the_rest_space_nearest_the_first_symbol() -> None:
    s = private(started(2))
    s = do(s, "rest:3", "rest:1")
    while s.chance:
        spec = RULES.chance_spec(s)
        outcome = spec.pool[: spec.count] if hasattr(spec, "pool") else (1,) * spec.count
        s = RULES.apply(s, ChanceStep(tuple(outcome)))
    assert s.year == 2 and s.start == 1 and s.actor == 1
    assert s.rest_spaces == (-1,) * 5


def test_tie_break_rest_space_nearest_the_first_symbol() -> None:
    s = private(started(2))
    s.players[0].rest, s.players[1].rest = 3, 0
    scores = RULES.scores(s)
    assert scores.seats[1].tiebreak > scores.seats[0].tiebreak


def test_bishops_square_terrain_area_diversity_and_town_hall() -> None:
    p = started(1).players[0].clone()
    sq = {cell(r, c): building("produce:wood") for r in range(1, 4) for c in range(1, 4)}
    p.board = board(sq)
    assert bishop_condition("square", p) == 4
    p.board = board({cell(1, c): building("produce:wood", terrain="farm") for c in range(1, 5)})
    assert bishop_condition("terrain_area", p) == 8  # 4 farms in one area
    lines = {
        cell(r, c): building("produce:wood", terrain=t)
        for r in (1, 2)
        for c, t in enumerate(("farm", "forest", "mountain", "city"), start=1)
    }
    for r, t in ((3, "mountain"), (4, "farm")):
        lines[cell(r, 6)] = building("produce:wood", terrain=t)
    lines[cell(1, 6)] = building("produce:wood", terrain="forest")
    lines[cell(2, 6)] = building("produce:wood", terrain="city")
    p.board = board(lines)
    assert bishop_condition("diversity", p) == 9  # two rows and one column: Helge's 9 points
    hall = {
        cell(1, 1): building("produce:vp", terrain="town_hall"),
        cell(1, 2): road(2),
        cell(1, 3): road(1),
        cell(1, 4): building("produce:vp", terrain="city"),
        cell(2, 3): building("produce:vp", terrain="city"),
        cell(2, 1): building("produce:vp", terrain="city"),
        cell(5, 5): building("produce:vp", terrain="city"),
    }
    p.board = board(hall)
    assert bishop_condition("hall_cities", p) == 6  # three connected cities
    assert bishop_condition("hall_colonists", p) == 3


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(0, 3)), min_size=36, max_size=36))
def test_colonist_points_are_the_colonists_of_the_full_lines(cells: list[int | None]) -> None:
    """Every fully developed row and column's colonists, a crossing twice, on any board (the
    read stops at a line's first empty cell)."""
    squares = {at: road(n) for at, n in enumerate(cells) if n is not None}
    lines = [[cell(r, c) for c in range(1, 7)] for r in range(1, 7)]
    lines += [[cell(r, c) for r in range(1, 7)] for c in range(1, 7)]
    full = [line for line in lines if all(at in squares for at in line)]
    want = sum(squares[at].colonists for line in full for at in line)
    assert colonist_points(board(squares)) == want


def test_colonist_points_of_a_full_board_count_each_square_twice() -> None:
    assert colonist_points(board({at: road(1) for at in range(36)})) == 72
