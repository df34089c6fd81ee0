"""Rule tests: scholars' abilities, year end, errors, options, packs and replay without a pack."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.core.chance import resolve
from domain.core.errors import (
    ChanceExpected,
    IllegalAction,
    MissingComponents,
    NotYourTurn,
    SetupError,
)
from domain.core.play import play, replay
from domain.core.protocol import ChanceStep, Decision
from domain.santa_maria import engine, packs
from domain.santa_maria.components import GRAIN, WOOD
from domain.santa_maria.rules import RULES
from tests.santa_maria.builders import board, building, cell, do, private, road, started


def test_taxation_one_coin_per_two_colonists_in_the_line() -> None:
    s = private(started(2))
    p = s.players[0]
    p.scholars = ("taxation",)
    p.board = board(
        {cell(1, 1): building("produce:wood"), cell(2, 1): road(2), cell(3, 1): road(3)}
    )
    p.coins, p.res = 0, (0, 0, 0, 0, 0)
    s.white = (1, 0, 0, 0, 0, 0)
    assert do(s, "white:1-1").players[0].coins == 2  # 5 colonists -> 2 coins


def test_botany_pays_a_wood_to_set_any_value() -> None:
    s = private(started(2))
    p = s.players[0]
    p.scholars = ("botany",)
    p.board = board({cell(1, 6): building("produce:grain")})
    p.coins, p.res = 0, (1, 0, 0, 0, 0)
    s.white = (1, 0, 0, 0, 0, 0)
    assert "white:1-6" not in RULES.legal_actions(s, 0)
    q = do(s, "white:1-6:wood").players[0]
    assert q.res[WOOD] == 0 and q.res[GRAIN] == 1 and q.coins == 0


def test_philosophy_blue_die_activates_a_column() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(4, 2): building("produce:wood")})
    p.blue = (2,)
    assert "bluecol:2-2" not in RULES.legal_actions(s, 0)
    p.scholars = ("philosophy",)
    s.forget_legal()
    text = RULES.describe(s, Decision(0, "bluecol:2-2"))
    assert text == "P1 takes a blue die 2 and activates column 2 (philosophy)"
    q = do(s, "bluecol:2-2").players[0]
    assert q.dice_on[cell(4, 2)] == 2


def test_architecture_chooses_where_the_die_goes() -> None:
    s = private(started(2))
    p = s.players[0]
    p.scholars = ("architecture",)
    p.board = board({cell(1, 1): building("produce:wood"), cell(1, 3): building("produce:wood")})
    p.blue = (1,)
    s = do(s, "blue:1-1")
    assert RULES.legal_actions(s, 0)[:2] == ("die:1,1", "die:1,3")
    assert do(s, "die:1,1").players[0].dice_on[cell(1, 1)] == 2


def test_industrialization_trades_twice() -> None:
    s = private(started(2))
    p = s.players[0]
    p.scholars = ("industrialization",)
    p.board = board({cell(1, 1): building("trade:wood/gem>3coin")})
    p.res, p.coins = (1, 0, 0, 1, 0), 1
    q = do(s, "coin:1,1", "trade:1", "trade:2").players[0]
    assert q.coins == 6 and q.res[:4] == (0, 0, 0, 0)


def test_basic_and_advanced_economics_prices() -> None:
    s = private(started(2))
    p = s.players[0]
    p.scholars = ("basic_economics", "advanced_economics")
    p.coins, p.res = 5, (0, 0, 0, 0, 0)
    s = do(s, "buy:wood", "buy:sugar")
    assert s.players[0].coins == 0 and s.players[0].res[:3] == (1, 0, 1)


def test_mathematics_takes_back_coins_on_rest() -> None:
    s = private(started(2))
    p = s.players[0]
    p.scholars = ("mathematics",)
    p.board = board({cell(1, 1): building("produce:wood")})
    p.coins = 1
    s = do(s, "coin:1,1", "rest:1")  # seat 1 rests
    s = do(s, "rest:3", "math:1,1")
    assert s.players[0].coins == 1 + 0 - 1 + 1


def test_astronomy_moves_the_new_ship_for_a_coin_a_step() -> None:
    s = private(started(2))
    p = s.players[0]
    p.scholars = ("astronomy",)
    p.board = board({cell(1, 1): building("ship")})
    s.docks = ("s-01", "s0-2", "s0-3", "s0-4")
    p.res, p.coins = (3, 3, 3, 3, 0), 4
    s = do(s, "coin:1,1", "ship:1")
    s = RULES.apply(s, ChanceStep((s.ship_left[0],)))
    s = do(s, "astro:3")
    q = s.players[0]
    assert q.ships[2] == ("s-01",) and q.coins == 4 - 1 - 2


def test_logistics_moves_a_die_along_a_road() -> None:
    s = private(started(2))
    p = s.players[0]
    p.scholars = ("logistics",)
    p.board = board(
        {
            cell(1, 1): building("produce:wood"),
            cell(1, 2): road(),
            cell(1, 3): building("produce:grain"),
        }
    )
    p.dice_on = tuple(1 if c == cell(1, 1) else 0 for c in range(36))
    p.coins = 1
    q = do(s, "move:1,1>1,3").players[0]
    assert q.dice_on[cell(1, 3)] == 1 and q.dice_on[cell(1, 1)] == 0 and q.coins == 0


def test_year_end_returns_dice_and_coins_and_rerolls() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(1, 1): building("produce:wood")})
    s = do(s, "coin:1,1", "rest:1", "rest:3")
    assert [c[0] for c in s.chance] == ["col2", "col3", "white", "blue"]
    assert s.players[0].coins_on == (0,) * 36 and s.players[0].coin_acts == 0
    assert sum(s.white) == 6


def test_errors_are_typed() -> None:
    s = started(2)
    with pytest.raises(IllegalAction) as info:
        RULES.apply(s, Decision(0, "coin:9,9"))
    assert "rest:1" in info.value.legal
    with pytest.raises(NotYourTurn):
        RULES.apply(s, Decision(1, "rest:1"))
    with pytest.raises(ChanceExpected):
        RULES.apply(s, ChanceStep((1,)))
    with pytest.raises(ChanceExpected):
        RULES.chance_spec(s)


def test_options_and_packs() -> None:
    with pytest.raises(MissingComponents) as info:
        RULES.prepare(["A", "B"], {"pack": "published"})
    assert any("colony_tiles" in m for m in info.value.missing)
    assert any("scholars.logistics" in m for m in info.value.missing)
    with pytest.raises(SetupError):
        RULES.prepare(["A", "B"], {"side": "C"})
    with pytest.raises(SetupError):
        RULES.prepare(["A", "B"], {"setup": "advanced", "side": "A"})
    with pytest.raises(SetupError):
        RULES.prepare(["A"] * 6, {})
    with pytest.raises(SetupError):  # 5 players only as 4 colonists + the Maya with module C
        RULES.prepare(["A"] * 5, {"maya": "false"})
    with pytest.raises(SetupError):
        RULES.prepare(["A"] * 5, {"modules": "A,D"})
    five = RULES.prepare(["A"] * 5, {})
    assert five.options["maya"] == "true" and five.options["modules"] == "C,D"
    solo = RULES.prepare(["A"], {})
    assert solo.options["setup"] == "advanced" and solo.options["side"] == "B"
    assert {o.key for o in RULES.options} == {
        "pack",
        "side",
        "setup",
        "boards",
        "blue_dice",
        "expansion",
        "modules",
        "maya",
    }


def test_check_pack() -> None:
    assert packs.check_pack("synthetic") == []
    assert packs.data("synthetic")["label"] == "synthetic components, not the printed game"
    problems = packs.check_pack("published")
    assert "missing first_rest_space: which rest space carries the start-player symbol" in problems


def test_check_pack_file_with_invalid_rows(tmp_path: Any) -> None:
    data = packs.data("synthetic")
    data["colony_tiles"] = data["colony_tiles"][:-1]
    data["colony_tiles"][0]["squares"][0]["effects"] = ["produce:silver"]
    path = tmp_path / "pack.json"
    import json

    path.write_text(json.dumps(data))
    problems = packs.check_pack(str(path))
    assert any("unknown item 'silver'" in p for p in problems)
    assert any("need 15 + 15" in p for p in problems)


def test_advanced_setup_town_hall_sets_in_reverse_order() -> None:
    s = started(3, {"setup": "advanced"})
    assert s.phase == "halls" and s.actor == 2 and len(s.hall_sets) == 4
    scholar = s.hall_sets[0][1]
    s = do(s, "hall:1")
    s = do(s, RULES.legal_actions(s, 2)[0])
    p = s.players[2]
    assert p.personal == scholar and scholar in p.scholars
    assert sum(1 for sq in p.board if sq is not None and sq.terrain == "town_hall") == 2
    assert s.actor == 1


def test_shared_blue_dice_in_the_pool_limited_by_hired_dice() -> None:
    s = private(started(2, {"blue_dice": "shared"}))
    assert sum(s.blue_pool) == 2 and all(p.blue == () for p in s.players)
    p = s.players[0]
    p.board = board({cell(r, 1): building("produce:wood") for r in range(1, 7)})
    face = next(f + 1 for f in range(6) if s.blue_pool[f])
    s = do(s, f"blue:{face}-{face}", "rest:1")
    assert not any(a.startswith("blue:") for a in RULES.legal_actions(s, 0))


def test_solo_game_reports_feats_and_uses_the_trees() -> None:
    setup = RULES.prepare(["Solo"], {})
    bots = [RULES.bot("heuristic", 1)]
    _, final = play(RULES, setup, bots, random.Random(3))
    view = RULES.view(final)
    assert isinstance(view["feats"], list)
    assert view["solo_goal"]["reached"] == (RULES.scores(final).seats[0].total >= 100)
    assert view["synthetic"] == "synthetic components, not the printed game"


def test_recorded_game_replays_without_any_pack(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = RULES.prepare(["A", "B", "C"], {})
    bots = [RULES.bot("heuristic", i) for i in range(3)]
    steps, final = play(RULES, setup, bots, random.Random(5))

    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the pack was read during replay")

    monkeypatch.setattr(packs, "load", forbidden)
    monkeypatch.setattr(packs, "catalog", forbidden)
    import json

    from domain.core.protocol import Setup

    stored = Setup.from_json(json.loads(json.dumps(setup.to_json())))
    assert replay(RULES, stored, steps) == final


def test_boards_chosen_in_reverse_turn_order() -> None:
    s = started(3, {"boards": "choose"})
    assert s.phase == "boards" and s.actor == 2
    assert RULES.legal_actions(s, 2) == ("board:A1", "board:A2", "board:A3", "board:A4")
    s = do(s, "board:A3")
    assert s.actor == 1 and "board:A3" not in RULES.legal_actions(s, 1)
    s = do(s, "board:A1", "board:A4")
    assert s.phase == "play" and s.actor == 0
    assert [p.board_id for p in s.players] == ["A4", "A1", "A3"]
    assert s.players[2].board == s.cat.boards["A3"]


def test_piety_past_the_end_gives_a_point_a_step() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(1, 1): building("piety")})
    p.piety = s.cat.piety_length
    p.res = (0, 1, 0, 0, 0)
    q = do(s, "coin:1,1", "piety:2").players[0]
    assert q.piety == s.cat.piety_length and q.vp == 2 and q.res[GRAIN] == 0


def test_conquistador_stops_at_the_end_of_the_track() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(1, 1): building("conq", "conq", terrain="city")})
    p.conq = s.cat.conq_length - 1
    q = do(s, "coin:1,1").players[0]
    assert q.conq == s.cat.conq_length


def test_later_marker_lands_on_top_and_ranks_behind() -> None:
    s = private(started(3))
    for seat in (0, 1):
        s.players[seat].board = board({cell(1, 1): building("conq", terrain="city")})
    s = do(s, "coin:1,1", "coin:1,1")  # seat 0 then seat 1 reach space 1
    from domain.santa_maria.tracks import conquistador_order

    assert conquistador_order(s) == [0, 1]  # seat 0 is the lower marker


def test_a_monk_needs_2_coins_for_each_earlier_monk() -> None:
    s = private(started(3))
    p = s.players[0]
    p.board = board({cell(1, 1): building("piety")})
    p.piety, p.coins = 1, 1
    s.monk_spaces = ((1, 2), (), (), (), (), (), (), (), (), ())
    s = do(s, "coin:1,1", "piety:1")  # space 2: the 1st monk symbol (and a blue die)
    s = RULES.apply(s, ChanceStep((5,)))
    legal = RULES.legal_actions(s, 0)
    assert s.players[0].coins == 0
    assert "monk:scholar1" not in legal and "monk:scholar2" in legal


def test_personal_scholar_scores_no_points() -> None:
    s = private(started(2))
    p = s.players[0]
    p.personal = "logistics"
    p.scholars = ("logistics", "taxation")
    from domain.santa_maria.scoring import breakdown

    assert breakdown(s, p)["scholars"] == s.cat.scholar_points["taxation"]


def test_no_colony_tiles_once_the_ten_are_taken() -> None:
    s = private(started(2))
    s.players[0].res = (3, 3, 0, 0, 0)
    s.colony = ()
    assert not any(a.startswith("colony:") for a in RULES.legal_actions(s, 0))


def test_empty_shipping_deck_leaves_the_dock_empty() -> None:
    s = private(started(2))
    p = s.players[0]
    p.board = board({cell(1, 1): building("ship")})
    p.res, p.coins = (3, 3, 3, 3, 0), 1
    s.ship_left = ()
    s = do(s, "coin:1,1", "ship:1")
    assert s.docks[0] == "" and not s.chance
    assert s.actor == 1


def test_taken_shipping_tiles_lie_face_down_for_the_other_players() -> None:
    """KO shipping: the tile goes to the player's harbor "뒷면으로" (face down) and is turned over
    only at the end ("자신의 해운 타일을 뒤집어"): others see how many, not which."""
    s = private(started(2))
    s.players[0].ships = (("s-01",), ("s-02", "s-03"), (), ())
    own = RULES.view(s, 0)["players"][0]["ships"]
    other = RULES.view(s, 1)["players"][0]["ships"]
    observer = RULES.view(s)["players"][0]["ships"]
    assert own == observer == [["s-01"], ["s-02", "s-03"], [], []]
    assert other == [["?"], ["?", "?"], [], []]
    s.over = True
    assert RULES.view(s, 1)["players"][0]["ships"] == own


def test_happiness_tokens_lie_face_down_for_the_other_players() -> None:
    """KO: scoring means taking happiness tokens and keeping them "뒷면으로" (face down) on one's
    colony board: a seat sees its own points, not another's, until the game is over."""
    s = private(started(2))
    s.players[0].vp = 7
    assert RULES.view(s, 0)["players"][0]["points"] == 7
    assert RULES.view(s)["players"][0]["points"] == 7  # the observer sees all
    assert RULES.view(s, 1)["players"][0]["points"] is None
    s.over = True
    assert RULES.view(s, 1)["players"][0]["points"] == 7


