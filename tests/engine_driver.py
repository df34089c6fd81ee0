"""The one property-test driver for the four engines: a random legal game, checked at every step.

Every engine's property test plays its games through `drive`, which checks what holds for any
engine of the protocol, and calls the game's own checks through hooks:

- a seat to move has legal actions, none listed twice; chance steps come from `chance_spec`;
- now and then every offered action (or a sample) applies, and `offered(state, seat)` checks it;
- now and then an action outside the legal set is refused with `IllegalAction` (unless the game
  accepts it off the list: `accepts`) and a seat that is not to move with `NotYourTurn`;
- `describe` gives a sentence; `apply` never changes its input (compared by `snapshot`);
- `step_check(before, step, after)` and `check(after)`: the game's invariants;
- at the end: nobody to move, the replay of the steps equals the live state (and its view), the
  state survives pickling, and `scores` ranks someone first.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from domain.core.chance import resolve
from domain.core.errors import IllegalAction, NotYourTurn, RuleError
from domain.core.play import replay
from domain.core.protocol import CHANCE, ChanceStep, Decision, Rules, Setup, Step


def _pickled(state: Any) -> Any:
    return pickle.dumps(state)


@dataclass
class Driver:
    """How to drive one engine (see the module)."""

    rules: Rules[Any]
    choose: Callable[[Any, int, random.Random], str]
    """The action of a seat to move (a bot, or a random legal one)."""
    junk: Sequence[str]
    """Actions to try that are never legal (one not in the legal set is picked)."""
    reject_rate: float = 0.1
    """Chance per decision of trying a junk action and a seat not to move."""
    offered_rate: float = 0.03
    """Chance per decision of applying the offered actions (at most `offered_sample`)."""
    offered_sample: int = 40
    accepts: Callable[[str], bool] = lambda action: False
    """Actions off the legal list the engine may accept (Puerto Rico's one-step placements)."""
    snapshot: Callable[[Any], Any] = _pickled
    """The whole value of a state, to see that `apply` left it alone."""
    offered: Callable[[Any, int], None] | None = None
    """Called with the state after each offered action tried, and the seat that chose it."""
    step_check: Callable[[Any, Step, Any], None] | None = None
    check: Callable[[Any], None] | None = None
    max_steps: int = 20_000

    def choose_random(self) -> Callable[[Any, int, random.Random], str]:
        rules = self.rules
        return lambda state, seat, rng: rng.choice(list(rules.legal_actions(state, seat)))

    def drive(self, setup: Setup, rng: random.Random) -> tuple[list[Step], Any]:
        """Play one game from `setup`; returns the steps and the final state."""
        rules = self.rules
        state = rules.initial_state(setup)
        steps: list[Step] = []
        while not rules.is_over(state):
            assert len(steps) < self.max_steps, "the game does not end"
            seats = rules.to_move(state)
            if seats == (CHANCE,):
                step: Step = ChanceStep(resolve(rules.chance_spec(state), rng))
            else:
                seat = rng.choice(seats)  # simultaneous choices arrive in any order
                legal = rules.legal_actions(state, seat)
                assert legal, "a seat to move always has a legal action"
                assert len(set(legal)) == len(legal), "an action listed twice"
                if rng.random() < self.offered_rate:
                    self._apply_offered(state, seat, legal, rng)
                if rng.random() < self.reject_rate:
                    self._refused(state, seat, seats, legal, setup.num_players, rng)
                action = self.choose(state, seat, rng)
                assert action in legal, f"{action!r} was chosen but is not legal"
                step = Decision(seat, action)
            assert rules.describe(state, step)
            frozen = self.snapshot(state)
            after = rules.apply(state, step)
            assert self.snapshot(state) == frozen, "apply changed its input"
            if self.step_check is not None:
                self.step_check(state, step, after)
            state = after
            steps.append(step)
            if self.check is not None:
                self.check(state)
        assert rules.to_move(state) == ()
        replayed = replay(rules, setup, steps)
        assert replayed == state
        assert rules.view(replayed) == rules.view(state)
        assert pickle.loads(pickle.dumps(state)) == state
        assert rules.scores(state).winners()
        return steps, state

    def _apply_offered(
        self, state: Any, seat: int, legal: Sequence[str], rng: random.Random
    ) -> None:
        for action in rng.sample(list(legal), min(self.offered_sample, len(legal))):
            after = self.rules.apply(state, Decision(seat, action))
            if self.offered is not None:
                self.offered(after, seat)

    def _refused(
        self,
        state: Any,
        seat: int,
        seats: tuple[int, ...],
        legal: Sequence[str],
        players: int,
        rng: random.Random,
    ) -> None:
        bad = rng.choice([a for a in self.junk if a not in legal])
        try:
            self.rules.apply(state, Decision(seat, bad))
        except RuleError as error:
            assert isinstance(error, IllegalAction), error
        else:
            assert self.accepts(bad), f"{bad!r} was accepted"
        others = [i for i in range(players) if i not in seats]
        if others:
            try:
                self.rules.apply(state, Decision(rng.choice(others), legal[0]))
            except NotYourTurn:
                pass
            else:
                raise AssertionError("a seat not to move was accepted")
