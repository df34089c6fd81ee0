"""The Novus application: commands that record games, and queries that read them back.

No game rules live here: every step goes through the `Game` aggregate, which asks the engine
first. The store is chosen by the environment (`application.settings`): a SQLite file in the
data folder by default, PostgreSQL when asked for.

    app = open_app("novus-data")
    game_id = app.simulate("puerto-rico", 4, {}, seed=7, bot="heuristic")
    app.state_at(game_id, 120)       # the engine state after 120 steps
"""

from __future__ import annotations

import contextlib
import hashlib
import random
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import (
    Mapper,
    PersistenceError,
    RecordConflictError,
    StoredEvent,
    Transcoder,
)
from eventsourcing.utils import Environment, get_topic

from application import games_index, settings
from application.errors import (
    AmbiguousGameId,
    GameChanged,
    GameExists,
    GameNotFound,
    NoSeed,
    StepOutOfRange,
    StoreUnavailable,
    WriteConflict,
)
from application.games_index import GameFilter
from application.i18n import _
from application.mapper import NovusMapper
from application.postgres_recorder import ColumnarPostgresApplicationRecorder
from application.records import GameRecord, GameSummary
from application.sqlite_recorder import BulkSQLiteApplicationRecorder
from application.timeline import Timeline, Timelines
from application.transcoder import OrjsonTranscoder
from domain.core import registry
from domain.core.aggregate import SEED_MAX, SEED_MIN, Game
from domain.core.chance import Outcome, resolve
from domain.core.errors import ChanceExpected, SetupError
from domain.core.protocol import CHANCE, ChanceStep, Decision, Entry, Scores, Setup, Step, TakeBack

STARTED_TOPIC = get_topic(Game.Started)
FINISHED_TOPIC = get_topic(Game.Finished)
TAKEN_BACK_TOPIC = get_topic(Game.TakenBack)
INDEX_TOPICS = (STARTED_TOPIC, FINISHED_TOPIC, TAKEN_BACK_TOPIC)
"""The events the games index is made from."""
READ_BATCH = 500
RECORDERS: dict[str, type[Any]] = {
    settings.SQLITE: BulkSQLiteApplicationRecorder,
    settings.POSTGRES: ColumnarPostgresApplicationRecorder,
}
"""The faster application recorder used for each store (same tables, same rows)."""


def check_seed(seed: int | None) -> None:
    """Refuse a seed no reader of the store could hold (`SetupError`), before anything is saved."""
    if seed is not None and not SEED_MIN <= seed <= SEED_MAX:
        raise SetupError(
            _("seed {seed} is out of range", seed=seed),
            hint=_("a seed is a whole number from {low} to {high}", low=SEED_MIN, high=SEED_MAX),
        )


def chance_rng(seed: int, step: int) -> random.Random:
    """The generator for the chance node at `step` of a game with `seed` (new games only)."""
    return random.Random(f"{seed}:{step}")


