"""Fast states at any step: the engine folded over the steps, with checkpoints kept in memory.

A game's history never changes once written, so the state after step k can be cached forever.
A `Timeline` keeps the state every `every` steps; the state at step k is the nearest checkpoint
at or before k with the few remaining steps folded on. `Timelines` keeps the most recently used
games (LRU), so jumping around one game's replay costs at most `every` engine steps.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from domain.core.protocol import Rules, Setup, Step


class Timeline:
    """The states of one game, computed lazily from its setup and steps."""

    def __init__(self, rules: Rules[Any], setup: Setup, steps: Sequence[Step], every: int = 32):
        self.rules = rules
        self.setup = setup
        self.steps: list[Step] = list(steps)
        self.every = every
        self.finished = False
        self.version: int | None = None
        """The aggregate version these steps stand at (None: 1 + the steps, no take-back)."""
        self.checkpoints: dict[int, Any] = {0: rules.initial_state(setup)}

    def extend(self, steps: Sequence[Step]) -> None:
        self.steps.extend(steps)

    def truncate(self, step: int) -> None:
        """Keep the first `step` steps (a take-back) and the checkpoints that still hold."""
        del self.steps[step:]
        self.checkpoints = {k: v for k, v in self.checkpoints.items() if k <= step}

    def state_at(self, step: int) -> Any:
        """The state after the first `step` steps (0 is the initial state)."""
        if not 0 <= step <= len(self.steps):
            raise IndexError(step)
        start = step - step % self.every
        while start not in self.checkpoints:
            start -= self.every
        state = self.checkpoints[start]
        for k in range(start, step):
            state = self.rules.apply(state, self.steps[k])
            if (k + 1) % self.every == 0:
                self.checkpoints[k + 1] = state
        return state


class Timelines:
    """The timelines of the most recently used games, at most `maxsize` of them."""

    def __init__(self, maxsize: int = 64) -> None:
        self.maxsize = maxsize
        self._items: OrderedDict[UUID, Timeline] = OrderedDict()

    def get(self, game_id: UUID) -> Timeline | None:
        timeline = self._items.get(game_id)
        if timeline is not None:
            self._items.move_to_end(game_id)
        return timeline

    def put(self, game_id: UUID, timeline: Timeline) -> None:
        self._items[game_id] = timeline
        self._items.move_to_end(game_id)
        while len(self._items) > self.maxsize:
            self._items.popitem(last=False)

    def discard(self, game_id: UUID) -> None:
        self._items.pop(game_id, None)
