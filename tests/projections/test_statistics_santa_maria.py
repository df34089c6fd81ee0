"""Santa Maria statistics: facts checked against what the engine itself did (its year-end
conquistador scoring recorded while replaying, the final players), values known by the rules
(one rest per player and year, the table's points), and the face-down shipping tiles kept out."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from application.service import NovusApp
from domain.core import registry
from domain.core.play import states
from domain.core.protocol import Decision
from domain.santa_maria import engine
from projections import games as game_stats
from projections import published, runner
from projections.read import Views

RULES = registry.get("santa-maria")
GAME = "santa-maria"


@pytest.fixture
def played(folder: Path, make_app: Callable[..., NovusApp]) -> tuple[NovusApp, list[Any]]:
    app = make_app()
    ids = [app.simulate(GAME, n, {}, seed=40 + n) for n in (1, 2, 3, 4, 5)]  # 5: Maya + C
    ids.append(app.simulate(GAME, 3, {"modules": "A,B"}, seed=49))
    runner.catch_up(app, folder=folder)
    return app, ids


def _facts(folder: Path, game_id: Any) -> list[tuple[Any, ...]]:
    con = published.connect(Path(folder / "views.duckdb"))
    try:
        return con.sql(
            "SELECT step, seat, fact, item, amount FROM facts WHERE game_id = ? ORDER BY step",
            params=[str(game_id)],
        ).fetchall()
    finally:
        con.close()


def _awards(app: NovusApp, game_id: Any, monkeypatch: pytest.MonkeyPatch) -> Counter[Any]:
    """The engine's own year-end conquistador awards, recorded while replaying the game."""
    seen: Counter[Any] = Counter()
    real = engine.score_conquistadors

    def spy(s: Any) -> dict[int, int]:
        year = s.year
        awarded = real(s)
        for seat, points in awarded.items():
            seen[(seat, f"year {year}")] += points
        return awarded

    monkeypatch.setattr(engine, "score_conquistadors", spy)
    record = app.history(game_id)
    state = RULES.initial_state(record.setup)
    for step in record.steps:
        state = RULES.apply(state, step)
    monkeypatch.undo()
    return seen


def test_conquest_points_equal_the_engines(
    folder: Path, played: tuple[NovusApp, list[Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, ids = played
    total = 0
    for game_id in ids:
        facts = _facts(folder, game_id)
        got: Counter[Any] = Counter()
        for _, seat, fact, item, amount in facts:
            if fact == "conquest":
                got[(seat, item)] += amount
        expected = _awards(app, game_id, monkeypatch)
        assert got == +expected
        total += sum(got.values())
        if len(app.history(game_id).setup.players) == 2:  # the table: one award a year
            assert {(item, points) for (_, item), points in got.items()} <= {
                ("year 1", 4),
                ("year 2", 5),
                ("year 3", 6),
            }
    assert total > 0


def test_facts_agree_with_the_final_players(
    folder: Path, played: tuple[NovusApp, list[Any]]
) -> None:
    app, ids = played
    for game_id in ids:
        record = app.history(game_id)
        n = len(record.setup.players)
        final = app.state_at(game_id)
        facts = _facts(folder, game_id)
        by: Counter[Any] = Counter()
        amounts: Counter[Any] = Counter()
        for _, seat, fact, _item, amount in facts:
            by[(seat, fact)] += 1
            amounts[(seat, fact)] += amount
        decisions = [s for s in record.steps if isinstance(s, Decision)]
        for seat, p in enumerate(final.players):
            assert by[(seat, "rest")] == 3  # one rest a year, three years
            assert by[(seat, "ship")] == sum(len(d) for d in p.ships)
            assert by[(seat, "colony")] == sum(1 for t in p.tiles if t in final.cat.tiles)
            assert amounts[(seat, "piety")] == p.piety
            assert by[(seat, "bishop")] == len(p.bishops)
            assert by[(seat, "scholar")] == len([x for x in p.scholars if x != p.personal])
            mains = [d for d in decisions if d.seat == seat and d.action.startswith("colony:")]
            assert by[(seat, "colony")] == len(mains)
        assert sum(v for (s, f), v in by.items() if f == "rest") == 3 * n


def test_views(folder: Path, played: tuple[NovusApp, list[Any]]) -> None:
    views = Views(folder)
    names = {name for name, _ in views.stat_tables(GAME)}
    assert {"main_actions", "buildings", "colony_tiles", "tracks", "scholars", "bishops"} <= names
    rests = views.stat_table(GAME, "rest_spaces")
    assert int(rests["chosen"].sum()) == 3 * (1 + 2 + 3 + 4 + 5 + 3)
    main = views.stat_table(GAME, "main_actions").set_index("action")
    assert int(main.loc["rest", "uses"]) == 3 * (1 + 2 + 3 + 4 + 5 + 3)
    conquest = views.stat_table(GAME, "conquest")
    assert list(conquest["year"]) == ["year 1", "year 2", "year 3"]
    points = views.stat_table(GAME, "points")
    assert "shipping" in set(points["category"])


def test_shipping_tiles_stay_face_down_until_the_end(
    folder: Path, played: tuple[NovusApp, list[Any]]
) -> None:
    app, ids = played
    con = published.connect(Path(folder / "views.duckdb"))
    try:
        for game_id in ids:
            gid = str(game_id)
            last = len(app.history(game_id).steps)
            rows = con.sql(
                "SELECT step, seat, points FROM score_timeline WHERE game_id = ? "
                "AND category = 'shipping' AND points <> 0",
                params=[gid],
            ).fetchall()
            assert rows and {step for step, _, _ in rows} == {last}
            final = app.state_at(game_id)
            taken = {t for p in final.players for d in p.ships for t in d}
            record = app.history(game_id)
            public = game_stats.get(GAME).public_summary
            assert public is not None
            before = states(RULES, record.setup, record.steps)
            summaries = [  # what another seat reads of a shipment (the Replay's "view as")
                str(public(RULES, state, step))
                for state, step in zip(before, record.steps, strict=False)
                if isinstance(step, Decision) and re.fullmatch("ship:.", step.action)
            ]
            assert summaries and all("ships from dock" in s for s in summaries)
            assert not any(t in s for s in summaries for t in taken)
            facts = con.sql(
                "SELECT DISTINCT item FROM facts WHERE game_id = ?", params=[gid]
            ).fetchall()
            assert not taken & {r[0] for r in facts}
    finally:
        con.close()
