"""Century: New World statistics: a scripted opening worked out by hand (synthetic pack, laid out
in catalog order), and whole bot games checked against the engine's final state."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest

from application.service import NovusApp
from domain.core import registry
from domain.core.play import play
from domain.core.protocol import ChanceStep, Decision, Setup, Step
from projections import runner
from projections.games import century_new_world as cnw
from projections.read import Views
from tests.projections.conftest import dump

RULES = registry.get("century-new-world")
ANA, BEN, CLEO = 0, 1, 2


def _opening() -> tuple[object, list[Step]]:
    setup = RULES.prepare(["Ana", "Ben", "Cleo"], {"board": "D1"})
    state = RULES.initial_state(setup)
    steps: list[Step] = []
    for _ in range(3):  # cards, bonus tiles, exploration tiles: each in catalog order
        step = ChanceStep(RULES.chance_spec(state).items)
        steps.append(step)
        state = RULES.apply(state, step)
    steps += [
        Decision(ANA, "place:C1-1"),  # step 4: 1 settler, +YYY
        Decision(BEN, "place:C1-1"),  # step 5: bumps Ana's 1 with 2
        Decision(CLEO, "rest"),  # step 6: nothing on the board: a pass
        Decision(ANA, "place:B1-3:Y>B"),  # step 7, round 2: 2 settlers, upgrade corn to fur
        Decision(BEN, "place:A1-1"),  # step 8: 1 settler, +YY
        Decision(CLEO, "place:A1-4:x1"),  # step 9: 2 settlers, YYY -> RG
        Decision(ANA, "place:A1-F1:card=P03"),  # step 10, round 3: P03 (8 points) for YYB
        Decision(BEN, "rest"),  # step 11: takes back 3 settlers
    ]
    return setup, steps


@pytest.fixture
def opening(folder: Path, make_app: Callable[..., NovusApp]) -> Views:
    app = make_app()
    setup, steps = _opening()
    app.record_game(setup, steps, seed=None)
    runner.catch_up(app, folder=folder)
    return Views(folder)


def test_facts_of_a_scripted_opening(folder: Path, opening: Views) -> None:
    facts = {row[2:] for row in dump(folder / "views.duckdb")["facts"]}
    assert facts == {
        (4, 1, ANA, "place", "C1-1", 1),
        (4, 1, ANA, "work", "production", 1),
        (5, 1, BEN, "place", "C1-1", 2),
        (5, 1, BEN, "work", "production", 1),
        (5, 1, BEN, "bump", "0", 1),
        (5, 1, ANA, "bumped", "1", 1),
        (6, 1, CLEO, "rest", "pass", 0),
        (7, 2, ANA, "place", "B1-3", 2),
        (7, 2, ANA, "work", "upgrade", 1),
        (8, 2, BEN, "place", "A1-1", 1),
        (8, 2, BEN, "work", "production", 1),
        (9, 2, CLEO, "place", "A1-4", 2),
        (9, 2, CLEO, "work", "trade", 1),
        (10, 3, ANA, "place", "A1-F1", 1),
        (10, 3, ANA, "work", "village", 1),
        (10, 3, ANA, "card", "P03", 8),
        (11, 3, BEN, "rest", "settlers", 3),
    }


def test_views_of_a_scripted_opening(opening: Views) -> None:
    places = opening.stat_table("century-new-world", "locations").set_index("location")
    assert places["uses"].to_dict() == {"C1-1": 2, "B1-3": 1, "A1-1": 1, "A1-4": 1, "A1-F1": 1}
    assert places.loc["C1-1", ["kind", "bumps", "settlers_placed"]].tolist() == [
        "production",
        1,
        1.5,
    ]
    kinds = opening.stat_table("century-new-world", "kinds").set_index("kind")["uses"]
    assert kinds.to_dict() == {"production": 3, "upgrade": 1, "trade": 1, "village": 1}
    cards = opening.stat_table("century-new-world", "cards")
    assert cards[["card", "points", "claims"]].values.tolist() == [["P03", 8, 1]]
    bumps = opening.stat_table("century-new-world", "bumps")
    assert bumps[["seat", "bumps", "settlers_sent_back"]].values.tolist() == [[BEN, 1, 1]]


def test_bot_games_agree_with_the_engine(folder: Path, make_app: Callable[..., NovusApp]) -> None:
    app = make_app()
    finals = []
    for g in range(2):
        setup = RULES.prepare(["A", "B", "C", "D"], {"board": "E1"})
        bots = [RULES.bot("heuristic", 10 * g + i) for i in range(4)]
        steps, final = play(RULES, setup, bots, random.Random(g))
        app.record_game(setup, steps, seed=None)
        finals.append(final)
        for seat in range(4):
            assert cnw.seat_score(final, seat) == RULES.scores(final).seats[seat]
    runner.catch_up(app, folder=folder)
    views = Views(folder)
    rows = dump(folder / "views.duckdb")["facts"]
    claimed = Counter((row[4], row[6]) for row in rows if row[5] == "card")
    expected = Counter(
        (seat, final.t.cards[c].id) for final in finals for seat, p in enumerate(final.players)
        for c in p.cards
    )  # fmt: skip
    assert claimed == expected
    cards = views.stat_table("century-new-world", "cards")
    assert cards["claims"].sum() == sum(len(p.cards) for f in finals for p in f.players)
    winners = [(f, seat) for f in finals for seat in RULES.scores(f).winners()]
    assert cards["claimed_by_winners"].sum() == sum(len(f.players[w].cards) for f, w in winners)
    per_seat = views.stat_table("century-new-world", "claims_per_game").set_index("winner")
    assert per_seat.loc[True, "seats"] == len(winners)
    assert per_seat.loc[True, "cards"] == pytest.approx(
        sum(len(f.players[w].cards) for f, w in winners) / len(winners)
    )
    points = views.stat_table("century-new-world", "points").set_index("category")
    assert list(points.index) == ["point_cards", "bonus_tiles", "exploration_tiles", "cubes"]
    assert points["share"].sum() == pytest.approx(1.0)


def _recorded(app: NovusApp, games: int) -> dict[str, tuple[Setup, dict[str, str], list[Step]]]:
    """Random-bot games on each board and player count, recorded: per game id, its setup, the
    kind of each location of its components and its steps."""
    found = {}
    for g in range(games):
        names = ["A", "B", "C", "D"][: 2 + g % 3]
        setup = RULES.prepare(names, {"board": ("D1", "E1", "F1")[g % 3]})
        bots = [RULES.bot("random", 10 * g + i) for i in range(len(names))]
        steps, _ = play(RULES, setup, bots, random.Random(g))
        game_id = str(app.record_game(setup, steps, seed=None))
        assert setup.components is not None
        kinds = {loc["id"]: loc["kind"] for loc in setup.components["locations"]}
        found[game_id] = (setup, kinds, steps)
    return found


def test_work_facts_are_the_kind_of_each_placed_location(
    folder: Path, make_app: Callable[..., NovusApp]
) -> None:
    """The view `facts` derives `work` from the stored action (`cnw.STEP_FACTS`): for every
    ``place``, the kind its game's components give the location, and the fold stores none."""
    app = make_app()
    games = _recorded(app, 3)
    runner.catch_up(app, folder=folder)
    views = Views(folder)
    rounds = {
        (row.game_id, row.step): row.round
        for row in views.query("SELECT game_id, step, round FROM steps").itertuples()
    }
    want = {
        (game_id, n, rounds[game_id, n], step.seat, "work", kinds[step.action.split(":")[1]], 1)
        for game_id, (_, kinds, steps) in games.items()
        for n, step in enumerate(steps, 1)
        if isinstance(step, Decision) and step.action.startswith("place:")
    }
    got = views.query(
        "SELECT game_id, step, round, seat, fact, item, amount FROM facts WHERE fact = 'work'"
    )
    assert len(got) == len(want)
    assert set(got.itertuples(index=False, name=None)) == want
    assert {row[5] for row in want} == set(cnw.KINDS)
    assert views.query("SELECT count(*) AS n FROM fold_facts WHERE fact = 'work'")["n"][0] == 0


