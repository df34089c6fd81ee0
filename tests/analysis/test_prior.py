"""The prior on the rollout estimate (settings version 5): pseudo-rollouts pull every rollout mean
toward 1/players by prior / (rollouts + prior); a finished game's outcome is never pulled."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from analysis.game import analyse
from analysis.rollout import normalised, with_prior
from analysis.settings import DEFAULT_PRIOR, VERSION, BadSettings, Settings
from application.service import open_app
from benchmarks.bench_analysis import brier, by_seat, reliability
from domain.core import registry
from domain.core.play import play
from tests.analysis.test_cli_analysis import novus


@given(
    shares=st.lists(st.integers(0, 50), min_size=2, max_size=5),
    rollouts=st.integers(1, 200),
    prior=st.floats(0, 20),
)
def test_with_prior_is_the_posterior_mean_and_pulls_toward_an_even_split(
    shares: list[int], rollouts: int, prior: float
) -> None:
    total = sum(shares) or 1
    chances = [s / total for s in shares]
    if not sum(shares):
        chances = [1.0] + [0.0] * (len(shares) - 1)
    pulled = with_prior(chances, rollouts, prior)
    n = len(chances)
    assert sum(pulled) == pytest.approx(1.0)
    for raw, p in zip(chances, pulled, strict=True):
        assert 0.0 <= p <= 1.0
        # the same side of 1/n, nearer by the factor rollouts / (rollouts + prior)
        assert p - 1 / n == pytest.approx((raw - 1 / n) * rollouts / (rollouts + prior))
        # as if `prior` more rollouts had been played, their wins split evenly
        assert p == pytest.approx((raw * rollouts + prior / n) / (rollouts + prior))


def test_all_rollouts_agreeing_is_not_certainty_and_no_prior_is_the_plain_mean() -> None:
    assert with_prior([1.0, 0.0, 0.0], 48, 2.0) == pytest.approx(
        ((48 + 2 / 3) / 50, 1 / 75, 1 / 75)
    )
    assert with_prior([0.25, 0.75], 48, 0.0) == (0.25, 0.75)


def test_settings_carry_the_prior_in_their_key() -> None:
    assert VERSION == 6  # 6: Puerto Rico's bot changed; the prior came with 5
    assert Settings().prior == DEFAULT_PRIOR == 2.0
    assert json.loads(Settings().key())["prior"] == 2.0
    assert Settings(prior=0).key() != Settings().key()
    assert Settings.from_key(Settings(prior=0.5).key()) == Settings(prior=0.5)
    # a key stored before version 5 had no prior: it reads as none, not as today's default
    old = '{"bot":"heuristic","rollouts":48,"seed":0,"turning_points":5,"version":4}'
    assert Settings.from_key(old) == Settings(version=4, prior=0.0)
    with pytest.raises(BadSettings):
        Settings(prior=-1)


def _game(name: str, seed: int, players: int = 3):  # type: ignore[no-untyped-def]
    rules = registry.get(name)
    setup = rules.prepare([f"p{i}" for i in range(players)], {})
    bots = [rules.bot("heuristic", seed * 10 + i) for i in range(players)]
    steps, final = play(rules, setup, bots, random.Random(seed))
    return rules, setup, steps, final


def test_the_analysis_pulls_rollout_estimates_but_not_the_finished_games_outcome(
    toy_game: str,
) -> None:
    rules, setup, steps, final = _game(toy_game, 4)
    rollouts, prior = 6, 3.0
    plain = analyse(toy_game, setup, steps, Settings(rollouts=rollouts, prior=0))
    pulled = analyse(toy_game, setup, steps, Settings(rollouts=rollouts, prior=prior))
    assert len(plain.chances) == len(pulled.chances) == len(steps) + 1
    (winner,) = rules.scores(final).winners()
    *open_steps, (last, _, outcome) = pulled.chances
    assert last == len(steps) and outcome[winner] == 1.0 and sum(outcome) == 1.0
    assert outcome == plain.chances[-1][2]
    moved = 0
    for (j, _, raw), (k, _, got) in zip(plain.chances, open_steps, strict=False):
        assert j == k
        assert got == pytest.approx(normalised(with_prior(raw, rollouts, prior)), abs=2e-6)
        assert abs(sum(got) - 1.0) < 1e-9
        moved += got != raw
    assert moved, "the rollout estimates are pulled toward 1/players"
    # a decision's loss is a difference of two pulled chances: scaled, never made up
    for a, b in zip(plain.decisions, pulled.decisions, strict=True):
        if a.step < len(steps) and a.best is None and b.best is None:
            assert b.loss == pytest.approx(a.loss * rollouts / (rollouts + prior), abs=1e-5)


def test_analyse_takes_a_prior_and_the_json_shows_it(toy_game: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    store = open_app(data)
    short = str(store.simulate(toy_game, 2, {}, seed=3, bot="random"))[:8]
    store.close()
    base = ("--rollouts", "3", "--turning-points", "0", "-w", "1", "-d", data)
    code, out = novus("analyse", short, "--prior", "0", *base)
    assert code == 0, out
    code, out = novus("analysis", short, "--json", "-d", data)
    plain = json.loads(out)
    assert plain["settings"]["prior"] == 0.0
    code, out = novus("analyse", short, *base)  # the default prior: other settings, analysed again
    assert code == 0 and "already analysed" not in out, out
    code, out = novus("analysis", short, "--json", "-d", data)
    pulled = json.loads(out)
    assert pulled["settings"]["prior"] == DEFAULT_PRIOR
    assert pulled["steps"][-1] == plain["steps"][-1]
    assert [s["win_chances"] for s in pulled["steps"]] != [s["win_chances"] for s in plain["steps"]]
    decision = next(d["step"] for d in pulled["decisions"])
    code, out = novus("analysis", short, "--step", str(decision), "--json", "-w", "1", "-d", data)
    assert code == 0 and json.loads(out)["prior"] == DEFAULT_PRIOR
    code, out = novus("analyse", short, "--prior", "-1", *base)
    assert code == 2


def test_the_calibration_tables_score_the_prediction_under_the_prior() -> None:
    # every state predicted 0.9 / 0.1 from 48 rollouts; the first seat wins 88% of the games
    rows = [
        (g, 2, [0.9, 0.1], [0.9, 0.1], [1.0, 0.0] if g % 25 > 2 else [0.0, 1.0]) for g in range(50)
    ]
    plain, pulled = reliability(rows), reliability(rows, rollouts=48, prior=2.0)
    assert plain[9]["predicted"] == pytest.approx(0.9)
    assert pulled[8]["predicted"] == pytest.approx((48 * 0.9 + 1) / 50)
    assert abs(pulled[8]["error"]) < abs(plain[9]["error"])
    assert brier(rows, False, 48, 2.0)[0] < brier(rows)[0]
    assert by_seat(rows, False, 48, 2.0)[0]["predicted"] == pytest.approx((48 * 0.9 + 1) / 50)
    # the half-against-half table measures the plain noise, whatever the prior
    assert reliability(rows, use_half=True, prior=2.0) == reliability(rows, use_half=True)
