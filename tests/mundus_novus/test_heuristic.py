"""The heuristic bot plays like a player at the table: it sees only its seat's information (not
the development deck's order), makes no pointless market swap, uses merchants when they reach a
better set, and splits Ponce de Leon's fleet to escape Pirates."""

from __future__ import annotations

import random

from domain.core.chance import resolve
from domain.core.protocol import CHANCE, ChanceStep, Decision
from domain.mundus_novus import development as dev
from domain.mundus_novus.rules import RULES
from domain.mundus_novus.state import State
from domain.mundus_novus.trade import market_pattern
from tests.mundus_novus.builders import act, caravel, deal, find, fresh, grant, set_queue
from tests.mundus_novus.test_supply import supplied

A, B, C = 0, 1, 2


def test_almagro_deck_choice_does_not_depend_on_the_hidden_deck_order() -> None:
    s = fresh(3)
    grant(s, A, find("personality", "almagro"))
    set_queue(s, [find("shipyard"), caravel(1), caravel(2), caravel(3), caravel(4)])
    deal(s, A, "1,1,1")
    dev.begin_development(s)
    s = act(s, A, "first:0")
    assert "same:1:3:0:deck" in RULES.legal_actions(s, A)
    choices = set()
    for top in ("personality", "shipyard"):
        t = s.clone()
        best = next(c for c in t.dev_deck if t.cards[c].kind == top)
        t.dev_deck.remove(best)
        t.dev_deck.insert(0, best)
        choices.add(RULES.bot("heuristic", 1).choose(t, A))
    assert len(choices) == 1


def test_ponce_de_leon_splits_two_caravels_against_pirates() -> None:
    s = fresh(3)
    grant(s, A, caravel(1), caravel(2), find("personality", "ponce_de_leon"))
    s.event = "pirates"
    s = supplied(s, opened="1,2")
    assert RULES.bot("heuristic", 1).choose(s, A) == f"fleets:{caravel(1)}|{caravel(2)}"
    s.event = "none"
    assert RULES.bot("heuristic", 1).choose(s, A) == "fleets:one"


def _merchant_turn() -> State:
    s = fresh(3)
    merchant = find("merchant", range="4-6")
    grant(s, A, merchant)
    set_queue(s, [caravel(1), caravel(2), find("personality", "cortes"), caravel(3), caravel(4)])
    deal(s, A, "1,5,5")
    dev.begin_development(s)
    return act(s, A, "first:0")


def test_the_heuristic_uses_a_merchant_to_complete_a_set() -> None:
    s = _merchant_turn()
    bot = RULES.bot("heuristic", 1)
    action = bot.choose(s, A)
    assert action.startswith("merchant:") and action.endswith(":1:5")
    s = act(s, A, action)
    assert bot.choose(s, A) == "same:5:3:0:3"  # Cortes, the best card 5,5,5 reaches


def test_heuristic_games_make_no_pointless_swap_or_conversion() -> None:
    """A swap for a card of the same kind leaves hand and market as they were: only Orellana's
    bonus makes it worth a move. A merchant's conversion is always used in a set."""
    swaps = conversions = 0
    for seed in range(3):
        rng = random.Random(seed)
        setup = RULES.prepare(["P0", "P1", "P2", "P3"], {})
        bots = [RULES.bot("heuristic", seed * 10 + i) for i in range(4)]
        s = RULES.initial_state(setup)
        while not RULES.is_over(s):
            seats = RULES.to_move(s)
            if seats[0] == CHANCE:
                s = RULES.apply(s, ChanceStep(resolve(RULES.chance_spec(s), rng)))
                continue
            seat = seats[0]
            action = bots[seat].choose(s, seat)
            parts = action.split(":")
            if parts[0] == "take" and len(parts) == 4:
                swaps += 1
                if parts[2] == parts[3]:
                    assert s.owns(seat, "orellana")
                    market = s.market.copy()
                    assert market_pattern(market)
            if parts[0] == "merchant":
                conversions += 1
            if parts[0] == "end":
                assert not s.seats[seat].conversions
            s = RULES.apply(s, Decision(seat, action))
    assert swaps and conversions  # the bot swaps and converts when it helps
