"""Events and supply: the round's event from the first queue card, the open-card picking order
(the book's example), Gonzalo Pizarro, Ponce de Leon, Pirates, Coronado."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.core.chance import Draw
from domain.core.protocol import CHANCE, ChanceStep
from domain.mundus_novus import supply
from domain.mundus_novus.rules import RULES
from domain.mundus_novus.state import CORONADO, DECLARE, FLEETS, PICK, PIRATES, SUPPLY, State
from tests.mundus_novus.builders import act, caravel, deal, find, fresh, grant, hand, set_queue

A, B, C = 0, 1, 2


def supplied(s: State, hidden: str = "3,4,6,8,R", opened: str = "") -> State:
    """Resolve the supply draw: every seat gets `hidden`, the open cards are `opened`."""
    spec = RULES.chance_spec(s)
    assert isinstance(spec, Draw)
    outcome = tuple(hidden.split(",")) * s.n + (tuple(opened.split(",")) if opened else ())
    assert len(outcome) == spec.count
    return RULES.apply(s, ChanceStep(outcome))


def test_round_one_deals_five_hidden_cards_and_no_open_cards() -> None:
    s = fresh(3)
    assert s.round == 1 and s.event == "none" and s.phase == SUPPLY
    spec = RULES.chance_spec(s)
    assert isinstance(spec, Draw) and spec.count == 15
    s = supplied(s)
    assert s.phase == DECLARE
    assert [sum(x.hand) for x in s.seats] == [5, 5, 5]
    assert sum(s.open_cards) == 0


def test_book_supply_example_c_picks_three_then_a_one_then_b_two() -> None:
    """Six caravels: A and C have equal fleet values, C owns the lowest caravel and picks its
    three cards first, then A one, then B two."""
    s = fresh(3)
    grant(s, A, caravel(6))
    grant(s, B, caravel(4), caravel(5))
    grant(s, C, caravel(1), caravel(2), caravel(3))
    s = supplied(s, hidden="1,1,2,2,3", opened="9,8,7,6,5,4")
    assert s.phase == PICK
    assert s.actor == C and s.pickers == [C, C, C, A, B, B]
    for seat, pick in [(C, "9"), (C, "8"), (C, "7"), (A, "6"), (B, "5"), (B, "4")]:
        assert RULES.to_move(s) == (seat,)
        s = act(s, seat, f"pick:{pick}")
    assert hand(s, C).endswith("7,8,9") and hand(s, A).endswith("6")
    assert hand(s, B).endswith("4,5") and s.phase == DECLARE


def test_pizarro_counts_the_highest_caravel_as_zero() -> None:
    s = fresh(3)
    grant(s, A, caravel(1), caravel(2))  # fleet 3
    grant(s, B, caravel(12), find("personality", "gonzalo_pizarro"))  # 12 counts 0
    s = supplied(s, opened="5,5,5")
    assert s.pickers == [B, A, A]


def test_ponce_de_leon_splits_the_fleet_for_picking() -> None:
    s = fresh(3)
    grant(s, A, caravel(3))
    grant(s, B, caravel(1), caravel(9), find("personality", "ponce_de_leon"))
    s = supplied(s, opened="5,5,5")
    assert s.phase == FLEETS and RULES.to_move(s) == (B,)
    options = RULES.legal_actions(s, B)
    assert "fleets:one" in options
    split = f"fleets:{caravel(1)}|{caravel(9)}"
    assert split in options
    together = act(s, B, "fleets:one")
    assert together.pickers == [A, B, B]  # 3 < 10
    apart = act(s, B, split)
    assert apart.pickers == [B, A, B]  # fleets 1, 3, 9


def _pirate_round(s: State) -> State:
    set_queue(s, [find("shipyard")])  # any card; its icon is replaced below
    s.round = 1
    s.queue[0] = next(c for c in s.queue + s.dev_deck if s.cards[c].event == "pirates")
    return s


def test_pirates_take_one_random_card_per_fleet_of_two_or_more() -> None:
    s = fresh(3)
    grant(s, A, caravel(1), caravel(2))  # a fleet of two: loses a card
    grant(s, B, caravel(3))  # one caravel: safe
    grant(s, C, caravel(4), caravel(5), find("personality", "de_la_cosa"))  # immune
    s.event = "pirates"
    s = supplied(s, opened="1,2,3,4,5")
    for seat, pick in [(A, "1"), (A, "2"), (B, "3"), (C, "4"), (C, "5")]:
        s = act(s, seat, f"pick:{pick}")
    assert s.phase == PIRATES and RULES.to_move(s) == (CHANCE,)
    spec = RULES.chance_spec(s)
    assert isinstance(spec, Draw) and spec.count == 1
    assert sorted(spec.pool) == ["1", "2", "3", "4", "6", "8", "R"]
    before = s.discard[2]
    s = RULES.apply(s, ChanceStep(("2",)))
    assert s.discard[2] == before + 1 and sum(s.seats[A].hand) == 6
    assert [sum(x.hand) for x in s.seats] == [6, 6, 7] and s.phase == DECLARE


def test_pirates_hit_both_fleets_of_ponce_de_leon() -> None:
    s = fresh(3)
    grant(s, A, *(caravel(v) for v in (1, 2, 3, 4)), find("personality", "ponce_de_leon"))
    s.event = "pirates"
    s = supplied(s, opened="1,2,3,4")
    s = act(s, A, f"fleets:{caravel(1)},{caravel(2)}|{caravel(3)},{caravel(4)}")
    for pick in "1234":
        s = act(s, A, f"pick:{pick}")
    spec = RULES.chance_spec(s)
    assert isinstance(spec, Draw) and spec.count == 2


def test_the_event_comes_from_the_first_queue_card_but_never_in_round_one() -> None:
    s = fresh(3)
    storm = next(c for c in s.cards if s.cards[c].event == "storm" and c in s.dev_deck)
    set_queue(s, [storm])
    assert s.event == "none"  # round 1
    s.round = 1
    supply.start_round(s)
    assert s.round == 2 and s.event == "storm"


@pytest.mark.parametrize("event", ["kings_help", "natives", "storm", "fire", "pirates"])
def test_every_event_icon_sets_the_round_event(event: str) -> None:
    s = fresh(3)
    card = next(c for c in s.cards if s.cards[c].event == event)
    set_queue(s, [card])
    supply.start_round(s)
    assert s.event == event


def test_coronado_buys_an_event_when_the_first_card_has_none() -> None:
    s = fresh(3)
    grant(s, B, find("personality", "coronado"))
    s.seats[B].doubloons = 5
    plain = next(c for c in s.dev_deck if s.cards[c].event == "none")
    set_queue(s, [plain])
    supply.start_round(s)
    assert s.phase == CORONADO and RULES.to_move(s) == (B,)
    assert set(RULES.legal_actions(s, B)) == {
        "coronado:none",
        "coronado:kings_help",
        "coronado:natives",
        "coronado:storm",
        "coronado:fire",
        "coronado:pirates",
    }
    bought = act(s, B, "coronado:fire")
    assert bought.event == "fire" and bought.seats[B].doubloons == 3 and bought.phase == SUPPLY
    declined = act(s, B, "coronado:none")
    assert declined.event == "none" and declined.seats[B].doubloons == 5


def test_coronado_cannot_act_without_two_doubloons_or_with_an_icon() -> None:
    s = fresh(3)
    grant(s, B, find("personality", "coronado"))
    s.seats[B].doubloons = 1
    set_queue(s, [next(c for c in s.dev_deck if s.cards[c].event == "none")])
    supply.start_round(s)
    assert s.phase == SUPPLY
    s = fresh(3)
    grant(s, B, find("personality", "coronado"))
    s.seats[B].doubloons = 9
    set_queue(s, [next(c for c in s.dev_deck if s.cards[c].event == "natives")])
    supply.start_round(s)
    assert s.phase == SUPPLY and s.event == "natives"


def test_warehouse_cards_return_to_hand_and_the_discard_is_reshuffled_when_short() -> None:
    s = fresh(2)
    s.seats[A].stored[5] = 2
    s.deck[5] -= 2
    moved = sum(s.deck) - 4
    for k in range(1, 11):  # all but 4 deck cards to the discard pile
        take = min(s.deck[k], moved)
        s.deck[k] -= take
        s.discard[k] += take
        moved -= take
    supply.begin_supply(s)
    assert s.seats[A].hand[5] == 2 and sum(s.seats[A].stored) == 0
    assert sum(s.discard) == 0 and sum(s.deck) == 120 - 3 - 2
    deal(s, B, "1")


def _second_copy(s: State, name: str) -> str:
    """A repeated personality card (the printed deck has ~15 cards for nine personalities)."""
    original = s.cards[find("personality", name)]
    s.cards["copy-" + name] = replace(original, id="copy-" + name)
    return "copy-" + name


def test_every_coronado_owner_may_buy_the_event_in_seat_order() -> None:
    """Personalities repeat: with two Coronados, the second owner is asked when the first
    declines (was: only the first owner ever was)."""
    s = fresh(3)
    grant(s, A, find("personality", "coronado"))
    grant(s, C, _second_copy(s, "coronado"))
    s.seats[A].doubloons = s.seats[C].doubloons = 5
    set_queue(s, [next(c for c in s.dev_deck if s.cards[c].event == "none")])
    supply.start_round(s)
    assert s.phase == CORONADO and RULES.to_move(s) == (A,)
    declined = act(s, A, "coronado:none")
    assert declined.phase == CORONADO and RULES.to_move(declined) == (C,)
    bought = act(declined, C, "coronado:storm")
    assert bought.event == "storm" and bought.seats[C].doubloons == 3 and bought.phase == SUPPLY
    first = act(s, A, "coronado:fire")  # one event a round: the first buyer settles it
    assert first.event == "fire" and first.phase == SUPPLY


def test_every_ponce_de_leon_owner_splits_its_fleet() -> None:
    """Both owners of a Ponce de Leon choose their fleets, in seat order (was: only the last)."""
    s = fresh(3)
    grant(s, A, caravel(2), caravel(8), find("personality", "ponce_de_leon"))
    grant(s, B, caravel(1), caravel(9), _second_copy(s, "ponce_de_leon"))
    s = supplied(s, opened="5,5,5,5")
    assert s.phase == FLEETS and RULES.to_move(s) == (A,)
    s = act(s, A, f"fleets:{caravel(2)}|{caravel(8)}")
    assert s.phase == FLEETS and RULES.to_move(s) == (B,)
    s = act(s, B, f"fleets:{caravel(1)}|{caravel(9)}")
    assert s.pickers == [B, A, A, B]  # fleets 1, 2, 8, 9
