"""The words `novus show` and the Games page give the engines' coded view values."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from application.i18n import set_language
from application.view_words import Words


@pytest.fixture
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language(None)


@pytest.fixture
def korean() -> Iterator[None]:
    set_language("ko")
    yield
    set_language(None)


def test_english_names_codes_in_words(english: None) -> None:
    words = Words("puerto-rico", keep=frozenset({"Heuristic 1"}))
    assert words.value("violet_small") == "small violet building"  # was the code itself
    assert words.value("violet_large") == "large violet building"
    assert words.value("picking") == "picking a role"
    assert words.value("vp") == "VP chips ran out"  # why the game ended
    assert words.value("Heuristic 1") == "Heuristic 1"  # players' names as they are
    assert words.value("not a code") == "not a code"
    assert Words("santa-maria").value("blue") == "blue die"  # a game's own code


def test_puerto_rico_end_reasons_in_korean(korean: None) -> None:
    words = Words("puerto-rico")
    assert words.value("vp") == "승점 칩 소진"  # was left as 'vp'
    assert words.value("colonists") == "이주민 소진"
    assert words.value("violet_small") == "소형 보라색 건물"


def test_mundus_novus_trade_cards_are_named_not_coded(english: None) -> None:
    """The market, hands and the supply to enter showed Mundus Novus's trade cards by code
    ('6, 7, R'), and `novus move --chance 커피,...` was refused ('커피 cannot come out')."""
    words = Words("mundus-novus")
    assert words.value("4") == "coffee" and words.value("R") == "Inca relic"
    assert Words("puerto-rico").value("4") == "4"  # only that game's cards
    set_language("ko")
    assert Words("mundus-novus").value("4") == "커피"
    assert Words("mundus-novus").value("R") == "잉카의 유물"


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize(("game", "n"), [("century-new-world", 3), ("mundus-novus", 3)])
def test_no_two_fields_of_a_view_share_a_label(lang: str, game: str, n: int) -> None:
    """`novus show` of Mundus Novus had two rows labelled '이벤트' (the event's code and its
    name), Century: New World's locations two columns '차지한 플레이어' (seat and name)."""
    import random

    from domain.core import registry
    from domain.core.play import play, states

    rules = registry.get(game)
    setup = rules.prepare(["a", "b", "c"][:n], {})
    steps, _ = play(rules, setup, [rules.bot("random", i) for i in range(n)], random.Random(1))
    set_language(lang)
    try:
        words = Words(game)
        shared = []
        for state in list(states(rules, setup, steps))[::40]:
            found: list[dict[str, object]] = [rules.view(state)]
            while found:
                node = found.pop()
                labels = [words.key(k) for k in node]
                shared += [k for k in node if labels.count(words.key(k)) > 1]
                for value in node.values():
                    items = value if isinstance(value, list) else [value]
                    found += [v for v in items if isinstance(v, dict)]
        assert not shared, sorted(set(shared))
    finally:
        set_language(None)
