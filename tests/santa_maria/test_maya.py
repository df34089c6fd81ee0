"""Module D, the Maya city: the rulebook's worked examples with the book's numbers and rule tests
(synthetic city board, temple tiles and cards: the book's pictures show printed ones)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.core.protocol import ChanceStep
from domain.santa_maria import maya
from domain.santa_maria.components import GEM, GOLD, GRAIN, MAYA_REGIONS, WOOD
from domain.santa_maria.economy import gain, one
from domain.santa_maria.rules import RULES
from domain.santa_maria.state import State
from domain.santa_maria.tracks import conquer, score_conquistadors
from tests.santa_maria.builders import do, private, started

BUILD = MAYA_REGIONS.index("build")
GOLD_R = MAYA_REGIONS.index("gold")


def _game(players: int = 2, **options: str) -> State:
    s = private(started(players, {"maya": "true", **options}))
    s.forget_legal()
    return s


def test_maya_setup_storage_coins_gold_cards_and_start_player() -> None:
    s = _game(3)
    m, colonist = s.players[0], s.players[1]
    assert s.maya is not None and s.start == 0 and s.actor == 0
    assert m.coins == 2 and (colonist.coins, s.players[2].coins) == (3, 4)
    # cocoa, grain, wood full; gem and sugar empty; a second, empty cocoa tile (KO)
    assert m.res[:4] == (1, 1, 0, 0) and m.caps == (1, 1, 1, 1)
    assert (m.cocoa, m.cocoa_cap) == (1, 2)
    assert m.res[GOLD] == 3  # one gold per player in the game
    assert len(s.maya.hand) == 5 and all(s.maya.temple) and s.maya.stage == (0,) * 5
    assert m.board_id == "" and colonist.board_id != "cocoa"  # no cocoa board with the Maya
    assert len(m.blue) == 1


def test_maya_storage_holds_one_and_more_is_lost_without_coins() -> None:
    s = _game()
    m = s.players[0]
    coins = m.coins
    gain(m, one(WOOD, 2))
    assert m.res[WOOD] == 1 and m.coins == coins  # full already: nothing, not even coins


def test_maya_may_not_sell_freely_or_activate_with_coins() -> None:
    s = _game()
    legal = RULES.legal_actions(s, 0)
    assert legal and not any(a.split(":")[0] in ("sell", "buy", "coin", "colony") for a in legal)


def test_maya_may_buy_a_basic_resource_onto_an_empty_storage_tile() -> None:
    """KO forbids the Maya only free sales and coin activation; buying a basic resource for 3
    coins is a free action it keeps (was: no free action at all). The resource fills a tile."""
    s = _game()
    m = s.players[0]
    m.coins, m.res = 5, (0, *m.res[1:])  # the wood tile empty, the grain tile full
    legal = RULES.legal_actions(s, 0)
    assert "buy:wood" in legal and "buy:grain" not in legal
    assert not any(a.startswith("sell:") for a in legal)
    after = do(s, "buy:wood")
    assert after.players[0].res[WOOD] == 1 and after.players[0].coins == 2
    assert after.actor == 0 and "buy:wood" not in RULES.legal_actions(after, 0)


def test_helge_die_4_goes_towards_3_or_5() -> None:
    """KO: a die on "4" may follow the road towards "3" or towards "5"."""
    s = _game()
    s.white = (0, 0, 0, 1, 0, 0)
    s = do(s, "mwhite:4-4")
    while s.tasks[0][0] != "mwalk":
        s = do(s, RULES.legal_actions(s, 0)[0])
    assert set(RULES.legal_actions(s, 0)) == {"mwalk:3.2", "mwalk:5.2", "mwalk:stop"}


def test_alex_die_4_then_brown_temple_for_wood_gem_cocoa_gives_2_coins() -> None:
    """KO: Alex takes die 4, activates the empty buildings on his way, leaves the die on the last
    one, pays 1 wood, 1 gem and 1 cocoa for the temple tile of the brown region next to it, gets
    2 coins and draws a smaller temple tile for the next stage."""
    s = _game()
    assert s.maya is not None
    temple = list(s.maya.temple)
    temple[BUILD] = "t1-3"  # synthetic: costs wood + gem + cocoa
    s.maya = replace(s.maya, temple=tuple(temple), hand=())
    m = s.players[0]
    m.res, m.cocoa, m.coins = (1, 1, 0, 0, m.res[GOLD]), 1, 0
    s.white = (0, 0, 0, 1, 0, 0)
    s = do(s, "mwhite:4-4", "piety:1", "mwalk:5.2")  # 4.1 (piety), then 5.2 (a gem)
    s = do(s, "mwalk:stop")
    assert s.maya is not None and ("5.2", 1) in s.maya.on
    assert "mtemple:build" in RULES.legal_actions(s, 0)
    s = do(s, "mtemple:build")
    m = s.players[0]
    assert m.coins == 2 and m.res[WOOD] == 0 and m.res[GEM] == 0 and m.cocoa == 0
    assert s.maya.stage[BUILD] == 1 and s.maya.temple[BUILD] == ""
    assert s.chance == (("mtemple", BUILD),)
    s = RULES.apply(s, ChanceStep(("t2-1",)))
    assert s.maya.temple[BUILD] == "t2-1" and "t2-1" not in s.maya.piles[0]


def test_only_one_temple_per_die_and_only_next_to_the_last_building() -> None:
    s = _game()
    m = s.players[0]
    m.res, m.cocoa, m.coins = (1, 1, 1, 1, m.res[GOLD]), 2, 9
    s.white = (1, 0, 0, 0, 0, 0)
    s = do(s, "mwhite:1-1", "mwalk:stop")  # 1.1 on road 1 touches one region only
    options = [a for a in RULES.legal_actions(s, 0) if a != "mtemple:skip"]
    assert all(a == "mtemple:trade" for a in options)


def test_alex_priest_on_a_building_gains_a_wood() -> None:
    """KO: Alex puts a priest token on a building and gets one wood."""
    s = _game()
    assert s.maya is not None
    s.maya = replace(s.maya, priests=1, priests_owned=1)
    m = s.players[0]
    m.res = (0, *m.res[1:])
    s = do(s, "mpriest:1.1")  # synthetic: 1.1 produces a wood
    assert s.players[0].res[WOOD] == 1 and ("1.1", maya.PRIEST) in s.maya.on
    assert s.maya.priests == 0


def test_maya_temple_example_2_stages_times_4_brown_cards_is_8() -> None:
    """KO: the brown temple is at stage 2 and 4 brown cards were played: 2 x 4 = 8 points."""
    s = _game()
    assert s.maya is not None
    played, stage = [0] * 5, [0] * 5
    played[BUILD], stage[BUILD] = 4, 2
    s.maya = replace(s.maya, played=tuple(played), stage=tuple(stage))
    m = s.players[0]
    m.res = (*m.res[:GOLD], 0)
    assert maya.temple_points(s.maya, m) == 8
    vp = m.vp
    s = do(s, "rest:1")  # temples are scored at once on leaving the year
    assert s.players[0].vp == vp + 8


def test_gold_temple_scores_stages_times_gold() -> None:
    s = _game()
    assert s.maya is not None
    stage = [0] * 5
    stage[GOLD_R] = 2
    s.maya = replace(s.maya, stage=tuple(stage))
    m = s.players[0]
    m.res = (*m.res[:GOLD], 3)
    assert maya.temple_points(s.maya, m) == 6


def test_gold_protection_example() -> None:
    """KO: the Maya passes the first gold symbol and takes a gold from the supply; red passes it
    later and gets none; red passes the second gold symbol first and takes the Maya's gold."""
    s = _game()
    m, red = s.players
    first, second = sorted(s.cat.gold_spaces)[:2]
    m.res = (*m.res[:GOLD], 0)
    m.conq = first - 1
    conquer(s, 0)
    assert m.res[GOLD] == 1
    red.conq = first - 1
    red.res = (0, 0, 0, 0, 0)
    conquer(s, 1)
    assert s.players[1].res[GOLD] == 0
    s.players[1].conq = second - 1
    conquer(s, 1)
    assert s.players[1].res[GOLD] == 1 and s.players[0].res[GOLD] == 0


