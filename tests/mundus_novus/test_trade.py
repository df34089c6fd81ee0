"""The trade: declaration, secret simultaneous offers, the new master and its tie rules, the
chain of draws with market swaps, no three exchanges in a row, and the end adjustments."""

from __future__ import annotations

import pytest

from domain.core.errors import IllegalAction, NotYourTurn
from domain.mundus_novus import trade
from domain.mundus_novus.rules import RULES
from domain.mundus_novus.state import CHOOSE_MASTER, DRAW, FIRST, GIVE, OFFER, State
from tests.mundus_novus.builders import act, deal, find, fresh, grant, hand, total_cards

A, B, C, D = 0, 1, 2, 3


def trading(hands: list[str], master: int = A) -> State:
    s = fresh(len(hands))
    for seat, cards in enumerate(hands):
        deal(s, seat, cards)
    s.master = master
    trade.begin_trade(s)
    return s


def offered(s: State, offers: list[str], declare: int = 2) -> State:
    s = act(s, s.master, f"declare:{declare}")
    for seat, cards in enumerate(offers):
        s = act(s, seat, f"offer:{cards}")
    return s


def test_master_declares_two_to_four_and_everyone_offers_secretly_at_once() -> None:
    s = trading(["1,2,3,4,5", "1,2,3,4,5", "1,2,3,4,5"])
    assert RULES.legal_actions(s, A) == ("declare:2", "declare:3", "declare:4")
    s = act(s, A, "declare:3")
    assert s.phase == OFFER and RULES.to_move(s) == (A, B, C)
    assert all(len(a.split(":")[1].split(",")) == 3 for a in RULES.legal_actions(s, B))
    s = act(s, C, "offer:3,4,5")  # any order
    assert RULES.to_move(s) == (A, B)
    hidden = RULES.view(s, A)["seats"][C]
    assert hidden["offered"] and hidden["offer"] is None and hidden["offer_count"] == 3
    assert RULES.view(s, C)["seats"][C]["offer"] == ["3", "4", "5"]
    with pytest.raises(NotYourTurn):
        act(s, C, "offer:1,2,3")
    with pytest.raises(IllegalAction):
        act(s, A, "offer:1,2")
    s = act(s, A, "offer:1,2,3")
    s = act(s, B, "offer:1,2,4")
    assert s.master == C and s.phase == DRAW and RULES.to_move(s) == (C,)
    assert RULES.view(s, A)["seats"][C]["offer"] == ["3", "4", "5"]  # revealed together


def test_the_relic_counts_ten_in_the_trade_total() -> None:
    s = trading(["9,9,1,1,1", "R,1,1,1,1", "2,2,2,2,2"])
    s = offered(s, ["9,9", "1,R", "2,2"])  # 18 < 11? no: 18 vs 11 vs 4
    assert s.master == A
    s = trading(["8,1,1,1,1", "R,2,1,1,1", "2,2,2,2,2"], master=C)
    s = offered(s, ["1,8", "2,R", "2,2"])  # 9 vs 12 vs 4
    assert s.master == B


def test_a_tie_including_the_master_keeps_the_master() -> None:
    s = trading(["1,5,1,1,1", "2,4,1,1,1", "3,3,1,1,1"], master=B)
    s = offered(s, ["1,5", "2,4", "3,3"])
    assert s.master == B and s.phase == DRAW


def test_a_tie_without_the_master_is_broken_by_the_master() -> None:
    s = trading(["9,9,1,1,1", "1,1,1,1,1", "9,9,2,2,2"], master=B)
    s = offered(s, ["9,9", "1,1", "9,9"])
    assert s.phase == CHOOSE_MASTER and RULES.to_move(s) == (B,)
    assert RULES.legal_actions(s, B) == ("master:0", "master:2")
    s = act(s, B, "master:2")
    assert s.master == C and RULES.to_move(s) == (C,)


