"""The heuristic bot's development choices on constructed positions: who starts the development
phase and when relics are sold (blind spots that skewed rollouts)."""

from __future__ import annotations

from domain.mundus_novus import development as dev
from domain.mundus_novus import trade
from domain.mundus_novus.rules import RULES
from domain.mundus_novus.state import State
from tests.mundus_novus.builders import act, deal, fresh, grant

A, B, C = 0, 1, 2
SEEDS = range(8)


def choices(s: State, seat: int) -> set[str]:
    return {RULES.bot("heuristic", seed).choose(s, seat) for seed in SEEDS}


def test_the_master_starts_when_it_can_take_a_development_card() -> None:
    s = fresh(3)
    deal(s, A, "5,5,5")
    dev.begin_development(s)
    assert s.actor == A and choices(s, A) == {"first:0"}


def test_the_master_without_a_set_lets_the_richest_other_player_pick_last() -> None:
    s = fresh(3)
    deal(s, A, "1,4,7")
    s.seats[B].doubloons, s.seats[C].doubloons = 30, 10
    dev.begin_development(s)
    assert choices(s, A) == {"first:2"}  # C, A, then B: the leader picks from the row last
    s.seats[C].doubloons = 40
    assert choices(s, A) == {"first:0"}  # A, B, then C


def _relic_turn(warehouse: str | None) -> State:
    s = fresh(3)
    if warehouse:
        grant(s, A, warehouse)
    deal(s, A, "R,R")
    dev.begin_development(s)
    s = act(s, A, "first:0")
    assert "relics:2" in RULES.legal_actions(s, A)
    return s


def test_relics_a_warehouse_can_keep_are_kept_for_a_bigger_sale() -> None:
    s = _relic_turn("d21")  # a warehouse for two cards
    assert dev.capacity(s, A) == 2
    assert choices(s, A) == {"end:R,R"}


def test_relics_are_sold_when_they_would_be_discarded() -> None:
    assert choices(_relic_turn(None), A) == {"relics:2"}
    s = _relic_turn("d17")  # room for one: the other is sold
    assert choices(s, A) == {"relics:1"}


def _declaring(cards: str) -> State:
    s = fresh(3)
    deal(s, A, cards)
    trade.begin_trade(s)
    assert RULES.legal_actions(s, A) == ("declare:2", "declare:3", "declare:4")
    return s


def test_the_master_declares_as_many_cards_as_its_hand_has_loose_ones() -> None:
    assert choices(_declaring("1,2,3,4,6,6"), A) == {"declare:4"}  # four single cards to trade
    assert choices(_declaring("2,5,5,7,7,R"), A) == {"declare:2"}  # pairs and a relic to keep
