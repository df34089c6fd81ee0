"""Pig, a small but complete dice game engine for testing the application layer on its own.

Each turn a seat rolls a die as often as it likes: a 1 loses the turn's points and passes the
turn, anything else adds to the turn total; holding banks the turn total. First to `target` wins.
Chance is a real chance node (`Dice(1)`), so the store, replay and CLI see both kinds of step.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from domain.core import (
    CHANCE,
    Action,
    ChanceStep,
    Decision,
    Dice,
    OptionSpec,
    Scores,
    SeatScore,
    Setup,
    SetupError,
    Step,
)
from domain.core.bots import RandomBot
from domain.core.chance import ChanceSpec
from domain.core.engine import Engine

NAME = "toy-pig"


@dataclass(frozen=True, slots=True)
class PigState:
    target: int
    banked: tuple[int, ...]
    current: int = 0
    turn_total: int = 0
    rolling: bool = False
    turns: int = 0
    over: bool = False


class HoldAtBot:
    """Rolls until the turn total reaches `limit` (or would win), then holds."""

    def __init__(self, limit: int, seed: int) -> None:
        self.limit = limit
        self.rng = random.Random(seed)

    def choose(self, state: PigState, seat: int) -> Action:
        if state.turn_total == 0:
            return "roll"
        wins = state.banked[seat] + state.turn_total >= state.target
        return "hold" if wins or state.turn_total >= self.limit else "roll"


class PigRules(Engine[PigState]):
    """Pig on the engine base: only the unchecked step is its own."""

    name = NAME
    title = "Pig (test dice game)"
    rules_version = "1"
    min_players = 2
    max_players = 4
    options: tuple[OptionSpec, ...] = (
        OptionSpec("target", ("10", "20", "50"), "20", "points needed to win"),
        OptionSpec("bank", ("plain", "bonus"), "plain", "bonus: +1 per hold", (2, 3)),
    )
    synthetic_note = "toy game: made up for tests"

    def prepare(self, players: Sequence[str], options: Mapping[str, str]) -> Setup:
        if not self.min_players <= len(players) <= self.max_players:
            raise SetupError(
                f"Pig takes {self.min_players}-{self.max_players} players, got {len(players)}"
            )
        chosen = {o.key: o.default for o in self.options}
        for key, value in options.items():
            spec = next((o for o in self.options if o.key == key), None)
            if spec is None:
                raise SetupError(f"unknown option {key!r}", hint="options: target, bank")
            if value not in spec.values:
                raise SetupError(f"bad value {value!r} for {key}", hint=", ".join(spec.values))
            if spec.player_counts and len(players) not in spec.player_counts:
                raise SetupError(f"option {key} needs {spec.player_counts} players")
            chosen[key] = value
        return Setup(self.name, tuple(players), chosen)

    def initial_state(self, setup: Setup) -> PigState:
        return PigState(int(setup.options["target"]), (0,) * setup.num_players)

    def to_move(self, state: PigState) -> tuple[int, ...]:
        if state.over:
            return ()
        return (CHANCE,) if state.rolling else (state.current,)

    def legal_actions(self, state: PigState, seat: int) -> Sequence[Action]:
        if state.over or state.rolling or seat != state.current:
            return ()
        return ("roll", "hold") if state.turn_total else ("roll",)

    def chance_spec(self, state: PigState) -> ChanceSpec:
        return Dice(1, 6, "die")

    def awaits_chance(self, state: PigState) -> bool:
        return not state.over and state.rolling

    def _step(self, state: PigState, step: Step) -> PigState:
        if isinstance(step, ChanceStep):
            pips = int(step.outcome[0])
            if pips == 1:
                return self._pass(state)
            return replace(state, rolling=False, turn_total=state.turn_total + pips)
        assert isinstance(step, Decision)
        if step.action == "roll":
            return replace(state, rolling=True)
        banked = list(state.banked)
        banked[state.current] += state.turn_total
        if banked[state.current] >= state.target:
            return replace(state, banked=tuple(banked), turn_total=0, over=True)
        return self._pass(replace(state, banked=tuple(banked)))

    def _pass(self, state: PigState) -> PigState:
        return replace(
            state,
            current=(state.current + 1) % len(state.banked),
            turn_total=0,
            rolling=False,
            turns=state.turns + 1,
        )

    def is_over(self, state: PigState) -> bool:
        return state.over

    def scores(self, state: PigState) -> Scores:
        return Scores(
            tuple(
                SeatScore(i, total, {"banked": total}, (-i,))
                for i, total in enumerate(state.banked)
            )
        )

    def describe(self, state: PigState, step: Step) -> str:
        if isinstance(step, Decision):
            return f"seat {step.seat} {'rolls' if step.action == 'roll' else 'holds'}"
        return f"the die shows {step.outcome[0]}"

    def view(self, state: PigState, seat: int | None = None) -> dict[str, Any]:
        return {
            "banked": list(state.banked),
            "current": state.current,
            "turn_total": state.turn_total,
            "rolling": state.rolling,
            "over": state.over,
        }

    def round_of(self, state: PigState) -> int:
        return 1 + state.turns // len(state.banked)

    def bot(self, kind: str, seed: int) -> Any:
        if kind == "random":
            return RandomBot(self, seed)
        if kind == "heuristic":
            return HoldAtBot(10, seed)
        raise SetupError(f"unknown bot {kind!r}", hint="bots: random, heuristic")


RULES = PigRules()
