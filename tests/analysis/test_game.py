"""Win chances over a whole game (the Pig test engine: fast, with chance steps and a heuristic
bot): a finished game gives its winner 1, every step sums to 1, the same settings give the same
numbers, the turning points come with every legal alternative."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analysis.game import analyse, on_decision_footing, viewers
from analysis.pool import Workers
from analysis.rollout import normalised
from analysis.settings import BadSettings, Settings
from domain.core import registry
from domain.core.play import play
from domain.core.protocol import Decision


def _game(
    name: str,
    seed: int,
    players: int = 3,
    options: dict[str, str] | None = None,
    bot: str = "heuristic",
):
    rules = registry.get(name)
    setup = rules.prepare([f"p{i}" for i in range(players)], options or {})
    bots = [rules.bot(bot, seed * 10 + i) for i in range(players)]
    steps, final = play(rules, setup, bots, random.Random(seed))
    return rules, setup, steps, final


def test_finished_game_gives_the_winner_one_at_the_last_step(toy_game: str) -> None:
    rules, setup, steps, final = _game(toy_game, 3)
    result = analyse(toy_game, setup, steps, Settings(rollouts=4, turning_points=2))
    (winner,) = rules.scores(final).winners()
    last = result.chances[-1]
    assert last[0] == len(steps)
    assert last[2][winner] == 1.0
    assert sum(last[2]) == 1.0


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), rollouts=st.integers(1, 6))
def test_chances_sum_to_one_at_every_step(seed: int, rollouts: int) -> None:
    registry.get.cache_clear()
    from tests.conftest import TOY_GAME, TOY_MODULE

    registry._ENGINES[TOY_GAME] = TOY_MODULE
    try:
        _, setup, steps, _ = _game(TOY_GAME, seed, players=2 + seed % 3)
        result = analyse(TOY_GAME, setup, steps, Settings(rollouts=rollouts))
    finally:
        del registry._ENGINES[TOY_GAME]
        registry.get.cache_clear()
    assert [j for j, _, _ in result.chances] == list(range(len(steps) + 1))
    for _, _, chances in result.chances:
        assert abs(sum(chances) - 1.0) < 1e-9
        assert all(0.0 <= c <= 1.0 for c in chances)


def test_same_settings_same_numbers_in_any_process_count(toy_game: str) -> None:
    _, setup, steps, _ = _game(toy_game, 5)
    chosen = Settings(rollouts=5, turning_points=3, seed=7)
    here = analyse(toy_game, setup, steps, chosen)
    with Workers(2) as pool:
        there = analyse(toy_game, setup, steps, chosen, run=pool.run, parts=pool.parts)
    assert here.to_json() == there.to_json()
    other = analyse(toy_game, setup, steps, Settings(rollouts=5, turning_points=3, seed=8))
    assert other.to_json() != here.to_json()


def test_turning_points_have_every_legal_alternative_and_the_best(toy_game: str) -> None:
    rules, setup, steps, _ = _game(toy_game, 11, bot="random")
    result = analyse(toy_game, setup, steps, Settings(rollouts=8, turning_points=3))
    assert 0 < len(result.turning_points) <= 3
    losses = [t.loss for t in result.turning_points]
    assert losses == sorted(losses, reverse=True) and all(x > 0 for x in losses)
    state = rules.initial_state(setup)
    states = [state]
    for step in steps:
        states.append(rules.apply(states[-1], step))
    for t in result.turning_points:
        step = steps[t.step - 1]
        assert isinstance(step, Decision) and step.action == t.action
        options = {a.action: a for a in result.alternatives if a.step == t.step}
        assert set(options) == set(rules.legal_actions(states[t.step - 1], t.seat))
        assert [a.action for a in options.values() if a.chosen] == [t.action]
        assert t.best_chance == max(a.chance for a in options.values())
        assert t.gain == pytest.approx(t.best_chance - options[t.action].chance)


def test_decision_rows_judge_before_and_after_from_the_movers_side(toy_game: str) -> None:
    rules, setup, steps, final = _game(toy_game, 2)
    chosen = Settings(rollouts=3)
    result = analyse(toy_game, setup, steps, chosen)
    chances = {j: c for j, _, c in result.chances}
    assert len(result.decisions) == sum(isinstance(s, Decision) for s in steps)
    legal = {d.step: d.legal for d in result.decisions}
    n = len(steps)

    def seen(j: int) -> tuple[float, ...]:
        """The chances a decision sees at state j: the finished game's exact outcome (there and
        across forced moves before it) on the rollouts' footing, with the prior."""
        if rules.is_over(final) and all(legal.get(k + 1) == 1 for k in range(j, n)):
            return on_decision_footing(chances[j], chosen)
        return chances[j]

    for d in result.decisions:
        assert d.before == seen(d.step - 1)[d.seat]
        assert d.after == seen(d.step)[d.seat]
    last = result.decisions[-1]
    assert last.step == n and chances[n][last.seat] in (0.0, 1.0)
    assert last.after not in (0.0, 1.0), "the exact end, seen on the rollouts' footing"
    look = viewers(rules, steps, final)
    for j, step in enumerate(steps):
        if isinstance(step, Decision):
            assert look[j] == step.seat


def test_normalised_keeps_the_sum() -> None:
    assert sum(normalised([1 / 3, 1 / 3, 1 / 3])) == pytest.approx(1.0, abs=1e-12)
    assert normalised([0.25, 0.75]) == (0.25, 0.75)


def test_settings_are_checked() -> None:
    with pytest.raises(BadSettings):
        Settings(rollouts=0)
    assert Settings.from_key(Settings(rollouts=9, seed=3).key()) == Settings(rollouts=9, seed=3)