@pytest.mark.parametrize(("version", "fact"), [("6", "work"), ("8", "bumped")])
def test_a_file_of_a_version_that_stored_a_derived_fact_is_rebuilt(
    folder: Path, make_app: Callable[..., NovusApp], version: str, fact: str
) -> None:
    """Version 6 stored Century's `work` facts in `fold_facts`, version 8 its `bumped` ones:
    such a file, opened now, would show each of them twice in `facts`; it is rebuilt at open
    instead (schema versions 7 and 9)."""
    app = make_app()
    _recorded(app, 1)
    runner.catch_up(app, folder=folder)
    derived = f"SELECT count(*) AS n FROM facts WHERE fact = '{fact}'"
    works = int(Views(folder).query(derived)["n"][0])
    assert works > 0
    con = duckdb.connect(str(folder / runner.WORK_FILE))
    con.execute(
        "INSERT INTO fold_facts SELECT game_id, game, step, round, seat, fact, item, amount "
        f"FROM facts WHERE fact = '{fact}'"
    )
    con.execute(f"UPDATE marks SET value = '{version}' WHERE key = 'schema_version'")
    con.close()
    report = runner.catch_up(app, folder=folder)
    assert report.rebuilt and "another version" in report.reason
    assert int(Views(folder).query(derived)["n"][0]) == works


