"""Mundus Novus's shuffles on the Play page in headless Chromium: the cards turned up are
tapped and Novus draws the face-down rest in one tap (a 32-card deck took 32 taps), the pad
shows the cards by name (it showed "d01"), and a last card that alone is left is taken without
a tap."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from application import i18n, play
from application.service import open_app
from domain.core.chance import Shuffle
from domain.core.protocol import ChanceStep
from tests.dashboard.test_browser import _settled
from tests.dashboard.test_browser_play import browser, server, shot

pytestmark = pytest.mark.browser
__all__ = ["browser", "server"]  # the Play browser tests' server and Chromium, shared

SHIPYARD = {"en": "Shipyard (", "ko": "조선소 ("}  # four cards of one name, told apart by event
SAID = {
    "en": ("Novus draws the rest", "Recorded: {a}, {b}; Novus drew the other 30."),
    "ko": ("나머지는 Novus가 뽑기", "기록했습니다: {a}, {b}. 나머지 30개는 Novus가 뽑았습니다."),
}


@pytest.mark.parametrize(("lang", "width"), [("ko", 800), ("en", 1400)])
def test_the_cards_turned_up_then_novus_draws_the_rest(
    server: tuple[str, Path], browser: object, lang: str, width: int
) -> None:
    base, folder = server
    app = open_app(folder)
    game = play.new_game(app, "mundus-novus", ["Ana", "Ben", "Cleo"], seed=5)
    deck = play.position(app, game).chance
    assert isinstance(deck, Shuffle) and len(deck.items) == 32
    cards = app.timeline(game).state_at(0).cards  # type: ignore[attr-defined]
    name = {c: i18n.term(cards[c].title, "mundus_novus.card", lang) for c in ("d07", "d03")}
    tab: Page = browser.new_page(viewport={"width": width, "height": 1000})  # type: ignore[attr-defined]
    try:
        tab.goto(f"{base}/play?game={game}&lang={lang}")
        _settled(tab)
        rest = tab.get_by_role("button", name=SAID[lang][0], exact=True)
        expect(rest).to_be_disabled()  # nothing tapped yet: "the rest" would be everything
        assert tab.get_by_role("button", name="d07", exact=True).count() == 0
        shipyards = tab.get_by_role("button", name=SHIPYARD[lang])
        assert shipyards.count() == 4 and len(set(shipyards.all_inner_texts())) == 4
        tab.get_by_role("button", name=name["d07"], exact=True).click()
        tab.get_by_role("button", name=name["d03"], exact=True).click()
        shot(tab, f"play-mn-rest-{lang}-{width}.png")
        rest.click()
        said = SAID[lang][1].format(a=name["d07"], b=name["d03"])
        expect(tab.get_by_text(said)).to_be_visible(timeout=20_000)
        (step,) = app.history(game).steps
        assert isinstance(step, ChanceStep) and step.outcome[:2] == ("d07", "d03")
        assert Counter(step.outcome) == Counter(deck.items)
    finally:
        tab.close()
        app.close()


def test_the_last_item_left_is_taken_without_a_tap(
    server: tuple[str, Path], browser: object
) -> None:
    """Century's ten exploration tiles: nine taps record the shuffle."""
    base, folder = server
    app = open_app(folder)
    game = play.new_game(app, "century-new-world", ["Ana", "Ben"], seed=5)
    play.draw(app, game)  # the point cards
    play.draw(app, game)  # the bonus tiles
    tiles = play.position(app, game).chance
    assert isinstance(tiles, Shuffle) and len(set(tiles.items)) == 10
    order = sorted(tiles.items)
    tab: Page = browser.new_page(viewport={"width": 800, "height": 1000})  # type: ignore[attr-defined]
    try:
        tab.goto(f"{base}/play?game={game}&lang=en")
        _settled(tab)
        for item in order[:9]:
            tab.get_by_role("button", name=item, exact=True).click()
        expect(tab.get_by_text("Recorded: " + ", ".join(order))).to_be_visible(timeout=20_000)
        assert app.history(game).steps[-1] == ChanceStep(tuple(order))
    finally:
        tab.close()
        app.close()


HANDS = {
    "en": ("Ben: {have} of 5", "Novus draws the rest"),
    "ko": ("Ben: 5장 중 {have}장", "나머지는 Novus가 뽑기"),
}


@pytest.mark.parametrize(("lang", "width"), [("ko", 800), ("en", 1400)])
def test_a_hand_seen_at_the_table_then_novus_deals_the_others(
    server: tuple[str, Path], browser: object, lang: str, width: int
) -> None:
    """The supply dealt 15 cards in one heap, one tap each: the pad shows each hand; the
    person taps the hand they saw (Ben's, the second) and Novus deals the others, Ben's five
    cards recorded in Ben's hand."""
    from application.view_words import Words

    base, folder = server
    app = open_app(folder)
    game = play.new_game(app, "mundus-novus", ["Ana", "Ben", "Cleo"], seed=7)
    play.draw(app, game)
    play.draw(app, game)
    hand = ["R", "R", "3", "9", "1"]
    i18n.set_language(lang)
    try:
        name = {c: Words("mundus-novus").value(c) for c in set(hand)}
    finally:
        i18n.set_language(None)
    tab: Page = browser.new_page(viewport={"width": width, "height": 1000})  # type: ignore[attr-defined]
    try:
        tab.goto(f"{base}/play?game={game}&lang={lang}")
        _settled(tab)
        ben = tab.get_by_role("button", name=HANDS[lang][0].format(have=0))
        ben.click()
        expect(ben).to_have_attribute("aria-pressed", "true")
        for card in hand:
            tab.get_by_role("button", name=name[card], exact=True).click()
        expect(tab.get_by_role("button", name=HANDS[lang][0].format(have=5))).to_be_visible()
        shot(tab, f"play-mn-hands-{lang}-{width}.png")
        tab.get_by_role("button", name=HANDS[lang][1], exact=True).click()
        expect(tab.get_by_text(SAID[lang][1].split("{")[0])).to_be_visible(timeout=20_000)
        step = app.history(game).steps[-1]
        assert isinstance(step, ChanceStep) and list(step.outcome[5:10]) == hand
        assert len(step.outcome) == 15
    finally:
        tab.close()
        app.close()
