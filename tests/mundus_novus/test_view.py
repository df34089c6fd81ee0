"""Views: the observer sees every card; a seat sees its own cards and only counts of others'."""

from __future__ import annotations

import json

from domain.mundus_novus import cards as K
from domain.mundus_novus.rules import RULES
from tests.mundus_novus.builders import deal, fresh

KEYS = {
    "game",
    "viewer",
    "round",
    "phase",
    "event",
    "event_name",
    "master",
    "to_move",
    "market",
    "open_cards",
    "deck",
    "discard",
    "development_deck",
    "queue",
    "seats",
    "trade",
    "development",
    "over",
    "end_reason",
    "scores",
    "synthetic",
}


def test_observer_and_seat_views() -> None:
    s = fresh(3)
    deal(s, 0, "1,2,R")
    deal(s, 1, "9,9")
    s.seats[1].stored[4] = 1
    s.deck[4] -= 1
    observer = RULES.view(s)
    assert set(observer) == KEYS | {"observer"}
    assert observer["seats"][1]["hand"] == ["9", "9"] and observer["seats"][1]["stored"] == ["4"]
    assert len(observer["observer"]["deck"]) == observer["deck"] == sum(s.deck)
    assert [c["id"] for c in observer["observer"]["development_deck"]] == s.dev_deck
    mine = RULES.view(s, 0)
    assert set(mine) == KEYS
    assert mine["seats"][0]["hand"] == ["1", "2", "R"]
    other = mine["seats"][1]
    assert other["hand"] is None and other["hand_count"] == 2
    assert other["stored"] is None and other["stored_count"] == 1
    text = json.dumps(mine)
    assert '"9"' not in text.replace('"value": 9', "")  # Ben's nines appear nowhere
    assert mine["queue"] == observer["queue"] and len(mine["queue"]) == K.QUEUE_SIZE


def test_sentences_do_not_reveal_secret_cards() -> None:
    from domain.core.protocol import Decision
    from domain.mundus_novus import trade

    s = fresh(2)
    deal(s, 0, "9,9,7,1")
    deal(s, 1, "2,3,4,1")
    trade.begin_trade(s)
    s = RULES.apply(s, Decision(0, "declare:2"))
    said = RULES.describe(s, Decision(0, "offer:7,9"))
    assert said == "Ana puts 2 cards face down to trade." and "vanilla" not in said
    s.master, s.receiver = 0, 1
    assert "potato" not in RULES.describe(s, Decision(0, "give:7"))
    assert RULES.describe(s, Decision(0, "declare:3")).endswith("declares 3 cards for the trade.")


def test_the_supply_sentence_names_the_round_and_its_event() -> None:
    s = fresh(2)
    s.round, s.event = 3, "storm"
    spec = RULES.chance_spec(s)
    from domain.core.chance import Draw
    from domain.core.protocol import ChanceStep

    assert isinstance(spec, Draw)
    said = RULES.describe(s, ChanceStep(tuple(spec.pool[: spec.count])))
    assert said.startswith("Round 3 (Storm). Supply: 5 hidden cards to each player")


def test_own_sentences_name_the_movers_cards_and_tell_alternatives_apart() -> None:
    """The mover's (or an every-card observer's) alternatives: offers of other cards read
    differently; the public sentence still only counts them."""
    from application.i18n import describe, set_language
    from domain.core.protocol import Decision
    from domain.mundus_novus import trade

    s = fresh(2)
    deal(s, 0, "9,9,7,1")
    deal(s, 1, "2,3,4,1")
    trade.begin_trade(s)
    s = RULES.apply(s, Decision(0, "declare:2"))
    offers = [a for a in RULES.legal_actions(s, 0) if a.startswith("offer:")]
    assert len(offers) > 2
    public = {RULES.describe(s, Decision(0, a)) for a in offers}
    own = [describe(RULES, s, Decision(0, a), own=True) for a in offers]
    assert public == {"Ana puts 2 cards face down to trade."}
    assert len(set(own)) == len(offers)
    said = describe(RULES, s, Decision(0, "offer:7,9"), own=True)
    assert said.startswith("Ana puts ") and said.endswith(" face down to trade.")
    assert K.KIND_NAMES[7] in said and K.KIND_NAMES[9] in said
    assert describe(RULES, s, Decision(0, "offer:7,9")) == "Ana puts 2 cards face down to trade."
    set_language("ko")
    korean = describe(RULES, s, Decision(0, "offer:7,9"), own=True)
    assert korean != said and "face down" not in korean
    set_language(None)
    s.master, s.receiver = 0, 1
    gives = {describe(RULES, s, Decision(0, f"give:{k}"), own=True) for k in (1, 7, 9)}
    assert len(gives) == 3 and all(g.endswith("back to Ben.") for g in gives)


def test_who_develops_first_is_named_once_when_it_is_the_chooser() -> None:
    """'Heuristic 2가 Heuristic 2가 먼저 발전하게 합니다' ('Ana lets Ana develop first')."""
    from application.i18n import describe, set_language
    from domain.core.protocol import Decision

    s = fresh(2)
    assert RULES.describe(s, Decision(1, "first:1")) == "Ben develops first."
    assert RULES.describe(s, Decision(1, "first:0")) == "Ben lets Ana develop first."
    set_language("ko")
    try:
        assert describe(RULES, s, Decision(1, "first:1")) == "Ben이 먼저 발전합니다."
    finally:
        set_language(None)
