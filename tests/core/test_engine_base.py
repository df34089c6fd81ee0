"""The one engine base: every game subclasses it, a step is checked once wherever it is played,
and every engine refuses a bad step with the same errors."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.core import registry
from domain.core.aggregate import Game
from domain.core.engine import Engine
from domain.core.errors import ChanceExpected, GameOver, IllegalAction, NotYourTurn
from domain.core.play import play
from domain.core.protocol import CHANCE, Decision, Rules

GAMES = ("puerto-rico", "santa-maria", "century-new-world", "mundus-novus")


def _first_decision_state(rules: Rules[Any], seed: int = 3) -> Any:
    """A state of a fresh game where a seat decides (chance steps resolved by their specs)."""
    from domain.core.chance import resolve

    players = max(rules.min_players, 3)
    state = rules.initial_state(rules.prepare([f"P{i}" for i in range(players)], {}))
    rng = random.Random(seed)
    while rules.to_move(state) == (CHANCE,):
        state = rules.apply(state, _chance(rules, state, rng, resolve))
    return state


def _chance(rules: Rules[Any], state: Any, rng: random.Random, resolve: Any) -> Any:
    from domain.core.protocol import ChanceStep

    return ChanceStep(tuple(resolve(rules.chance_spec(state), rng)))


@pytest.mark.parametrize("name", GAMES)
def test_every_engine_subclasses_the_one_base(name: str) -> None:
    rules = registry.get(name)
    assert isinstance(rules, Engine)
    assert isinstance(rules, Rules)  # apply_trusted is part of the protocol
    own = type(rules).__dict__
    assert "apply" not in own and "apply_trusted" not in own and "check" not in own


@pytest.mark.parametrize("name", GAMES)
def test_bad_steps_raise_the_same_errors_in_every_engine(name: str) -> None:
    rules = registry.get(name)
    state = _first_decision_state(rules)
    seat = rules.to_move(state)[0]
    other = (seat + 1) % 3
    with pytest.raises(IllegalAction, match="not a Decision or ChanceStep"):
        rules.apply(state, "pass")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        rules.apply(state, Decision(seat, "no-such-verb:at-all"))
    if other not in rules.to_move(state):
        with pytest.raises(NotYourTurn):
            rules.apply(state, Decision(other, rules.legal_actions(state, seat)[0]))
    from domain.core.protocol import ChanceStep

    with pytest.raises(ChanceExpected):
        rules.apply(state, ChanceStep(("x",)))
    with pytest.raises(ChanceExpected):
        rules.apply_trusted(state, ChanceStep(("x",)))


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_game_refuses_more_steps_checked_or_trusted(name: str) -> None:
    rules = registry.get(name)
    players = max(rules.min_players, 2)
    setup = rules.prepare([f"P{i}" for i in range(players)], {})
    bots = [rules.bot("random", i) for i in range(players)]
    _, final = play(rules, setup, bots, random.Random(5))
    with pytest.raises(GameOver):
        rules.apply(final, Decision(0, "pass"))
    with pytest.raises(GameOver):
        rules.apply_trusted(final, Decision(0, "pass"))


@pytest.mark.parametrize("name", GAMES)
def test_the_aggregate_checks_each_step_once(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The aggregate relies on the engine's check (it had a second copy of its own)."""
    rules = registry.get(name)
    state = _first_decision_state(rules)
    seat = rules.to_move(state)[0]
    action = rules.legal_actions(state, seat)[0]
    calls: list[object] = []
    check = type(rules).check

    def counting(self: Any, s: Any, step: Any) -> None:
        calls.append(step)
        check(self, s, step)

    monkeypatch.setattr(type(rules), "check", counting)
    setup = rules.prepare([f"P{i}" for i in range(3)], {})
    game = Game.begin(rules, setup, source={"kind": "test"}, seed=None, created="2026-01-01")
    game.play(rules, state, Decision(seat, action))
    assert calls == [Decision(seat, action)]


def test_the_aggregate_accepts_what_the_engine_accepts() -> None:
    """Puerto Rico's one-step colonist placement is not listed among the legal actions but
    `apply` takes it; the aggregate now asks the same check (its own copy refused it)."""
    rules = registry.get("puerto-rico")
    setup = rules.prepare(["A", "B", "C"], {})
    rng = random.Random(2)
    game = Game.begin(rules, setup, source={"kind": "test"}, seed=None, created="2026-01-01")
    state = rules.initial_state(setup)
    bots = [rules.bot("random", i) for i in range(3)]
    from domain.core.chance import resolve

    while not (rules.to_move(state) != (CHANCE,) and rules.legal_actions(state, state.actor)[0]
               .startswith("colonist:")):
        if rules.to_move(state) == (CHANCE,):
            step: Any = _chance(rules, state, rng, resolve)
        else:
            step = Decision(state.actor, bots[state.actor].choose(state, state.actor))
        state = game.play(rules, state, step)
    seat = state.actor
    after = state
    while after.actor == seat and rules.legal_actions(after, seat)[0].startswith("colonist:"):
        after = rules.apply(after, Decision(seat, rules.legal_actions(after, seat)[0]))
    from importers.pbem.placement import action_for, occupied

    whole = Decision(seat, action_for(occupied(after.players[seat])))
    assert whole.action not in rules.legal_actions(state, seat)
    placed = game.play(rules, state, whole)
    assert placed.players[seat] == after.players[seat]
    assert game.steps[-1] == whole