def test_colonist_gold_from_other_sources_comes_from_the_maya_storage() -> None:
    from domain.santa_maria.engine import give

    s = _game()
    s.players[0].res = (*s.players[0].res[:GOLD], 2)
    give(s, 1, s.players[1], one(GOLD))
    assert s.players[0].res[GOLD] == 1 and s.players[1].res[GOLD] == 1


def test_technology_card_with_a_die_of_its_value() -> None:
    s = _game()
    assert s.maya is not None
    card, value = next(
        (c, a[1])
        for c, acts in s.cat.expansion.maya.cards.items()  # type: ignore[union-attr]
        for a in acts
        if a[0] == "technology" and a[2] == "conq"
    )
    s.maya = replace(s.maya, hand=(card,))
    s.white = tuple(1 if f == value else 0 for f in range(1, 7))
    s.players[0].coins = 0
    s = do(s, f"mwhite:{value}-{value}")
    assert f"mtech:{card}" in RULES.legal_actions(s, 0)
    s = do(s, f"mtech:{card}")
    assert s.players[0].conq == 1 and s.maya.hand == ()
    assert s.maya.played[MAYA_REGIONS.index("technology")] == 1


def test_trade_card_gives_a_coin_then_trades_with_the_supply() -> None:
    s = _game()
    assert s.maya is not None
    card = next(
        c
        for c, acts in s.cat.expansion.maya.cards.items()  # type: ignore[union-attr]
        if acts[0][0] == "trade"
    )
    s.maya = replace(s.maya, hand=(card,))
    m = s.players[0]
    m.coins, m.res = 2, (0, 1, 0, 0, m.res[GOLD])
    s = do(s, f"mcard:{card}-1")
    assert s.players[0].coins == 3
    s = do(s, "mtrade:wood")  # 2 coins for a wood
    s = do(s, "mtrade:sell-grain")  # any resource for 1 coin
    s = do(s, "mtrade:done")
    m = s.players[0]
    assert (m.coins, m.res[WOOD], m.res[GRAIN]) == (2, 1, 0)
    assert s.maya.played[MAYA_REGIONS.index("trade")] == 1


