"""One test per rule of the rulebook (shared/rules/century-new-world.ko.txt), with its numbers."""

from __future__ import annotations

import pytest

from domain.century_new_world import cubes as C
from domain.century_new_world import packs
from domain.century_new_world.packs.model import PointCard
from domain.century_new_world.rules import RULES
from domain.century_new_world.state import EXPLORE, OVER, RETURN, WORK
from domain.core.errors import IllegalAction, MissingComponents, NotYourTurn, SetupError
from domain.core.protocol import CHANCE, Decision
from tests.century_new_world.builders import (
    act,
    edit,
    loc,
    occupy,
    setup,
    started,
    with_player,
)


def test_setup_by_player_count() -> None:
    for n, removed in ((2, {"star", "3+", "=4"}), (3, {"star", "=4"}), (4, {"star"})):
        s = started(n)
        in_play = {c.mark for c in s.t.cards}
        assert not in_play & removed
        assert len(s.t.cards) == 56 - sum(1 for c in _catalog_cards() if c.mark in removed)
        assert sum(len(st) for st in s.stacks) == 17
        assert sorted(len(s.stacks[li]) for li in s.t.villages) == [4, 4, 4, 5]
        tiles = sum(1 for x in s.explore_on if x >= 0)
        assert tiles == (8 if n == 4 else 10)
        two_three = [li for li, lc in enumerate(s.t.locations) if lc.exploration == "2-3"]
        assert all((s.explore_on[li] >= 0) == (n < 4) for li in two_three)
        assert all(s.fort_card[li] >= 0 for li in s.t.villages)
        assert len(s.deck) == len(s.t.cards) - 4
        assert [C.text(p.cubes) for p in s.players] == ["YYY", "YYYY", "YYYY", "YYYR"][:n]
        assert all((p.available, p.reserve) == (6, 6) for p in s.players)
        assert s.t.boards == ("A1", "B1", "C1", "D1")
        assert len([lc for lc in s.t.locations if lc.kind != "village"]) == 23


def _catalog_cards() -> tuple[PointCard, ...]:
    return packs.load("synthetic").point_cards


def test_board_option_and_chance_steps() -> None:
    s = RULES.initial_state(setup(2, board="F1"))
    assert RULES.to_move(s) == (CHANCE,)
    assert "shuffle the point cards" in RULES.chance_spec(s).label
    assert started(2, board="F1").t.boards == ("A1", "B1", "C1", "F1")
    assert any(lc.id == "F1-5" for lc in started(2, board="F1").t.locations)
    with pytest.raises(SetupError):
        setup(3, board="G1")
    with pytest.raises(SetupError):
        setup(5)
    with pytest.raises(MissingComponents) as caught:
        setup(3, pack="published")
    assert any("point_cards: 0 of 56" in m for m in caught.value.missing)


def test_placing_on_an_empty_location_costs_its_icon() -> None:
    s = started(3)
    after = act(with_player(s, 0, cubes="YYY"), "place:A1-4:x1")
    assert after.players[0].available == 6 - 2  # A1-4 shows 2 settlers
    assert after.occ_seat[loc(after, "A1-4")] == 0 and after.occ_n[loc(after, "A1-4")] == 2
    assert C.text(after.players[0].cubes) == "RG"  # A1-4 trades YYY for RG


def test_bumping_two_settlers_on_a_location_showing_one_needs_three() -> None:
    s = occupy(started(3), "A1-1", 1, 2)  # A1-1 shows 1 settler; seat 1 has 2 there
    assert s.players[1].available == 4
    assert "place:A1-1" in RULES.legal_actions(s, 0)
    after = act(s, "place:A1-1")
    li = loc(after, "A1-1")
    assert (after.occ_seat[li], after.occ_n[li]) == (0, 3)
    assert after.players[0].available == 3
    assert after.players[1].available == 6, "the bumped settlers go back to their owner"
    poor = with_player(s, 0, available=2)
    assert "place:A1-1" not in RULES.legal_actions(poor, 0)
    with pytest.raises(IllegalAction, match="needs 3 settlers, you have 2"):
        act(poor, "place:A1-1")