def test_valdivia_adds_three_to_the_total() -> None:
    s = trading(["5,5,1,1,1", "6,6,1,1,1", "1,1,1,1,1"])
    grant(s, A, find("personality", "valdivia"))
    s = offered(s, ["5,5", "6,6", "1,1"])  # 13 vs 12
    assert s.master == A


def test_de_las_casas_offers_anything_from_none_to_the_declared_number() -> None:
    s = trading(["1,2,3,4,5", "1,2,3,4,5", "1,2,3,4,5"])
    grant(s, B, find("personality", "de_las_casas"))
    s = act(s, A, "declare:2")
    sizes = {len(a[6:].split(",")) if a != "offer:-" else 0 for a in RULES.legal_actions(s, B)}
    assert sizes == {0, 1, 2}
    assert {len(a[6:].split(",")) for a in RULES.legal_actions(s, A)} == {2}


def test_de_las_casas_as_master_need_not_follow_the_declaration() -> None:
    s = trading(["1,2,3,4,5", "1,2,3,4,5"])
    grant(s, A, find("personality", "de_las_casas"))
    s = act(s, A, "declare:4")
    assert "offer:-" in RULES.legal_actions(s, A) and "offer:5" in RULES.legal_actions(s, A)


def test_the_chain_of_draws_and_keeping_or_swapping_for_a_market_card() -> None:
    s = trading(["9,9,1,1,1", "2,3,1,1,1", "4,5,1,1,1"])
    s = offered(s, ["9,9", "2,3", "4,5"])
    assert s.master == A
    options = RULES.legal_actions(s, A)
    assert "take:1:2" in options and "take:2:5" in options and "take:0:9" not in options
    market = "".join(k for k in "123" if f"take:2:5:{k}" in options)
    assert market == "123" and "take:2:5:5" in options  # the market holds 1, 2, 3
    s = act(s, A, "take:2:5:1")  # A puts C's 5 in the market, takes the 1
    assert s.market[5] == 1 and s.market[1] == 0 and s.seats[A].hand[1] == 4
    assert RULES.to_move(s) == (C,)  # the victim draws next
    assert all(a.startswith(("take:0:", "take:1:")) for a in RULES.legal_actions(s, C))
    assert total_cards(s) == 120


def test_no_three_exchanges_in_a_row_between_the_same_two_players() -> None:
    s = trading(["9,9,1,1,1", "2,3,1,1,1", "4,5,1,1,1"])
    s = offered(s, ["9,9", "2,3", "4,5"])
    s = act(s, A, "take:1:2")  # A takes from B
    s = act(s, B, "take:0:9")  # B takes from A
    targets = {a.split(":")[1] for a in RULES.legal_actions(s, A)}
    assert targets == {"2"}  # A may not take from B a third time in a row
    with pytest.raises(IllegalAction):
        act(s, A, "take:1:3")


def test_the_no_three_rule_is_ignored_with_two_players() -> None:
    s = trading(["9,9,1,1,1", "2,3,1,1,1"])
    s = offered(s, ["9,9", "2,3"])
    s = act(s, A, "take:1:2")
    s = act(s, B, "take:0:9")
    assert "take:1:3" in RULES.legal_actions(s, A)
    s = act(s, A, "take:1:3")
    s = act(s, B, "take:0:9")
    assert s.phase == FIRST  # last card taken from the master: no adjustment
    assert hand(s, A) == "1,1,1,2,3" and hand(s, B) == "1,1,1,9,9"


def test_last_card_from_the_master_needs_no_adjustment() -> None:
    s = trading(["9,9,9,1,1", "2,3,4,1,1"])
    s = offered(s, ["9,9,9", "2,3,4"], declare=3)
    for seat, action in [
        (A, "take:1:2"),
        (B, "take:0:9"),
        (A, "take:1:3"),
        (B, "take:0:9"),
        (A, "take:1:4"),
        (B, "take:0:9"),
    ]:
        s = act(s, seat, action)
    assert s.phase == FIRST and hand(s, A) == "1,1,2,3,4" and hand(s, B) == "1,1,9,9,9"