def test_build_card_puts_a_building_token_on_a_site() -> None:
    s = _game()
    assert s.maya is not None
    mdef = s.cat.expansion.maya  # type: ignore[union-attr]
    card = next(c for c, acts in mdef.cards.items() if ("build", "wood") in acts)
    i = [a[0] for a in mdef.cards[card]].index("build") + 1
    s.maya = replace(s.maya, hand=(card,))
    s = do(s, f"mcard:{card}-{i}", "mbuild:wood:0@1.2")
    assert s.players[0].res[WOOD] == 0 and ("1.2", "wood:0") in s.maya.tokens
    assert maya.is_empty_building(s, "1.2")


def test_build_card_takes_any_building_token_of_the_type() -> None:
    """KO: the building tokens lie in the supply sorted by type; "해당 유형의 건물 하나를 가져와"
    - the Maya player takes any one of the type paid for (wood: wooden, grain: straw)."""
    s = _game()
    assert s.maya is not None
    mdef = s.cat.expansion.maya  # type: ignore[union-attr]
    card = next(c for c, acts in mdef.cards.items() if ("build", "grain") in acts)
    i = [a[0] for a in mdef.cards[card]].index("build") + 1
    s.maya = replace(s.maya, hand=(card,))
    s = do(s, f"mcard:{card}-{i}")
    legal = RULES.legal_actions(s, 0)
    straw = len(mdef.tokens["straw"])
    assert {a.split("@")[0] for a in legal} == {f"mbuild:straw:{k}" for k in range(straw)}
    last = f"straw:{straw - 1}"
    s = do(s, f"mbuild:{last}@1.2")
    assert ("1.2", last) in s.maya.tokens
    assert maya.building_effects(s, "1.2") == mdef.tokens["straw"][straw - 1]
    assert f"straw:{straw - 1}" not in {f"straw:{k}" for k in maya.tokens_left(s, "straw")}


