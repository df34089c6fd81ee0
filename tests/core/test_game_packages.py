"""The same files in every game package: `rules`, `state`, `actions` (the grammar and its
`VERBS`), `setup`, `scoring`, `describe`, `view`, `bots`; every legal action of random games
starts with a verb of its game's grammar, and every verb the describe tables name is one."""

from __future__ import annotations

import importlib
import random

import pytest

from domain.core import registry
from domain.core.play import play

PACKAGES = {
    "puerto-rico": "domain.puerto_rico",
    "santa-maria": "domain.santa_maria",
    "century-new-world": "domain.century_new_world",
    "mundus-novus": "domain.mundus_novus",
}
FILES = ("rules", "state", "actions", "setup", "scoring", "describe", "view", "bots")
OPTIONS = {
    "puerto-rico": [{}, {"buildings": "draft", "nobles": "true"}, {"buildings": "new"}],
    "santa-maria": [{}, {"modules": "A,B,C"}, {"modules": "A,B,C,D"}, {"expansion": "true"}],
    "century-new-world": [{}],
    "mundus-novus": [{}],
}


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_every_game_package_has_the_same_files(game: str) -> None:
    package = PACKAGES[game]
    assert registry.get(game).package == package  # type: ignore[attr-defined]
    for name in FILES:
        importlib.import_module(f"{package}.{name}")
    verbs = importlib.import_module(f"{package}.actions").VERBS
    assert verbs and all(isinstance(v, str) and ":" not in v for v in verbs)


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_every_legal_action_starts_with_a_verb_of_the_grammar(game: str) -> None:
    rules = registry.get(game)
    verbs = importlib.import_module(f"{PACKAGES[game]}.actions").VERBS
    seen: set[str] = set()
    for i, options in enumerate(OPTIONS[game]):
        players = 4 if game != "century-new-world" else 3
        setup = rules.prepare([f"P{n}" for n in range(players)], options)
        bots = [rules.bot("random", 10 * i + n) for n in range(players)]
        steps, _ = play(rules, setup, bots, random.Random(i))
        state = rules.initial_state(setup)
        for step in steps:
            for seat in rules.to_move(state):
                if seat >= 0:
                    seen |= {a.partition(":")[0] for a in rules.legal_actions(state, seat)}
            state = rules.apply_trusted(state, step)
    assert seen <= verbs, seen - verbs
    assert len(seen) >= len(verbs) // 2  # the games went through most of the grammar


@pytest.mark.parametrize("game", ["santa-maria", "mundus-novus"])
def test_the_describe_tables_name_only_verbs_of_the_grammar(game: str) -> None:
    describe = importlib.import_module(f"{PACKAGES[game]}.describe")
    verbs = importlib.import_module(f"{PACKAGES[game]}.actions").VERBS
    assert set(describe._VERBS) == set(verbs)


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_describe_and_sentence_come_from_the_one_sentence_maker(game: str) -> None:
    """Each game writes its sentences once (`_sentence`); `domain.core.phrase.sentences` makes
    the English `describe` and the `sentence` Phrase from it."""
    module = importlib.import_module(f"{PACKAGES[game]}.describe")
    for made in (module.describe, module.sentence):
        assert made.__module__ == "domain.core.phrase"
        assert made.__qualname__.startswith("sentences.")
    rules = registry.get(game)
    setup = rules.prepare(["A", "B", "C"], {})
    steps, _ = play(rules, setup, [rules.bot("random", i) for i in range(3)], random.Random(6))
    state = rules.initial_state(setup)
    for step in steps[:60]:
        said = module.sentence(state, step)
        assert module.describe(state, step) == str(said) != ""
        state = rules.apply(state, step)
