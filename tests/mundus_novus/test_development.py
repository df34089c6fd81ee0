"""Development: first player, the same-kind set table, relics wild, different-kind and relic
sets, merchants (the book's 5,5,1 example), income, warehouses, shipyards, Almagro, the events
that touch development (King's Help, Natives, Storm, Fire) and de la Cosa's immunity."""

from __future__ import annotations

import pytest

from domain.core.errors import IllegalAction
from domain.mundus_novus import development as dev
from domain.mundus_novus.rules import RULES
from domain.mundus_novus.state import DEVELOP, FIRST, State
from tests.mundus_novus.builders import act, caravel, deal, find, fresh, grant, hand, set_queue

A, B, C = 0, 1, 2
QUEUE = [caravel(1), caravel(2), caravel(3), caravel(4), caravel(5)]


def developing(hands: list[str], event: str = "none", first: int = A) -> State:
    s = fresh(len(hands))
    set_queue(s, QUEUE)
    for seat, cards in enumerate(hands):
        deal(s, seat, cards)
    s.event = event
    dev.begin_development(s)
    assert s.phase == FIRST and RULES.to_move(s) == (s.master,)
    return act(s, s.master, f"first:{first}")


def positions(s: State, prefix: str) -> list[str]:
    return [a.rsplit(":", 1)[1] for a in RULES.legal_actions(s, s.actor) if a.startswith(prefix)]


def test_the_master_chooses_the_first_player_and_turns_go_clockwise() -> None:
    s = developing(["1", "2", "3"], first=B)
    assert RULES.to_move(s) == (B,) and s.phase == DEVELOP
    s = act(s, B, "end:-")
    assert RULES.to_move(s) == (C,)
    s = act(s, C, "end:-")
    assert RULES.to_move(s) == (A,)


@pytest.mark.parametrize(
    ("kind", "size", "reach"),
    [
        (2, 3, ["1"]),
        (2, 4, ["1", "2", "3"]),
        (2, 5, ["1", "2", "3", "4", "5"]),
        (5, 3, ["1", "2", "3"]),
        (5, 4, ["1", "2", "3", "4", "5"]),
        (5, 5, ["1", "2", "3", "4", "5"]),
        (8, 3, ["1", "2", "3", "4", "5"]),
        (8, 4, ["1", "2", "3", "4", "5"]),
        (8, 5, ["1", "2", "3", "4", "5"]),
    ],
)
def test_the_set_table(kind: int, size: int, reach: list[str]) -> None:
    s = developing([",".join([str(kind)] * size), "1", "1"])
    assert positions(s, f"same:{kind}:{size}:0:") == reach


def test_relics_are_wild_in_same_kind_sets_and_count_alone_as_any_kind() -> None:
    s = developing(["5,5,R,R,R", "1", "1"])
    assert positions(s, "same:5:2:1:") == ["1", "2", "3"]
    assert positions(s, "same:5:1:2:") == ["1", "2", "3"]
    assert positions(s, "same:R:0:3:") == ["1", "2", "3", "4", "5"]
    s = act(s, A, "same:5:2:1:3")
    assert hand(s, A) == "R,R" and s.seats[A].dev == [caravel(3)]


def test_the_queue_shifts_and_is_refilled_from_the_deck() -> None:
    s = developing(["9,9,9", "1", "1"])
    top = s.dev_deck[0]
    s = act(s, A, "same:9:3:0:2")
    assert s.queue == [caravel(1), caravel(3), caravel(4), caravel(5), top]
    assert not s.refill_failed


def test_one_same_kind_set_per_turn_unless_kings_help() -> None:
    s = developing(["9,9,9,8,8,8", "1", "1"])
    s = act(s, A, "same:9:3:0:1")
    assert not positions(s, "same:")
    s = developing(["9,9,9,8,8,8", "1", "1"], event="kings_help")
    s = act(s, A, "same:9:3:0:1")
    assert positions(s, "same:8:3:0:") == ["1", "2", "3", "4", "5"]
    s = act(s, A, "same:8:3:0:1")
    assert len(s.seats[A].dev) == 2


def test_storm_allows_only_the_first_card() -> None:
    s = developing(["9,9,9,9,9", "1", "1"], event="storm")
    assert positions(s, "same:9:5:0:") == ["1"]


def test_de_la_cosa_ignores_every_event_good_or_bad() -> None:
    s = fresh(3)
    grant(s, A, find("personality", "de_la_cosa"))
    set_queue(s, QUEUE)
    deal(s, A, "9,9,9,8,8,8")
    s.event = "storm"
    dev.begin_development(s)
    s = act(s, A, "first:0")
    assert positions(s, "same:9:3:0:") == ["1", "2", "3", "4", "5"]
    s.event = "kings_help"
    s = act(s, A, "same:9:3:0:1")
    assert not positions(s, "same:")