def test_maya_rest_spaces_4_and_5() -> None:
    s = _game()
    m = s.players[0]
    m.res = (1, 1, 0, 0, m.res[GOLD])
    s = do(s, "rest:4")
    assert set(RULES.legal_actions(s, 0)) == {"mfill:sugar", "mfill:gem", "mfill:cocoa"}
    assert do(s, "mfill:gem").players[0].res[GEM] == 1
    s2 = _game()
    s2 = do(s2, "rest:5")
    assert any(a.startswith("mtemple") for a in RULES.legal_actions(s2, 0)) or not s2.tasks


def test_year_end_three_cards_gold_per_player_dice_leave_the_city() -> None:
    from domain.santa_maria.engine import year_end

    s = _game(3)
    assert s.maya is not None
    s.maya = replace(s.maya, on=(("1.1", 1),), priests=0, priests_owned=1)
    gold = s.players[0].res[GOLD]
    white = sum(s.white)
    s.rest_spaces = (0, 1, 2, -1, -1)
    year_end(s)
    assert s.maya.on == () and s.maya.priests == 1
    assert ("mdraw", 3, ()) in s.chance and sum(s.white) == white + 1
    assert s.players[0].res[GOLD] == gold + 3


def test_solo_maya_one_gold_a_year_and_the_trees() -> None:
    s = _game(1)
    assert s.players[0].res[GOLD] == 1 and s.n == 1


def test_five_players_score_the_conquistadors_as_four() -> None:
    s = private(started(5))
    assert s.maya is not None and "C" in s.modules
    for i, p in enumerate(s.players):
        p.conq = 5 - i
    awarded = score_conquistadors(s)
    assert list(awarded.values()) == list(s.cat.conq_scoring[4][s.year])
    assert 3 not in awarded and 4 not in awarded  # the two behind score nothing


def test_another_players_ambassador_die_lets_the_maya_walk_that_road() -> None:
    s = _game(2, modules="C,D")
    s.actor = 1
    s.amb = (1, 0)
    colonist = s.players[1]
    colonist.board = tuple(
        s.cat.boards["A1"][c] if c != 0 else None for c in range(36)
    )  # any colony with a building in column 1
    s.forget_legal()
    legal = [a for a in RULES.legal_actions(s, 1) if a.startswith("ambwhite:1-")]
    assert legal
    s = do(s, legal[0])
    while s.actor == 1 and s.tasks:
        s = do(s, RULES.legal_actions(s, 1)[0])
    target = int(legal[0].split("-")[1].split(":")[0])
    assert s.actor == 0 and s.tasks and s.tasks[0][0] in ("mtech", "mwalk", "mtemple", "gain")
    while s.tasks:
        s = do(s, RULES.legal_actions(s, 0)[-1])
    assert s.maya is not None and not s.maya.on  # no die put down on the city
    assert s.players[0].white_used == 0 and 1 <= target <= 6


def test_expansion_game_with_every_module_replays_without_any_pack(monkeypatch: Any) -> None:
    import json
    import random

    from domain.core.play import play, replay
    from domain.core.protocol import Setup
    from domain.santa_maria import packs

    setup = RULES.prepare(["M", "A", "B", "C", "D"], {"modules": "A,B,C,D"})
    bots = [RULES.bot("heuristic", i) for i in range(5)]
    steps, final = play(RULES, setup, bots, random.Random(9))

    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the pack was read during replay")

    monkeypatch.setattr(packs, "load", forbidden)
    monkeypatch.setattr(packs, "data", forbidden)
    monkeypatch.setattr(packs, "catalog", forbidden)
    stored = Setup.from_json(json.loads(json.dumps(setup.to_json())))
    assert replay(RULES, stored, steps) == final
    assert final.over and len(RULES.scores(final).seats) == 5


