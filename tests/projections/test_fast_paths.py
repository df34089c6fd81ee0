"""The rebuild's fast paths change no row: trusted engine replays, the steps read straight from
the stored rows and the mapper's short decoding path give the same tables as the checked
`apply` and the library's generic mapper; rescoring only changed keys gives a naive fold's
score timeline."""

from __future__ import annotations

import dataclasses
import gc
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from eventsourcing.persistence import Mapper
from hypothesis import given, settings
from hypothesis import strategies as st

from application.mapper import NovusMapper
from application.service import NovusApp
from domain.core import registry
from domain.core.play import play
from projections import fold, runner
from projections import games as game_stats
from tests.projections.conftest import dump, naive_score_changes

GAMES = [
    (3, {}),
    (4, {"buildings": "random", "nobles": "true"}),
    (5, {"buildings": "draft"}),
    (2, {"names": "2p"}),
    (4, {"buildings": "new", "colonist_end": "short", "discards": "reshuffle"}),
]


def test_fast_paths_give_the_rows_of_the_checked_paths(
    tmp_path: Path, make_app: Callable[..., NovusApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    for seed, (players, options) in enumerate(GAMES):
        app.simulate("puerto-rico", players, options, seed=seed, bot="random")
    app.simulate("century-new-world", 3, {}, seed=7, bot="random")
    app.simulate("santa-maria", 3, {"modules": "A,B,C"}, seed=8, bot="random")
    app.simulate("mundus-novus", 3, {}, seed=9, bot="random")
    fast = tmp_path / "fast"
    runner.catch_up(app, folder=fast, batch_size=501)

    steps = sum(len(app.history(game_id).steps) for game_id in app.game_ids())
    monkeypatch.setattr(fold, "TRUSTED", False)
    decoded: list[str] = []

    def generic(self: NovusMapper, stored: Any) -> Any:
        decoded.append(stored.topic)
        return Mapper.to_domain_event(self, stored)

    monkeypatch.setattr(NovusMapper, "to_domain_event", generic)
    monkeypatch.setattr(NovusMapper, "stored_fields", lambda *_: None)  # every row decoded
    applied: list[int] = []
    trusted: list[int] = []
    # counted on the engines themselves (a compiled fold calls its own functions directly)
    for game in ("puerto-rico", "century-new-world", "santa-maria", "mundus-novus"):
        rules = registry.get(game)
        for name, calls in (("apply", applied), ("apply_trusted", trusted)):
            method = getattr(rules, name)

            def counted(state: Any, step: Any, _m: Any = method, _c: Any = calls) -> Any:
                _c.append(1)
                return _m(state, step)

            monkeypatch.setattr(rules, name, counted)
    checked = tmp_path / "checked"
    runner.catch_up(app, folder=checked, batch_size=501)
    step_topics = {t for t in decoded if t.endswith(("Decided", "ChanceResolved"))}
    assert len(step_topics) == 2  # the slow paths ran: the generic mapper decoded the steps
    assert sum(t in step_topics for t in decoded) == steps
    assert len(applied) == steps and not trusted  # and the checked apply folded them

    fast_rows, checked_rows = dump(fast / "views.duckdb"), dump(checked / "views.duckdb")
    assert all(checked_rows[name] for name in ("games", "seats", "steps", "score_timeline"))
    assert fast_rows == checked_rows


def test_score_keys_lose_no_score_change(tmp_path: Path, make_app: Callable[..., NovusApp]) -> None:
    """Heuristic games (large buildings manned, nobles): every score change of a naive fold
    (`rules.scores` after every step) is in `score_timeline`, and nothing else is."""
    app = make_app()
    for seed, options in enumerate([{}, {"nobles": "true", "buildings": "random"}]):
        app.simulate("puerto-rico", 4, options, seed=seed, bot="heuristic")
    runner.catch_up(app, folder=tmp_path)
    rows = dump(tmp_path / "views.duckdb")["score_timeline"]
    large = False
    for game_id in app.game_ids():
        expected, last = naive_score_changes(app.history(game_id))
        large = large or any(k[1] == "large_buildings" and v for k, v in last.items())
        got = {(step, seat, c, p) for g, step, seat, c, p in rows if g == str(game_id)}
        assert got == expected
    assert large  # the key's fallback (a manned large building) was exercised


def test_fewer_collections_while_projecting_then_the_thresholds_are_back(
    folder: Path, make_app: Callable[..., NovusApp]
) -> None:
    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []
    app = make_app()
    app.simulate("puerto-rico", 3, {}, seed=1, bot="random")
    with runner.fewer_collections():
        seen.append(gc.get_threshold())
        runner.catch_up(app, folder=folder, progress=lambda *_: seen.append(gc.get_threshold()))
        seen.append(gc.get_threshold())
    assert seen and all(t[0] >= runner.GC_THRESHOLD for t in seen)
    assert gc.get_threshold() == before
    runner.catch_up(app, folder=folder, progress=lambda *_: seen.append(gc.get_threshold()))
    assert gc.get_threshold() == before


def test_seat_keys_change_no_row(
    tmp_path: Path, make_app: Callable[..., NovusApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every game whose statistics module gives a `seat_key`: the tables are the same as when
    each changed seat is rescored (Santa Maria with every module, Puerto Rico with nobles,
    Century: New World)."""
    app = make_app()
    app.simulate("santa-maria", 4, {"modules": "A,B,C,D"}, seed=3, bot="heuristic")
    app.simulate("santa-maria", 2, {"expansion": "true", "setup": "advanced"}, seed=4)
    app.simulate("puerto-rico", 4, {"nobles": "true", "buildings": "random"}, seed=5)
    app.simulate("century-new-world", 4, {}, seed=6, bot="heuristic")
    keyed = [name for name in registry.names() if getattr(game_stats.get(name), "seat_key", None)]
    assert {"santa-maria", "puerto-rico", "century-new-world"} <= set(keyed)
    runner.catch_up(app, folder=tmp_path / "keyed", batch_size=333)

    real = game_stats.get

    def without_keys(name: str) -> Any:
        found = real(name)
        return dataclasses.replace(found, seat_key=None) if found is not None else None

    monkeypatch.setattr(fold.game_stats, "get", without_keys)
    runner.catch_up(app, folder=tmp_path / "plain", batch_size=333)
    keyed_rows = dump(tmp_path / "keyed" / "views.duckdb")
    assert keyed_rows["score_timeline"]
    assert keyed_rows == dump(tmp_path / "plain" / "views.duckdb")


def _santa_maria_states(app: NovusApp) -> list[Any]:
    states = []
    for game_id in app.game_ids():
        record = app.history(game_id)
        rules = registry.get(record.setup.game)
        state = rules.initial_state(record.setup)
        states.append(state)
        for step in record.steps:
            state = rules.apply_trusted(state, step)
            states.append(state)
    return states


def test_santa_maria_board_points_remembered(
    make_app: Callable[..., NovusApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The projection's Santa Maria scores, with the board's points and the points other than
    in play and coins remembered by identity (and the memos emptied every few entries), equal
    the engine's scoring at every state."""
    from domain.santa_maria import scoring
    from projections.games import santa_maria

    app = make_app()
    app.simulate("santa-maria", 4, {"modules": "A,B,C,D"}, seed=3, bot="heuristic")
    app.simulate("santa-maria", 2, {"expansion": "true", "setup": "advanced"}, seed=4)
    monkeypatch.setattr(santa_maria, "_KEEP", 7)
    misses: list[str] = []

    def counted(name: str) -> Callable[..., Any]:
        real = getattr(scoring, name)

        def count(*args: Any) -> Any:
            misses.append(name)
            return real(*args)

        return count

    for name in ("colonist_points", "bishop_condition", "breakdown"):
        monkeypatch.setattr(santa_maria, name, counted(name))
    looked = 0
    for state in _santa_maria_states(app):
        for seat in range(len(state.players)):
            looked += 1
            got = santa_maria.seat_score(state, seat)
            want = scoring.breakdown(state, state.players[seat])
            if not state.over:
                want["shipping"] = 0
            assert got.breakdown == want
            assert list(got.breakdown) == list(want)  # the same order of categories
            assert got.total == sum(want.values())
    assert misses.count("breakdown") < looked / 4  # most looks were remembered
    assert misses.count("colonist_points") < looked / 4
    assert misses.count("bishop_condition") < looked / 4


def test_santa_maria_seat_key_is_the_points_not_the_coins(
    make_app: Callable[..., NovusApp],
) -> None:
    """Santa Maria's seat key holds the coins' points, not the coins and resources: equal
    keys give equal scores, and a step that changes a player's coins but not what they are
    worth rescores nothing."""
    from projections.games import santa_maria

    app = make_app()
    app.simulate("santa-maria", 4, {"modules": "A,B,C,D"}, seed=3, bot="heuristic")
    app.simulate("santa-maria", 3, {}, seed=6, bot="heuristic")
    coins_only = 0
    for game_id in app.game_ids():
        record = app.history(game_id)
        rules = registry.get(record.setup.game)
        state = rules.initial_state(record.setup)
        for step in record.steps:
            after = rules.apply_trusted(state, step)
            parts = zip(santa_maria.score_parts(state), santa_maria.score_parts(after), strict=True)
            for seat, (p, q) in enumerate(parts):
                if santa_maria.seat_key(p) == santa_maria.seat_key(q):
                    want = santa_maria.seat_score(state, seat)
                    got = santa_maria.seat_score(after, seat)
                    assert (got.total, got.breakdown) == (want.total, want.breakdown)
                    coins_only += p is not q and p.coins != q.coins  # type: ignore[attr-defined]
            state = after
    assert coins_only > 20


def test_santa_maria_rescores_only_edited_players(make_app: Callable[..., NovusApp]) -> None:
    """Players a step leaves untouched are shared between states: the fold passes them over
    by identity, without looking at their points (`seat_changes`), and looks at every seat at
    the game's end, when the shipping tiles start to count."""
    from projections.columns import Batch
    from projections.games import santa_maria

    app = make_app()
    app.simulate("santa-maria", 4, {}, seed=5, bot="heuristic")
    (game_id,) = app.game_ids()
    record = app.history(game_id)
    keys: list[object] = []
    folded = fold.Fold(str(game_id), record.setup)
    stats = folded.stats
    assert stats is not None and stats.seat_changes is not None

    def seat_changes(state: Any, seat: int, part: object, *rest: Any) -> list[tuple[str, int]]:
        keys.append(part)
        return santa_maria.seat_changes(state, seat, part, *rest)

    folded.changes = seat_changes
    folded.step_rows = None  # the fold's own path (`step_rows`: `test_..._full_rescoring`)
    batch = Batch()
    folded.score_rows(batch, 0)
    edited = 0
    for number, step in enumerate(record.steps, 1):
        before = folded.state
        folded.advance(batch, step, number)
        after = folded.state
        edited += sum(a is not b for a, b in zip(before.players, after.players, strict=True))
        if after.over and not before.over:
            edited += sum(a is b for a, b in zip(before.players, after.players, strict=True))
    assert len(keys) == 4 + edited
    assert folded.state.over


def test_century_seat_key_is_the_scoring_cubes(make_app: Callable[..., NovusApp]) -> None:
    """Century's seat key counts the cubes that score (not yellow): equal keys give equal
    scores, and a step that changes only a player's yellow cubes rescores nothing."""
    from projections.games import century_new_world as century

    app = make_app()
    app.simulate("century-new-world", 4, {}, seed=6, bot="heuristic")
    app.simulate("century-new-world", 3, {}, seed=7, bot="heuristic")
    yellow_only = 0
    for game_id in app.game_ids():
        record = app.history(game_id)
        rules = registry.get(record.setup.game)
        state = rules.initial_state(record.setup)
        for step in record.steps:
            after = rules.apply_trusted(state, step)
            parts = zip(century.score_parts(state), century.score_parts(after), strict=True)
            for seat, (p, q) in enumerate(parts):
                if century.seat_key(p) == century.seat_key(q):
                    want = century.seat_score(state, seat)
                    got = century.seat_score(after, seat)
                    assert (got.total, got.breakdown) == (want.total, want.breakdown)
                    yellow_only += p.cubes != q.cubes  # type: ignore[attr-defined]
            state = after
    assert yellow_only >= 10


def test_mundus_novus_one_seat_scored_alone(make_app: Callable[..., NovusApp]) -> None:
    """The projection scores one Mundus Novus seat without scoring the others: the same
    score as the engine's `scores` gives that seat, at every state of a game."""
    from domain.mundus_novus import scoring

    app = make_app()
    app.simulate("mundus-novus", 4, {}, seed=11, bot="heuristic")
    (game_id,) = app.game_ids()
    record = app.history(game_id)
    stats = game_stats.get("mundus-novus")
    assert stats is not None and stats.seat_score is not None
    rules = registry.get("mundus-novus")
    state = rules.initial_state(record.setup)
    for step in record.steps:
        state = rules.apply_trusted(state, step)
        for i, want in enumerate(scoring.scores(state).seats):
            assert scoring.seat_score(state, i) == want == stats.seat_score(state, i)
    assert state.over


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("puerto-rico", 4, {"nobles": "true", "buildings": "random"}),
        ("santa-maria", 3, {"modules": "A,B,C"}),
        ("century-new-world", 3, {}),
        ("mundus-novus", 4, {}),
    ],
)
def test_seat_points_are_the_seat_scores_breakdown(
    game: str, players: int, options: dict[str, str], make_app: Callable[..., NovusApp]
) -> None:
    """The points the fold rescores a seat with (`seat_points`, no `SeatScore`) are the
    breakdown of the module's `seat_score` at every state of a game, and its total their sum."""
    stats = game_stats.get(game)
    assert stats is not None and stats.seat_points is not None and stats.seat_score is not None
    app = make_app()
    app.simulate(game, players, options, seed=12, bot="heuristic")
    (game_id,) = app.game_ids()
    record = app.history(game_id)
    rules = registry.get(game)
    state = rules.initial_state(record.setup)
    seen = set()
    for step in (None, *record.steps):
        if step is not None:
            state = rules.apply_trusted(state, step)
        for seat in range(players):
            want = stats.seat_score(state, seat)
            got = stats.seat_points(state, seat)
            assert got == want.breakdown and sum(got.values()) == want.total
            seen.add(want.total)
    assert len(seen) > 5  # scores moved during the game


@settings(max_examples=5, deadline=None)
@given(
    players=st.integers(2, 5),
    options=st.sampled_from(
        [{}, {"expansion": "true", "setup": "advanced"}, {"modules": "A,B,C"}, {"modules": "C,D"}]
    ),
    seed=st.integers(0, 10_000),
)
def test_santa_maria_seat_changes_are_the_rows_of_full_rescoring(
    players: int, options: dict[str, str], seed: int
) -> None:
    """Santa Maria's `seat_changes` (only the points in play and the coins read while the
    board, ships, bishops, tiles and scholars stay the same objects) gives the score rows, in
    order, of rescoring every edited seat in full (`seat_points`, no key); its `step_rows` (the
    facts and those score rows in one pass over the edited players, while the game runs) gives
    the same facts and score rows, in order, as the fold makes from `facts` and `seat_changes`.
    Heuristic games: random ones rarely complete a harbor set or score a bishop."""
    from domain.santa_maria.rules import RULES
    from projections.columns import Batch

    if players == 5:  # 4 colonists and the Maya city, with module C
        options = {"modules": "C,D"}
    setup = RULES.prepare([f"P{i}" for i in range(players)], options)
    bots = [RULES.bot("heuristic", seed + i) for i in range(players)]
    steps, _ = play(RULES, setup, bots, random.Random(seed))
    timelines, facts = [], []
    handled = 0
    for arm in ("step_rows", "seat_changes", "full"):
        folded = fold.Fold("g", setup)
        assert folded.changes is not None and folded.step_rows is not None
        rows = folded.step_rows
        if arm != "step_rows":
            folded.step_rows = None
        else:

            def counted(*args: Any, _rows: Any = rows) -> bool:
                nonlocal handled
                done = bool(_rows(*args))
                handled += done
                return done

            folded.step_rows = counted
        if arm == "full":
            folded.changes = folded.seat_key = None
        batch = Batch()
        folded.score_rows(batch, 0)
        for number, step in enumerate(steps, 1):
            folded.advance(batch, step, number)
        timelines.append([list(column) for column in batch.timeline.cols])
        facts.append([list(column) for column in batch.facts.cols])
    assert timelines[0] == timelines[1] == timelines[2]
    assert facts[0] == facts[1] == facts[2]
    assert len(set(timelines[0][3])) >= 6  # categories beyond in play and coins moved
    assert {"main", "activate", "piety", "conquest"} <= set(facts[0][5])
    assert len(steps) - 1 <= handled < len(steps)  # all but the last step (the game's end)


def test_a_modules_round_is_the_engines_round_at_every_state(
    make_app: Callable[..., NovusApp],
) -> None:
    """`GameStats.round_of` (asked at every step instead of the engine's method) gives
    `rules.round_of` at every state of a game, for every module that has one."""
    app = make_app()
    app.simulate("puerto-rico", 4, {"buildings": "random"}, seed=21, bot="heuristic")
    app.simulate("century-new-world", 4, {}, seed=21, bot="heuristic")
    app.simulate("mundus-novus", 4, {}, seed=21, bot="heuristic")
    app.simulate("santa-maria", 4, {}, seed=21, bot="heuristic")
    faster = [name for name in registry.names() if getattr(game_stats.get(name), "round_of", None)]
    assert {"puerto-rico", "century-new-world", "mundus-novus", "santa-maria"} <= set(faster)
    for game_id in app.game_ids():
        record = app.history(game_id)
        stats = game_stats.get(record.setup.game)
        assert stats is not None and stats.round_of is not None
        rules = registry.get(record.setup.game)
        state = rules.initial_state(record.setup)
        rounds = set()
        for step in (None, *record.steps):
            if step is not None:
                state = rules.apply_trusted(state, step)
            assert stats.round_of(state) == rules.round_of(state)
            rounds.add(rules.round_of(state))
        assert len(rounds) >= (3 if record.setup.game == "santa-maria" else 11)  # its 3 years


def test_the_steps_round_is_the_modules_round_when_it_has_one(
    tmp_path: Path, make_app: Callable[..., NovusApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fold takes a step's round from the module's `round_of` where there is one (here
    one that adds 100 to tell it apart), else from the engine."""
    app = make_app()
    app.simulate("puerto-rico", 3, {}, seed=22, bot="random")
    app.simulate("century-new-world", 3, {}, seed=23, bot="random")
    real = game_stats.get

    def shifted(name: str) -> Any:
        found = real(name)
        if found is None or name != "puerto-rico":
            return found
        engine = registry.get(name)
        return dataclasses.replace(found, round_of=lambda state: engine.round_of(state) + 100)

    runner.catch_up(app, folder=tmp_path / "own")
    monkeypatch.setattr(fold.game_stats, "get", shifted)
    runner.catch_up(app, folder=tmp_path / "shifted")
    own, moved = (
        dump(tmp_path / name / "views.duckdb", ("games", "steps")) for name in ("own", "shifted")
    )
    game_of = {row[0]: row[1] for row in own["games"]}
    for (g, *row, round_), (g2, *row2, round2) in zip(own["steps"], moved["steps"], strict=True):
        assert (g, row) == (g2, row2)
        assert round2 == (round_ + 100 if game_of[g] == "puerto-rico" else round_)