def test_a_location_with_an_exploration_tile_cannot_be_chosen() -> None:
    s = started(3)
    li = loc(s, "A1-5")
    assert s.explore_on[li] >= 0
    assert not any(a.startswith("place:A1-5") for a in RULES.legal_actions(s, 0))
    with pytest.raises(IllegalAction, match="exploration tile"):
        act(s, "place:A1-5")


def test_a_location_with_ones_own_settlers_cannot_be_chosen() -> None:
    s = occupy(started(3), "A1-1", 0, 1)
    assert "place:A1-1" not in RULES.legal_actions(s, 0)
    with pytest.raises(IllegalAction, match="your own settlers"):
        act(s, "place:A1-1")


def test_a_location_whose_function_cannot_be_used_cannot_be_chosen() -> None:
    s = with_player(started(3), 0, cubes="BB")
    legal = RULES.legal_actions(s, 0)
    assert not any(a.startswith("place:A1-3") for a in legal), "fur cannot be upgraded"
    assert not any(a.startswith("place:B1-2") for a in legal), "no corn to trade"
    assert not any(a.startswith("place:A1-F1") for a in legal), "cannot pay the card"
    with pytest.raises(IllegalAction, match="function cannot be used"):
        act(s, "place:B1-2:x1")


def test_a_partial_trade_is_not_allowed_but_fewer_repeats_are() -> None:
    s = with_player(started(3), 0, cubes="YYY")  # B1-2: YY -> G, up to 5 times
    legal = RULES.legal_actions(s, 0)
    assert "place:B1-2:x1" in legal and "place:B1-2:x2" not in legal
    s = with_player(s, 0, cubes="YYYYY")
    assert {"place:B1-2:x1", "place:B1-2:x2"} <= set(RULES.legal_actions(s, 0))
    after = act(s, "place:B1-2:x2")
    assert C.text(after.players[0].cubes) == "YGG"
    assert after.supply_in == (4, 0, 0, 0) and after.supply_out[2] == s.supply_out[2] + 2


def test_upgrade_offers_every_net_result_of_one_to_n_steps() -> None:
    s = with_player(started(3), 0, cubes="YG")  # A1-3: up to 2 upgrades
    offered = {a for a in RULES.legal_actions(s, 0) if a.startswith("place:A1-3:")}
    assert offered == {
        "place:A1-3:Y>R",
        "place:A1-3:G>B",
        "place:A1-3:Y>G",
        "place:A1-3:YG>RB",
    }
    after = act(s, "place:A1-3:YG>RB")
    assert C.text(after.players[0].cubes) == "RB"


def test_production_takes_from_the_unlimited_supply() -> None:
    s = started(3)
    after = act(s, "place:C1-1")
    assert C.text(after.players[0].cubes) == "YYYYYY"
    assert after.supply_out[0] == s.supply_out[0] + 3


def test_rest_takes_back_all_settlers() -> None:
    s = occupy(occupy(started(3), "A1-1", 0, 1), "B1-3", 0, 3)
    assert s.players[0].available == 2
    assert "rest" in RULES.legal_actions(s, 0)
    after = act(s, "rest")
    assert after.players[0].available == 6
    assert after.settlers_on_board(0) == 0


def test_rest_is_always_a_choice_even_with_nothing_to_take_back() -> None:
    # KO 게임 방법 2: "일하기/휴식 중 하나의 행동을 선택하여 수행할 수 있습니다" -- no condition
    # on rest; with no settlers on the board it takes back nothing (a pass).
    s = started(3)
    assert "rest" in RULES.legal_actions(s, 0)
    after = act(s, "rest")
    assert after.players[0] == s.players[0] and after.actor == 1
    assert (
        RULES.describe(s, Decision(0, "rest")) == "P0 rests with no settlers on the board (a pass)"
    )