def test_blue_die_hired_while_resting_waits_for_the_next_year_shared_pool() -> None:
    """KO rest (piety space): "휴식 단계에서 파란색 주사위를 얻게 되면, 해당 주사위는 다음 해가
    시작되어야 사용할 수 있습니다". With shared blue dice it must not join the pool this year."""
    s = private(started(2, {"blue_dice": "shared"}))
    s.players[0].piety = 1  # the 1st monk symbol (blue die) is on space 2 (synthetic pack)
    pool = s.blue_pool
    s = do(s, "rest:2", "piety:1")  # the piety rest space
    assert s.players[0].blue_owned == 2 and s.blue_pool == pool and s.chance == ()
    assert s.blue_waiting == 1
    s = do(s, "monk:skip", "rest:1")  # the other player rests: the year ends
    assert ("blue",) in s.chance and s.blue_waiting == 0
    while s.chance[0][0] != "blue":
        spec = RULES.chance_spec(s)
        s = RULES.apply(s, ChanceStep(resolve(spec, random.Random(1))))
    assert RULES.chance_spec(s).count == 3  # 1 + 1 hired dice of seat 0, 1 of seat 1


def test_blue_die_hired_during_a_turn_is_rolled_at_once() -> None:
    s = private(started(2))
    p = s.players[0]
    p.piety = 1
    p.board = board({cell(1, 1): building("piety")})
    s = do(s, "coin:1,1", "piety:1")
    assert s.chance == (("blue1", 0),) and s.blue_waiting == 0


