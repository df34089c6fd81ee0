"""The projection: decoded `Game` events, in notification order, to rows of the DuckDB tables.

`GamesProjection` is an `eventsourcing.projection.Projection` over a `DuckDBView` (a
`TrackingRecorder`). `process_event(event, tracking)` is the library's one-event entry point;
`process_batch(notifications, application_name)` does the same for many events and writes their
rows and the last notification id in ONE DuckDB transaction (`DuckDBView.write`): a crash leaves
either all of a batch or none of it, and the next run starts after the recorded position.

Each game is folded once, step by step, through its rules engine (`projections.fold`). Folds of
unfinished games stay in memory between batches; after a restart they are refolded from the
event store (or the `steps` table).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from uuid import UUID

import duckdb
import orjson
from eventsourcing.persistence import Tracking
from eventsourcing.projection import Projection

from application.mapper import NovusMapper
from domain.core.aggregate import Game
from domain.core.protocol import Scores, Setup, Step
from projections import games as game_stats
from projections.columns import Batch, Skipped
from projections.fold import Folds, LocalFolds, StepFn, step_of
from projections.rows import timestamp
from projections.view import DuckDBView, HeldLost

History = Callable[[str, int, int], Sequence[Step]]
"""`history(game_id, n, version)`: the `n` steps a stored game stood on at aggregate `version`
(take-backs applied)."""


def systemic(error: BaseException) -> bool:
    """Whether an error is the projector's own (the DuckDB file, the machine, an interrupt)
    rather than one game's events: only those stop a catch-up; a game's are skipped."""
    return not isinstance(error, Exception) or isinstance(
        error, duckdb.Error | OSError | MemoryError
    )


def _reason(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"[:500]


def _variant(options: dict[str, str]) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(options.items())) or "-"


StepFields = tuple[int, int, Any]
"""`(step number, seat, action)`, or `(step number, -1, outcome list)` for chance."""


def _event_fields(topic: str, event: Any) -> StepFields | None:
    """The step fields of a decoded `Decided`/`ChanceResolved` event, else None."""
    if isinstance(event, Game.Decided):
        return event.step, event.seat, event.action
    if isinstance(event, Game.ChanceResolved):
        return event.step, -1, list(event.outcome)
    return None


def _the_event(originator_id: UUID | str, version: int, topic: str, event: Any) -> Any:
    """`decode` for rows that hold a decoded event already."""
    return event


class GamesProjection(Projection[DuckDBView]):
    """Projects `Game` events into the DuckDB tables of `projections.schema`."""

    name = "novus_views"
    topics = ()

    def __init__(
        self, view: DuckDBView, history: History | None = None, folds: Folds | None = None
    ) -> None:
        """`history(game_id, n)`: the first n steps of a stored game, from the event store, for
        refolding a game in progress after a restart. Without it the `steps` table is read
        back, which only works for games whose actions are stored as recorded. `folds`: where
        the engine folds run (`LocalFolds` by default; `projections.workers.WorkerFolds`)."""
        super().__init__(view)
        self.folds: Folds = folds or LocalFolds()
        self.history = history
        self.meta: dict[str, tuple[str, tuple[str, ...]]] = {}
        """Game and player names of the games in progress (for their `seats` rows)."""
        self.unwritten: dict[str, str] = {}
        """Setup JSON of the games started in a batch not written yet (a batch is folded
        while the one before is written): a take-back in the next batch needs it."""
        self.keys: dict[UUID | str, str] = {}
        """Text ids of the games in progress by their UUID or stored hex (most events name one)."""
        self.skipped: set[str] = view.skipped_games()
        """Games left out of the views (`skipped_games`, and those of batches not yet written):
        their later events are passed over."""
        self.offsets: dict[str, int] | None = None
        """Per game taken back: version - 1 - steps (`DuckDBView.takeback_offsets`, then kept
        up to date here); loaded at the first need."""
        self.skip_log: list[str] = []
        """The games left out since the projection started, in order (`Batch.skip_mark`)."""

    def process_event(self, domain_event: Any, tracking: Tracking) -> None:
        """One event and its tracking record, in one transaction (the library's entry point)."""
        self.process_batch([(tracking.notification_id, domain_event)], tracking.application_name)

    def process_batch(
        self, notifications: Sequence[tuple[int, Any]], application_name: str
    ) -> Batch:
        """Project events (in notification order) and record the last id, all in one write."""
        pending = self.submit(notifications, application_name)
        return self.complete(pending)

    def submit(
        self, notifications: Sequence[tuple[int, Any]], application_name: str
    ) -> tuple[Batch, Any, Tracking | None]:
        """First half of `process_batch`: the rows made here, and the folds handed over.

        With worker folds, the caller may read the next batch before calling `complete`.
        Decoded events take the same path as stored rows (`submit_stored`)."""
        rows = [(position, event.originator_id, 0, "", event) for position, event in notifications]
        return self._submit(rows, application_name, _event_fields, _the_event)

    def submit_stored(
        self,
        rows: Sequence[tuple[int, UUID | str, int, str, bytes]],
        application_name: str,
        mapper: NovusMapper,
    ) -> tuple[Batch, Any, Tracking | None]:
        """`submit` for stored, undecoded rows (`NovusApp.stored_notifications`).

        The per-step events, nearly all of a store, are read as plain step fields straight
        from their stored JSON (`NovusMapper.stored_fields`) without making event objects;
        every other row is decoded by the mapper. Same rows, same tracking."""
        return self._submit(rows, application_name, mapper.stored_fields, mapper.row_event)

    def _submit(
        self,
        rows: Sequence[tuple[int, UUID | str, int, str, Any]],
        application_name: str,
        fields: Callable[[str, Any], StepFields | None],
        decode: Callable[[UUID | str, int, str, Any], Any],
    ) -> tuple[Batch, Any, Tracking | None]:
        """The one ingestion loop: `(position, game id, version, topic, data)` rows, where
        `fields(topic, data)` gives a per-step event's step fields (None: decode the row with
        `decode(game id, version, topic, data)` and project the event)."""
        batch = Batch()
        if not rows:
            return batch, None, None
        batch.skip_mark = len(self.skip_log)
        stepper = self.folds.stepper
        going: dict[UUID | str, StepFn] = {}
        """Each game's `Folds.stepper` by the rows' game id, while only steps come (any other
        event may start, end, take back or leave out a game: then they are looked up again)."""
        try:
            for position, originator_id, version, topic, data in rows:
                try:
                    found = fields(topic, data)
                    if found is None:
                        event = decode(originator_id, version, topic, data)
                        found = _event_fields(topic, event)
                        if found is None:
                            going.clear()
                            self._project(batch, position, event)
                            continue
                    else:
                        step = going.get(originator_id)
                        if step is not None:  # nearly every row: fields unpacked, not `*found`
                            number, seat, value = found  # (a call with `*` builds a new tuple)
                            step(batch, number, seat, value)
                            continue
                    key = self._known(originator_id)
                    if key is not None:
                        step = going[originator_id] = stepper(key)
                        step(batch, *found)
                except Exception as error:  # one game's event: that game is left out
                    going.clear()
                    if systemic(error):
                        raise
                    self.skip(batch, originator_id, position, error)
            batch.events = len(rows)
            ticket = self.folds.submit()
        except BaseException:
            self.forget()  # the folds ran ahead of what is stored
            raise
        return batch, ticket, Tracking(application_name, rows[-1][0])

    def complete(self, pending: tuple[Batch, Any, Tracking | None], *, hold: bool = False) -> Batch:
        """Second half: gather the fold rows and write everything in one transaction (`hold`:
        left open for the next batches, `DuckDBView.write`; a failed write that rolled back
        held batches raises `HeldLost`, and the folds are forgotten).
        With `hold`, the `games` rows of games still in progress wait for the next batch
        (`_carry`)."""
        batch, ticket, tracking = pending
        if tracking is None:
            return batch
        try:
            self._take_carried(batch)
            self.folds.collect(ticket, batch)
            for game_id, step, why in batch.failed:  # a fold worker's engine raised
                self.skip(batch, game_id, None, f"step {step}: {why}")
            self._leave_out(batch)
            if hold:
                self._carry(batch)
            try:
                self.view.write(batch, tracking, hold=hold)
            except Exception as error:
                if (
                    systemic(error)
                    or isinstance(error, HeldLost)
                    or not self._find_unwritable(batch)
                ):
                    raise
                self._leave_out(batch)
                self.view.write(batch, tracking, hold=hold)
        except BaseException:
            self.forget()
            raise
        for key in (*batch.games, *self.view.carried):  # written, or found there
            self.unwritten.pop(key, None)
        return batch

    def _carry(self, batch: Batch) -> None:
        """Hold back the `games` rows of `batch`'s games in progress (`DuckDBView.carried`):
        the next batch of the same transaction writes them (`_take_carried`), so a game that
        ends there is inserted once, finished, instead of inserted here and updated there. A
        commit before it (a publish in the middle of a group) writes them as they are."""
        moved = {key: row for key, row in batch.games.items() if not row["finished"]}
        for key in moved:
            del batch.games[key]
        self.view.carried.update(moved)

    def _take_carried(self, batch: Batch) -> None:
        """Put the rows held back from the batch before (`_carry`) into `batch`, ahead of its
        own; a game `batch` finishes gets its finished figures and leaves `batch.finish`."""
        moved, self.view.carried = self.view.carried, {}
        if not moved:
            return
        finish = batch.finish
        ended = [i for i, key in enumerate(finish.cols[0]) if key in moved]
        for i in ended:
            game_id, at, steps, winners, names = (col[i] for col in finish.cols)
            moved[game_id].update(
                ended=at, steps=steps, finished=True, winners=winners, winner_names=names
            )
        if ended:
            finish.drop({finish.cols[0][i] for i in ended})
        batch.games = {**moved, **batch.games}

    def _leave_out(self, batch: Batch) -> None:
        """Remove the rows of every game left out since `batch` was started."""
        gone = set(self.skip_log[batch.skip_mark :])
        if gone:
            batch.drop(gone)

    def _find_unwritable(self, batch: Batch) -> bool:
        """After a failed write: try each game's rows alone; leave out those that cannot be
        written. Whether any was found (if not, the failure was not one game's)."""
        found = False
        for game_id in sorted(batch.game_ids()):
            try:
                self.view.probe(batch.only(game_id))
            except Exception as error:
                if systemic(error):
                    raise
                self.skip(batch, game_id, None, error)
                found = True
        return found

    def skip(
        self, batch: Batch, game_id: UUID | str, position: int | None, why: BaseException | str
    ) -> None:
        """Leave a game out of the views from now on (its rows go when `batch` is written) and
        say why; its later events are passed over."""
        key = str(game_id) if isinstance(game_id, UUID) else str(UUID(game_id))
        if key in self.skipped:  # already left out (in this batch or one before)
            return
        meta = self.meta.pop(key, None)
        game = meta[0] if meta else batch.games.get(key, {}).get("game")
        reason = why if isinstance(why, str) else _reason(why)
        entry: Skipped = (key, game, position, reason)
        batch.skipped.append(entry)
        self.skipped.add(key)
        self.unwritten.pop(key, None)
        self.skip_log.append(key)
        for known in [k for k, v in self.keys.items() if v == key]:
            del self.keys[known]
        self.folds.end(key)

    def forget(self, *, empty: bool = False) -> None:
        """Drop the folds (after a rebuild, or a failed write): they are refolded on demand.
        `empty`: the tables were just made empty (a rebuild): no game is skipped or taken
        back, and nothing is read back to know it."""
        self.folds.reset()
        self.meta.clear()
        self.unwritten.clear()
        self.keys.clear()
        self.offsets = {} if empty else None
        self.skipped = set() if empty else self.view.skipped_games()

    # ---- one event ------------------------------------------------------------------------

    def _project(self, batch: Batch, position: int, event: Any) -> None:
        """An event other than a step (`Started`, `Finished`; others are not projected)."""
        if str(event.originator_id) in self.skipped:
            return
        elif isinstance(event, Game.Started):
            self._started(batch, position, event)
        elif isinstance(event, Game.Finished):
            self._finished(batch, event)
        elif isinstance(event, Game.TakenBack):
            self._taken_back(batch, event)

    def _offset(self, key: str) -> int:
        """How many of a game's events are not steps it stands on, besides `Started`."""
        if self.offsets is None:
            self.offsets = self.view.takeback_offsets()
        return self.offsets.get(key, 0)

    def _setup_of(self, batch: Batch, key: str) -> Setup:
        row = batch.games.get(key) or self.view.carried.get(key)
        if row is not None:
            return Setup.from_json(orjson.loads(row["setup"]))
        if key in self.unwritten:  # started in the batch being written
            return Setup.from_json(orjson.loads(self.unwritten[key]))
        progress = self.view.game_progress(key)
        if progress is None:
            raise LookupError(f"game {key} taken back before its Started event")
        return Setup.from_json(orjson.loads(progress[0]))

    def _taken_back(self, batch: Batch, event: Game.TakenBack) -> None:
        """A take-back: the game's rows after the steps it kept go (this batch's now, earlier
        ones when the batch is written), a finished game is in progress again, and its fold
        is refolded to the steps it kept (read from the store up to this event)."""
        key = str(event.originator_id)
        setup = self._setup_of(batch, key)
        to_step = int(event.step)
        if self.history is not None:
            steps = list(self.history(key, to_step, event.originator_version))
        else:
            steps = self._projected_steps(batch, key, to_step, setup)
        if len(steps) != to_step:
            raise LookupError(f"game {key}: {len(steps)} stored steps, {to_step} kept")
        self._offset(key)
        assert self.offsets is not None
        self.offsets[key] = event.originator_version - 1 - to_step
        batch.seats.drop({key})
        batch.finish.drop({key})
        row = batch.games.get(key)
        if row is not None:
            row.update(ended=None, steps=None, finished=False, winners=None, winner_names=None)
        batch.truncate[key] = min(to_step, batch.truncate.get(key, to_step))
        batch.takebacks.add(
            key, to_step, int(event.removed), event.originator_version, event.timestamp
        )
        self.folds.take_back(batch, key, to_step, setup, steps)
        self.meta[key] = (setup.game, setup.players)
        self.keys[event.originator_id] = key
        self.keys[event.originator_id.hex] = key

    def _projected_steps(self, batch: Batch, key: str, to_step: int, setup: Setup) -> list[Step]:
        """Without the store: the first `to_step` steps from the `steps` rows written and those
        of this batch (folds in this process only; not for games that hide their actions)."""
        stats = game_stats.get(setup.game)
        if stats is not None and stats.public_action is not None:
            raise LookupError(f"game {key} can only be refolded from the event store")
        written = min(to_step, batch.truncate.get(key, to_step))
        found = {
            n: step_of(kind, seat, action)
            for n, kind, seat, action in self.view.game_steps_numbered(key)
            if n <= written
        }
        ids, numbers, seats, kinds, actions = batch.steps.cols[:5]
        for i, game_id in enumerate(ids):
            if game_id == key and numbers[i] <= to_step:
                found[numbers[i]] = step_of(kinds[i], seats[i], actions[i])
        return [found[n] for n in sorted(found)]

    def _known(self, game_id: UUID | str) -> str | None:
        """The key of a game in progress, refolded first if the folds do not hold it; None for
        a game left out of the views (`skipped`).

        `game_id` is the event's UUID, or its stored hex (rows read undecoded)."""
        key = self.keys.get(game_id)
        if key is not None and key in self.meta and self.folds.knows(key):
            return key
        key = str(game_id if isinstance(game_id, UUID) else UUID(game_id))
        if key in self.skipped:
            return None
        if key in self.meta and self.folds.knows(key):
            self.keys[game_id] = key
            return key
        found = self.view.game_progress(key)
        if found is None:
            raise LookupError(f"events of game {key} before its Started event")
        setup_json, done = found
        setup = Setup.from_json(orjson.loads(setup_json))
        stats = game_stats.get(setup.game)
        if self.history is not None:
            steps = list(self.history(key, done, 1 + done + self._offset(key)))
        elif stats is not None and stats.public_action is not None:
            raise LookupError(f"game {key} can only be refolded from the event store")
        else:
            steps = [step_of(*row) for row in self.view.game_steps(key)]
        if len(steps) != done:
            raise LookupError(f"game {key}: {len(steps)} stored steps, {done} projected")
        self.folds.resume(key, setup, steps)
        self.meta[key] = (setup.game, setup.players)
        return key

    def _started(self, batch: Batch, position: int, event: Game.Started) -> None:
        key = str(event.originator_id)
        setup = Setup.from_json(event.setup)
        source = dict(event.source or {})
        options = {str(k): str(v) for k, v in setup.options.items()}
        variant = _variant(options)
        source_name = str(source.get("name") or "")
        stats = game_stats.get(setup.game)
        hides = stats is not None and stats.public_action is not None
        search = " ".join(
            [key, setup.game, variant, source_name, str(source.get("kind") or ""), *setup.players]
        ).lower()
        batch.games[key] = {
            "game_id": key,
            "game": setup.game,
            "variant": variant,
            "options": sorted(options.items()),
            "players": len(setup.players),
            "seats": list(setup.players),
            "rules_version": event.rules_version,
            "source_kind": source.get("kind"),
            "source_name": source_name,
            "source": orjson.dumps(source, option=orjson.OPT_SORT_KEYS).decode(),
            "seed": None if hides else event.seed,  # the seed would redeal the hidden cards
            "started": timestamp(event.created),
            "recorded": event.timestamp,
            "ended": None,
            "steps": None,
            "finished": False,
            "winners": None,
            "winner_names": None,
            "search": search,
            "setup": orjson.dumps(event.setup).decode(),
            "position": position,
        }
        self.meta[key] = (setup.game, setup.players)
        self.unwritten[key] = batch.games[key]["setup"]
        self.folds.start(batch, key, setup)

    def _finished(self, batch: Batch, event: Game.Finished) -> None:
        key = str(event.originator_id)
        found = self.meta.pop(key, None)
        if found is None:  # started in an earlier run: its names are all that is needed
            progress = self.view.game_progress(key)
            if progress is None:
                raise LookupError(f"game {key} finished before its Started event")
            setup = Setup.from_json(orjson.loads(progress[0]))
            found = (setup.game, setup.players)
        game, names = found
        self.keys.pop(event.originator_id, None)
        self.keys.pop(event.originator_id.hex, None)
        self.folds.end(key)
        scores = Scores.from_json(event.scores)
        winners = [int(w) for w in event.winners]
        ranks = scores.ranks()
        players = len(names)
        for s in scores.seats:
            batch.seats.add(
                key,
                game,
                players,
                s.seat,
                names[s.seat],
                s.total,
                sorted((str(k), int(v)) for k, v in s.breakdown.items()),
                [int(t) for t in s.tiebreak],
                ranks[s.seat],
                s.seat in winners,
            )
        steps = event.originator_version - 2 - self._offset(key)
        winner_names = [names[w] for w in winners]
        row = batch.games.get(key)
        if row is not None:
            row.update(
                ended=event.timestamp,
                steps=steps,
                finished=True,
                winners=winners,
                winner_names=winner_names,
            )
        else:
            batch.finish.add(key, event.timestamp, steps, winners, winner_names)
