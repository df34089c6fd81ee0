"""Statistics against values worked out by hand: a scripted Puerto Rico opening, and the views'
SQL on a few hand-made rows."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest

from application.service import NovusApp
from domain.core import registry
from domain.core.protocol import ChanceStep, Decision, Step
from projections import runner, schema
from projections.games import puerto_rico
from projections.read import Views
from tests.projections.conftest import decisions_with_rounds, dump

ANA, BEN, CLEO = 0, 1, 2
OPENING: list[Step] = [
    ChanceStep(("corn", "corn", "sugar", "coffee")),
    Decision(ANA, "role:settler"),  # step 2, round 1
    Decision(ANA, "plantation:corn"),
    Decision(BEN, "plantation:corn"),
    Decision(CLEO, "plantation:sugar"),
    ChanceStep(("indigo", "indigo", "tobacco", "coffee")),
    Decision(BEN, "role:mayor"),  # step 7: Ben's two colonists go on corn and indigo
    Decision(CLEO, "colonist:corn"),
    Decision(ANA, "colonist:corn"),
    Decision(CLEO, "role:craftsman"),  # step 10: 1 corn each, Cleo +1 (privilege)
    Decision(BEN, "role:trader"),  # step 11, round 2 (Ben is governor)
    Decision(BEN, "sell:corn"),
    Decision(CLEO, "role:captain"),  # step 13
    Decision(CLEO, "ship:corn:4"),  # 2 corn, 2 VP + 1 privilege
    Decision(ANA, "ship:corn:4"),  # 1 corn, 1 VP
    Decision(ANA, "role:builder"),  # step 16
    Decision(ANA, "build:hospice"),  # 2 VP
    Decision(BEN, "build:small_market"),  # 1 VP
    Decision(CLEO, "pass"),
]


@pytest.fixture
def opening(folder: Path, make_app: Callable[..., NovusApp]) -> Views:
    app = make_app()
    setup = registry.get("puerto-rico").prepare(["Ana", "Ben", "Cleo"], {})
    app.record_game(setup, OPENING, seed=None)
    runner.catch_up(app, folder=folder)
    return Views(folder)


def test_facts_of_a_scripted_opening(folder: Path, opening: Views) -> None:
    facts = {row[2:] for row in dump(folder / "views.duckdb")["facts"]}
    assert facts == {
        (2, 1, ANA, "role", "settler", 1),
        (7, 1, BEN, "role", "mayor", 1),
        (10, 1, CLEO, "role", "craftsman", 1),
        (10, 1, ANA, "produce", "corn", 1),
        (10, 1, BEN, "produce", "corn", 1),
        (10, 1, CLEO, "produce", "corn", 2),
        (11, 2, BEN, "role", "trader", 1),
        (12, 2, BEN, "trade", "corn", 1),
        (13, 2, CLEO, "role", "captain", 1),
        (14, 2, CLEO, "ship", "corn", 2),
        (15, 2, ANA, "ship", "corn", 1),
        (16, 2, ANA, "role", "builder", 1),
        (17, 2, ANA, "build", "hospice", 1),
        (18, 2, BEN, "build", "small_market", 1),
    }


def test_views_of_a_scripted_opening(opening: Views) -> None:
    roles = opening.stat_table("puerto-rico", "role_picks").set_index("role")
    assert roles["picks"].to_dict() == {
        "settler": 1, "mayor": 1, "craftsman": 1, "trader": 1, "captain": 1, "builder": 1,
    }  # fmt: skip
    assert roles["share"].tolist() == pytest.approx([1 / 6] * 6)
    by_round = opening.stat_table("puerto-rico", "role_picks_by_round")
    assert by_round[by_round["round"] == 1]["share"].tolist() == pytest.approx([1 / 3] * 3)
    goods = opening.stat_table("puerto-rico", "goods").set_index("good")
    assert goods.loc["corn", ["produced", "traded", "shipped", "spoiled"]].tolist() == [4, 1, 3, 0]
    assert goods["produced"].sum() == 4
    game_id = opening.library()["game_id"][0]
    timeline = opening.score_timeline(game_id)
    end = timeline[timeline["step"] == len(OPENING)].set_index(["player", "category"])["points"]
    assert end.to_dict() == {
        ("Ana", "buildings"): 2, ("Ana", "large_buildings"): 0, ("Ana", "shipping"): 1,
        ("Ana", "total"): 3,
        ("Ben", "buildings"): 1, ("Ben", "large_buildings"): 0, ("Ben", "shipping"): 0,
        ("Ben", "total"): 1,
        ("Cleo", "buildings"): 0, ("Cleo", "large_buildings"): 0, ("Cleo", "shipping"): 3,
        ("Cleo", "total"): 3,
    }  # fmt: skip
    cleo = timeline[(timeline["player"] == "Cleo") & (timeline["category"] == "total")]
    assert cleo.set_index("step")["points"].loc[13:15].tolist() == [0, 3, 3]


def test_building_and_points_views_on_hand_made_rows() -> None:
    """Two games of two seats; the winner is seat 0 in both."""
    con = duckdb.connect()
    schema.create(con)
    seats = [
        ("g1", 0, True, 10, 5), ("g1", 1, False, 2, 8),
        ("g2", 0, True, 6, 9), ("g2", 1, False, 4, 4),
    ]  # fmt: skip
    for game_id, seat, winner, shipping, buildings in seats:
        con.execute(
            "INSERT INTO seats VALUES (?, 'puerto-rico', 2, ?, ?, ?, "
            "MAP(['shipping', 'buildings'], [?, ?]), [], ?, ?)",
            [game_id, seat, f"P{seat}", shipping + buildings, shipping, buildings,
             1 if winner else 2, winner],
        )  # fmt: skip
    builds = [("g1", 0, "wharf"), ("g2", 0, "wharf"), ("g1", 0, "hospice"), ("g2", 1, "hospice")]
    for game_id, seat, building in builds:
        con.execute(
            "INSERT INTO fold_facts VALUES (?, 'puerto-rico', 1, 1, ?, 'build', ?, 1)",
            [game_id, seat, building],
        )
    rows = con.sql(puerto_rico.VIEWS["buildings"]).fetchall()
    # building, bought, by winners, win rate if bought, otherwise, correlation
    assert rows[0] == ("wharf", 2, 2, 1.0, 0.0, pytest.approx(1.0))
    assert rows[1] == ("hospice", 2, 1, 0.5, 0.5, pytest.approx(0.0))
    points = con.sql(puerto_rico.VIEWS["points"]).fetchall()
    assert points == [
        ("shipping", 5.5, 8.0, pytest.approx(22 / 48)),
        ("buildings", 6.5, 7.0, pytest.approx(26 / 48)),
    ]


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [
        (4, {}, 1),
        (3, {"buildings": "all", "nobles": "true"}, 2),
        (5, {"buildings": "new", "vp_chips_5p": "122"}, 3),
        (2, {"buildings": "random", "colonist_end": "short"}, 4),
    ],
)
def test_barrel_facts_skipped_only_where_no_barrel_moved(
    players: int, options: dict[str, str], seed: int
) -> None:
    """`facts` compares the players' goods only when the supply, a cargo ship or the trading
    house changed: every step of random games (expansion buildings: wharves, black market,
    supplier) gives the facts of comparing every player at every step."""
    import random

    from domain.core.play import play, states

    rules = registry.get("puerto-rico")
    setup = rules.prepare([f"P{i}" for i in range(players)], options)
    bots = [rules.bot("random", seed * 10 + i) for i in range(players)]
    steps, _ = play(rules, setup, bots, random.Random(seed))
    befores = states(rules, setup, steps)
    moved = 0
    for before, step in zip(befores, steps, strict=False):
        after = rules.apply(before, step)
        got = list(puerto_rico.facts(rules, before, step, after))
        if not isinstance(step, Decision):
            assert got == []
            continue
        verb, _, rest = step.action.partition(":")
        chosen = [f for f in got if f[1] in ("role", "build")]
        every = puerto_rico.barrels(step.seat, verb, rest, before.players, after.players, chosen)
        assert got == every, (step, got, every)
        moved += any(f[1] not in ("role", "build") for f in every)
    assert moved > 10  # barrels were produced, sold, shipped or spoiled


def test_role_and_build_facts_are_derived_from_the_stored_actions(
    folder: Path, make_app: Callable[..., NovusApp]
) -> None:
    """The role and building facts (`STEP_FACTS`, not stored by the fold) are one per
    ``role:`` / ``build:`` decision, the second prospector named ``prospector``, with the
    step's round, in the view `facts`."""
    app = make_app()
    app.simulate("puerto-rico", 5, {}, seed=3, bot="random")
    app.simulate("puerto-rico", 3, {"buildings": "random"}, seed=4, bot="heuristic")
    runner.catch_up(app, folder=folder)
    views = Views(folder)
    want = set()
    for at, verb, rest in decisions_with_rounds(app, views):
        if verb in ("role", "build"):
            want.add((*at, verb, "prospector" if rest == "prospector2" else rest, 1))
    got = views.query(
        "SELECT game_id, step, round, seat, fact, item, amount FROM facts "
        "WHERE fact IN ('role', 'build')"
    )
    assert len(got) == len(want)
    assert set(got.itertuples(index=False, name=None)) == want
    assert any(w[5] == "prospector" for w in want) and any(w[4] == "build" for w in want)
    assert "role:prospector2" in {s.action for g in app.game_ids() for s in app.history(g).steps
                                  if isinstance(s, Decision)}  # fmt: skip
    stored = views.query("SELECT count(*) AS n FROM fold_facts WHERE fact IN ('role', 'build')")
    assert stored["n"][0] == 0  # derived, not stored