def test_published_pack_with_the_maya_lists_what_is_missing() -> None:
    import pytest

    from domain.core.errors import MissingComponents

    with pytest.raises(MissingComponents) as err:
        RULES.prepare(["M", "A"], {"pack": "published", "maya": "true"})
    assert any("expansion.maya" in m or "expansion." in m for m in err.value.missing)


def test_conflicting_options_are_refused() -> None:
    import pytest

    from domain.core.errors import SetupError

    for options in (
        {"modules": "A", "expansion": "false"},
        {"maya": "true", "blue_dice": "shared"},
        {"modules": "C", "blue_dice": "shared"},
    ):
        with pytest.raises(SetupError):
            RULES.prepare(["M", "A"], options)
    setup = RULES.prepare(["M", "A"], {"maya": "true", "modules": "A"})
    assert setup.options["modules"] == "A,D" and setup.options["expansion"] == "true"


def test_a_road_token_on_road_2_lets_a_die_go_from_1_to_3() -> None:
    """KO: a road token added on road 2 lets a die move from 1 to 3 (or back)."""
    s = _game()
    assert s.maya is not None
    assert "3.2" not in maya.successors(s, "1.1")
    s.maya = replace(s.maya, roads=("x2",), road_tokens=2)
    assert "3.2" in maya.successors(s, "1.1") and "1.2" in maya.successors(s, "3.1")
    s.maya = replace(s.maya, hand=())
    s.white = (1, 0, 0, 0, 0, 0)
    s = do(s, "mwhite:1-1")
    assert "mwalk:3.2" in RULES.legal_actions(s, 0)


def test_technology_temple_gives_a_road_token_to_place() -> None:
    s = _game()
    assert s.maya is not None
    tech = MAYA_REGIONS.index("technology")
    temple = list(s.maya.temple)
    temple[tech] = "t1-5"  # synthetic: gem + sugar
    s.maya = replace(s.maya, temple=tuple(temple), hand=())
    m = s.players[0]
    m.res = (0, 0, 1, 1, m.res[GOLD])
    s = do(s, "rest:5")  # the fifth rest space: complete any temple
    s = do(s, "mtemple:technology")
    s = RULES.apply(s, ChanceStep(("t2-2",)))  # the next, smaller tile
    assert set(RULES.legal_actions(s, 0)) == {"mroad:x2", "mroad:x3", "mroad:x5"}
    s = do(s, "mroad:x3")
    assert s.maya.roads == ("x3",) and s.maya.road_tokens == 2
    assert s.maya.stage[tech] == 1


def test_trade_redraw_puts_the_chosen_cards_under_the_deck_for_a_coin() -> None:
    s = _game()
    assert s.maya is not None
    mdef = s.cat.expansion.maya  # type: ignore[union-attr]
    trade = next(c for c, acts in mdef.cards.items() if acts[0][0] == "trade")
    keep, drop = [c for c in sorted(mdef.cards) if c != trade][:2]
    deck = tuple(c for c in sorted(mdef.cards) if c not in (trade, keep, drop))
    s.maya = replace(s.maya, hand=(trade, keep, drop), deck=deck)
    s.players[0].coins = 1
    s = do(s, f"mcard:{trade}-1", "mtrade:redraw")
    assert s.players[0].coins == 1  # +1 for the trade card, -1 for the redraw
    assert "mdiscard:done" not in RULES.legal_actions(s, 0)
    s = do(s, f"mdiscard:{drop}", "mdiscard:done")
    assert s.chance == (("mdraw", 1, (drop,)),)
    spec = RULES.chance_spec(s)
    assert drop not in spec.pool  # type: ignore[union-attr]
    s = RULES.apply(s, ChanceStep((deck[0],)))
    assert set(s.maya.hand) == {keep, deck[0]} and drop in s.maya.deck


