"""Century: New World statistics: a scripted opening worked out by hand (synthetic pack, laid out
in catalog order), and whole bot games checked against the engine's final state."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from application.service import NovusApp
from domain.core import registry
from domain.core.play import play
from domain.core.protocol import ChanceStep, Decision, Step
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