@pytest.mark.parametrize(("size", "paid"), [(4, 5), (5, 7), (6, 10), (7, 15), (8, 20), (9, 25)])
def test_different_kinds_pay_the_table(size: int, paid: int) -> None:
    cards = ",".join(str(k) for k in range(1, size + 1))
    s = developing([cards + ",R", "1", "1"])
    options = RULES.legal_actions(s, A)
    assert f"diff:{cards}" in options and not any("R" in a for a in options if "diff" in a)
    s = act(s, A, f"diff:{cards}")
    assert s.seats[A].doubloons == paid and hand(s, A) == "R"
    assert not positions(s, "diff:")  # one set of different kinds per turn


def test_natives_pay_one_doubloon_per_card() -> None:
    s = developing(["1,2,3,4,5,6", "1", "1"], event="natives")
    s = act(s, A, "diff:1,2,3,4,5,6")
    assert s.seats[A].doubloons == 6


@pytest.mark.parametrize(("n", "paid"), [(1, 3), (2, 7), (3, 12), (4, 18), (5, 25)])
def test_relic_sets_pay_the_table(n: int, paid: int) -> None:
    s = developing([",".join(["R"] * 6), "1", "1"])
    assert "relics:6" not in RULES.legal_actions(s, A)
    s = act(s, A, f"relics:{n}")
    assert s.seats[A].doubloons == paid
    assert not positions(s, "relics:")


def test_the_book_merchant_example_five_five_and_a_one_as_five() -> None:
    """A merchant of 4-6 paying 1 a round: 5, 5, 1 (the 1 as a 5) take a card from 1st-3rd."""
    s = fresh(3)
    merchant = find("merchant", range="4-6", income=1)
    grant(s, A, merchant)
    set_queue(s, QUEUE)
    deal(s, A, "1,5,5")
    dev.begin_development(s)
    s = act(s, A, "first:0")
    assert not positions(s, "same:5:")
    assert f"merchant:{merchant}:1:5" in RULES.legal_actions(s, A)
    assert f"merchant:{merchant}:1:7" not in RULES.legal_actions(s, A)
    s = act(s, A, f"merchant:{merchant}:1:5")
    assert positions(s, "same:5:3:0:") == ["1", "2", "3"]
    assert not [a for a in RULES.legal_actions(s, A) if a.startswith("merchant:")]  # once
    s = act(s, A, "same:5:3:0:3")
    assert hand(s, A) == "-" and s.discard[1] == 1 and s.discard[5] == 2
    s = act(s, A, "end:-")
    assert s.seats[A].doubloons == 1  # the merchant's income


def test_a_merchant_may_turn_an_inca_relic_into_a_card_of_its_range() -> None:
    """6.(1): "아무 자원 카드 1장을 '상인'의 종류에 따른 자원카드 ... 1장으로 사용할 수 있다" -
    any resource card, and the relic is one of the ten kinds of resource card (2.): as a 9 it
    joins a set of 9s."""
    s = fresh(3)
    merchant = find("merchant", range="7-9")
    grant(s, A, merchant)
    set_queue(s, QUEUE)
    deal(s, A, "9,9,R")
    dev.begin_development(s)
    s = act(s, A, "first:0")
    assert f"merchant:{merchant}:R:9" in RULES.legal_actions(s, A)
    s = act(s, A, f"merchant:{merchant}:R:9")
    assert "relics:1" not in RULES.legal_actions(s, A)  # the relic now counts as a 9
    s = act(s, A, "same:9:3:0:1")
    assert hand(s, A) == "-" and s.discard[9] == 2 and s.discard[10] == 1


def test_a_relic_turned_into_a_number_still_may_not_join_a_set_of_different_kinds() -> None:
    """5.(2): "다른 종류의 자원 세트에 잉카의 유물 카드를 넣을 수는 없다" - a merchant does not
    launder a relic into such a set (was: 1,2,3 + a relic as 9 paid 5 doubloons)."""
    s = fresh(3)
    merchant = find("merchant", range="7-9")
    grant(s, A, merchant)
    set_queue(s, QUEUE)
    deal(s, A, "1,2,3,R")
    dev.begin_development(s)
    s = act(s, A, "first:0")
    s = act(s, A, f"merchant:{merchant}:R:9")
    assert not [a for a in RULES.legal_actions(s, A) if a.startswith("diff:")]
    with pytest.raises(IllegalAction):
        act(s, A, "diff:1,2,3,9")


