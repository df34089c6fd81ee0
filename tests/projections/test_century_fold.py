"""Century: New World's fold: `step_rows` (a step's facts and score rows in one pass) gives the
rows, in order, of the fold's own path (`facts`, then `seat_changes` for each edited player:
only the cubes counted while a player's cards and tiles stay the same objects), which gives
those of rescoring every edited seat in full, over random and heuristic games."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.century_new_world.rules import RULES
from domain.core.play import play
from domain.core.protocol import Decision
from projections import fold
from projections.columns import Batch
from projections.games import century_new_world as cnw


@settings(max_examples=8, deadline=None)
@given(
    players=st.integers(2, 4),
    board=st.sampled_from(["D1", "E1", "F1"]),
    bot=st.sampled_from(["random", "heuristic"]),
    seed=st.integers(0, 10_000),
)
def test_step_rows_and_seat_changes_are_the_rows_of_full_rescoring(
    players: int, board: str, bot: str, seed: int
) -> None:
    setup = RULES.prepare([f"P{i}" for i in range(players)], {"board": board})
    bots = [RULES.bot(bot, seed + i) for i in range(players)]
    steps, _ = play(RULES, setup, bots, random.Random(seed))
    timelines, facts = [], []
    handled = 0
    for arm in ("step_rows", "seat_changes", "full"):
        folded = fold.Fold("g", setup)
        assert folded.changes is not None and folded.step_rows is not None
        rows = folded.step_rows
        if arm == "step_rows":

            def counted(*args: Any, _rows: Any = rows) -> bool:
                nonlocal handled
                done = bool(_rows(*args))
                handled += done
                return done

            folded.step_rows = counted
        else:
            folded.step_rows = None
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
    assert {"cubes", "point_cards"} <= set(timelines[0][3]) and "total" not in timelines[0][3]
    assert {"place", "rest"} <= set(facts[0][5]) and "work" not in facts[0][5]
    assert handled == len(steps)  # every step, the last included


def test_a_rest_takes_back_the_settlers_that_were_on_the_board() -> None:
    """A `rest` fact's amount, read from the settlers the rest made available, is what stood on
    the board before it (`State.settlers_on_board`), a pass 0, over random games."""
    rests = 0
    for seed in range(3):
        setup = RULES.prepare(["A", "B", "C"], {"board": "E1"})
        bots = [RULES.bot("random", seed + i) for i in range(3)]
        steps, _ = play(RULES, setup, bots, random.Random(seed))
        state = RULES.initial_state(setup)
        for step in steps:
            after = RULES.apply(state, step)
            for seat, fact, item, amount in cnw.facts(RULES, state, step, after):
                if fact == "rest":
                    assert isinstance(step, Decision) and seat == step.seat
                    assert amount == state.settlers_on_board(seat)
                    assert item == ("settlers" if amount else "pass")
                    rests += 1
            state = after
    assert rests > 10
