"""Move sentences in Korean: every step of random games of each engine renders with no id missing
and no English word left (only the players' names and numbers stay Latin)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping

import pytest

from application import i18n
from domain.core import registry
from domain.core.play import play

OPTIONS: dict[str, list[tuple[Mapping[str, str], int]]] = {
    "puerto-rico": [
        ({}, 3),
        ({"buildings": "new"}, 4),
        ({"buildings": "random", "nobles": "true"}, 5),
        ({"buildings": "draft", "nobles": "true"}, 3),
        ({"names": "2p"}, 2),
    ],
    "century-new-world": [({}, 2), ({}, 3), ({}, 4)],
    "mundus-novus": [({}, 2), ({}, 3), ({}, 5)],
    "santa-maria": [
        ({}, 3),
        ({"setup": "advanced", "boards": "choose"}, 2),
        ({"expansion": "true", "modules": "A,B,C,D"}, 4),
        ({"expansion": "true", "modules": "C", "maya": "true"}, 3),
    ],
}
TRANSLATED = sorted(OPTIONS)
LATIN = re.compile(r"[A-Za-z]{2,}")
"""An English word or a worded id (component codes like "c2-01" or "A1" may stay)."""


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language(None)


def sentences(game: str, seeds: int) -> Iterator[tuple[str, str]]:
    """(English, Korean) for every step of a few random games of `game`."""
    rules = registry.get(game)
    for options, players in OPTIONS[game]:
        for seed in range(seeds):
            setup = rules.prepare([f"P{i}" for i in range(players)], options)
            bots = [rules.bot("random", seed * 10 + i) for i in range(players)]
            steps, _ = play(rules, setup, bots, random.Random(seed))
            state = rules.initial_state(setup)
            for step in steps:
                i18n.set_language("en")
                english = i18n.describe(rules, state, step)
                assert english == rules.describe(state, step) == str(rules.phrase(state, step))
                i18n.set_language("ko")
                yield english, i18n.describe(rules, state, step)
                state = rules.apply(state, step)


@pytest.mark.parametrize("game", TRANSLATED)
def test_every_sentence_renders_in_korean(game: str) -> None:
    i18n.clear_missing()
    english_left = {}
    count = 0
    for english, korean in sentences(game, 2):
        count += 1
        if LATIN.search(korean):
            english_left[english] = korean
    assert count > 500
    assert not i18n.missing(), sorted(i18n.missing(), key=str)
    assert not english_left, list(english_left.items())[:20]


def test_engines_with_sentences_in_korean() -> None:
    """Each engine offers `phrase` (its sentences as message ids) and `terms` (its names)."""
    for game in TRANSLATED:
        rules = registry.get(game)
        assert callable(getattr(rules, "phrase", None)) and callable(getattr(rules, "terms", None))


def test_santa_maria_names_in_korean() -> None:
    """Scholars, bishops, experts, the Maya's cards and arguments by their Korean names; the
    synthetic pack's invented ids say they are synthetic (합성)."""
    shown = {english: korean for english, korean in sentences("santa-maria", 1)}
    text = "\n".join(shown.values())
    assert any(k in text for k in ("천문학", "식물학", "수학", "물류학", "기본경제학"))
    bishops = [k for e, k in shown.items() if e.startswith("Bishops on the board")]
    assert bishops and all(not LATIN.search(k) and k.count(",") == 2 for k in bishops)
    experts = [k for e, k in shown.items() if e.startswith("Experts laid out")]
    assert experts and all(k.count("(합성)") == 6 for k in experts)
    cards = [k for e, k in shown.items() if "plays card card-" in e]
    assert cards and all("행동 카드" in k and "(합성)" in k for k in cards)
    assert any("하지 않음" in k for e, k in shown.items() if e.endswith("skip"))
