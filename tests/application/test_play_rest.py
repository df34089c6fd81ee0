"""The items seen at the table so far, and Novus draws the rest (`play.completed`,
`play.draw_rest`): a shuffled deck whose rest lies face down needs only the cards turned up."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from application import play
from application.service import open_app
from domain.core.chance import ChanceSpec, Dice, Draw, Shuffle, resolve, validate
from domain.core.errors import NovusError
from domain.core.protocol import ChanceStep

ITEMS = st.lists(st.sampled_from(["corn", "fish", "wood", "gold", "d01", "d02"]), min_size=1)


@st.composite
def specs(draw: st.DrawFn) -> ChanceSpec:
    kind = draw(st.sampled_from(["shuffle", "draw", "dice"]))
    if kind == "dice":
        return Dice(draw(st.integers(1, 9)), draw(st.sampled_from([6, 8])))
    items = tuple(draw(ITEMS))
    if kind == "shuffle":
        return Shuffle(items)
    return Draw(items, draw(st.integers(1, len(items))))


@given(specs(), st.integers(0, 2**32), st.integers(0, 2**32), st.data())
def test_the_seen_items_come_first_and_the_whole_is_a_possible_outcome(
    spec: ChanceSpec, table: int, seed: int, data: st.DataObject
) -> None:
    at_the_table = resolve(spec, random.Random(table))
    seen = at_the_table[: data.draw(st.integers(0, len(at_the_table)))]
    whole = play.completed(spec, seen, random.Random(seed))
    assert whole[: len(seen)] == seen
    validate(spec, whole)  # a permutation, a draw the pool allows, dice in range


def test_a_mundus_novus_deck_from_the_cards_turned_up(tmp_path: Path) -> None:
    app = open_app(tmp_path)
    game = play.new_game(app, "mundus-novus", ["Ana", "Ben", "Cleo"], seed=5)
    deck = play.position(app, game).chance
    assert isinstance(deck, Shuffle) and len(deck.items) == 32
    done = play.draw_rest(app, game, ["d07", "d03"])
    (step,) = app.history(game).steps
    assert step == ChanceStep(done) and done[:2] == ("d07", "d03")
    assert Counter(done) == Counter(deck.items)
    app.close()


def test_a_card_the_deck_does_not_hold_is_refused_in_words(tmp_path: Path) -> None:
    app = open_app(tmp_path)
    game = play.new_game(app, "mundus-novus", ["Ana", "Ben"], seed=5)
    with pytest.raises(NovusError) as refused:
        play.draw_rest(app, game, ["d07", "d07"])
    assert "Caravel 7 x2" in refused.value.message  # the card by its title, not "d07"
    assert app.history(game).steps == ()
    app.close()