def bot_seed(seed: int, seat: int) -> int:
    """A bot's own seed, derived from the game seed and its seat."""
    digest = hashlib.sha256(f"{seed}:bot:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class NovusApp(Application[UUID]):
    """Stores each game as a `Game` aggregate; hands out histories and states at any step."""

    name = "Novus"

    def __init__(self, env: Mapping[str, str] | None = None, cache_size: int = 64) -> None:
        super().__init__(env)
        self._lock = threading.RLock()
        self._live: dict[UUID, tuple[Game, Any]] = {}
        self._live_max = cache_size
        self.timelines = Timelines(cache_size)
        recorder: Any = self.recorder
        self._index: Any = recorder if hasattr(recorder, "select_games") else None
        self._insert_rows: Any = getattr(recorder, "insert_rows", None)
        if (
            self.snapshots is not None  # `save` takes the snapshots
            or self.repository.cache is not None  # and fills the library's cache
            or not isinstance(self.mapper, NovusMapper)
        ):
            self._insert_rows = None
        """The recorder when the store keeps the games index (SQLite, PostgreSQL), else None."""
        if self._index is not None:
            self._index.build_games_index(INDEX_TOPICS, self._index_rows)

    def construct_env(self, name: str, env: Mapping[str, str] | None = None) -> Environment:
        environment = super().construct_env(name, env)
        recorder = RECORDERS.get(environment.get("PERSISTENCE_MODULE") or "")
        if recorder and not environment.get("APPLICATION_RECORDER_TOPIC"):
            environment["APPLICATION_RECORDER_TOPIC"] = get_topic(recorder)
        return environment

    def construct_transcoder(self) -> Transcoder:
        return OrjsonTranscoder()

    def construct_mapper(self) -> Mapper[UUID]:
        return self.factory.mapper(self.construct_transcoder(), mapper_class=NovusMapper)

    # ---- commands -------------------------------------------------------------------------

    def start(
        self,
        game: str,
        players: Sequence[str],
        options: Mapping[str, str] | None = None,
        *,
        seed: int | None,
        source: Mapping[str, Any] | None = None,
        created: str | None = None,
        game_id: UUID | None = None,
    ) -> UUID:
        """Start a game; returns its id. Bad players or options raise `SetupError`."""
        setup = registry.get(game).prepare(list(players), dict(options or {}))
        return self.record_game(
            setup, (), seed=seed, source=source, created=created, game_id=game_id
        )

    def record_game(
        self,
        setup: Setup,
        steps: Sequence[Entry],
        *,
        seed: int | None,
        source: Mapping[str, Any] | None = None,
        created: str | None = None,
        game_id: UUID | None = None,
        checked: Any = None,
    ) -> UUID:
        """Start a game from a prepared `setup` and record `steps`, all in one save (imports).

        Every step is checked by the engine first; on the first illegal one nothing is stored.
        With `game_id` given, a game already stored under that id raises `GameExists`.
        `checked` is the engine state after `steps` when the caller has already folded them
        through the engine's `apply` from `setup`'s initial state (an import does while
        reading the file: `NativeGame.state`); they are then recorded without a second check
        (`Game.record_checked`). Steps with take-backs are always checked here.
        """
        check_seed(seed)
        rules = registry.get(setup.game)
        aggregate = Game.begin(
            rules,
            setup,
            source=dict(source or {"kind": "manual"}),
            seed=seed,
            created=created or now_iso(),
            id=game_id,
        )
        if checked is not None and not any(isinstance(s, TakeBack) for s in steps):
            state = aggregate.record_checked(rules, cast(Sequence[Step], steps), checked)
        else:
            state = aggregate.play_all(rules, rules.initial_state(setup), steps)
        try:
            self._save(aggregate)
        except WriteConflict:
            raise GameExists(str(aggregate.id)) from None
        self._remember(aggregate, state)
        return aggregate.id

    def exists(self, game_id: UUID) -> bool:
        """Whether a game with this id is stored."""
        return bool(list(self.events.get(game_id, lte=1)))

    def decide(self, game_id: UUID, seat: int, action: str) -> None:
        """Record a seat's decision; an illegal one raises a `RuleError` and stores nothing."""
        self._play(game_id, [Decision(seat, action)])

    def resolve_chance(self, game_id: UUID) -> Outcome:
        """Resolve the chance node the game waits for, seeded by its seed and step; record it."""
        with self._lock:
            aggregate, state = self._live_game(game_id)
            rules = registry.get(aggregate.game)
            if rules.to_move(state) != (CHANCE,):
                raise ChanceExpected(
                    "the game does not wait for chance now",
                    hint="seats to move: "
                    + (", ".join(str(s + 1) for s in rules.to_move(state)) or "none"),
                )
            if aggregate.seed is None:
                raise NoSeed(str(game_id))
            rng = chance_rng(aggregate.seed, len(aggregate.steps) + 1)
            outcome = resolve(rules.chance_spec(state), rng)
            self._play(game_id, [ChanceStep(outcome)])
        return outcome

    def record_chance(self, game_id: UUID, outcome: Sequence[Any]) -> None:
        """Record a chance outcome given from outside (imports), validated against the spec."""
        self._play(game_id, [ChanceStep(tuple(outcome))])

    def record(
        self, game_id: UUID, steps: Sequence[Entry], *, expected_version: int | None = None
    ) -> None:
        """Record many steps in one save: all of them, or (on the first illegal one) none.

        With `expected_version` (the aggregate version the caller last saw), a game that has
        moved on since raises `WriteConflict` and nothing is stored (two tabs on one game)."""
        self._play(game_id, list(steps), expected_version)

    def take_back(
        self, game_id: UUID, steps: int = 1, *, expected_version: int | None = None
    ) -> int:
        """Take back the last `steps` steps (an event of its own: nothing is deleted); returns
        how many steps the game has now. `StepOutOfRange` if it has fewer steps."""
        with self._lock:
            aggregate, _ = self._live_game(game_id)
            have = len(aggregate.steps)
            if not 1 <= steps <= have:
                raise StepOutOfRange(have - steps, have)
            self._play(game_id, [TakeBack(have - steps)], expected_version)
            return have - steps

    def version(self, game_id: UUID) -> int:
        """The game's aggregate version as stored now (for `expected_version`)."""
        with self._lock:
            self._live.pop(game_id, None)
            aggregate, _ = self._live_game(game_id)
            return int(aggregate.version)

    def simulate(
        self,
        game: str,
        players: int | Sequence[str],
        options: Mapping[str, str] | None = None,
        *,
        seed: int,
        bot: str = "heuristic",
        created: str | None = None,
    ) -> UUID:
        """Play a whole bot game and store it in one save; returns its id."""
        check_seed(seed)
        rules = registry.get(game)
        names = (
            [f"{bot.title()} {i + 1}" for i in range(players)]
            if isinstance(players, int)
            else list(players)
        )
        setup = rules.prepare(names, dict(options or {}))
        bots = [rules.bot(bot, bot_seed(seed, seat)) for seat in range(len(names))]
        source = {"kind": "simulation", "name": "novus simulate", "bot": bot}
        aggregate = Game.begin(rules, setup, source=source, seed=seed, created=created or now_iso())
        state = rules.initial_state(setup)
        while not rules.is_over(state):
            seats = rules.to_move(state)
            step: Step
            if seats[0] == CHANCE:
                rng = chance_rng(seed, len(aggregate.steps) + 1)
                step = ChanceStep(resolve(rules.chance_spec(state), rng))
            else:
                step = Decision(seats[0], bots[seats[0]].choose(state, seats[0]))
            state = aggregate.play(rules, state, step)
        self._save(aggregate)
        self._remember(aggregate, state)
        timeline = Timeline(rules, setup, aggregate.steps)
        timeline.finished = True
        self.timelines.put(aggregate.id, timeline)
        return aggregate.id

    # ---- queries --------------------------------------------------------------------------

    def history(self, game_id: UUID) -> GameRecord:
        """The whole stored game, decoded (never touches a random generator)."""
        aggregate = self._load(game_id)
        return _record_of(aggregate)

    def state_at(self, game_id: UUID, step: int | None = None) -> Any:
        """The engine state after the first `step` steps (all of them when None)."""
        timeline = self.timeline(game_id, fresh=step is None)
        if step is None:
            step = len(timeline.steps)
        if not 0 <= step <= len(timeline.steps):
            timeline = self.timeline(game_id, fresh=True)
            if not 0 <= step <= len(timeline.steps):
                raise StepOutOfRange(step, len(timeline.steps))
        return timeline.state_at(step)

    def timeline(self, game_id: UUID, *, fresh: bool = False) -> Timeline:
        """The cached timeline of a game; `fresh` first reads any events stored since."""
        with self._lock:
            timeline = self.timelines.get(game_id)
            if timeline is None:
                record = self.history(game_id)
                timeline = Timeline(registry.get(record.game), record.setup, record.steps)
                timeline.finished = record.finished
                if record.log is not None:
                    timeline.version = record.version
                self.timelines.put(game_id, timeline)
            elif fresh:  # a finished game may have been taken back since
                version = timeline.version or 1 + len(timeline.steps)
                for new in self.events.get(game_id, gt=version):
                    if isinstance(new, Game.Decided):
                        timeline.extend([Decision(new.seat, new.action)])
                    elif isinstance(new, Game.ChanceResolved):
                        timeline.extend([ChanceStep(tuple(new.outcome))])
                    elif isinstance(new, Game.Finished):
                        timeline.finished = True
                    elif isinstance(new, Game.TakenBack):
                        timeline.truncate(new.step)
                        timeline.finished = False
                    if timeline.version is not None or isinstance(new, Game.TakenBack):
                        timeline.version = new.originator_version
            return timeline

    def game_ids(self) -> list[UUID]:
        """Every stored game, in the order they were started."""
        if self._index is not None:
            return [_as_uuid(g) for g in self._index.select_game_ids()]
        return [event.originator_id for _, event in self._scan([STARTED_TOPIC])]

    def summaries(self, last: int | None = None) -> list[GameSummary]:
        """A summary of every stored game (or of the `last` ones started), in the order they
        were started: from the games index, not the event log."""
        if self._index is not None:
            rows = self._index.select_games(last)
            return [games_index.decode(_as_uuid(g), data) for g, data in rows]
        out = self.scan_summaries()
        return out if last is None else out[len(out) - last :] if last else []

    def summary_pages(
        self, page: int = 500, where: GameFilter | None = None, *, oldest_first: bool = False
    ) -> Iterator[list[GameSummary]]:
        """The stored games' summaries that match `where`, newest first (or oldest first),
        `page` at a time: a keyset page of the games index each, filtered by the store's
        SQL, so listing never holds every game at once and reads only matching rows."""
        if self._index is None:
            out = [s for s in self.scan_summaries() if where is None or where.matches(s)]
            if not oldest_first:
                out.reverse()
            for start in range(0, len(out), page):
                yield out[start : start + page]
            return
        bound: int | None = None
        while True:
            rows = self._index.select_summary_page(bound, page, where, oldest_first=oldest_first)
            if not rows:
                return
            found = [games_index.decode(_as_uuid(g), data) for g, _position, data in rows]
            yield found if where is None else [s for s in found if where.matches(s)]
            bound = rows[-1][1]

    def iter_game_ids(self, page: int = 1000) -> Iterator[UUID]:
        """Every stored game id in the order they were started, read `page` at a time."""
        if self._index is None:
            yield from self.game_ids()
            return
        after = -1
        while True:
            rows = self._index.select_id_page(after, page)
            if not rows:
                return
            yield from (_as_uuid(g) for g, _position in rows)
            after = rows[-1][1]

    def count_games(self, where: GameFilter | None = None) -> int:
        """How many stored games match `where`: counted by the store's SQL over the games
        index (no game is read), or, where the store cannot count it (a name filter on a
        PostgreSQL server without ICU), over the matching pages."""
        if self._index is None and where is None:
            return len(self.game_ids())
        if self._index is not None:
            counted = self._index.count_games(where)
            if counted is not None:
                return int(counted)
        return sum(len(found) for found in self.summary_pages(where=where))

    def scan_summaries(self) -> list[GameSummary]:
        """`summaries()` read from the whole event log (stores without the index; checks)."""
        return [summary for _position, summary in self._summaries_of(self._scan(INDEX_TOPICS))]

    def _index_rows(self, rows: Sequence[games_index.EventRow]) -> list[tuple[UUID, int, bytes]]:
        """The games index rows made from the stored Started/Finished/TakenBack events."""
        events = (
            (
                row[0],
                self.mapper.to_domain_event(
                    StoredEvent(
                        originator_id=row[1],
                        originator_version=row[2],
                        topic=row[3],
                        state=row[4],
                    )
                ),
            )
            for row in rows
        )
        return [(s.id, pos, games_index.encode(s)) for pos, s in self._summaries_of(events)]

    @staticmethod
    def _summaries_of(
        events: Iterable[tuple[int, DomainEventProtocol[UUID]]],
    ) -> list[tuple[int, GameSummary]]:
        """Each game's summary and the position of its Started event, from its events."""
        started: dict[UUID, tuple[int, Game.Started]] = {}
        finished: dict[UUID, tuple[int, Game.Finished]] = {}
        taken: dict[UUID, int] = {}  # events that are not live steps: take-backs, what they took
        for position, event in events:
            if isinstance(event, Game.Started):
                started[event.originator_id] = (position, event)
            elif isinstance(event, Game.Finished):
                finished[event.originator_id] = (event.originator_version, event)
            elif isinstance(event, Game.TakenBack):
                game = event.originator_id
                old = finished.pop(game, None)
                taken[game] = taken.get(game, 0) + 1 + event.removed + (old is not None)
        out = []
        for game_id, (position, s) in started.items():
            end = finished.get(game_id)
            setup = Setup.from_json(s.setup)
            summary = GameSummary(
                id=game_id,
                game=s.game,
                players=setup.players,
                options=dict(setup.options),
                source=dict(s.source),
                seed=s.seed,
                created=s.created,
                steps=None if end is None else end[0] - 2 - taken.get(game_id, 0),
                totals=None if end is None else tuple(int(x["total"]) for x in end[1].scores),
                winners=None if end is None else tuple(end[1].winners),
                played=None if end is None else end[0] - 2 - taken.get(game_id, 0),
            )
            out.append((position, summary))
        return out

    def find(self, ref: str) -> UUID:
        """The game whose id is `ref` or starts with it (dashes optional)."""
        text = ref.strip().lower().replace("-", "")
        if len(text) == 32:
            try:
                game_id = UUID(text)
            except ValueError:
                raise GameNotFound(ref) from None
            if self.exists(game_id):
                return game_id
            raise GameNotFound(ref)
        if not text:
            raise GameNotFound(ref)
        try:
            low, high = games_index.prefix_bounds(text)
        except ValueError:
            raise GameNotFound(ref) from None
        if self._index is not None:
            matches = [_as_uuid(g) for g in self._index.select_game_ids(low, high)]
        else:
            matches = [g for g in self.game_ids() if g.hex.startswith(text)]
        if not matches:
            raise GameNotFound(ref)
        if len(matches) > 1:
            raise AmbiguousGameId(ref, [str(m) for m in matches])
        return matches[0]

    def notifications(
        self, after: int = 0, limit: int = READ_BATCH, topics: Sequence[str] = ()
    ) -> list[tuple[int, DomainEventProtocol[UUID]]]:
        """Stored events after notification id `after`, in order, decoded: for projections."""
        rows = self.recorder.select_notifications(
            start=after, limit=limit, topics=topics, inclusive_of_start=False
        )
        return [(n.id, self.mapper.to_domain_event(n)) for n in rows]

    def stored_notifications(
        self, after: int = 0, limit: int = READ_BATCH
    ) -> list[tuple[int, UUID | str, int, str, bytes]]:
        """Stored events after notification id `after`, in order, NOT decoded:
        `(id, originator_id, originator_version, topic, state)`; the id is the stored hex on
        SQLite, a UUID elsewhere. For projections, which decode most rows themselves."""
        select_rows = getattr(self.recorder, "select_rows", None)
        datastore = getattr(self.recorder, "datastore", None)
        if select_rows is not None and getattr(datastore, "originator_id_type", "") == "uuid":
            rows: list[tuple[int, UUID | str, int, str, bytes]] = select_rows(after, limit)
            return rows
        notes = self.recorder.select_notifications(
            start=after, limit=limit, inclusive_of_start=False
        )
        return [(n.id, n.originator_id, n.originator_version, n.topic, n.state) for n in notes]

    def max_notification_id(self) -> int:
        return self.recorder.max_notification_id() or 0

    # ---- internals ------------------------------------------------------------------------

    def _scan(self, topics: Sequence[str]) -> Iterator[tuple[int, DomainEventProtocol[UUID]]]:
        after = 0
        while True:
            batch = self.notifications(after, READ_BATCH, topics)
            yield from batch
            if len(batch) < READ_BATCH:
                return
            after = batch[-1][0]

    def _load(self, game_id: UUID) -> Game:
        aggregate: Any
        try:
            aggregate = self.repository.get(game_id, projector_func=_project_game)
        except AggregateNotFoundError:
            raise GameNotFound(str(game_id)) from None
        assert isinstance(aggregate, Game)
        return aggregate

    def _live_game(self, game_id: UUID) -> tuple[Game, Any]:
        """The aggregate and its current engine state, from memory or rebuilt from the store."""
        live = self._live.get(game_id)
        if live is not None:
            return live
        aggregate = self._load(game_id)
        rules = registry.get(aggregate.game)
        timeline = Timeline(rules, aggregate.setup, aggregate.steps)
        state = timeline.state_at(len(aggregate.steps))
        self._remember(aggregate, state)
        return aggregate, state

    def _play(self, game_id: UUID, steps: list[Entry], expected_version: int | None = None) -> None:
        with self._lock:
            aggregate, state = self._live_game(game_id)
            if expected_version is not None and aggregate.version != expected_version:
                self._live.pop(game_id, None)  # reread: another process may have written
                aggregate, state = self._live_game(game_id)
                if aggregate.version != expected_version:
                    raise GameChanged(str(game_id), aggregate.version, expected_version)
            rules = registry.get(aggregate.game)
            try:
                state = aggregate.play_all(rules, state, steps)
                self._save(aggregate)
            except BaseException:
                # Pending events of a failed write must never reach a later save.
                self._live.pop(game_id, None)
                raise
            self._remember(aggregate, state)
            timeline = self.timelines.get(game_id)
            if timeline is not None:
                if aggregate.log is None and len(timeline.steps) + len(steps) == len(
                    aggregate.steps
                ):
                    timeline.extend([s for s in steps if not isinstance(s, TakeBack)])
                    timeline.finished = aggregate.is_finished
                else:  # a take-back, or it missed another writer's steps: rebuild when asked
                    self.timelines.discard(game_id)

    def _remember(self, aggregate: Game, state: Any) -> None:
        self._live.pop(aggregate.id, None)
        self._live[aggregate.id] = (aggregate, state)
        while len(self._live) > self._live_max:
            self._live.pop(next(iter(self._live)))

    def _save(self, aggregate: Game) -> None:
        """Store the aggregate's pending events and its games-index row in one transaction.

        Through the recorder's `insert_rows` when it has one (SQLite, PostgreSQL): the events
        go to it as plain rows, the same rows the library's `save` would store, without its
        per-event `StoredEvent` and `Recording` objects (nothing here reads the recordings;
        snapshots and the library's aggregate cache are off, else `save` is used)."""
        games = [(aggregate.id, games_index.encode(_summary_of(aggregate)))]
        try:
            if self._insert_rows is None:
                self.save(aggregate, games=games)
            else:
                rows = cast(NovusMapper, self.mapper).stored_rows(aggregate.collect_events())
                self._insert_rows(rows, games)
        except RecordConflictError:
            raise WriteConflict(str(aggregate.id)) from None
        except PersistenceError as error:
            raise StoreUnavailable(
                f"the event store failed: {error}", hint="check the store settings and retry"
            ) from error


def _project_game(aggregate: Any, events: Iterable[Any]) -> Any:
    """The library's aggregate projector without its per-event `isinstance` check against a
    runtime protocol, which costs ~15 µs an event on Python 3.11 (most of a game's load time)."""
    for event in events:
        aggregate = event.mutate(aggregate)
    return aggregate


def _summary_of(aggregate: Game) -> GameSummary:
    """The games-index summary of an aggregate as it is after its pending events."""
    setup = aggregate.setup
    finished = aggregate.scores is not None
    return GameSummary(
        id=aggregate.id,
        game=aggregate.game,
        players=setup.players,
        options=dict(setup.options),
        source=dict(aggregate.source),
        seed=aggregate.seed,
        created=aggregate.created,
        steps=len(aggregate.steps) if finished else None,
        totals=tuple(int(x["total"]) for x in aggregate.scores or ()) if finished else None,
        winners=tuple(aggregate.winners or ()) if finished else None,
        played=len(aggregate.steps),
    )


def _as_uuid(value: Any) -> UUID:
    return value if isinstance(value, UUID) else UUID(str(value))


def _record_of(aggregate: Game) -> GameRecord:
    return GameRecord(
        id=aggregate.id,
        setup=aggregate.setup,
        rules_version=aggregate.rules_version,
        source=dict(aggregate.source),
        seed=aggregate.seed,
        created=aggregate.created,
        steps=tuple(aggregate.steps),
        scores=None if aggregate.scores is None else Scores.from_json(aggregate.scores),
        winners=None if aggregate.winners is None else tuple(aggregate.winners),
        log=None if aggregate.log is None else tuple(aggregate.log),
        stored_version=int(aggregate.version),
    )


def open_app(
    data_dir: str | Path | None = None,
    env: Mapping[str, str] | None = None,
    cache_size: int = 64,
) -> NovusApp:
    """Open the store in `data_dir` (see `application.settings`); PostgreSQL if `env` says so."""
    folder = settings.data_dir(data_dir)
    store = settings.store_env(folder, env)
    if store["PERSISTENCE_MODULE"] == settings.SQLITE:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreUnavailable(
                f"cannot create the data folder {folder}: {error.strerror}",
                hint="choose another folder with --data-dir or NOVUS_DATA_DIR",
            ) from error
    app: NovusApp | None = None
    try:
        app = NovusApp(store, cache_size=cache_size)
        app.recorder.max_notification_id()
    except (PersistenceError, OSError) as error:
        if app is not None:  # close it now (its connection pool), not in the garbage collector
            with contextlib.suppress(Exception):
                app.close()
        raise StoreUnavailable(
            f"cannot open the event store ({settings.describe_store(store)}): {error}",
            hint=_store_hint(store, error),
        ) from error
    return app


CONCURRENT_DDL = ("concurrently updated", "pg_type_typname_nsp_index", "already exists")
"""Words of PostgreSQL's errors when two sessions create the same table at the same moment."""


def _store_hint(store: Mapping[str, str], error: BaseException) -> str:
    """What to check, for the store that failed (not the data folder when it is PostgreSQL)."""
    if store["PERSISTENCE_MODULE"] != settings.POSTGRES:
        return _("check the data folder (--data-dir or NOVUS_DATA_DIR): it must be writable")
    text = str(error)
    if any(words in text for words in CONCURRENT_DDL):
        return _(
            "another Novus command was creating the tables in this database at the same "
            "moment: run the command again"
        )
    return _(
        "check that the PostgreSQL server is running and the POSTGRES_* settings "
        "(host, port, database, user, password, schema; see README.md)"
    )
