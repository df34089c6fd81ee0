"""The `Game` aggregate: one event-sourced aggregate per game, in memory, no I/O.

Every step of a game becomes one event: `Decided` for a seat's choice, `ChanceResolved` for the
outcome of a chance node (a shuffle order, dice, draws). The rules engine is asked before any event
is triggered, so an illegal step records nothing. When a step ends the game, `Finished` follows
with the final scores. The aggregate keeps the setup and the steps, never the engine state: the
state at step k is the engine folded over the first k steps (`domain.core.play.replay`).

Versions: `Started` is version 1; the event of step k is version k + 1, until a take-back.
A take-back (`TakenBack`) is itself an event: it drops the last steps from the game as it stands
(`steps`) and keeps them, with the take-back, in the full history (`log`); after one, versions no
longer equal step numbers + 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate, event

from domain.core.play import replay
from domain.core.protocol import (
    ChanceStep,
    Decision,
    Entry,
    Rules,
    Scores,
    Setup,
    Step,
    TakeBack,
)

JSONDict = dict[str, Any]

SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1
"""A game's seed is a signed 64-bit integer: what the views (BIGINT) and the native format hold
(checked where games come in: `NovusApp.record_game`/`simulate`, `importers.native_models`)."""


class Game(Aggregate):
    """A recorded game: its setup, where it came from, and every step in order."""

    class Started(Aggregate.Created):
        """A game began. `setup` is `Setup.to_json()`; `created` is the caller's ISO time."""

        class_version = 1
        game: str
        rules_version: str
        setup: JSONDict
        source: JSONDict
        seed: int | None
        created: str

    class Decided(Aggregate.Event):
        """Seat `seat` chose `action` as step `step` (1-based)."""

        class_version = 1
        step: int
        seat: int
        action: str

        def apply(self, aggregate: Aggregate) -> None:
            assert isinstance(aggregate, Game)
            step = Decision(self.seat, self.action)
            aggregate.steps.append(step)
            if aggregate.log is not None:
                aggregate.log.append(step)

    class ChanceResolved(Aggregate.Event):
        """The chance node at step `step` came out as `outcome`."""

        class_version = 1
        step: int
        outcome: list[Any]

        def apply(self, aggregate: Aggregate) -> None:
            assert isinstance(aggregate, Game)
            step = ChanceStep(tuple(self.outcome))
            aggregate.steps.append(step)
            if aggregate.log is not None:
                aggregate.log.append(step)

    class TakenBack(Aggregate.Event):
        """The last `removed` steps were taken back: the game now has `step` steps.

        Nothing is deleted: the taken-back steps stay in their own events and in `log`. A
        finished game that is taken back is in progress again (its `Finished` no longer holds).
        """

        class_version = 1
        step: int
        removed: int

        def apply(self, aggregate: Aggregate) -> None:
            assert isinstance(aggregate, Game)
            if aggregate.log is None:
                aggregate.log = list(aggregate.steps)
            removed = tuple(aggregate.steps[self.step :])
            del aggregate.steps[self.step :]
            aggregate.log.append(TakeBack(self.step, removed))
            aggregate.scores = None
            aggregate.winners = None

    class Finished(Aggregate.Event):
        """The game ended: final `scores` (`Scores.to_json()`) and the winning seats.

        Shape v1 carried only the scores; v2 adds `winners`, which the upcaster derives by
        ranking the stored scores, so old records load unchanged.
        """

        class_version = 2
        scores: list[JSONDict]
        winners: list[int]

        @staticmethod
        def upcast_v1_v2(state: JSONDict) -> None:
            state["winners"] = list(Scores.from_json(state["scores"]).winners())

        def apply(self, aggregate: Aggregate) -> None:
            assert isinstance(aggregate, Game)
            aggregate.scores = list(self.scores)
            aggregate.winners = list(self.winners)

    @event(Started)
    def __init__(
        self,
        game: str,
        rules_version: str,
        setup: JSONDict,
        source: JSONDict,
        seed: int | None,
        created: str,
    ) -> None:
        self.game = game
        self.rules_version = rules_version
        self.setup_json = setup
        self.source = source
        self.seed = seed
        self.created = created
        self.steps: list[Step] = []
        self.log: list[Entry] | None = None
        """The full history (steps and take-backs) once a step was taken back; else None."""
        self.scores: list[JSONDict] | None = None
        self.winners: list[int] | None = None

    @classmethod
    def begin(
        cls,
        rules: Rules[Any],
        setup: Setup,
        *,
        source: JSONDict,
        seed: int | None,
        created: str,
        id: UUID | None = None,
    ) -> Game:
        """Start a game of `rules` from a prepared `setup` (see `Rules.prepare`)."""
        kwargs: dict[str, Any] = {} if id is None else {"id": id}
        return cls._create(
            cls.Started,
            game=rules.name,
            rules_version=rules.rules_version,
            setup=setup.to_json(),
            source=dict(source),
            seed=seed,
            created=created,
            **kwargs,
        )

    @property
    def setup(self) -> Setup:
        return Setup.from_json(self.setup_json)

    @property
    def is_finished(self) -> bool:
        return self.scores is not None

    def play(self, rules: Rules[Any], state: Any, step: Step) -> Any:
        """Record `step` if the engine accepts it in `state` (the state after `self.steps`).

        Returns the new state. Raises a `RuleError` (and records nothing) if the step is not
        legal. Triggers `Finished` when the step ends the game.
        """
        new_state = rules.apply(state, step)  # the engine's one check (`core.engine`)
        number = len(self.steps) + 1
        if isinstance(step, Decision):
            self.trigger_event(self.Decided, step=number, seat=step.seat, action=step.action)
        else:
            self.trigger_event(self.ChanceResolved, step=number, outcome=list(step.outcome))
        if rules.is_over(new_state):
            scores = rules.scores(new_state)
            self.trigger_event(
                self.Finished, scores=scores.to_json(), winners=list(scores.winners())
            )
        return new_state

    def play_all(self, rules: Rules[Any], state: Any, steps: Sequence[Entry]) -> Any:
        """Record several steps (or take-backs) in order; the first illegal one raises (the
        caller discards the aggregate)."""
        for step in steps:
            if isinstance(step, TakeBack):
                state = self.take_back(rules, len(self.steps) - step.to_step)
            else:
                state = self.play(rules, state, step)
        return state

    def record_checked(self, rules: Rules[Any], steps: Sequence[Step], state: Any) -> Any:
        """Record steps the engine has already accepted in order from this game's current
        state (`rules.apply` on each, done by the caller: an import folds every line of a file
        through the engine while reading it), `state` being the state after them. The events
        are those `play_all` triggers, without the engine's second pass over the steps: only
        the last step can end a game (the engine refuses any step after the end), so
        `Finished` follows the last step when `state` is over. Returns `state`.

        The per-step events are made as the library's `trigger_event` makes them (same fields
        in the same order, each its own timestamp) and applied in bulk (the steps are kept as
        given, not copied): a whole game's events at about half the cost."""
        decided, resolved = self.Decided, self.ChanceResolved
        now = decided.create_timestamp
        new, put = object.__new__, object.__setattr__
        game_id, version, number = self.id, self.version, len(self.steps)
        pending, own, log = self._pending_events, self.steps, self.log
        event: Any = None
        for step in steps:
            version += 1
            number += 1
            if isinstance(step, Decision):
                event = new(decided)
                fields = {"step": number, "seat": step.seat, "action": step.action}
            else:
                event = new(resolved)
                fields = {"step": number, "outcome": list(step.outcome)}
            head = {"originator_id": game_id, "originator_version": version, "timestamp": now()}
            put(event, "__dict__", head | fields)
            pending.append(event)
            own.append(step)
            if log is not None:
                log.append(step)
        if event is not None:
            self.version = version
            self.modified_on = event.timestamp
            if rules.is_over(state):
                scores = rules.scores(state)
                self.trigger_event(
                    self.Finished, scores=scores.to_json(), winners=list(scores.winners())
                )
        return state

    def take_back(self, rules: Rules[Any], count: int) -> Any:
        """Take back the last `count` steps (1 or more, at most all); returns the new state."""
        if not 1 <= count <= len(self.steps):
            raise ValueError(f"cannot take back {count} of {len(self.steps)} steps")
        self.trigger_event(self.TakenBack, step=len(self.steps) - count, removed=count)
        return replay(rules, self.setup, self.steps)

    def collect_events(self) -> list[Any]:
        """The pending events, in order, leaving none (the library pops them one by one from
        the front of the list: quadratic in a whole game's events)."""
        collected, self._pending_events = self._pending_events, []
        return collected

    @property
    def history(self) -> list[Entry]:
        """Every recorded step and take-back, in order (the steps alone if none was taken back)."""
        return list(self.steps) if self.log is None else list(self.log)
