"""NovusApp on both stores (SQLite file and real PostgreSQL), with the toy Pig engine."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import NAMESPACE_URL, uuid4, uuid5

import pytest

from application.errors import (
    AmbiguousGameId,
    GameExists,
    GameNotFound,
    NoSeed,
    StepOutOfRange,
    StoreUnavailable,
    WriteConflict,
)
from application.service import RECORDERS, NovusApp, bot_seed, open_app
from application.verification import verify_record
from domain.core import registry
from domain.core.aggregate import Game
from domain.core.errors import (
    BadChanceOutcome,
    ChanceExpected,
    GameOver,
    IllegalAction,
    NotYourTurn,
    SetupError,
    UnknownGame,
)
from domain.core.play import states
from domain.core.protocol import CHANCE, ChanceStep, Decision, Step

TARGET = {"target": "20"}


def test_simulate_stores_a_whole_game_that_replays(
    app: NovusApp, toy_game: str, make_app: Callable[[], NovusApp]
) -> None:
    game_id = app.simulate(toy_game, 3, TARGET, seed=11, bot="heuristic")
    fresh = make_app()
    record = fresh.history(game_id)
    assert record.game == toy_game
    assert record.seed == 11
    assert record.source["kind"] == "simulation"
    assert record.setup.players == ("Heuristic 1", "Heuristic 2", "Heuristic 3")
    assert record.finished and record.scores is not None
    assert max(s.total for s in record.scores.seats) >= 20
    assert record.winners == record.scores.winners()
    assert len(list(fresh.events.get(game_id))) == record.version == len(record.steps) + 2
    assert verify_record(record).ok


def test_same_seed_same_game_and_step_by_step_equals_simulate(app: NovusApp, toy_game: str) -> None:
    first = app.history(app.simulate(toy_game, 2, TARGET, seed=3)).steps
    again = app.history(app.simulate(toy_game, 2, TARGET, seed=3)).steps
    other = app.history(app.simulate(toy_game, 2, TARGET, seed=4)).steps
    assert first == again != other

    rules = registry.get(toy_game)
    bots = [rules.bot("heuristic", bot_seed(3, seat)) for seat in range(2)]
    game_id = app.start(toy_game, ["Heuristic 1", "Heuristic 2"], TARGET, seed=3)
    while not rules.is_over(state := app.state_at(game_id)):
        seat = rules.to_move(state)[0]
        if seat == CHANCE:
            app.resolve_chance(game_id)
        else:
            app.decide(game_id, seat, bots[seat].choose(state, seat))
    assert app.history(game_id).steps == first


def test_an_illegal_decision_raises_and_stores_nothing(
    app: NovusApp, toy_game: str, make_app: Callable[[], NovusApp]
) -> None:
    game_id = app.start(toy_game, ["Ana", "Ben"], TARGET, seed=1)
    # people count seats from 1 (the charts' 'seat 1 = first player'): seat index 1 is seat 2
    with pytest.raises(NotYourTurn, match=r"^seat 2 is not to move \(to move: 1\)$"):
        app.decide(game_id, 1, "roll")
    with pytest.raises(IllegalAction, match="legal now: roll"):
        app.decide(game_id, 0, "hold")
    with pytest.raises(ChanceExpected):
        app.resolve_chance(game_id)
    assert app.history(game_id).steps == ()
    app.decide(game_id, 0, "roll")
    with pytest.raises(ChanceExpected):
        app.decide(game_id, 0, "roll")
    assert make_app().history(game_id).steps == (Decision(0, "roll"),)


def test_record_is_all_or_nothing(
    app: NovusApp, toy_game: str, make_app: Callable[[], NovusApp]
) -> None:
    game_id = app.start(toy_game, ["Ana", "Ben"], TARGET, seed=None, source={"kind": "import"})
    good: list[Step] = [Decision(0, "roll"), ChanceStep((5,)), Decision(0, "hold")]
    with pytest.raises(NotYourTurn):
        app.record(game_id, [*good, Decision(0, "roll")])
    assert len(list(app.events.get(game_id))) == 1
    with pytest.raises(BadChanceOutcome):
        app.record(game_id, [Decision(0, "roll"), ChanceStep((0,))])
    app.record(game_id, good)
    assert make_app().history(game_id).steps == tuple(good)
    app.decide(game_id, 1, "roll")
    with pytest.raises(NoSeed):
        app.resolve_chance(game_id)
    with pytest.raises(BadChanceOutcome):
        app.record_chance(game_id, [9])
    app.record_chance(game_id, [1])
    assert app.state_at(game_id).current == 0


def test_state_at_is_the_fold_of_the_first_k_steps(
    app: NovusApp, toy_game: str, make_app: Callable[[], NovusApp]
) -> None:
    game_id = app.simulate(toy_game, 4, {"target": "50"}, seed=8, bot="random")
    record = app.history(game_id)
    expected = list(states(registry.get(toy_game), record.setup, record.steps))
    fresh = make_app()
    order = list(range(len(expected)))
    random.Random(0).shuffle(order)
    for k in order:
        assert fresh.state_at(game_id, k) == expected[k]
    assert fresh.state_at(game_id) == expected[-1]
    with pytest.raises(StepOutOfRange, match=f"steps 0 to {len(record.steps)}"):
        fresh.state_at(game_id, len(record.steps) + 1)
    with pytest.raises(StepOutOfRange):
        fresh.state_at(game_id, -1)


def test_state_at_sees_steps_written_by_another_app(make_app: Callable[[], NovusApp]) -> None:
    reader, writer = make_app(), make_app()
    game_id = writer.start("toy-pig", ["Ana", "Ben"], TARGET, seed=2)
    assert reader.state_at(game_id) == reader.state_at(game_id, 0)
    writer.decide(game_id, 0, "roll")
    writer.resolve_chance(game_id)
    assert reader.state_at(game_id) == writer.state_at(game_id)
    assert reader.state_at(game_id, 2) == writer.state_at(game_id, 2)


class RandomTouched(AssertionError):
    pass


def test_replay_never_touches_a_random_generator(
    app: NovusApp,
    toy_game: str,
    monkeypatch: pytest.MonkeyPatch,
    make_app: Callable[[], NovusApp],
) -> None:
    ids = [app.simulate(toy_game, n, TARGET, seed=n) for n in (2, 3, 4)]
    fresh = make_app()

    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise RandomTouched("replay called a random generator")

    for name in ("seed", "random", "randint", "randrange", "shuffle", "sample", "choice"):
        monkeypatch.setattr(random.Random, name, forbidden)
        monkeypatch.setattr(random, name, forbidden)
    monkeypatch.setattr(random.Random, "__init__", forbidden)
    with pytest.raises(RandomTouched):
        random.Random(1)
    for game_id in ids:
        record = fresh.history(game_id)
        assert verify_record(record).ok
        assert registry.get(toy_game).is_over(fresh.state_at(game_id))
        assert fresh.state_at(game_id, len(record.steps) // 2) is not None


def test_two_writers_one_conflict_no_event_lost(make_app: Callable[[], NovusApp]) -> None:
    first, second = make_app(), make_app()
    game_id = first.start("toy-pig", ["Ana", "Ben"], TARGET, seed=4)
    second.decide(game_id, 0, "roll")  # second writer appends step 1
    with pytest.raises(WriteConflict, match="another writer") as caught:
        first.decide(game_id, 0, "roll")  # first still believes no step was taken
    assert "retry" in caught.value.hint
    assert make_app().history(game_id).steps == (Decision(0, "roll"),)
    outcome = first.resolve_chance(game_id)  # retried after reloading: both steps are kept
    steps = make_app().history(game_id).steps
    assert steps == (Decision(0, "roll"), ChanceStep(outcome))
    versions = [e.originator_version for e in make_app().events.get(game_id)]
    assert versions == [1, 2, 3]


def test_game_ids_summaries_and_id_prefixes(app: NovusApp, toy_game: str) -> None:
    assert app.game_ids() == []
    ids = [app.simulate(toy_game, 2 + i % 3, TARGET, seed=i) for i in range(16)]
    open_id = app.start(toy_game, ["Ana", "Ben"], TARGET, seed=99)
    assert app.game_ids() == [*ids, open_id]
    summaries = app.summaries()
    assert [s.id for s in summaries] == [*ids, open_id]
    assert summaries[-1].steps is None and summaries[-1].winners is None
    done = summaries[0]
    record = app.history(ids[0])
    assert done.steps == len(record.steps)
    assert done.winners == record.winners
    assert done.players == record.setup.players
    assert app.find(str(open_id)) == open_id
    assert app.find(open_id.hex[:10].upper()) == open_id
    with pytest.raises(GameNotFound):
        app.find("zzzz")
    with pytest.raises(GameNotFound):
        app.find("0" * 32)
    first_digits = [g.hex[0] for g in app.game_ids()]  # 17 ids, 16 digits: one repeats
    shared = next(d for d in first_digits if first_digits.count(d) > 1)
    with pytest.raises(AmbiguousGameId, match="give more of the id"):
        app.find(shared)


def test_notifications_follow_the_log(app: NovusApp, toy_game: str) -> None:
    assert app.max_notification_id() == 0
    first = app.simulate(toy_game, 2, TARGET, seed=1)
    head = app.max_notification_id()
    second = app.simulate(toy_game, 2, TARGET, seed=2)
    after = app.notifications(head, limit=10_000)
    assert {e.originator_id for _, e in after} == {second}
    assert isinstance(after[0][1], Game.Started)
    assert isinstance(after[-1][1], Game.Finished)
    everything = app.notifications(0, limit=10_000)
    assert [n for n, _ in everything] == sorted(n for n, _ in everything)
    assert everything[0][1].originator_id == first
    assert len(everything) == len(list(app.events.get(first))) + len(after)


def test_setup_errors_are_typed(app: NovusApp, toy_game: str) -> None:
    with pytest.raises(UnknownGame):
        app.start("no-such-game", ["a", "b"], seed=1)
    with pytest.raises(SetupError, match="2-4 players"):
        app.simulate(toy_game, 5, seed=1)
    with pytest.raises(SetupError, match="bad value"):
        app.simulate(toy_game, 2, {"target": "7"}, seed=1)
    with pytest.raises(GameNotFound):
        app.history(uuid4())


def test_open_app_reports_an_unusable_store(tmp_path: Path, toy_game: str) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreUnavailable, match="cannot create the data folder"):
        open_app(blocker / "data")
    env = {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": "novus",
        "POSTGRES_HOST": str(tmp_path / "no-server-here"),
        "POSTGRES_PORT": "1",
        "POSTGRES_USER": "nobody",
        "POSTGRES_PASSWORD": "",
        "POSTGRES_CONNECT_TIMEOUT": "1",
    }
    with pytest.raises(StoreUnavailable, match="PostgreSQL novus"):
        open_app(tmp_path, env)


def test_save_reports_the_notification_ids_the_store_gives(app: NovusApp, toy_game: str) -> None:
    rules = registry.get(toy_game)
    saved: list[int] = []
    for seed in range(3):
        setup = rules.prepare(["Ana", "Ben"], TARGET)
        game = Game.begin(rules, setup, source={"kind": "manual"}, seed=seed, created="2026")
        game.play_all(rules, rules.initial_state(setup), [Decision(0, "roll"), ChanceStep((3,))])
        saved += [r.notification.id for r in app.save(game)]
    stored = [n for n, _ in app.notifications(0, limit=100)]
    assert type(app.recorder) in RECORDERS.values()  # the batched recorders are in use
    assert saved == stored
    assert len(stored) == 9 and len(set(stored)) == 9


def test_concurrent_writers_lose_no_event(make_app: Callable[[], NovusApp]) -> None:
    """Two threads, each with its own app, play one game to the end, retrying on conflicts."""
    rules = registry.get("toy-pig")
    game_id = make_app().start("toy-pig", ["Ana", "Ben"], {"target": "50"}, seed=6)
    stored: list[int] = [0, 0]
    conflicts: list[int] = [0, 0]
    failures: list[BaseException] = []

    def writer(index: int, app: NovusApp) -> None:
        try:
            while True:
                state = app.state_at(game_id)
                if rules.is_over(state):
                    return
                seat = rules.to_move(state)[0]
                try:
                    if seat == CHANCE:
                        app.resolve_chance(game_id)
                    else:
                        action = "hold" if state.turn_total >= 8 + 4 * index else "roll"
                        app.decide(game_id, seat, action)
                    stored[index] += 1
                except (WriteConflict, ChanceExpected, NotYourTurn, IllegalAction, GameOver):
                    conflicts[index] += 1  # the other writer moved first: look again
        except BaseException as error:  # reported to the test thread
            failures.append(error)

    apps = [make_app(), make_app()]
    threads = [threading.Thread(target=writer, args=(i, apps[i])) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not failures, failures
    record = make_app().history(game_id)
    assert record.finished
    assert len(record.steps) == sum(stored)
    versions = [e.originator_version for e in make_app().events.get(game_id)]
    assert versions == list(range(1, len(record.steps) + 3))
    assert verify_record(record).ok


def test_a_writer_that_lost_a_race_still_sees_the_true_history(
    make_app: Callable[[], NovusApp],
) -> None:
    first, second = make_app(), make_app()
    game_id = first.start("toy-pig", ["Ana", "Ben"], TARGET, seed=5)
    assert first.state_at(game_id, 0) is not None  # first caches the timeline at step 0
    second.decide(game_id, 0, "roll")
    with pytest.raises(WriteConflict):
        first.decide(game_id, 0, "roll")
    outcome = first.resolve_chance(game_id)  # reloads, then appends step 2
    expected = (Decision(0, "roll"), ChanceStep(outcome))
    assert first.timeline(game_id).steps == list(expected)
    assert first.state_at(game_id) == make_app().state_at(game_id)
    assert first.state_at(game_id, 1) == make_app().state_at(game_id, 1)


def test_record_game_is_one_save_and_ids_can_be_chosen(app: NovusApp, toy_game: str) -> None:
    rules = registry.get(toy_game)
    setup = rules.prepare(["Ana", "Ben"], TARGET)
    chosen = uuid5(NAMESPACE_URL, "novus-test:game-1")
    steps: list[Step] = [Decision(0, "roll"), ChanceStep((4,)), Decision(0, "hold")]
    with pytest.raises(NotYourTurn):
        app.record_game(setup, [*steps, Decision(0, "roll")], seed=None, game_id=chosen)
    assert not app.exists(chosen)
    assert app.game_ids() == []
    game_id = app.record_game(
        setup, steps, seed=None, source={"kind": "import", "name": "t.jsonl"}, game_id=chosen
    )
    assert game_id == chosen and app.exists(chosen)
    assert app.history(chosen).steps == tuple(steps)
    assert app.notifications(0)[-1][1].originator_version == 4
    with pytest.raises(GameExists, match="already stored"):
        app.record_game(setup, steps, seed=None, game_id=chosen)
    with pytest.raises(GameExists):
        app.start(toy_game, ["Ana", "Ben"], TARGET, seed=1, game_id=chosen)
    assert len(list(app.events.get(chosen))) == 4
