"""Mundus Novus's supply on the Play page: the hands a person saw are tapped hand by hand and
Novus deals the others (each hand's cards took one tap a card, in one heap of 15-30 taps), with
every card tapped recorded in the hand it was seen in."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from application import play
from application.service import open_app
from domain.core.chance import Draw, validate
from domain.core.errors import SetupError


def _supply(tmp_path: Path) -> tuple[object, object]:
    app = open_app(tmp_path)
    game = play.new_game(app, "mundus-novus", ["Ana", "Ben", "Cleo"], seed=5)
    play.draw(app, game)  # the development deck
    play.draw(app, game)  # the market
    return app, game


def test_the_supply_is_dealt_in_hands_then_face_up() -> None:
    spec = Draw(tuple("1122334455667788"), 12, hands=(5, 5))
    assert play.chance_parts(spec) == [5, 5, 2]
    assert play.chance_parts(Draw(("1", "2"), 1)) == [1]


@pytest.mark.parametrize("seed", range(20))
def test_each_part_keeps_what_was_seen_and_the_rest_is_drawn_from_the_pool(seed: int) -> None:
    rng = random.Random(seed)
    pool = tuple(str(rng.randint(1, 9)) for _ in range(40))
    spec = Draw(pool, 13, hands=(5, 5, 2))
    left = list(pool)
    rng.shuffle(left)
    seen = [left[: rng.randint(0, 5)], [], left[5 : 5 + rng.randint(0, 2)], left[8:9]]
    outcome = play.completed_parts(spec, seen, random.Random(seed))
    validate(spec, outcome)
    starts = [0, 5, 10, 12]
    for part, start in zip(seen, starts, strict=True):
        assert list(outcome[start : start + len(part)]) == part


def test_too_many_items_in_a_hand_are_refused() -> None:
    with pytest.raises(SetupError):
        play.completed_parts(Draw(tuple("12345678"), 4, hands=(2, 2)), [["1", "2", "3"]], None)


def test_a_seen_hand_is_recorded_in_its_seat_and_novus_deals_the_others(tmp_path: Path) -> None:
    app, game = _supply(tmp_path)
    spec = play.position(app, game).chance  # type: ignore[arg-type]
    assert isinstance(spec, Draw) and spec.hands == (5, 5, 5)
    hand = ["R", "R", "3", "9", "1"]  # Ben's, the second seat: seen and tapped
    outcome = play.draw_rest(app, game, hand, parts=[[], hand])  # type: ignore[arg-type]
    assert list(outcome[5:10]) == hand
    state = app.timeline(game).state_at(3)  # type: ignore[attr-defined]
    held = state.seats[1].hand
    assert Counter({k: n for k, n in enumerate(held) if n}) == Counter(
        {10 if c == "R" else int(c): hand.count(c) for c in hand}
    )
