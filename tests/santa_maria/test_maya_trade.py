"""Module D, the Maya trade action with other players (KO "교역": "플레이어들이 동의한다면 자원(황금
포함)과 동전을 몇 개든 거래") and the supply sale of any resource, gold included."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.core.chance import resolve
from domain.core.errors import IllegalAction
from domain.core.play import replay
from domain.core.protocol import CHANCE, ChanceStep, Decision, Step
from domain.santa_maria import maya, mayatrade
from domain.santa_maria.components import GOLD, SUGAR, WOOD
from domain.santa_maria.rules import RULES
from domain.santa_maria.state import State
from tests.santa_maria.builders import do, private, started


def _trading(players: int = 2, **options: str) -> State:
    """The Maya player (seat 0) has played a trade card: its trade action is open."""
    s = private(started(players, {"maya": "true", **options}))
    assert s.maya is not None and s.cat.expansion is not None
    card = next(c for c, acts in s.cat.expansion.maya.cards.items() if acts[0][0] == "trade")
    s.maya = replace(s.maya, hand=(card,))
    s.forget_legal()
    return do(s, f"mcard:{card}-1")


def _edited(s: State) -> State:
    s = private(s)
    s.forget_legal()
    return s


def test_rulebook_example_one_wood_for_two_coins() -> None:
    """KO: the Maya trades 1 wood for 2 coins: its wood storage tile turns to the empty side, the
    other player takes a wood token from the supply and gives the Maya 2 coins."""
    s = _trading()
    m, other = s.players[0], s.players[1]
    assert m.res[WOOD] == 1 and m.caps[0] == 1  # its one wood tile is full
    coins, other_coins, other_wood = m.coins, other.coins, other.res[WOOD]
    assert "moffer:1:wood>2coin" in RULES.legal_actions(s, 0)
    s = do(s, "moffer:1:wood>2coin")
    assert RULES.to_move(s) == (1,)  # the other player answers
    assert RULES.legal_actions(s, 1) == ("manswer:accept", "manswer:decline")  # no free actions
    offer = RULES.view(s, 1)["maya"]["offer"]
    assert offer == {"to": 1, "maya_gives": "1 wood", "maya_gets": "2 coins"}
    said = RULES.describe(s, Decision(1, "manswer:accept"))
    assert "accepts" in said and "1 wood for 2 coins" in said
    s = do(s, "manswer:accept")
    m, other = s.players[0], s.players[1]
    assert m.res[WOOD] == 0 and m.caps[0] == 1  # the tile is flipped, not removed
    assert m.coins == coins + 2 and other.coins == other_coins - 2
    assert other.res[WOOD] == other_wood + 1
    assert RULES.to_move(s) == (0,) and s.tasks[0][0] == "mtrade"  # the trade action goes on
    assert "mtrade:done" in RULES.legal_actions(s, 0)
    assert "offer" not in RULES.view(s)["maya"]


def test_a_declined_proposal_changes_nothing_and_is_not_made_again() -> None:
    s = _trading()
    before = [(p.res, p.coins, p.cocoa) for p in s.players]
    s = do(s, "moffer:1:wood>2coin", "manswer:decline")
    assert [(p.res, p.coins, p.cocoa) for p in s.players] == before
    legal = RULES.legal_actions(s, 0)
    assert "moffer:1:wood>2coin" not in legal and "moffer:1:wood>1coin" in legal
    try:
        RULES.apply(s, Decision(0, "moffer:1:wood>2coin"))
        raise AssertionError("a declined proposal was offered again")
    except IllegalAction:
        pass


def test_proposals_are_bounded_per_trade_action() -> None:
    s = _trading()
    for k in range(mayatrade.MAX_PROPOSALS):
        offers = [a for a in RULES.legal_actions(s, 0) if a.startswith("moffer:")]
        assert offers, k
        s = do(s, offers[0], "manswer:decline")
    legal = RULES.legal_actions(s, 0)
    assert not any(a.startswith("moffer:") for a in legal) and "mtrade:done" in legal


def test_limits_storage_tiles_coins_and_the_three_per_resource_limit() -> None:
    s = _edited(_trading())
    m, other = s.players[0], s.players[1]
    m.coins = 2
    other.coins = 5
    other.res = (3, 0, 2, 0, 0)  # wood at its limit
    m.res = (1, 1, 0, 0, m.res[GOLD])  # sugar tile empty
    legal = RULES.legal_actions(s, 0)
    assert not any(a.startswith("moffer:1:wood>") for a in legal)  # the colonist holds 3 wood
    assert "moffer:1:grain>3coin" in legal and "moffer:1:grain>4coin" not in legal  # bound 3
    assert "moffer:1:2coin>sugar" in legal and "moffer:1:3coin>sugar" not in legal  # Maya: 2
    assert "moffer:1:grain>sugar" in legal
    assert "moffer:1:1coin>wood" not in legal  # the Maya's wood tile is full
    assert "moffer:1:gold>1coin" in legal  # gold is tradable ("황금 포함")
    m.res = (1, 1, 1, 0, m.res[GOLD])  # the sugar tile is full now: no room for more
    s.forget_legal()
    assert not any(a.endswith(">sugar") for a in RULES.legal_actions(s, 0))


def test_solo_trades_with_the_supply_only() -> None:
    s = _trading(1)
    assert not any(a.startswith("moffer:") for a in RULES.legal_actions(s, 0))


def test_gold_is_any_resource_for_the_supply_sale() -> None:
    """KO "아무 자원 하나를 동전 1개로 판매": gold is a resource ("자원(황금 포함)"); it goes back
    to the supply."""
    s = _trading()
    m = s.players[0]
    gold, coins, supply = m.res[GOLD], m.coins, maya.gold_supply(s)
    assert gold and "mtrade:sell-gold" in RULES.legal_actions(s, 0)
    said = RULES.describe(s, Decision(0, "mtrade:sell-gold"))
    assert "sells 1 gold" in said
    s = do(s, "mtrade:sell-gold")
    m = s.players[0]
    assert (m.res[GOLD], m.coins, maya.gold_supply(s)) == (gold - 1, coins + 1, supply + 1)


def test_swap_and_coins_for_a_good_and_the_sentences() -> None:
    s = _edited(_trading(3))
    m, other = s.players[0], s.players[2]
    other.res = (0, 0, 1, 0, 0)
    m.res = (1, 1, 0, 0, m.res[GOLD])
    said = RULES.describe(s, Decision(0, "moffer:2:wood>sugar"))
    assert "offers P3 1 wood for 1 sugar" in said
    s = do(s, "moffer:2:wood>sugar")
    assert RULES.to_move(s) == (2,)
    s = do(s, "manswer:accept")
    m, other = s.players[0], s.players[2]
    assert m.res[WOOD] == 0 and m.res[SUGAR] == 1 and other.res[:3] == (1, 0, 0)


TOTAL = tuple[tuple[int, ...], int, int]


def _totals(s: State) -> TOTAL:
    res = tuple(sum(p.res[i] for p in s.players) for i in range(5))
    return res, sum(p.coins for p in s.players), sum(p.cocoa for p in s.players)


def _play(players: int, options: dict[str, str], seed: int, bot: str) -> int:
    """A random legal game; checks every proposal and answer; returns the trades accepted."""
    rng = random.Random(seed)
    setup = RULES.prepare([f"P{i}" for i in range(players)], options)
    bots = [RULES.bot(bot, seed + i) for i in range(players)]
    state = RULES.initial_state(setup)
    steps: list[Step] = []
    accepted = 0
    while not RULES.is_over(state):
        assert len(steps) < 20_000
        seats = RULES.to_move(state)
        if seats == (CHANCE,):
            step: Step = ChanceStep(resolve(RULES.chance_spec(state), rng))
        else:
            step = Decision(seats[0], bots[seats[0]].choose(state, seats[0]))
        new = RULES.apply(state, step)
        if isinstance(step, Decision) and step.action.startswith(("moffer:", "manswer:")):
            assert _totals(new) == _totals(state)  # resources, coins, cocoa conserved
            if step.action.startswith("moffer:"):
                assert "offer" in RULES.view(new, None)["maya"]
            if step.action == "manswer:accept":
                accepted += 1
            else:  # a proposal or a refusal moves nothing
                assert [(p.res, p.coins, p.cocoa) for p in new.players] == [
                    (p.res, p.coins, p.cocoa) for p in state.players
                ]
            for seat, p in enumerate(new.players):
                if seat == maya.MAYA:
                    assert all(0 <= p.res[i] <= p.caps[i] for i in range(4))
                    assert 0 <= p.cocoa <= p.cocoa_cap and p.res[GOLD] >= 0
                else:
                    assert all(0 <= r <= 3 for r in p.res) and 0 <= p.cocoa <= p.cocoa_cap
                assert p.coins >= 0
        state = new
        steps.append(step)
    assert replay(RULES, setup, steps) == state
    return accepted


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 4),
    modules=st.sampled_from(["D", "C,D", "A,B,D"]),
    seed=st.integers(0, 10_000),
    bot=st.sampled_from(["random", "heuristic"]),
)
def test_random_games_with_trades_conserve_and_replay(
    players: int, modules: str, seed: int, bot: str
) -> None:
    _play(players, {"modules": modules}, seed, bot)


def test_random_bots_do_trade_with_other_players() -> None:
    assert sum(_play(3, {"modules": "D"}, seed, "random") for seed in range(3)) > 0


def test_heuristic_bots_trade_only_when_both_gain() -> None:
    from domain.santa_maria.bots import _colonist_gain

    s = _trading()
    bot = RULES.bot("heuristic", 1)
    s = do(s, "moffer:1:wood>3coin")  # 1 wood for 3 coins: poor for the colonist
    assert _colonist_gain(("wood", 1), ("coin", 3)) < 0
    assert bot.choose(s, 1) == "manswer:decline"
    s = _edited(_trading())
    s.players[0].res = (1, 1, 1, 0, s.players[0].res[GOLD])
    s = do(s, "moffer:1:sugar>1coin")  # 1 sugar for 1 coin: good for the colonist
    assert bot.choose(s, 1) == "manswer:accept"
