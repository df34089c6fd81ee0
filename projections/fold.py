"""One game's engine fold for the projection: step by step, its rows of `steps`,
`fold_timeline` (the score rows) and `fold_facts`.

The state before a step gives its round, the state after it gives the
scores (only changes are written to `fold_timeline`) and the per-game facts
(`projections.games`). `LocalFolds` keeps the folds of the games in progress in this process;
`projections.workers` spreads them over worker processes. This module imports the rules engines
and nothing of DuckDB, Arrow or the event store, so a worker process starts quickly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import orjson

from domain.core import registry
from domain.core.errors import NovusError
from domain.core.protocol import ChanceStep, Decision, Rules, SeatScore, Setup, Step
from projections import games as game_stats
from projections.columns import Batch

StepFn = Callable[[Batch, int, int, Any], None]
"""`(batch, step number, seat, action | outcome)`: one game's next step as plain fields."""

TOTAL = "total"
"""The score timeline's category holding a seat's total (not stored for a game whose
`GameStats.summed_total`: the view `score_timeline` adds it)."""


def changed_rows(points: dict[str, int], known: dict[str, int]) -> list[tuple[str, int]]:
    """The rows of a seat's `points` and their total that differ from `known` (updated): what
    a game's `GameStats.seat_changes` gives when it has rescored the seat in full."""
    found = []
    total = sum(points.values())
    if known.get(TOTAL) != total:
        known[TOTAL] = total
        found.append((TOTAL, total))
    for category, value in points.items():
        if known.get(category) != value:
            known[category] = value
            found.append((category, value))
    return found


def _same(a: object, b: object) -> bool:
    return a is b or a == b


TRUSTED = True
"""Fold stored steps with the engine's `apply_trusted` (the store checked them when they were
appended); False: always the checked `apply` (tests compare the two)."""


def trusted_apply(rules: Rules[Any] | None) -> Callable[[Any, Step], Any] | None:
    """The engine's apply for steps the store already validated (`Rules.apply_trusted`)."""
    if rules is None:
        return None
    return rules.apply_trusted if TRUSTED else rules.apply


def _no_fold(*_: object) -> Any:
    """Stands in for the engine's calls when none is installed (never called: no state)."""
    raise AssertionError("no engine to fold with")