def test_last_card_from_another_player_the_master_gives_a_card_back() -> None:
    s = trading(["9,9,1,1", "2,3,1,1", "4,5,1,1"])
    s = offered(s, ["9,9", "2,3", "4,5"])
    for seat, action in [
        (A, "take:1:2"),
        (B, "take:0:9"),
        (A, "take:2:4"),  # not B: that would be a third exchange in a row
        (C, "take:0:9"),  # A's cards are gone
        (A, "take:1:3"),
        (B, "take:2:5"),  # the last card, drawn from C
    ]:
        s = act(s, seat, action)
    # A received 3 for 2, C 1 for 2: the master gives C a card of its choice, secretly
    assert s.phase == GIVE and RULES.to_move(s) == (A,) and s.receiver == C
    assert hand(s, A) == "1,1,2,3,4" and hand(s, C) == "1,1,9"
    assert RULES.view(s, C)["seats"][A]["hand"] is None
    assert set(RULES.legal_actions(s, A)) == {"give:1", "give:2", "give:3", "give:4"}
    s = act(s, A, "give:4")
    assert hand(s, C) == "1,1,4,9" and hand(s, A) == "1,1,2,3" and s.phase == FIRST


def test_the_lone_remaining_offer_of_the_master_goes_back_fairly() -> None:
    s = trading(["9,9,9,1", "2,3,1,1"])
    grant(s, B, find("personality", "de_las_casas"))
    s = offered(s, ["9,9,9", "2"], declare=3)
    s = act(s, A, "take:1:2")
    s = act(s, B, "take:0:9")
    # only A's own cards remain and A draws: they go back to A, the trade was fair
    assert s.phase == FIRST and hand(s, A) == "1,2,9,9" and hand(s, B) == "1,1,3,9"


def test_the_lone_remaining_offer_of_another_player_is_returned_and_compensated() -> None:
    s = trading(["9,1,1,1", "2,3,4,1"])
    grant(s, A, find("personality", "de_las_casas"))
    s = offered(s, ["9", "2,3,4"], declare=3)
    s = act(s, A, "take:1:2")
    s = act(s, B, "take:0:9")
    s = act(s, A, "take:1:3")
    # B must draw but only its own 4 is left: it goes back, and B is one card short
    assert s.phase == GIVE and s.receiver == B and s.seats[B].hand[4] == 1
    s = act(s, A, "give:2")
    assert hand(s, B) == "1,2,4,9" and hand(s, A) == "1,1,1,3"
    assert total_cards(s) == 120


def test_orellana_earns_two_when_a_swap_leaves_a_pattern_in_the_market() -> None:
    s = trading(["9,9,1,1,1", "2,3,1,1,1", "4,5,1,1,1"])
    grant(s, A, find("personality", "orellana"))
    s = offered(s, ["9,9", "2,3", "4,5"])  # market 1,2,3 from fresh()
    run = act(s, A, "take:2:4:1")  # market 2,3,4: three consecutive numbers
    assert run.seats[A].doubloons == 2
    same = act(s, A, "take:1:2:2")  # swapped for the same kind: market still 1,2,3
    assert same.seats[A].doubloons == 2
    none = act(s, A, "take:2:5:1")  # market 2,3,5
    assert none.seats[A].doubloons == 0
    kept = act(s, A, "take:2:4")  # no swap: no bonus
    assert kept.seats[A].doubloons == 0


def test_orellana_three_of_a_kind_in_the_market() -> None:
    s = trading(["9,9,1,1,1", "5,3,1,1,1", "4,5,1,1,1"])
    grant(s, A, find("personality", "orellana"))
    for k in (2, 3):  # market 1,2,3 -> 1,5,5
        s.market[k] -= 1
        s.deck[k] += 1
        s.deck[5] -= 1
        s.market[5] += 1
    s = offered(s, ["9,9", "3,5", "4,5"])
    s = act(s, A, "take:1:5:1")  # market 5,5,5
    assert s.seats[A].doubloons == 2 and s.market[5] == 3
    assert total_cards(s) == 120
