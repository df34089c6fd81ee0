"""Decision accuracy is well defined: the loss of a decision is measured on common random numbers
(`analysis.streams`) against the best move known (every legal alternative where they were
evaluated, else the bots' choice; the move made too), so it is never negative, the move the
analysis ranks best loses nothing, and a move the bots make themselves loses nothing at all (no
rollout noise)."""

from __future__ import annotations

import pytest

from analysis.game import DecisionRow, analyse
from analysis.rollout import win_chances
from analysis.settings import Settings
from domain.core.play import states
from tests.analysis.test_game import _game


def test_a_move_the_bots_would_make_loses_nothing(toy_game: str) -> None:
    """The Pig bot holds at 10, every time: replaying its own game, each decision's chance
    before equals the chance after, exactly (independent rollouts would differ by noise)."""
    _, setup, steps, _ = _game(toy_game, 4)
    result = analyse(toy_game, setup, steps, Settings(rollouts=6, turning_points=3))
    assert len(result.decisions) > 10
    assert all(d.before == d.after and d.loss == 0 for d in result.decisions)
    assert result.turning_points == []


def test_losses_are_never_negative_and_use_the_best_known_move(toy_game: str) -> None:
    _, setup, steps, _ = _game(toy_game, 8, bot="random")
    result = analyse(toy_game, setup, steps, Settings(rollouts=6, turning_points=4))
    assert all(d.loss >= 0 for d in result.decisions)
    assert any(d.before < d.after for d in result.decisions), "a lucky random move beats the bot"
    for d in result.decisions:
        if d.best is None:
            assert d.loss == pytest.approx(max(d.before, d.after) - d.after, abs=1e-6)
    judged = {d.step: d for d in result.decisions if d.best is not None}
    assert set(judged) == {t.step for t in result.turning_points} != set()
    for t in result.turning_points:
        # The move made, evaluated as one of the alternatives, is the chance after it: the
        # same seeds; the loss is the best alternative's gain over it, on that footing.
        assert t.chosen_chance == judged[t.step].after == judged[t.step].chosen
        assert judged[t.step].loss == pytest.approx(t.gain, abs=1e-6)


def test_the_move_the_analysis_ranks_best_loses_nothing() -> None:
    """`before` is the bots' choice made again in every rollout (their noise, the hidden cards
    dealt again): it can beat every legal move's own chance. Measured in a two-player Puerto
    Rico game (8 rollouts): before 50%, after and every alternative at most 40%, the move made
    the best of them; its loss read 10%, and `novus analysis` showed "lost 10%" beside "(the
    move played)"."""
    row = DecisionRow(13, 1, "role:settler", 6, before=0.5, after=0.4, best=0.4, chosen=0.4)
    assert row.loss == 0
    worse = DecisionRow(13, 1, "role:mayor", 6, before=0.5, after=0.3, best=0.4, chosen=0.3)
    assert worse.loss == pytest.approx(0.1)
    unjudged = DecisionRow(14, 0, "role:mayor", 6, before=0.5, after=0.4)
    assert unjudged.loss == pytest.approx(0.1)


def test_neighbouring_states_share_rollout_seeds(toy_game: str) -> None:
    """Rollout i from state k whose bot makes the recorded move continues as rollout i from
    state k + 1: with a deterministic bot the chances of the two states are equal whenever
    the recorded move is the bot's."""
    rules, setup, steps, _ = _game(toy_game, 6)
    folded = list(states(rules, setup, steps))
    chosen = {"players": 3, "rollouts": 5, "seed": 2}
    k = next(k for k, s in enumerate(steps) if getattr(s, "action", None) == "roll" and k > 2)
    here = win_chances(rules, folded[k], steps[k].seat, at=k, **chosen)
    there = win_chances(rules, folded[k + 1], steps[k].seat, at=k + 1, **chosen)
    assert here == there
    shifted = win_chances(rules, folded[k + 1], steps[k].seat, at=k + 7, **chosen)
    assert shifted != there, "other positions, other seeds"