def test_a_set_of_different_kinds_spends_the_real_card_not_the_converted_relic() -> None:
    """With a real 9 and a relic turned into a 9, the set of different kinds takes the real 9;
    the converted relic stays in hand (and can still go to a same-kind set of 9s)."""
    s = fresh(3)
    merchant = find("merchant", range="7-9")
    grant(s, A, merchant)
    set_queue(s, QUEUE)
    deal(s, A, "1,2,3,9,R")
    dev.begin_development(s)
    s = act(s, A, "first:0")
    s = act(s, A, f"merchant:{merchant}:R:9")
    s = act(s, A, "diff:1,2,3,9")
    assert s.seats[A].doubloons == 5 and hand(s, A) == "R" and s.discard[9] == 1
    assert s.discard[10] == 0


def test_income_is_paid_at_the_end_of_the_turn_the_card_was_taken() -> None:
    s = fresh(3)
    cortes = find("personality", "cortes")
    set_queue(s, [cortes, *QUEUE])
    deal(s, A, "7,7,7")
    dev.begin_development(s)
    s = act(s, A, "first:0")
    s = act(s, A, "same:7:3:0:1")
    assert s.seats[A].doubloons == 0
    s = act(s, A, "end:-")
    assert s.seats[A].doubloons == 3


@pytest.mark.parametrize(
    ("name", "income"),
    [("almagro", 2), ("de_la_cosa", 1), ("de_las_casas", 1), ("valdivia", 1), ("cortes", 3)],
)
def test_personality_incomes(name: str, income: int) -> None:
    s = fresh(3)
    grant(s, A, find("personality", name))
    dev.begin_development(s)
    s = act(s, A, "first:0")
    s = act(s, A, "end:-")
    assert s.seats[A].doubloons == income


def test_almagro_may_take_the_top_of_the_development_deck() -> None:
    s = fresh(3)
    grant(s, A, find("personality", "almagro"))
    set_queue(s, QUEUE)
    deal(s, A, "1,1,1")
    dev.begin_development(s)
    s = act(s, A, "first:0")
    assert positions(s, "same:1:3:0:") == ["1", "deck"]
    top = s.dev_deck[0]
    s = act(s, A, "same:1:3:0:deck")
    assert top in s.seats[A].dev and s.queue == QUEUE


def test_warehouses_keep_cards_and_the_rest_is_discarded() -> None:
    s = fresh(3)
    grant(s, A, find("warehouse", capacity=1), find("warehouse", capacity=2))
    deal(s, A, "1,5,R,R")
    dev.begin_development(s)
    s = act(s, A, "first:0")
    options = RULES.legal_actions(s, A)
    assert "end:5,R,R" in options and "end:1,5,R,R" not in options and "end:-" in options
    before = sum(s.discard)
    s = act(s, A, "end:5,R,R")
    assert s.seats[A].stored[10] == 2 and s.seats[A].stored[5] == 1
    assert sum(s.discard) == before + 1 and s.seats[A].doubloons == 1  # 1-card warehouse pays


def test_fire_empties_the_warehouses_but_they_still_pay() -> None:
    s = fresh(3)
    grant(s, A, find("warehouse", capacity=1))
    deal(s, A, "1,5,R")
    s.event = "fire"
    dev.begin_development(s)
    s = act(s, A, "first:0")
    assert [a for a in RULES.legal_actions(s, A) if a.startswith("end:")] == ["end:-"]
    s = act(s, A, "end:-")
    assert s.seats[A].doubloons == 1 and sum(s.seats[A].stored) == 0


def test_shipyards_pay_per_player_with_more_caravels_at_the_end_of_the_phase() -> None:
    s = fresh(3)
    yards = sorted(c for c, card in s.cards.items() if card.kind == "shipyard")[:2]
    grant(s, A, *yards)
    grant(s, B, caravel(7), caravel(8))
    grant(s, C, caravel(9))
    dev.begin_development(s)
    s = act(s, A, "first:0")
    s = act(s, A, "end:-")
    assert s.seats[A].doubloons == 0  # paid at the end of the phase, not the turn
    s = act(s, B, "end:-")
    s = act(s, C, "end:-")
    assert s.seats[A].doubloons == 4 and s.seats[C].doubloons == 0  # 2 yards x 2 players


def test_a_set_not_allowed_raises_a_typed_error() -> None:
    s = developing(["2,2,2", "1", "1"])
    with pytest.raises(IllegalAction) as err:
        act(s, A, "same:2:3:0:2")
    assert "same:2:3:0:1" in err.value.legal
