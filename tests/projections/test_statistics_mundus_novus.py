"""Mundus Novus statistics: no hidden card reaches DuckDB, and a scripted game counted by hand.

The leak test plays bot games with 2-5 players, projects them, and reads every cell of every
table and view of the published DuckDB file as text: none may contain a secret offer, a card given
back by the trade master, a merchant's conversion, the cards kept in warehouses, a face-down deal,
the development deck's order beyond the queue, or the cards Pirates took from a hand.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb
import orjson
import pytest

from application.service import NovusApp
from domain.core import registry
from domain.core.play import states
from domain.core.protocol import ChanceStep, Decision, Step
from domain.mundus_novus import cards as K
from domain.mundus_novus.state import PIRATES, SETUP_DEV, SUPPLY
from projections import published, runner
from projections.games import mundus_novus as mn
from projections.read import Views
from tests.projections.conftest import decisions_with_rounds, dump

RULES = registry.get("mundus-novus")
GAME = "mundus-novus"
ANA, BEN = 0, 1


def _names(tokens: list[str]) -> str:
    return ", ".join(K.KIND_NAMES[K.parse(t)] for t in tokens)


def _forms(tokens: list[str]) -> set[str]:
    """The ways a list of cards could be written in a row or a sentence."""
    return {
        ",".join(tokens),
        orjson.dumps(tokens).decode(),
        json.dumps(tokens),
        _names(tokens),
    }


def secrets(app: NovusApp, game_id: Any) -> tuple[set[str], Counter[str]]:
    """Every text that would show hidden information of one stored game, and what kinds of
    secret the game held (so the test can check it met each kind)."""
    record = app.history(game_id)
    state = RULES.initial_state(record.setup)
    found: set[str] = set()
    kinds: Counter[str] = Counter()
    for step in record.steps:
        if isinstance(step, ChanceStep):
            tokens = [str(x) for x in step.outcome]
            if state.phase == SETUP_DEV:
                found.add(orjson.dumps(tokens).decode())
                rest = tokens[K.QUEUE_SIZE :]
                found |= {",".join(rest), orjson.dumps(rest).decode(), json.dumps(rest)}
                kinds["deck order"] += 1
            elif state.phase == SUPPLY:
                dealt = K.HAND_SIZE * state.n
                found |= _forms(tokens[:dealt])
                for seat in range(state.n):  # one hand: its exact forms (open cards may read
                    hand = tokens[seat * K.HAND_SIZE : (seat + 1) * K.HAND_SIZE]  # the same)
                    found |= _forms(hand) - {_names(hand)}
                kinds["deal"] += 1
            elif state.phase == PIRATES:
                found.add(f"loses {_names(tokens)}")  # one card: its JSON is an open card's
                kinds["pirates"] += 1
        else:
            assert isinstance(step, Decision)
            verb, _, rest = step.action.partition(":")
            if verb == "offer" and rest != "-":
                # the bare list may coincide with a public set ("diff:1,4,5") or open cards
                found.add(step.action)
                kinds["offer"] += 1
            elif verb in ("give", "merchant") or (verb == "end" and rest != "-"):
                found.add(step.action)
                if verb == "merchant":
                    _, f, t = rest.split(":")
                    found.add(f"turns one {_names([f])} into {_names([t])}")
                kinds[verb] += 1
        state = RULES.apply(state, step)
    return found, kinds


def every_cell(path: Path) -> list[tuple[str, str]]:
    """(table or view, cell as text) for every non-empty cell of every table and view."""
    con = published.connect(Path(path))
    try:
        names = [
            r[0]
            for r in con.sql(
                "SELECT table_name FROM information_schema.tables ORDER BY table_name"
            ).fetchall()
        ]
        cells = []
        for name in names:
            for row in con.sql(f"SELECT COLUMNS(*)::VARCHAR FROM {name}").fetchall():
                cells.extend((name, str(v)) for v in row if v is not None)
        return cells
    finally:
        con.close()


@pytest.fixture
def played(folder: Path, make_app: Callable[..., NovusApp]) -> tuple[NovusApp, list[Any]]:
    app = make_app()
    ids = [
        app.simulate(GAME, n, {"pack": "synthetic"}, seed=seed, bot=bot)
        for n in (2, 3, 4, 5)
        for seed, bot in ((n, "heuristic"), (10 + n, "random"))
    ]
    runner.catch_up(app, folder=folder)
    return app, ids


def test_no_hidden_card_anywhere_in_duckdb(
    folder: Path, played: tuple[NovusApp, list[Any]]
) -> None:
    app, ids = played
    cells = every_cell(folder / "views.duckdb")
    tables = {name for name, _ in cells}
    assert {"steps", "facts", "games", "seats", "score_timeline"} <= tables
    assert any(name.startswith("stats_mundus_novus_") for name in tables)
    met: Counter[str] = Counter()
    for game_id in ids:
        hidden, kinds = secrets(app, game_id)
        met += kinds
        leaks = [(name, s) for name, cell in cells for s in hidden if s in cell]
        assert leaks == [], leaks[:5]
    # the seed would redeal every hidden card: not stored for Mundus Novus
    con = published.connect(Path(folder / "views.duckdb"))
    try:
        seeds = con.sql("SELECT seed FROM games").fetchall()
    finally:
        con.close()
    assert seeds == [(None,)] * len(ids)
    # every kind of secret was met, so the check above had something to find
    assert set(met) == {"deck order", "deal", "pirates", "offer", "give", "merchant", "end"}


def test_steps_show_only_public_forms(folder: Path, played: tuple[NovusApp, list[Any]]) -> None:
    con = published.connect(Path(folder / "views.duckdb"))
    try:
        rows = con.sql("SELECT kind, action FROM steps").fetchall()
    finally:
        con.close()
    verbs = Counter(a.split(":")[0] for k, a in rows if k == "decision")
    assert verbs["offer"] and verbs["give"] and verbs["merchant"] and verbs["end"]
    for kind, action in rows:
        if kind == "chance":
            shown = json.loads(action)
            assert (isinstance(shown, list) and len(shown) == K.MARKET_SIZE) or set(shown) in (
                {"queue", "deck"},
                {"dealt", "open"},
                {"seat", "lost"},
            )
        elif action.startswith(("offer:", "end:")):
            assert re.fullmatch(r"(offer|end):#\d+", action)
        elif action.startswith("merchant:"):
            assert re.fullmatch(r"merchant:[^:]+", action)
        elif action.startswith("give"):
            assert action == "give"


def test_statistics_agree_with_the_games(folder: Path, played: tuple[NovusApp, list[Any]]) -> None:
    app, ids = played
    views = Views(folder)
    ends = views.stat_table(GAME, "end_reasons")
    assert int(ends["games"].sum()) >= len(ids)
    doubloons = views.stat_table(GAME, "doubloons")
    finals = views.query(
        "SELECT sum(breakdown['doubloons']) AS d FROM seats WHERE game = ?", [GAME]
    )
    assert int(doubloons["doubloons"].sum()) == int(finals["d"][0])
    masters = views.stat_table(GAME, "trade_master")
    declared = views.stat_table(GAME, "declared")
    assert int(masters["trades_won"].sum()) == int(declared["trades"].sum())
    events = views.stat_table(GAME, "events")
    rounds = sum(RULES.round_of(app.state_at(g)) for g in ids)
    assert int(events["rounds"].sum()) == rounds


# -- a scripted two-player game, counted by hand ----------------------------------------------
def _script() -> list[Step]:
    setup = RULES.prepare(["Ana", "Ben"], {"pack": "synthetic"})
    shuffle = ChanceStep(tuple(RULES.chance_spec(RULES.initial_state(setup)).items))
    return [
        shuffle,  # 1: queue d01-d05 (caravels), catalog order
        ChanceStep(("1", "2", "3")),  # 2: market cocoa, corn, tobacco
        ChanceStep(("4", "4", "4", "1", "2", "1", "3", "5", "6", "8")),  # 3: round 1, no event
        Decision(ANA, "declare:2"),  # 4
        Decision(ANA, "offer:1,2"),  # 5: 3
        Decision(BEN, "offer:6,8"),  # 6: 14: Ben becomes trade master
        Decision(BEN, "take:0:1"),  # 7
        Decision(ANA, "take:1:6"),  # 8
        Decision(BEN, "take:0:2"),  # 9
        Decision(ANA, "take:1:8"),  # 10
        Decision(BEN, "first:0"),  # 11
        Decision(ANA, "same:4:3:0:2"),  # 12: 3 coffee -> Caravel 2 (queue position 2)
        Decision(ANA, "end:-"),  # 13
        Decision(BEN, "diff:1,2,3,5"),  # 14: 4 kinds -> 5 doubloons
        Decision(BEN, "end:-"),  # 15
        # 16: round 2 (Caravel 1's icon: no event); Ana's caravel brings one open card, a relic
        ChanceStep(("9", "9", "9", "7", "7", "6", "6", "5", "5", "4", "R")),
        Decision(ANA, "pick:R"),  # 17
    ]


@pytest.fixture
def scripted(folder: Path, make_app: Callable[..., NovusApp]) -> Views:
    app = make_app()
    setup = RULES.prepare(["Ana", "Ben"], {"pack": "synthetic"})
    app.record_game(setup, _script(), seed=None)
    runner.catch_up(app, folder=folder)
    return Views(folder)


def test_facts_of_a_scripted_game(folder: Path, scripted: Views) -> None:
    facts = {row[2:] for row in dump(folder / "views.duckdb")["facts"]}
    assert facts == {
        (3, 1, -1, "event", "no event", 1),
        (4, 1, ANA, "declare", "2", 1),
        (6, 1, BEN, "master", "won", 1),
        (7, 1, BEN, "take", "cocoa", 1),
        (8, 1, ANA, "take", "sugar cane", 1),
        (9, 1, BEN, "take", "corn", 1),
        (10, 1, ANA, "take", "indigo", 1),
        (12, 1, ANA, "same", "coffee", 3),
        (12, 1, ANA, "develop", "caravel", 1),
        (14, 1, BEN, "diff", "4", 5),
        (14, 1, BEN, "doubloons", "diff", 5),
        (16, 2, -1, "event", "no event", 1),
        (17, 2, ANA, "pick", "Inca relic", 1),
    }


def test_steps_of_a_scripted_game(scripted: Views) -> None:
    games = scripted.library()
    steps = scripted.steps(str(games["game_id"][0])).set_index("step")
    shown = {n: json.loads(steps.loc[n, "action"]) for n in (1, 2, 3, 16)}
    assert shown == {
        1: {"queue": ["d01", "d02", "d03", "d04", "d05"], "deck": 26},
        2: ["1", "2", "3"],
        3: {"dealt": 10, "open": []},
        16: {"dealt": 10, "open": ["R"]},
    }
    assert steps.loc[5, "action"] == "offer:#2"
    script = _script()
    setup = RULES.prepare(["Ana", "Ben"], {"pack": "synthetic"})
    before = list(states(RULES, setup, script))[4]
    assert mn.STATS.public_summary is not None  # what Ben reads of Ana's offer
    assert str(mn.STATS.public_summary(RULES, before, script[4])) == (
        "Ana puts 2 cards face down to trade."
    )
    assert steps.loc[7, "action"] == "take:0:1"
    assert steps.loc[13, "action"] == "end:#0"


def test_views_of_a_scripted_game(scripted: Views) -> None:
    sets = scripted.stat_table(GAME, "sets")
    assert sorted(zip(sets["set_kind"], sets["item"], sets["sets"], strict=True)) == [
        ("diff", "4", 1),
        ("same", "coffee", 1),
    ]
    masters = scripted.stat_table(GAME, "trade_master")
    assert list(zip(masters["seat"], masters["taken_over"], strict=True)) == [(BEN, 1)]
    events = scripted.stat_table(GAME, "events")
    assert list(zip(events["event"], events["rounds"], strict=True)) == [("no event", 2)]
    doubloons = scripted.stat_table(GAME, "doubloons")
    assert list(zip(doubloons["source"], doubloons["doubloons"], strict=True)) == [("diff", 5)]
    moved = scripted.stat_table(GAME, "cards_moved").set_index("kind")
    assert int(moved.loc["Inca relic", "picked_from_supply"]) == 1
    assert int(moved["drawn_in_trade"].sum()) == 4
    assert scripted.stat_table(GAME, "end_reasons").empty  # the game is not over


def test_public_action_hides_each_secret() -> None:
    setup = RULES.prepare(["Ana", "Ben"], {"pack": "synthetic"})
    state = RULES.initial_state(setup)
    for step in _script()[:5]:
        before, state = state, RULES.apply(state, step)
    assert mn.public_action(RULES, before, Decision(ANA, "offer:1,2")) == "offer:#2"
    assert mn.public_action(RULES, before, Decision(ANA, "give:R")) == "give"
    assert mn.public_action(RULES, before, Decision(ANA, "merchant:d20:1:5")) == "merchant:d20"
    assert mn.public_action(RULES, before, Decision(ANA, "end:1,R")) == "end:#2"
    assert mn.public_action(RULES, before, Decision(ANA, "end:-")) == "end:#0"


def test_pick_and_take_facts_are_derived_from_the_stored_actions(
    folder: Path, make_app: Callable[..., NovusApp]
) -> None:
    """The picks and draws (`STEP_FACTS`, not stored by the fold) are one per ``pick:`` /
    ``take:`` decision, named by the kind the action gives, with the step's round; a market
    swap (``take:<seat>:<kind>:<kind>``) is still a ``swap`` fact of the fold."""
    app = make_app()
    app.simulate("mundus-novus", 4, {}, seed=5, bot="heuristic")
    app.simulate("mundus-novus", 3, {}, seed=6, bot="random")
    runner.catch_up(app, folder=folder)
    views = Views(folder)
    want = set()
    for at, verb, rest in decisions_with_rounds(app, views):
        if verb == "pick":
            want.add((*at, "pick", K.KIND_NAMES[K.parse(rest)]))
        elif verb == "take":
            p = rest.split(":")
            want.add((*at, "take", K.KIND_NAMES[K.parse(p[1])]))
            if len(p) > 2:
                want.add((*at, "swap", K.KIND_NAMES[K.parse(p[2])]))
    got = views.query(
        "SELECT game_id, step, round, seat, fact, item FROM facts "
        "WHERE fact IN ('pick', 'take', 'swap') AND amount = 1"
    )
    assert len(got) == len(want)
    assert set(got.itertuples(index=False, name=None)) == want
    assert {w[4] for w in want} == {"pick", "take", "swap"}
    assert "Inca relic" in {w[5] for w in want}
    stored = views.query("SELECT fact, count(*) AS n FROM fold_facts GROUP BY fact")
    assert not {"pick", "take"} & set(stored["fact"]) and "swap" in set(stored["fact"])


def test_a_version_5_file_holding_picks_and_takes_is_rebuilt(
    folder: Path, make_app: Callable[..., NovusApp]
) -> None:
    """Version 5 stored Mundus Novus's picks and draws in `fold_facts` before they were derived
    from the steps: such a file, opened now, would show each of them twice in `facts`; it is
    rebuilt at open instead (schema version 6)."""
    app = make_app()
    app.simulate("mundus-novus", 3, {}, seed=6, bot="random")
    runner.catch_up(app, folder=folder)
    views = Views(folder)
    derived = "SELECT count(*) AS n FROM facts WHERE fact IN ('pick', 'take')"
    picks = int(views.query(derived)["n"][0])
    assert picks > 0
    con = duckdb.connect(str(folder / runner.WORK_FILE))
    con.execute(
        "INSERT INTO fold_facts SELECT game_id, game, step, round, seat, fact, item, amount "
        "FROM facts WHERE fact IN ('pick', 'take')"
    )
    con.execute("UPDATE marks SET value = '5' WHERE key = 'schema_version'")
    con.close()
    report = runner.catch_up(app, folder=folder)
    assert report.rebuilt and "another version" in report.reason
    assert int(Views(folder).query(derived)["n"][0]) == picks
