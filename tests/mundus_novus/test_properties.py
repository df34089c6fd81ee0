"""Random legal games for 2-5 players: cards conserved across every zone, doubloons never
negative, a seat's view never shows another seat's hidden cards; through the shared driver
(`tests/engine_driver.py`) every offered action applies, illegal ones raise typed errors, games
end, and replay equals live play."""

from __future__ import annotations

import json
import random
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.core.play import play
from domain.mundus_novus import cards as K
from domain.mundus_novus.rules import RULES
from domain.mundus_novus.state import OFFER, State
from tests.engine_driver import Driver
from tests.mundus_novus.builders import total_cards

MAX_STEPS = 5000


def dev_cards_conserved(s: State, in_play: int) -> bool:
    owned = sum(len(x.dev) for x in s.seats)
    return len(s.dev_deck) + len(s.queue) + owned == in_play


def disguised(s: State, viewer: int, rng: random.Random) -> State:
    """The same state but with every other seat's hidden cards replaced by other deck cards."""
    t = s.clone()
    for j, seat in enumerate(t.seats):
        if j == viewer:
            continue
        zones = [seat.hand, seat.stored]
        if t.phase == OFFER and seat.offer is not None:
            zones.append(seat.offer)
        for zone in zones:
            size = sum(zone)
            for k in K.KINDS:
                t.deck[k] += zone[k]
                zone[k] = 0
            for k in rng.sample(K.expand(t.deck), size):
                t.deck[k] -= 1
                zone[k] += 1
        seat.conversions = []
    # the discard pile's contents are hidden too
    pile = sum(t.discard)
    for k in K.KINDS:
        t.deck[k] += t.discard[k]
        t.discard[k] = 0
    for k in rng.sample(K.expand(t.deck), pile):
        t.deck[k] -= 1
        t.discard[k] += 1
    return t


def check_view(s: State, rng: random.Random) -> None:
    viewer = rng.randrange(s.n)
    seen = RULES.view(s, viewer)
    for j, seat in enumerate(seen["seats"]):
        if j != viewer:
            assert seat["hand"] is None and seat["stored"] is None
            if s.phase == OFFER:
                assert seat["offer"] is None
    assert "observer" not in seen
    assert RULES.view(disguised(s, viewer, rng), viewer) == seen


def trade_rules_hold(s: State) -> None:
    """The chain of draws as the book has it (4.(3)): the master draws first, each victim draws
    next, never a third exchange in a row between the same two players (3+ players), and no
    event in round 1."""
    h = s.history
    if h:
        assert h[0][0] == s.master
        assert all(nxt[0] == prev[1] for prev, nxt in pairwise(h))
        assert all(d != v for d, v in h)
    if s.n > 2:
        assert not any(h[i] == h[i + 2] == h[i + 1][::-1] for i in range(len(h) - 2))
    if s.round == 1:
        assert s.event == "none"


def offered_applies(after: State, seat: int) -> None:
    """An offered action's state keeps the cards and has a JSON view for its seat."""
    assert total_cards(after) == 120
    json.dumps(RULES.view(after, seat))


def play_checked(n: int, seed: int, bot: str) -> None:
    rng = random.Random(seed)
    setup = RULES.prepare([f"P{i}" for i in range(n)], {})
    in_play = len(setup.components["development"])
    bots = [RULES.bot(bot, seed * 10 + i) for i in range(n)]

    def check(state: State) -> None:
        assert total_cards(state) == 120
        assert dev_cards_conserved(state, in_play)
        assert all(x.doubloons >= 0 for x in state.seats)
        assert all(min(z) >= 0 for x in state.seats for z in (x.hand, x.stored))
        assert min(state.deck) >= 0 and min(state.market) >= 0
        assert state.round == 0 or sum(state.market) == 3
        trade_rules_hold(state)
        if rng.random() < 0.2:
            check_view(state, rng)

    driver = Driver(
        RULES,
        choose=lambda state, seat, _: bots[seat].choose(state, seat),
        junk=("pick:bogus", "offer:bogus", "take:9:9"),
        reject_rate=0.05,
        snapshot=RULES.view,
        offered=offered_applies,
        check=check,
        max_steps=MAX_STEPS,
    )
    driver.drive(setup, rng)


@settings(max_examples=16, deadline=None)
@given(n=st.integers(min_value=2, max_value=5), seed=st.integers(0, 10**6))
def test_random_games(n: int, seed: int) -> None:
    play_checked(n, seed, "random")


@settings(max_examples=8, deadline=None)
@given(n=st.integers(min_value=2, max_value=5), seed=st.integers(0, 10**6))
def test_heuristic_games(n: int, seed: int) -> None:
    play_checked(n, seed, "heuristic")


def test_heuristic_players_beat_random_players() -> None:
    wins = 0
    for seed in range(6):
        setup = RULES.prepare(["H", "R", "H2", "R2"], {})
        bots = [
            RULES.bot("heuristic", seed),
            RULES.bot("random", seed),
            RULES.bot("heuristic", seed + 1),
            RULES.bot("random", seed + 1),
        ]
        _, final = play(RULES, setup, bots, random.Random(seed))
        wins += sum(1 for w in RULES.scores(final).winners() if w in (0, 2))
    assert wins >= 5
