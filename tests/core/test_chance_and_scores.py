import random

import pytest

from domain.core import BadChanceOutcome, Dice, Draw, Scores, SeatScore, Shuffle, resolve, validate


def test_resolve_is_reproducible_with_the_same_seed() -> None:
    spec = Shuffle(tuple("abcdefgh"))
    assert resolve(spec, random.Random(3)) == resolve(spec, random.Random(3))


@pytest.mark.parametrize(
    "spec",
    [Shuffle(("a", "b", "b", "c")), Draw(("corn", "corn", "indigo", "sugar"), 2), Dice(9)],
)
def test_resolved_outcomes_validate(spec: Shuffle | Draw | Dice) -> None:
    for seed in range(20):
        validate(spec, resolve(spec, random.Random(seed)))


def test_bad_outcomes_are_typed_errors() -> None:
    with pytest.raises(BadChanceOutcome):
        validate(Shuffle(("a", "b")), ("a", "a"))
    with pytest.raises(BadChanceOutcome, match="not in the pool"):
        validate(Draw(("corn", "indigo"), 2), ("corn", "corn"))
    with pytest.raises(BadChanceOutcome):
        validate(Dice(2), (1, 7))


def test_ranks_use_tiebreak_and_share_equal_places() -> None:
    scores = Scores(
        (
            SeatScore(0, 40, {"ships": 20, "buildings": 20}, (5,)),
            SeatScore(1, 40, {"ships": 10, "buildings": 30}, (7,)),
            SeatScore(2, 31, {"ships": 31}, (9,)),
            SeatScore(3, 40, {"ships": 40}, (7,)),
        )
    )
    assert scores.ranks() == (3, 1, 4, 1)
    assert scores.winners() == (1, 3)
    assert Scores.from_json(scores.to_json()) == scores
