"""Per-game statistics derived from the steps: locations used, cards claimed, bumps."""

from __future__ import annotations

import random

from domain.century_new_world.rules import RULES
from domain.century_new_world.statistics import step_facts, summary
from domain.core.play import play


def test_cards_claimed_match_the_final_state() -> None:
    setup = RULES.prepare(["A", "B", "C"], {"board": "E1"})
    steps, final = play(
        RULES, setup, [RULES.bot("heuristic", i) for i in range(3)], random.Random(2)
    )
    stats = summary(RULES, setup, steps)
    for seat, p in enumerate(final.players):
        assert stats["cards_claimed"][seat] == [final.t.cards[c].id for c in p.cards]
    facts = list(step_facts(RULES, setup, steps))
    places = [f for f in facts if f["kind"] != "explore"]
    assert sum(stats["locations_used"].values()) == len(places)
    assert all(steps[f["step"] - 1].action == f["action"] for f in facts)  # type: ignore[union-attr]
    explored = sorted(f["tile"] for f in facts if f["kind"] == "explore")
    assert explored == sorted(final.t.tiles[x].id for p in final.players for x in p.explored)
    assert sum(1 for f in facts if f["bumped"] is not None) == sum(stats["bumps"].values())
    assert set(stats["locations_used"]) <= {loc.id for loc in final.t.locations}
