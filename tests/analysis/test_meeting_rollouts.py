"""Rollouts that meet a later state's rollout stop there (`analysis.rollout.Ahead`): the numbers
are exactly those of playing every rollout out, for every game (hidden information included),
and a chunk of neighbouring states of a bot game plays far fewer steps than its states alone."""

from __future__ import annotations

from typing import Any

import pytest

from analysis.game import Eval, Job, chunks, evaluate_chunk, plain_steps, viewers
from analysis.settings import Settings
from domain.core import registry
from tests.analysis.test_game import _game


def _job(name: str, seed: int, states: range, rollouts: int) -> tuple[Job, list[Eval]]:
    """Evaluations of `states` of a bot game (negative: counted from its end)."""
    rules, setup, steps, final = _game(name, seed, players=3)
    look = viewers(rules, steps, final)
    evals = [Eval(j, look[j]) for j in (j % (len(steps) + 1) for j in states)]
    settings = Settings(rollouts=rollouts)
    return Job(name, setup.to_json(), plain_steps(steps), settings, tuple(evals)), evals


def _alone(job: Job, evals: list[Eval]) -> dict[Eval, tuple[float, ...]]:
    out: dict[Eval, tuple[float, ...]] = {}
    for e in evals:
        out.update(evaluate_chunk(Job(job.game, job.setup, job.steps, job.settings, (e,))))
    return out


def _counting_steps(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    rules: Any = registry.get(name)
    count = [0]
    real = rules.apply_trusted

    def apply_trusted(state: Any, step: Any) -> Any:
        count[0] += 1
        return real(state, step)

    monkeypatch.setattr(rules, "apply_trusted", apply_trusted)
    return count


@pytest.mark.parametrize("name", registry.names())
def test_a_chunk_gives_the_numbers_of_its_states_alone(name: str) -> None:
    job, evals = _job(name, 5, range(-40, -34), rollouts=3)
    assert evaluate_chunk(job) == _alone(job, evals)


def test_neighbouring_states_of_a_bot_game_share_their_rollouts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    job, evals = _job("puerto-rico", 1, range(100, 112), rollouts=4)
    steps = _counting_steps(monkeypatch, "puerto-rico")
    together = evaluate_chunk(job)
    shared = steps[0]
    steps[0] = 0
    assert together == _alone(job, evals)
    assert shared * 3 < steps[0], (shared, steps[0])


def test_alternatives_and_viewers_at_one_state_stay_apart(toy_game: str) -> None:
    """Evaluations from one game position with other start states keep their own numbers."""
    rules, setup, steps, _ = _game(toy_game, 4)
    k = next(k for k, s in enumerate(steps) if getattr(s, "seat", -1) >= 0 and k > 3)
    seat = steps[k].seat  # type: ignore[union-attr]
    state = rules.initial_state(setup)
    for step in steps[:k]:
        state = rules.apply(state, step)
    evals = [Eval(k, seat, a) for a in rules.legal_actions(state, seat)] + [Eval(k + 1, seat)]
    job = Job(toy_game, setup.to_json(), plain_steps(steps), Settings(rollouts=8), tuple(evals))
    assert evaluate_chunk(job) == _alone(job, evals)


def test_chunks_are_runs_of_neighbours_costliest_first() -> None:
    evals = [Eval(j, j % 3) for j in range(300)]
    for parts in (1, 2, 7, 48, 400):
        cut = chunks(evals, parts)
        assert len(cut) == min(parts, 300)
        every = [e for c in cut for e in c]
        assert len(every) == len(set(every)) == len(evals) and set(every) == set(evals)
        for c in cut:
            assert [e.state for e in c] == list(range(c[0].state, c[-1].state + 1))
        costs = [sum(301 - e.at for e in c) for c in cut]
        assert costs == sorted(costs, reverse=True)
    assert chunks([], 4) == []


def test_the_move_made_is_not_evaluated_again_among_the_alternatives(toy_game: str) -> None:
    """Where nothing hidden depends on the viewer, the alternative the player chose has the
    numbers of the state after it (evaluated already): not evaluated twice, the same numbers."""
    from analysis.game import analyse

    _, setup, steps, _ = _game(toy_game, 8, bot="random")
    settings = Settings(rollouts=6, turning_points=4)
    totals: list[int] = []
    result = analyse(toy_game, setup, steps, settings, on_total=totals.append)
    assert result.turning_points
    first, second = totals
    assert second - first < len(result.alternatives)
    evals = tuple(Eval(a.step - 1, a.seat, a.action) for a in result.alternatives)
    alone = evaluate_chunk(Job(toy_game, setup.to_json(), plain_steps(steps), settings, evals))
    assert [alone[e] for e in evals] == [a.chances for a in result.alternatives]