def test_village_card_and_bonus_tile_and_refill() -> None:
    s = started(3)
    li = loc(s, "A1-F1")
    card = s.t.cards[s.fort_card[li]]
    tile = s.t.bonus[s.stacks[li][0]]
    rich = with_player(s, 0, cubes=C.text(C.add(card.cost, tile.cost)))
    legal = RULES.legal_actions(rich, 0)
    both = f"place:A1-F1:card={card.id}+bonus={tile.id}"
    assert {f"place:A1-F1:card={card.id}", f"place:A1-F1:bonus={tile.id}", both} <= set(legal)
    after = act(rich, both)
    p = after.players[0]
    assert [after.t.cards[c].id for c in p.cards] == [card.id]
    assert [after.t.bonus[b].id for b in p.bonus] == [tile.id]
    assert after.fort_card[li] == s.deck[0] and after.deck == s.deck[1:]
    assert len(after.stacks[li]) == len(s.stacks[li]) - 1
    only_card = with_player(s, 0, cubes=C.text(card.cost))
    assert f"place:A1-F1:card={card.id}" in RULES.legal_actions(only_card, 0)
    assert both not in RULES.legal_actions(only_card, 0)


def test_an_explore_card_takes_an_exploration_tile_and_opens_its_location() -> None:
    s = started(3)
    li = loc(s, "A1-F1")
    explorer = next(i for i, c in enumerate(s.t.cards) if c.benefit == "explore")
    s = with_player(edit(s, fort_card=_set(s.fort_card, li, explorer)), 0, cubes="")
    s = with_player(s, 0, cubes=C.text(s.t.cards[explorer].cost))
    after = act(s, f"place:A1-F1:card={s.t.cards[explorer].id}")
    assert after.phase == EXPLORE and after.actor == 0
    assert "explore:A1-5" in RULES.legal_actions(after, 0)
    tile = after.t.tiles[after.explore_on[loc(after, "A1-5")]]
    done = act(after, "explore:A1-5")
    assert done.explore_on[loc(done, "A1-5")] == -1
    assert [done.t.tiles[x].id for x in done.players[0].explored] == [tile.id]
    assert done.phase == WORK and done.actor == 1
    assert any(a.startswith("place:A1-5") for a in RULES.legal_actions(done, 1))


def test_a_settlers_benefit_moves_settlers_from_the_reserve() -> None:
    s = started(3)
    li = loc(s, "A1-F1")
    card = next(i for i, c in enumerate(s.t.cards) if c.benefit == "settlers:2")
    s = edit(s, fort_card=_set(s.fort_card, li, card))
    s = with_player(s, 0, cubes=C.text(s.t.cards[card].cost))
    after = act(s, f"place:A1-F1:card={s.t.cards[card].id}")
    assert (after.players[0].available, after.players[0].reserve) == (5 + 2, 4)


def test_the_ten_cube_limit_with_the_players_choice_of_what_to_return() -> None:
    s = with_player(started(3), 0, cubes="YYYRRGB")  # 7 cubes, C1-1 gives 3 more: 10, kept
    kept = act(s, "place:C1-1")
    assert kept.phase == WORK and kept.actor == 1 and sum(kept.players[0].cubes) == 10
    s = with_player(started(3), 0, cubes="YYYRRGGB")  # 8 + 3 = 11: one back
    over = act(s, "place:C1-1")
    assert over.phase == RETURN and over.actor == 0
    assert set(RULES.legal_actions(over, 0)) == {"return:Y", "return:R", "return:G", "return:B"}
    with pytest.raises(NotYourTurn):
        RULES.apply(over, Decision(1, "return:Y"))
    back = act(over, "return:G")
    assert C.text(back.players[0].cubes) == "YYYYYYRRGB"
    assert back.supply_in[2] == over.supply_in[2] + 1
    assert back.phase == WORK and back.actor == 1


def test_the_game_ends_after_the_round_of_the_eighth_card() -> None:
    s = started(3)
    li = loc(s, "A1-F1")
    card = s.t.cards[s.fort_card[li]]
    seven = tuple(range(10, 17))
    s = edit(s, actor=1)
    s = with_player(s, 1, cards=seven, cubes=C.text(card.cost))
    after = act(s, f"place:A1-F1:card={card.id}")
    assert len(after.players[1].cards) == 8
    assert after.ending and not RULES.is_over(after) and after.actor == 2
    end = act(after, "place:C1-1")
    assert RULES.is_over(end) and RULES.to_move(end) == ()
    last = edit(started(3), actor=2)
    last = with_player(last, 2, cards=seven, cubes=C.text(card.cost))
    assert RULES.is_over(act(last, f"place:A1-F1:card={card.id}")), "the last seat ends it"
    assert end.phase == OVER