class Fold:
    """One game's engine state as the projection has seen it so far."""

    __slots__ = (
        "apply",
        "changes",
        "facts",
        "game",
        "game_id",
        "last",
        "names",
        "parts",
        "per_seat",
        "points",
        "public",
        "rescored",
        "round_of",
        "rules",
        "score_parts",
        "seat_key",
        "seat_keys",
        "state",
        "stats",
        "step",
        "step_rows",
        "totals",
    )

    def __init__(self, game_id: str, setup: Setup) -> None:
        self.game_id = game_id
        self.game = setup.game
        self.names = setup.players
        self.step = 0
        self.stats = game_stats.get(setup.game)
        self.score_parts = self.stats.score_parts if self.stats else None
        self.per_seat = self.stats.seat_score if self.stats and self.score_parts else None
        self.seat_key = self.stats.seat_key if self.stats and self.per_seat else None
        self.points = self.stats.seat_points if self.stats and self.per_seat else None
        self.changes = self.stats.seat_changes if self.stats and self.points else None
        self.seat_keys: list[object] = []
        self.rules: Rules[Any] | None
        try:
            self.rules = registry.get(setup.game)
            self.state: Any = self.rules.initial_state(setup)
        except NovusError:  # engine not installed here (or setup it refuses): no fold
            self.rules = None
            self.state = None
        self.apply: Callable[[Any, Step], Any] = trusted_apply(self.rules) or _no_fold
        self.parts: tuple[object, ...] | None = None
        self.last: list[dict[str, int]] = []
        # what `advance` calls at every step, looked up once
        stats, rules = self.stats, self.rules
        self.public = stats.public_action if stats else None
        self.facts = stats.facts if stats else None
        self.rescored = stats.rescored if stats and self.score_parts else None
        self.step_rows = stats.step_rows if stats else None
        self.totals = not (stats and stats.summed_total)
        """Whether the fold stores the `total` rows (not for `GameStats.summed_total`)."""
        self.round_of: Callable[[Any], int] = _no_fold
        if rules is not None:  # the game module's own (compiled) round, else the engine's
            self.round_of = (stats.round_of if stats else None) or rules.round_of

    def changed_scores(self) -> list[SeatScore]:
        """The seats whose score may have changed since the last call (all of them at first)."""
        assert self.rules is not None
        state = self.state
        if self.score_parts is None:
            return list(self.rules.scores(state).seats)
        parts = self.score_parts(state)
        old = self.parts
        if parts is old:  # shared with the state before (nothing a score reads was touched)
            return []
        self.parts = parts
        if self.per_seat is not None:
            per_seat = self.per_seat
            seat_key = self.seat_key
            if old is None or len(old) != len(parts):
                if seat_key is not None:
                    self.seat_keys = [seat_key(p) for p in parts]
                return [per_seat(state, i) for i in range(len(parts))]
            if seat_key is None:
                return [
                    per_seat(state, i)
                    for i, p in enumerate(parts)
                    if p is not old[i] and p != old[i]  # `_same`, inlined: runs at every step
                ]
            keys = self.seat_keys
            changed = []
            for i, p in enumerate(parts):
                if p is not old[i]:
                    key = seat_key(p)
                    if key != keys[i]:
                        keys[i] = key
                        changed.append(per_seat(state, i))
            return changed
        if old is None or len(old) != len(parts):
            return list(self.rules.scores(state).seats)
        if all(_same(a, b) for a, b in zip(old, parts, strict=True)):
            return []
        return list(self.rules.scores(state).seats)

    def score_rows(self, batch: Batch, step: int) -> None:
        """Rows for every seat's category whose points differ from the last rows written."""
        if self.points is not None:
            self.seat_rows(batch, step)
            return
        changed = self.changed_scores()
        if not changed:
            return
        games, steps, seats, categories, points = batch.timeline.cols
        last = self.last
        game_id = self.game_id
        for score in changed:
            seat = score.seat
            while len(last) <= seat:
                last.append({})
            known = last[seat]
            found = score.breakdown.items()
            for category, value in ((TOTAL, score.total), *found) if self.totals else found:
                if known.get(category) != value:
                    known[category] = value
                    games.append(game_id)
                    steps.append(step)
                    seats.append(seat)
                    categories.append(category)
                    points.append(value)

    def seat_rows(self, batch: Batch, step: int) -> None:
        """`score_rows` of a game scored seat by seat (`GameStats.seat_points`): the seats whose
        part (or its key) changed are rescored, their categories compared with the last rows
        written; `changed_scores` with its rows, inlined (it runs at every step)."""
        state = self.state
        assert self.score_parts is not None and self.points is not None
        parts = self.score_parts(state)
        old = self.parts
        if parts is old:  # shared with the state before (nothing a score reads was touched)
            return
        self.parts = parts
        seat_key = self.seat_key
        keys = self.seat_keys
        last = self.last
        fresh = old is None or len(old) != len(parts)
        if fresh:
            if seat_key is not None:
                keys = self.seat_keys = [seat_key(p) for p in parts]
            while len(last) < len(parts):
                last.append({})
        games, steps, seats, categories, points = batch.timeline.cols
        game_id = self.game_id
        changes = self.changes
        if changes is not None:
            for seat, part in enumerate(parts):
                was = None if fresh else old[seat]  # type: ignore[index]
                if part is not was:
                    for category, value in changes(state, seat, part, was, last[seat]):
                        games.append(game_id)
                        steps.append(step)
                        seats.append(seat)
                        categories.append(category)
                        points.append(value)
            return
        seat_points = self.points
        for seat, part in enumerate(parts):
            if not fresh:
                was = old[seat]  # type: ignore[index]
                if part is was:
                    continue
                if seat_key is None:
                    if part == was:
                        continue
                else:
                    key = seat_key(part)
                    if key == keys[seat]:
                        continue
                    keys[seat] = key
            breakdown = seat_points(state, seat)
            known = last[seat]
            total = sum(breakdown.values())
            if self.totals and known.get(TOTAL) != total:
                known[TOTAL] = total
                games.append(game_id)
                steps.append(step)
                seats.append(seat)
                categories.append(TOTAL)
                points.append(total)
            for category, value in breakdown.items():
                if known.get(category) != value:
                    known[category] = value
                    games.append(game_id)
                    steps.append(step)
                    seats.append(seat)
                    categories.append(category)
                    points.append(value)

    def advance(self, batch: Batch, step: Step, number: int) -> None:
        """Apply step `number`; add its `steps`, `fold_timeline` and `fold_facts` rows."""
        if type(step) is Decision:
            self._advance(batch, step, number, step.seat, "decision", step.action)
        else:
            assert isinstance(step, ChanceStep)
            self._advance(batch, step, number, -1, "chance", orjson.dumps(step.outcome).decode())

    def advance_fields(self, batch: Batch, number: int, seat: int, value: Any) -> None:
        """`advance` for a step as plain fields (`step_from`, inlined: runs at every step; the
        fields are passed on as they are instead of read back from the step)."""
        if seat >= 0:
            self._advance(batch, Decision(seat, value), number, seat, "decision", value)
        else:
            outcome = tuple(value)
            self._advance(
                batch, ChanceStep(outcome), number, -1, "chance", orjson.dumps(outcome).decode()
            )

    def _advance(
        self, batch: Batch, step: Step, number: int, seat: int, kind: str, action: str
    ) -> None:
        """`advance` with the step's `steps` fields: seat, kind, action as recorded."""
        rules, before = self.rules, self.state
        public = self.public
        if public is not None:
            action = public(rules, before, step) if rules and before is not None else kind
        round_: int | None = None
        if before is not None and rules is not None:
            try:
                round_ = self.round_of(before)
                after = self.apply(before, step)
            except NovusError as error:  # a stored step the installed engine refuses:
                self.state = None  # stop folding this game, and say so
                round_ = None  # no round from it on (nor facts, `GameStats.step_facts` too)
                batch.refused.append((self.game_id, number, error.message))
            else:
                self.state = after
                step_rows = self.step_rows
                if step_rows is None or not step_rows(
                    self, batch, before, step, after, number, round_
                ):
                    facts = self.facts
                    if facts is not None:
                        found = facts(rules, before, step, after)
                        if found:
                            f0, f1, f2, f3, f4, f5, f6, f7 = batch.facts.cols
                            game_id, game = self.game_id, self.game
                            for who, fact, item, amount in found:
                                f0.append(game_id)
                                f1.append(game)
                                f2.append(number)
                                f3.append(round_)
                                f4.append(who)
                                f5.append(fact)
                                f6.append(item)
                                f7.append(amount)
                    rescored = self.rescored
                    if rescored is None or rescored(step):
                        self.score_rows(batch, number)
        self.step = number
        c0, c1, c2, c3, c4, c5 = batch.steps.cols
        c0.append(self.game_id)
        c1.append(number)
        c2.append(seat)
        c3.append(kind)
        c4.append(action)
        c5.append(round_)

    def replay(self, steps: Sequence[Step]) -> None:
        """Refold already projected steps (after a restart): no rows, same final `last`."""
        rules = self.rules
        if rules is not None and self.state is not None:
            apply = self.apply
            try:
                for step in steps:
                    self.state = apply(self.state, step)
            except NovusError:
                self.state = None
        self.step += len(steps)
        if rules is not None and self.state is not None:
            self.parts = None
            self.last = [{TOTAL: s.total, **s.breakdown} for s in self.changed_scores()]


