"""The calibration benchmark's lower-variance outcome (`continued`) and its tables, on small
inputs (the runs themselves are in `docs/analysis-calibration.md`)."""

from __future__ import annotations

from typing import Any

from analysis.rollout import shares
from benchmarks.bench_analysis import (
    _bot_game,
    brier,
    by_seat,
    continued,
    reliability,
    shown,
)
from domain.core.play import states


def test_continuations_play_on_from_the_true_state_with_fresh_randomness() -> None:
    rules, setup, steps, final = _bot_game("puerto-rico", 4, 8)
    recorded = list(shares(rules, final))
    state = list(states(rules, setup, steps[: len(steps) // 5]))[-1]
    mean = continued(rules, state, 4, recorded, 6, "k")
    assert abs(sum(mean) - 1) < 1e-9
    assert mean == continued(rules, state, 4, recorded, 6, "k")  # the key fixes the games
    # six further games from early in a Puerto Rico game do not all repeat the recorded
    # one's winner: the plantations are drawn when needed, so the outcome is not fixed yet
    assert mean != recorded
    assert continued(rules, state, 4, recorded, 0, "k") == recorded


def test_a_finished_game_continues_as_itself() -> None:
    rules, _, _, final = _bot_game("santa-maria", 2, 3)
    outcome = list(shares(rules, final))
    assert continued(rules, final, 2, outcome, 5, "k") == outcome


def _row(seed: int, p: list[float], outcome: list[float], cont: list[float] | None = None) -> Any:
    row = (seed, len(p), p, p, outcome)
    return (*row, cont) if cont is not None else row


def test_the_tables_read_the_continued_outcome_and_old_five_field_rows() -> None:
    rows = [_row(g, [0.45, 0.55], [1.0, 0.0], [0.5, 0.5]) for g in range(20)] + [
        _row(100 + g, [0.45, 0.55], [0.0, 1.0]) for g in range(20)
    ]
    recorded = reliability(rows)
    cont = reliability(rows, use_continued=True)
    assert recorded[4]["observed"] == 0.5 and cont[4]["observed"] == 0.25
    # the old rows (five fields) stand for themselves in the continued table
    assert cont[5]["observed"] == (20 * 0.5 + 20 * 1.0) / 40
    assert brier(rows, use_continued=True)[0] < brier(rows)[0]


def test_shown_lists_only_deciles_whose_interval_is_inside_the_target() -> None:
    rows = [_row(g, [0.05, 0.95], [0.0, 1.0]) for g in range(50)]
    rows += [_row(50 + g, [0.45, 0.55], [float(g % 2), float(1 - g % 2)]) for g in range(10)]
    table = reliability(rows)
    assert shown(table) == "0.0-0.1, 0.9-1.0"


def test_by_seat_compares_each_seats_mean_prediction_with_its_wins() -> None:
    rows = [_row(g, [0.5, 0.5], [1.0, 0.0] if g % 4 else [0.0, 1.0]) for g in range(40)]
    first, second = by_seat(rows)
    assert (first["seat"], second["seat"]) == (0, 1)
    assert abs(first["error"] - 0.25) < 1e-9 and abs(second["error"] + 0.25) < 1e-9
    assert first["low"] > 0.05  # the first seat's advantage is missed, and the interval says so
