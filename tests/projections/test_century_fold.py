"""Century: New World's fold: `seat_changes` (only the cubes counted while a player's cards and
tiles stay the same objects) gives the score rows, in order, of rescoring every edited seat in
full, over random and heuristic games."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.century_new_world.rules import RULES
from domain.core.play import play
from projections import fold
from projections.columns import Batch


@settings(max_examples=8, deadline=None)
@given(
    players=st.integers(2, 4),
    board=st.sampled_from(["D1", "E1", "F1"]),
    bot=st.sampled_from(["random", "heuristic"]),
    seed=st.integers(0, 10_000),
)
def test_seat_changes_are_the_rows_of_full_rescoring(
    players: int, board: str, bot: str, seed: int
) -> None:
    setup = RULES.prepare([f"P{i}" for i in range(players)], {"board": board})
    bots = [RULES.bot(bot, seed + i) for i in range(players)]
    steps, _ = play(RULES, setup, bots, random.Random(seed))
    batches = []
    for fast in (True, False):
        folded = fold.Fold("g", setup)
        assert folded.changes is not None
        if not fast:
            folded.changes = folded.seat_key = None
        batch = Batch()
        folded.score_rows(batch, 0)
        for number, step in enumerate(steps, 1):
            folded.advance(batch, step, number)
        batches.append([list(column) for column in batch.timeline.cols])
    assert batches[0] == batches[1]
    assert {"cubes", "point_cards"} <= set(batches[0][3])