def step_of(kind: str, seat: int, action: str) -> Step:
    """A `steps` row back as a step (decisions keep the action; chance the JSON outcome)."""
    if kind == "decision":
        return Decision(seat, action)
    return ChanceStep(tuple(orjson.loads(action)))


class Folds(Protocol):
    """Where the projection's engine folds run: here (`LocalFolds`) or in worker processes
    (`projections.workers.WorkerFolds`). `start`/`step_fields` may add rows to `batch` at once
    (local) or later, in `collect`, for the `submit` ticket of the batch (workers)."""

    def knows(self, game_id: str) -> bool: ...

    def start(self, batch: Batch, game_id: str, setup: Setup) -> None: ...

    def resume(self, game_id: str, setup: Setup, steps: Sequence[Step]) -> None:
        """Refold a game in progress from its first steps (after a restart)."""
        ...

    def step_fields(
        self, batch: Batch, game_id: str, number: int, seat: int, value: Any
    ) -> None: ...

    def stepper(self, game_id: str) -> StepFn:
        """`step_fields` of one game, looked up once: the projection keeps it for the game's
        following steps until any other call (a game started, ended, taken back, left out)."""
        ...

    def take_back(
        self, batch: Batch, game_id: str, to_step: int, setup: Setup, steps: Sequence[Step]
    ) -> None:
        """A take-back to `to_step`: the batch's later rows of the game go, and it is refolded
        from its first `to_step` steps."""
        ...

    def end(self, game_id: str) -> None: ...

    def submit(self) -> Any:
        """Hand over what was queued for this batch; a ticket for `collect`."""
        ...

    def collect(self, ticket: Any, batch: Batch) -> None:
        """Add the rows of a submitted batch to `batch`."""
        ...

    def reset(self) -> None:
        """Forget every fold (they are refolded from the store on demand)."""
        ...

    def close(self) -> None: ...