def test_total_rows_are_the_engine_totals_where_they_change(
    folder: Path, make_app: Callable[..., NovusApp]
) -> None:
    """The fold stores no `total` rows for Century (`GameStats.summed_total`); the view
    `score_timeline` adds one at step 0 and at each step where a seat's total (the engine's
    score) changed, and the dense timeline gives the engine's total at every step."""
    app = make_app()
    games = _recorded(app, 3)
    runner.catch_up(app, folder=folder)
    views = Views(folder)
    want = set()
    for game_id, (setup, _, steps) in games.items():
        state = RULES.initial_state(setup)
        last: dict[int, int] = {}
        for n, step in enumerate([None, *steps]):
            if step is not None:
                state = RULES.apply(state, step)
            for seat, score in enumerate(RULES.scores(state).seats):
                if last.get(seat) != score.total:
                    last[seat] = score.total
                    want.add((game_id, n, seat, score.total))
    got = views.query(
        "SELECT game_id, step, seat, points FROM score_timeline WHERE category = 'total'"
    )
    assert len(got) == len(want)
    assert set(got.itertuples(index=False, name=None)) == want
    stored = "SELECT count(*) AS n FROM fold_timeline WHERE category = 'total'"
    assert views.query(stored)["n"][0] == 0
    game_id, (_, _, steps) = next(iter(games.items()))
    dense = views.score_timeline(game_id)
    totals = dense[dense["category"] == "total"]
    assert len(totals) == (len(steps) + 1) * len(dense["seat"].unique())
    assert totals["points"].dtype == dense["points"].dtype


def test_a_version_7_file_with_a_score_timeline_table_is_rebuilt(
    folder: Path, make_app: Callable[..., NovusApp]
) -> None:
    """Version 7 stored every score row, totals included, in the table `score_timeline`, now a
    view over `fold_timeline` (schema version 8): such a file is rebuilt at open, its old table
    dropped, and readers see the same rows."""
    app = make_app()
    _recorded(app, 1)
    runner.catch_up(app, folder=folder)
    before = dump(folder / "views.duckdb", ("score_timeline",))
    assert any(row[3] == "total" for row in before["score_timeline"])
    con = duckdb.connect(str(folder / runner.WORK_FILE))
    con.execute("CREATE TABLE old_timeline AS FROM score_timeline")
    con.execute("DROP VIEW score_timeline")
    con.execute("ALTER TABLE old_timeline RENAME TO score_timeline")
    con.execute("DROP TABLE fold_timeline")
    con.execute("UPDATE marks SET value = '7' WHERE key = 'schema_version'")
    con.close()
    report = runner.catch_up(app, folder=folder)
    assert report.rebuilt and "another version" in report.reason
    assert dump(folder / "views.duckdb", ("score_timeline",)) == before


def test_bumped_facts_mirror_the_bumps(folder: Path, make_app: Callable[..., NovusApp]) -> None:
    """The view `facts` derives each ``bumped`` from its ``bump`` (`cnw.FACT_FACTS`): the bumped
    seat, the bumping seat as item, the same step, round and amount; the fold stores none."""
    app = make_app()
    _recorded(app, 3)
    runner.catch_up(app, folder=folder)
    views = Views(folder)
    columns = "game_id, step, round, seat, item, amount"
    bumps = views.query(f"SELECT {columns} FROM facts WHERE fact = 'bump'")
    bumped = views.query(f"SELECT {columns} FROM facts WHERE fact = 'bumped'")
    want = {(g, s, r, int(i), str(seat), a) for g, s, r, seat, i, a in bumps.itertuples(False)}
    assert len(bumps) == len(bumped) > 0
    assert set(bumped.itertuples(index=False, name=None)) == want
    assert views.query("SELECT count(*) AS n FROM fold_facts WHERE fact = 'bumped'")["n"][0] == 0
