"""The heuristic bot's choices on constructed positions (blind spots that skewed rollouts)."""

from __future__ import annotations

from domain.core.protocol import ChanceStep
from domain.santa_maria.rules import RULES
from domain.santa_maria.state import State
from tests.santa_maria.builders import board, building, cell, do, private, road, started

SEEDS = range(12)
"""Several bot seeds: a choice left to chance would differ between some of them."""


def choices(s: State, seat: int = 0) -> set[str]:
    return {RULES.bot("heuristic", seed).choose(s, seat) for seed in SEEDS}


def shipped(ships: tuple[tuple[str, ...], ...], dock: int) -> State:
    """Seat 0 with astronomy has just taken the shipping tile of `dock` (1-4)."""
    s = private(started(2))
    p = s.players[0]
    p.scholars = ("astronomy",)
    p.board = board({cell(1, 1): building("ship")})
    p.ships = ships
    s.docks = ("s-01", "s-02", "s-03", "s-04")
    p.res, p.coins = (3, 3, 3, 3, 0), 4
    s = do(s, "coin:1,1", f"ship:{dock}")
    s = RULES.apply(s, ChanceStep((s.ship_left[0],)))
    assert RULES.legal_actions(s, 0)[0] == "astro:stay"
    return s


def test_astronomy_does_not_move_a_tile_for_nothing() -> None:
    assert choices(shipped(((), (), (), ()), 1)) == {"astro:stay"}


def test_astronomy_moves_a_tile_to_complete_a_harbor_set() -> None:
    s = shipped(((), ("s-05",), ("s-06",), ("s-07",)), 2)  # dock 2 now holds two, dock 1 none
    assert choices(s) == {"astro:1"}


def piety_choice(res: tuple[int, ...], piety: int) -> set[str]:
    """What seat 0 does when its piety rest space lets it pay for a second step."""
    s = private(started(2))
    p = s.players[0]
    p.res, p.piety = res, piety
    s = do(s, "rest:2")
    assert {"piety:1", "piety:2"} <= set(RULES.legal_actions(s, 0))
    return choices(s)


def test_no_gold_paid_for_a_bare_piety_step() -> None:
    symbols = started(2).cat.monk_symbols
    bare = next(k for k in range(10) if k + 1 not in symbols and k + 2 not in symbols)
    assert piety_choice((0, 0, 0, 0, 1), bare) == {"piety:1"}


def test_grain_paid_for_the_step_that_reaches_a_monk() -> None:
    symbols = started(2).cat.monk_symbols
    assert piety_choice((0, 1, 0, 0, 0), symbols[1] - 2) == {"piety:2"}


def task_position(task: tuple[object, ...], options: dict[str, str] | None = None) -> State:
    """Seat 0 in play facing `task` (a constructed position)."""
    s = private(started(2, options))
    s.tasks, s.actor = (task,), 0
    return s


def test_improvement_covers_a_road_before_a_building_or_an_empty_square() -> None:
    s = task_position(("improve", "e-improve-1"), {"modules": "B"})
    p = s.players[0]
    p.board = board({cell(1, 1): building("produce:gem"), cell(1, 2): road()})
    p.coins = 5
    assert {"improve:1,1", "improve:1,2", "improve:3,3"} <= set(RULES.legal_actions(s, 0))
    assert choices(s) == {"improve:1,2"}


def test_archer_takes_the_diagonal_only_where_its_buildings_are() -> None:
    diagonal = board({cell(k, k): building("produce:gem") for k in range(2, 7)})
    column = board({cell(k, 1): building("produce:gem") for k in range(2, 7)})
    for squares, expected in ((diagonal, "echoarch:diag"), (column, "echoarch:line")):
        s = task_position(("echoarch", "white", 1))
        p = s.players[0]
        p.board, p.coins = squares, 3
        assert choices(s) == {expected}


def test_architecture_puts_the_die_on_the_building_least_worth_again() -> None:
    s = task_position(("putdie", 1, (cell(1, 1), cell(1, 2), cell(1, 3))))
    p = s.players[0]
    p.scholars = ("architecture",)
    p.board = board(
        {
            cell(1, 1): building("produce:wood"),
            cell(1, 2): building("produce:gem+gem"),
            cell(1, 3): building("produce:gold"),
        }
    )
    assert choices(s) == {"die:1,1"}


def test_meditation_takes_the_rest_space_that_gives_most() -> None:
    s = task_position(("medrest",))
    p = s.players[0]
    p.res = (0, 2, 0, 0, 0)  # grain for a second piety step
    assert choices(s) == {"medrest:2"}


def test_town_hall_set_and_board_chosen_by_value_not_by_chance() -> None:
    halls = started(2, {"setup": "advanced"})
    assert halls.phase == "halls" and len(RULES.legal_actions(halls, halls.actor)) > 1
    assert len(choices(halls, halls.actor)) == 1
    boards = started(3, {"boards": "choose"})
    assert boards.phase == "boards" and len(choices(boards, boards.actor)) == 1


def _logistics(first: str, second: str) -> State:
    s = private(started(2))
    p = s.players[0]
    p.scholars = ("logistics",)
    p.board = board({cell(1, 1): building(first), cell(1, 2): road(), cell(1, 3): building(second)})
    p.dice_on = tuple(1 if c == cell(1, 1) else 0 for c in range(36))
    p.coins = 4
    assert "move:1,1>1,3" in RULES.legal_actions(s, 0)
    return s


def test_logistics_frees_a_building_worth_much_more_than_the_one_it_blocks() -> None:
    assert choices(_logistics("produce:gem+gem+gold", "produce:wood")) == {"move:1,1>1,3"}
    assert "move:1,1>1,3" not in choices(_logistics("produce:wood", "produce:grain"))


def _short_of_coins(coins: int) -> State:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(1, 1): building("produce:gem+gem+gold")})
    p.res, p.coins = (0, 0, 1, 0, 0), coins  # a sugar
    s.white, p.blue = (0,) * 6, ()  # no die to take: the coin activation or rest
    assert "sell:sugar" in RULES.legal_actions(s, 0)
    return s


def test_a_resource_is_sold_when_its_coins_pay_for_a_better_action() -> None:
    assert choices(_short_of_coins(0)) == {"sell:sugar"}  # no coin for the activation
    assert choices(_short_of_coins(1)) == {"coin:1,1"}  # the coin is there: nothing to sell for