class LocalFolds:
    """Folds kept in this process (the default `Folds`)."""

    def __init__(self) -> None:
        self.folds: dict[str, Fold] = {}

    def knows(self, game_id: str) -> bool:
        return game_id in self.folds

    def start(self, batch: Batch, game_id: str, setup: Setup) -> None:
        fold = self.folds[game_id] = Fold(game_id, setup)
        if fold.rules is not None and fold.state is not None:
            fold.score_rows(batch, 0)

    def resume(self, game_id: str, setup: Setup, steps: Sequence[Step]) -> None:
        fold = self.folds[game_id] = Fold(game_id, setup)
        fold.replay(steps)

    def take_back(
        self, batch: Batch, game_id: str, to_step: int, setup: Setup, steps: Sequence[Step]
    ) -> None:
        """A take-back to `to_step` (`steps`: the game's first `to_step` steps): this batch's
        rows of the game after that step go, and the game is refolded to it."""
        batch.steps.drop_after(game_id, to_step)
        batch.timeline.drop_after(game_id, to_step)
        batch.facts.drop_after(game_id, to_step, 2)
        self.resume(game_id, setup, steps)

    def step_fields(self, batch: Batch, game_id: str, number: int, seat: int, value: Any) -> None:
        """`step` for a step as plain fields (`domain.core.protocol.step_from`)."""
        self.folds[game_id].advance_fields(batch, number, seat, value)

    def stepper(self, game_id: str) -> StepFn:
        return self.folds[game_id].advance_fields

    def end(self, game_id: str) -> None:
        self.folds.pop(game_id, None)

    def submit(self) -> Any:
        """Hand over what was queued for this batch (nothing: local folds are already done)."""
        return None

    def collect(self, ticket: Any, batch: Batch) -> None:
        """Add the rows of a submitted batch to `batch` (local: already there)."""

    def reset(self) -> None:
        self.folds.clear()

    def close(self) -> None:
        self.folds.clear()
