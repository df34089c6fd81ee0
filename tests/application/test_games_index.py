"""The games index (SQLite file and real PostgreSQL): listing and finding games read it, and it
always equals what the whole event log says, after every kind of save, for a store made before
the index existed, and with concurrent writers."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from application import games_index
from application.errors import AmbiguousGameId, GameNotFound
from application.service import NovusApp
from domain.core import registry
from domain.core.protocol import CHANCE, ChanceStep, Decision, Step

TARGET = {"target": "20"}


def _bot_steps(game: str, count: int, seed: int) -> list[Step]:
    """The first `count` steps of a heuristic game of the toy engine (chance by `seed`)."""
    import random

    rules = registry.get(game)
    setup = rules.prepare(["A", "B"], TARGET)
    state = rules.initial_state(setup)
    rng = random.Random(seed)
    bot = rules.bot("heuristic", seed)
    out: list[Step] = []
    while len(out) < count and not rules.is_over(state):
        seat = rules.to_move(state)[0]
        if seat == CHANCE:
            from domain.core.chance import resolve

            step: Step = ChanceStep(resolve(rules.chance_spec(state), rng))
        else:
            step = Decision(seat, bot.choose(state, seat))
        state = rules.apply(state, step)
        out.append(step)
    return out


def _consistent(app: NovusApp) -> None:
    indexed = app.summaries()
    assert indexed == app.scan_summaries()
    assert app.game_ids() == [s.id for s in indexed]


def test_every_kind_of_save_keeps_the_index_equal_to_the_log(
    app: NovusApp, toy_game: str, make_app: Callable[[], NovusApp]
) -> None:
    assert app._index is not None  # the store keeps the index
    finished = app.simulate(toy_game, 3, TARGET, seed=1)
    _consistent(app)
    open_id = app.start(toy_game, ["A", "B"], TARGET, seed=5)
    _consistent(app)
    steps = _bot_steps(toy_game, 6, 5)
    app.record(open_id, steps[:3])
    _consistent(app)
    app.take_back(finished, 2)  # a finished game is in progress again
    summary = {s.id: s for s in app.summaries()}
    assert summary[finished].steps is None and summary[finished].totals is None
    _consistent(app)
    rules = registry.get(toy_game)
    state = app.state_at(finished)
    while not rules.is_over(state):  # extend it to the end again
        seat = rules.to_move(state)[0]
        if seat == CHANCE:
            app.resolve_chance(finished)
        else:
            app.decide(finished, seat, rules.bot("heuristic", 1).choose(state, seat))
        state = app.state_at(finished)
    _consistent(app)
    assert {s.id: s for s in app.summaries()}[finished].steps == len(app.history(finished).steps)
    imported = app.record_game(rules.prepare(["C", "D"], TARGET), steps, seed=None)
    _consistent(app)
    assert app.summaries(last=2) == app.summaries()[-2:]
    assert app.summaries(last=0) == []
    assert [s.id for s in app.summaries()] == [finished, open_id, imported]
    _consistent(make_app())  # another process sees the same


def test_find_by_prefix_reads_the_index(app: NovusApp, toy_game: str) -> None:
    ids = [app.simulate(toy_game, 2, TARGET, seed=s) for s in range(12)]
    for game_id in ids:
        assert app.find(game_id.hex[:12]) == game_id
        assert app.find(str(game_id)[:13]) == game_id  # dashes allowed
    first = ids[0].hex[0]
    sharing = [g for g in ids if g.hex.startswith(first)]
    if len(sharing) > 1:
        with pytest.raises(AmbiguousGameId):
            app.find(first)
    else:
        assert app.find(first) == ids[0]
    with pytest.raises(GameNotFound):
        app.find("zz")
    missing = next(
        p for p in (f"{n:03x}" for n in range(4096)) if not any(g.hex.startswith(p) for g in ids)
    )
    with pytest.raises(GameNotFound):
        app.find(missing)


def _drop_index(app: NovusApp) -> None:
    """Make the store look like one recorded before the games index existed."""
    recorder: Any = app.recorder
    with recorder.datastore.transaction(commit=True) as c:
        schema = getattr(recorder.datastore, "schema", "")
        prefix = f"{schema}." if schema else ""
        c.execute(f"DROP TABLE {prefix}{games_index.GAMES_TABLE}")
        c.execute(f"DROP TABLE {prefix}{games_index.META_TABLE}")


def test_a_store_without_the_index_gets_it_once_on_first_open(
    app: NovusApp, toy_game: str, make_app: Callable[[], NovusApp]
) -> None:
    done = app.simulate(toy_game, 2, TARGET, seed=2)
    app.take_back(done)
    app.simulate(toy_game, 3, TARGET, seed=3)
    open_id = app.start(toy_game, ["A", "B"], TARGET, seed=4)
    before = app.scan_summaries()
    _drop_index(app)
    reopened = make_app()
    assert reopened.summaries() == before
    # built once: a later open does not build again, and saves keep it current
    assert not reopened.recorder.build_games_index((), lambda rows: [])  # type: ignore[attr-defined]
    reopened.record(open_id, _bot_steps(toy_game, 2, 4))
    _consistent(make_app())


def test_concurrent_writers_keep_the_index_equal_to_the_log(
    make_app: Callable[[], NovusApp], toy_game: str
) -> None:
    apps = [make_app() for _ in range(3)]
    errors: list[BaseException] = []

    def write(app: NovusApp, base: int) -> None:
        try:
            for n in range(6):
                game_id = app.simulate(toy_game, 2, TARGET, seed=base + n)
                if n % 3 == 0:
                    app.take_back(game_id)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=write, args=(a, 100 * i)) for i, a in enumerate(apps)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    fresh = make_app()
    _consistent(fresh)
    assert len(fresh.summaries()) == 18


@pytest.mark.parametrize("page", [1, 2, 5])
def test_keyset_pages_list_every_game_once(app: NovusApp, toy_game: str, page: int) -> None:
    """`summary_pages` (newest first) and `iter_game_ids` (oldest first) read the index a page
    at a time and give every game once, in order, whatever the page size; `count_games` too."""
    assert list(app.summary_pages(page)) == [] and list(app.iter_game_ids(page)) == []
    assert app.count_games() == 0
    for seed in range(4):
        app.simulate(toy_game, 2, TARGET, seed=seed)
    app.start(toy_game, ["A", "B"], TARGET, seed=9)  # one in progress
    pages = list(app.summary_pages(page))
    assert all(0 < len(p) <= page for p in pages)
    assert [s for p in pages for s in p] == app.summaries()[::-1]
    assert list(app.iter_game_ids(page)) == app.game_ids()
    assert app.count_games() == 5
