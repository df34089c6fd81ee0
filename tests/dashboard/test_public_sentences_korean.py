"""A seat's replay in Korean: the public sentences of the other seats' moves (`public_summary`:
Mundus Novus's pirates and merchants, Santa Maria's shipping) are Korean too, and English in
English."""

from __future__ import annotations

import random
import re

import pytest

from application import i18n
from dashboard.replay import teller
from domain.core import registry
from domain.core.play import play, states
from domain.core.protocol import ChanceStep, Decision
from projections import games as game_stats
from tests.latin_words import english_words

PLAYERS = ("Ann", "Bo", "Cy")
HANGUL = re.compile("[가-힣]")


@pytest.mark.parametrize(("game", "seed"), [("mundus-novus", 1), ("santa-maria", 2)])
def test_a_seat_reads_the_others_moves_in_korean(game: str, seed: int) -> None:
    rules = registry.get(game)
    setup = rules.prepare(list(PLAYERS), {})
    bots = [rules.bot("random", seed + i) for i in range(len(PLAYERS))]
    steps, _ = play(rules, setup, bots, random.Random(seed))
    public = game_stats.get(game).public_summary
    assert public is not None
    special = 0
    i18n.set_language("ko")
    try:
        i18n.clear_missing()
        tell = teller(game, rules, viewer=0)
        for state, step in zip(states(rules, setup, steps), steps, strict=False):
            korean = tell(state, step)
            assert HANGUL.search(korean), korean
            assert not english_words(korean, PLAYERS), korean
            i18n.set_language("en")
            english = str(public(rules, state, step))
            i18n.set_language("ko")
            assert not HANGUL.search(english)
            hidden = isinstance(step, ChanceStep) or (isinstance(step, Decision) and step.seat != 0)
            if hidden and english != rules.describe(state, step):
                special += 1  # a sentence that hides cards: its own words, Korean too
        assert not i18n.missing(), sorted(i18n.missing(), key=str)
    finally:
        i18n.set_language(None)
    assert special > 0  # the game had pirates, merchants or shipping to hide