def test_redraw_with_a_short_deck_draws_the_cards_put_under_it() -> None:
    """KO: the cards put away go under the deck, then as many are drawn from its top: with one
    card above them and two put away, the second new card is the first one put under."""
    s = _game()
    assert s.maya is not None
    mdef = s.cat.expansion.maya  # type: ignore[union-attr]
    trade = next(c for c, acts in mdef.cards.items() if acts[0][0] == "trade")
    a, b, last = [c for c in sorted(mdef.cards) if c != trade][:3]
    s.maya = replace(s.maya, hand=(trade, a, b), deck=(last,))
    s.players[0].coins = 1
    s = do(s, f"mcard:{trade}-1", "mtrade:redraw", f"mdiscard:{a}", f"mdiscard:{b}")
    s = do(s, "mdiscard:done")
    assert RULES.chance_spec(s).count == 1  # type: ignore[union-attr]
    s = RULES.apply(s, ChanceStep((last,)))
    assert sorted(s.maya.hand) == sorted((last, a)) and s.maya.deck == (b,)


def _tech_card(s: State) -> tuple[str, int]:
    return next(
        (c, a[1])
        for c, acts in s.cat.expansion.maya.cards.items()  # type: ignore[union-attr]
        for a in acts
        if a[0] == "technology" and a[2] == "conq"
    )


def test_technology_card_may_also_be_played_after_the_activations() -> None:
    """KO: "마야인 플레이어는 주사위로 건물을 활성화시키기 전이나 후에 해당 효과를 처리할 수
    있습니다" - the card's bonus before or after the die activates the buildings."""
    s = _game()
    assert s.maya is not None
    card, value = _tech_card(s)
    s.maya = replace(s.maya, hand=(card,))
    s.white = tuple(1 if f == value else 0 for f in range(1, 7))
    s.players[0].coins = 0
    s = do(s, f"mwhite:{value}-{value}")
    s = do(s, "mtech:skip")  # not before the walk
    while s.tasks[0][0] != "mwalk" or "mwalk:stop" not in RULES.legal_actions(s, 0):
        s = do(s, RULES.legal_actions(s, 0)[0])
    conq = s.players[0].conq
    s = do(s, "mwalk:stop")
    assert set(RULES.legal_actions(s, 0)) == {f"mtech:{card}", "mtech:skip"}
    s = do(s, f"mtech:{card}")
    assert s.players[0].conq == conq + 1 and s.maya.hand == ()


def test_only_one_technology_card_per_die() -> None:
    """KO: "활성화시킨 주사위 하나당 기술 카드 1장만" - played before the walk, none after it."""
    s = _game()
    assert s.maya is not None
    card, value = _tech_card(s)
    s.maya = replace(s.maya, hand=(card, card))
    s.white = tuple(1 if f == value else 0 for f in range(1, 7))
    s.players[0].coins = 0
    s = do(s, f"mwhite:{value}-{value}")
    s = do(s, f"mtech:{card}")
    while s.actor == 0 and s.tasks:
        legal = RULES.legal_actions(s, 0)
        assert not any(a.startswith("mtech:") for a in legal)
        s = do(s, "mwalk:stop" if "mwalk:stop" in legal else legal[0])
    assert s.maya.hand == (card,)


def test_no_echo_walk_nor_technology_card_on_a_road_without_empty_buildings() -> None:
    """KO module C with D: the Maya goes on "마치 자신이 해당 주사위를 가져와서 쓰는 것처럼" (as if
    it had taken the die itself), and "빈 건물이 없다면 주사위를 가져갈 수 없습니다": a road whose
    buildings are all taken gives it nothing, not even a technology card."""
    s = _game(2, modules="C,D")
    assert s.maya is not None
    card, value = _tech_card(s)
    mdef = s.cat.expansion.maya  # type: ignore[union-attr]
    s.maya = replace(s.maya, hand=(card,), on=tuple((spot, 1) for spot in mdef.nodes))
    assert not maya.reaches_empty(s, f"{value}.1")
    assert maya.echo_tasks(s, value) == ()
    s.maya = replace(s.maya, on=())
    assert maya.echo_tasks(s, value)[0] == ("mtech", value)