def test_chance_steps_that_edit_no_player_share_the_others() -> None:
    """A shipping tile drawn or a blue die rolled copies the actor's player (its tasks run on)
    and the rolled die's owner, and shares the other players with the state before (the
    projection passes shared players over); the year's dice roll copies them all. The states
    are the ones the copy-everything path gives."""
    from domain.santa_maria import setup as setup_mod

    setup = RULES.prepare(["A", "B", "C", "D"], {})
    steps, _ = play(RULES, setup, [RULES.bot("heuristic", i) for i in range(4)], random.Random(3))
    state = RULES.initial_state(setup)
    kinds: set[str] = set()
    for step in steps:
        after = RULES.apply(state, step)
        if isinstance(step, ChanceStep) and state.phase == "play":
            kind = state.chance[0][0]
            shared = {
                i
                for i, (a, b) in enumerate(zip(state.players, after.players, strict=True))
                if a is b
            }
            touched = {state.actor, state.chance[0][1]} if kind == "blue1" else {state.actor}
            if kind in setup_mod.EDITS_NO_PLAYER:
                assert shared == set(range(4)) - touched
                kinds.add(kind)
            else:
                assert not shared
            everything = RULES._private(state)
            setup_mod.resolve(everything, step.outcome)
            engine.run(everything)
            assert everything == after and everything.players == after.players
        state = after
    assert {"ship", "blue1", "col2", "white"} <= kinds


def test_games_of_one_pack_share_its_parsed_catalog() -> None:
    """Setups decoded apart (as the projection reads each game's Started event) with the same
    embedded components get the one catalog parsed; other components get their own."""
    import json

    from domain.core.protocol import Setup
    from domain.santa_maria.rules import catalog_of

    setup = RULES.prepare(["A", "B"], {})

    def decoded() -> Setup:
        return Setup.from_json(json.loads(json.dumps(setup.to_json())))

    first = catalog_of(decoded())
    assert catalog_of(decoded()) is first
    changed = decoded()
    assert changed.components is not None
    changed.components["shipping_tiles"][0]["points"] += 1
    other = catalog_of(changed)
    assert other is not first and other.ships != first.ships
    assert catalog_of(decoded()) is first
