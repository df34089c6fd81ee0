"""The end of the game: 75 doubloons, a complete set (9 kinds + a relic), a queue that cannot be
refilled; checked at the end of the round; the winners and ties as written."""

from __future__ import annotations

from domain.mundus_novus import development as dev
from domain.mundus_novus.rules import RULES
from domain.mundus_novus.state import SUPPLY, State
from tests.mundus_novus.builders import act, deal, fresh

A, B, C = 0, 1, 2


def last_turns(s: State) -> State:
    """Everyone ends the turn without sets: the development phase and the round end."""
    while not s.over and s.phase == "develop":
        s = act(s, s.actor, "end:-")
    return s


def developing(n: int = 3) -> State:
    s = fresh(n)
    dev.begin_development(s)
    return act(s, A, "first:0")


def test_seventy_five_doubloons_ends_the_game_at_the_end_of_the_round() -> None:
    s = developing()
    s.seats[A].doubloons = 75
    s = act(s, A, "end:-")
    assert not s.over  # the round is played out
    s = last_turns(s)
    assert s.over and "75 doubloons" in s.end_reason
    assert RULES.scores(s).winners() == (A,) and RULES.to_move(s) == ()


def test_the_richest_wins_and_equal_richest_share_the_win() -> None:
    s = developing()
    s.seats[A].doubloons, s.seats[B].doubloons, s.seats[C].doubloons = 75, 80, 80
    s = last_turns(s)
    assert RULES.scores(s).winners() == (B, C)


def test_no_end_below_seventy_five() -> None:
    s = developing()
    s.seats[A].doubloons = 74
    s = last_turns(s)
    assert not s.over and s.round == 2 and s.phase == SUPPLY


def test_a_complete_set_wins_even_against_seventy_five_doubloons() -> None:
    s = fresh(3)
    deal(s, B, "1,2,3,4,5,6,7,8,9,R")
    dev.begin_development(s)
    s = act(s, A, "first:0")
    s.seats[A].doubloons = 90
    s = act(s, A, "end:-")
    assert "complete" in RULES.legal_actions(s, B)
    s = act(s, B, "complete")
    assert s.seats[B].complete and sum(s.seats[B].hand) == 0
    s = last_turns(s)
    assert s.over and "complete set" in s.end_reason
    scores = RULES.scores(s)
    assert scores.winners() == (B,)
    assert scores.seats[B].breakdown["doubloons"] == 0


def test_a_merchant_may_help_complete_the_set() -> None:
    s = fresh(3)
    merchant = next(c for c, d in s.cards.items() if d.kind == "merchant" and d.range == "7-9")
    s.seats[A].dev.append(merchant)
    deal(s, A, "1,2,3,4,5,6,7,8,1,R")
    dev.begin_development(s)
    s = act(s, A, "first:0")
    assert "complete" not in RULES.legal_actions(s, A)
    s = act(s, A, f"merchant:{merchant}:1:9")
    s = act(s, A, "complete")
    assert s.seats[A].complete


def test_two_complete_sets_in_a_round_the_richest_wins() -> None:
    s = fresh(3)
    deal(s, A, "1,2,3,4,5,6,7,8,9,R")
    deal(s, B, "1,2,3,4,5,6,7,8,9,R")
    dev.begin_development(s)
    s = act(s, A, "first:0")
    s.seats[A].doubloons, s.seats[B].doubloons, s.seats[C].doubloons = 10, 12, 99
    s = act(s, A, "complete")
    s = act(s, A, "end:-")
    s = act(s, B, "complete")
    s = last_turns(s)
    assert RULES.scores(s).winners() == (B,)


def test_a_queue_that_cannot_be_refilled_ends_the_game_after_the_round() -> None:
    s = fresh(3)
    s.dev_deck = []
    deal(s, A, "9,9,9")
    dev.begin_development(s)
    s = act(s, A, "first:0")
    s.seats[C].doubloons = 12
    s = act(s, A, "same:9:3:0:1")
    assert s.refill_failed and len(s.queue) == 4 and not s.over
    s = last_turns(s)
    assert s.over and "not refilled" in s.end_reason
    assert RULES.scores(s).winners() == (C,)