def test_points_by_index_are_the_components_points_and_score_every_holding() -> None:
    """`Tables.card_points` (and the bonus and exploration tiles') hold each component's printed
    points, which `breakdown` sums: a seat holding every card and tile scores their sum."""
    s = started(4)
    t = s.t
    assert t.card_points == tuple(c.points for c in t.cards) and len(set(t.card_points)) > 1
    assert t.bonus_points == tuple(b.points for b in t.bonus)
    assert t.tile_points == tuple(x.points for x in t.tiles)
    every = with_player(
        s,
        3,
        cards=tuple(range(len(t.cards))),
        bonus=tuple(range(len(t.bonus))),
        explored=tuple(range(len(t.tiles))),
    )
    assert RULES.scores(every).seats[3].breakdown == {
        "point_cards": sum(c.points for c in t.cards),
        "bonus_tiles": sum(b.points for b in t.bonus),
        "exploration_tiles": sum(x.points for x in t.tiles),
        "cubes": 1,
    }


def test_scoring_and_the_tie_break() -> None:
    s = started(2)
    cards = (0, 1)
    s = with_player(s, 0, cards=cards, bonus=(0,), explored=(0,), cubes="YYYRGB")
    sc = RULES.scores(s).seats[0]
    assert sc.breakdown == {
        "point_cards": s.t.cards[0].points + s.t.cards[1].points,
        "bonus_tiles": s.t.bonus[0].points,
        "exploration_tiles": s.t.tiles[0].points,
        "cubes": 3,
    }
    assert sc.total == sum(sc.breakdown.values())
    tied = with_player(with_player(started(2), 0, cubes="RR"), 1, cubes="GY")
    totals = [x.total for x in RULES.scores(tied).seats]
    assert totals[0] == totals[1] + 1
    tied = with_player(tied, 1, cubes="GB")
    assert RULES.scores(tied).seats[0].total == RULES.scores(tied).seats[1].total
    assert RULES.scores(tied).winners() == (1,), "the later player in turn order wins a tie"


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    out = list(values)
    out[index] = value
    return tuple(out)


def test_with_nothing_to_place_and_nothing_to_take_back_rest_is_a_pass() -> None:
    s = started(2)
    s = edit(s, explore_on=(0,) * len(s.explore_on))  # every location covered
    assert RULES.legal_actions(s, 0) == ("rest",)
    after = act(s, "rest")
    assert after.actor == 1 and after.players[0] == s.players[0]


def test_two_three_spaces_are_open_with_four_players_and_covered_with_fewer() -> None:
    four = started(4)
    three = started(3)
    assert four.t.locations[loc(four, "C1-7")].exploration == "2-3"
    assert "place:C1-7" in RULES.legal_actions(four, 0)
    assert "place:C1-7" not in RULES.legal_actions(three, 0)
    assert sorted(x for x in three.explore_on if x >= 0) == list(range(10))
    assert len([x for x in four.explore_on if x >= 0]) == 8, "two tiles go back to the box"


def test_settlers_beside_the_board_are_not_usable_until_a_benefit_brings_them() -> None:
    # KO setup 6: "이중 6개는 자신의 판 위에 두고, 나머지는 판 왼쪽에 따로 모아둡니다. (따로 모아둔
    # 말은 아직 사용할 수 없는 것입니다)" -- only a settlers benefit (a point card, bonus tile or
    # exploration tile, docs/rules-notes.md) moves them onto the player board.
    s = occupy(started(3), "B1-3", 0, 6)
    assert (s.players[0].available, s.players[0].reserve) == (0, 6)
    assert RULES.legal_actions(s, 0) == ("rest",), "the 6 beside the board cannot be placed"
    li = loc(s, "A1-F1")
    card = next(i for i, c in enumerate(s.t.cards) if c.benefit == "settlers:2")
    s = edit(started(3), fort_card=_set(started(3).fort_card, li, card))
    s = with_player(s, 0, cubes=C.text(s.t.cards[card].cost), reserve=1)
    after = act(s, f"place:A1-F1:card={s.t.cards[card].id}")
    assert (after.players[0].available, after.players[0].reserve) == (6 - 1 + 1, 0), (
        "a benefit brings at most what the reserve holds"
    )
