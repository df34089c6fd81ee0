"""Whole games by both bots at every player count: they end by a rulebook condition."""

from __future__ import annotations

import json
import random

import pytest

from domain.core import registry
from domain.core.play import play, replay
from domain.puerto_rico.rules import RULES


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bot_games_end_by_a_rule(players: int, kind: str) -> None:
    setup = RULES.prepare([f"P{i}" for i in range(players)], {})
    bots = [RULES.bot(kind, 100 + i) for i in range(players)]
    steps, state = play(RULES, setup, bots, random.Random(players))
    assert RULES.is_over(state)
    assert state.ends and set(state.ends) <= {"colonists", "city", "vp"}
    assert RULES.to_move(state) == ()
    assert replay(RULES, setup, steps) == state
    json.dumps(RULES.view(state))
    for i in range(players):
        json.dumps(RULES.view(state, i))
    scores = RULES.scores(state)
    for s, p in zip(scores.seats, state.players, strict=True):
        assert s.breakdown["shipping"] == p.vp
        assert s.total == sum(s.breakdown.values())


def test_registry_finds_the_engine() -> None:
    assert registry.get("puerto-rico") is RULES


def test_heuristic_games_look_like_real_play_and_beat_random_bots() -> None:
    winners = []
    heuristic_wins = 0
    for g in range(16):
        setup = RULES.prepare(["A", "B", "C", "D"], {})
        bots = [RULES.bot("heuristic", 10 * g + i) for i in range(4)]
        _, state = play(RULES, setup, bots, random.Random(g))
        winners.append(max(s.total for s in RULES.scores(state).seats))
        assert 8 <= state.round - 1 <= 30
        mixed = [RULES.bot("heuristic" if i == g % 4 else "random", g + i) for i in range(4)]
        _, state = play(RULES, setup, mixed, random.Random(g))
        heuristic_wins += (g % 4) in RULES.scores(state).winners()
    assert 40 <= sum(winners) / len(winners) <= 90
    assert heuristic_wins >= 12


def test_view_has_the_documented_shape() -> None:
    from domain.puerto_rico import view as view_module

    setup = RULES.prepare(["A", "B", "C"], {})
    _, state = play(RULES, setup, [RULES.bot("random", i) for i in range(3)], random.Random(1))
    doc = view_module.__doc__ or ""
    shown = RULES.view(state, 0)
    for key in shown:
        assert f'"{key}"' in doc, key
    for key in shown["players"][0]:
        assert f'"{key}"' in doc, key
