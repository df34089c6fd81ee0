"""The Santa Maria board drawn from a mid-game view: colonies, dice, storage, synthetic label."""

from __future__ import annotations

import random

import pytest

from dashboard import boards
from domain.core import registry
from domain.core.play import play, states


def test_mid_game_board() -> None:
    rules = registry.get("santa-maria")
    setup = rules.prepare(["Anna", "Helge"], {})
    bots = [rules.bot("heuristic", i) for i in range(2)]
    steps, _ = play(rules, setup, bots, random.Random(2))
    mid = list(states(rules, setup, steps))[len(steps) // 2]
    view = rules.view(mid)
    html = boards.render("santa-maria", view, rules)
    assert boards.renderer("santa-maria") is not boards.renderer("no-such-game")
    assert "synthetic components, not the printed game" in html
    assert "Anna" in html and "Helge" in html
    assert html.count("<div class='colony'>") == 2
    assert f"year {view['year']}" in html
    assert "white dice in the labour pool" in html
    assert "town hall" in html  # printed on every synthetic A side
    coins = view["players"][0]["coins"]
    assert f"coins <b>{coins}</b>" in html
    for face, n in enumerate(view["white_dice"], start=1):  # each die drawn as its face
        assert html.count(f"title='white die {face}'") == n
    for p in view["players"]:
        for kind, n in p["resources"].items():
            assert f"{kind} <b>{n}</b>" in html
        assert f"points <b>{p['points']}</b>" in html
    for d, tile in enumerate(view["docks"], start=1):
        assert f"dock {d}</span>" in html and (not tile or tile in html)
    for tile in view["colony_tiles"]:
        assert f"<span class='id'>{tile}" in html
    assert "piety (shaded: monk symbol)" in html and "rest spaces" in html


def test_seat_view_board_hides_other_harbors() -> None:
    """Another player's shipping tiles lie face down: the seat's board shows backs, not ids."""
    rules = registry.get("santa-maria")
    setup = rules.prepare(["Anna", "Helge"], {})
    bots = [rules.bot("heuristic", i) for i in range(2)]
    steps, _ = play(rules, setup, bots, random.Random(2))
    late = list(states(rules, setup, steps))[-2]
    observer = rules.view(late)
    taken = [t for d in observer["players"][1]["ships"] for t in d]
    assert taken  # Helge shipped something by then
    html = boards.render("santa-maria", rules.view(late, 0), rules)
    assert html.count("title='face down'>?</span>") == len(taken)
    assert all(f"<span class='mini'>{t} " not in html for t in taken)
    assert all(
        f"<span class='mini'>{t} " in boards.render("santa-maria", observer, rules) for t in taken
    )


def test_expansion_board_shows_governor_experts_ambassador_and_cocoa() -> None:
    rules = registry.get("santa-maria")
    setup = rules.prepare(["Anna", "Helge"], {"modules": "A,B,C"})
    bots = [rules.bot("heuristic", i) for i in range(2)]
    steps, _ = play(rules, setup, bots, random.Random(3))
    played = list(states(rules, setup, steps))
    mid = next(s for s in played[len(steps) // 3 :] if not s.chance)  # not mid-roll
    view = rules.view(mid)
    html = boards.render("santa-maria", view, rules)
    assert "synthetic components, not the printed game" in html
    exp = view["expansion"]
    assert exp["modules"] == "A,B,C" and len(exp["experts"]) == 6
    assert "governor" in html and html.count("&#9819; governor") == 2
    assert "experts under the die values" in html
    assert "ambassador dice" in html and "extra harbor (special shipping)" in html
    for p in view["players"]:
        assert f"{p['cocoa']} of {p['cocoa_storage']} storage tile(s)" in html
        assert p["governor"] is not None
        assert f"on {p['governor']} (row, column)" in html
    base = rules.view(rules.initial_state(rules.prepare(["A", "B"], {})))
    assert "expansion" not in base and "cocoa" not in base["players"][0]


def test_maya_city_board() -> None:
    rules = registry.get("santa-maria")
    setup = rules.prepare(["Maya", "Anna", "Helge"], {"modules": "C,D"})
    bots = [rules.bot("heuristic", i) for i in range(3)]
    steps, _ = play(rules, setup, bots, random.Random(4))
    played = list(states(rules, setup, steps))
    mid = next(s for s in played[len(steps) // 2 :] if not s.chance)
    view = rules.view(mid)
    html = boards.render("santa-maria", view, rules)
    assert "Maya: the Maya city" in html and html.count("<div class='colony'>") == 2
    for road in range(1, 7):
        assert f"<th>road {road}</th>" in html
    maya = view["maya"]
    assert len(maya["temples"]) == 5 and "gold" in {t["region"] for t in maya["temples"]}
    assert f"temple points if leaving now</span><span>{maya['temple_points']}<" in html
    assert "storage (full / tiles)" in html and "synthetic components" in html
    seat_view = rules.view(mid, 1)
    assert "hand" not in seat_view["maya"] and "hand" in rules.view(mid, 0)["maya"]

    hidden = boards.render("santa-maria", seat_view, rules)
    assert f"{maya['hand_size']} (hidden)" in hidden
    assert not any(str(card) in hidden.split("cards in hand")[1][:80] for card in maya["hand"])
    others = [t for p in seat_view["players"][2:] for d in p["ships"] for t in d]
    assert all(t == "?" for t in others)


def test_maya_trade_proposal_is_shown() -> None:
    from domain.core.protocol import Decision

    rules = registry.get("santa-maria")
    setup = rules.prepare(["Maya", "Anna", "Helge"], {"modules": "D"})
    bots = [rules.bot("random", i) for i in range(3)]
    for seed in range(20):  # a game where the Maya proposes a trade
        steps, _ = play(rules, setup, bots, random.Random(seed))
        played = list(states(rules, setup, steps))
        for s, step in zip(played, steps, strict=False):
            if isinstance(step, Decision) and step.action.startswith("manswer:"):
                view = rules.view(s, 2)
                html = boards.render("santa-maria", view, rules)
                offer = view["maya"]["offer"]
                assert "trade proposal" in html and offer["maya_gives"] in html
                return
    raise AssertionError("no trade proposal in 20 random games")


def test_final_board_shows_the_scores() -> None:
    rules = registry.get("santa-maria")
    setup = rules.prepare(["Anna", "Helge", "Rui"], {})
    bots = [rules.bot("heuristic", i) for i in range(3)]
    steps, _ = play(rules, setup, bots, random.Random(5))
    final = list(states(rules, setup, steps))[-1]
    view = rules.view(final, 1)
    html = boards.render("santa-maria", view, rules)
    assert "Game over" in html and "final scores" in html
    best = max(view["scores"], key=lambda s: s["total"])
    win_row = html.split("<tr class='win'><td>1</td>")[1].split("</tr>")[0]
    assert f"<b>{best['total']}</b>" in win_row
    for score in view["scores"]:
        assert f"<td><b>{score['total']}</b></td>" in html


def test_a_recorded_game_is_drawn_from_its_own_components(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tile shapes and dock costs come with the view, from the game's recorded definitions,
    never from the installed catalog (which a stored game must not depend on)."""
    from domain.santa_maria import packs

    rules = registry.get("santa-maria")
    setup = rules.prepare(["Anna", "Helge"], {})
    steps, _ = play(rules, setup, [rules.bot("random", i) for i in range(2)], random.Random(4))
    mid = list(states(rules, setup, steps))[len(steps) // 3]

    def unavailable(*args: object, **kwargs: object) -> object:
        raise AssertionError("the installed pack was read")

    monkeypatch.setattr(packs, "load", unavailable)
    monkeypatch.setattr(packs, "data", unavailable)
    monkeypatch.setattr(packs, "catalog", unavailable)
    view = rules.view(mid)
    html = boards.render("santa-maria", view, rules, setup)
    assert html.count("class='shape'") >= len(view["colony_tiles"]) > 0
    assert " VP</span>" in html  # a shipping tile drawn with its points


def test_the_board_draws_components_from_the_view_alone() -> None:
    """A tile, ship, dock, mission and track no pack defines are drawn from the view's facts."""
    rules = registry.get("santa-maria")
    setup = rules.prepare(["Anna", "Helge"], {})
    steps, _ = play(rules, setup, [rules.bot("random", i) for i in range(2)], random.Random(4))
    view = rules.view(list(states(rules, setup, steps))[len(steps) // 3])
    view["colony_tiles"] = ["zz-new"]
    view["tile_defs"] = {
        "zz-new": {
            "shape": [[0, 0], [1, 0]],
            "squares": [{"kind": "forest", "effects": ["produce 3gem"]}, {"kind": "road"}],
            "special": False,
        }
    }
    view["docks"] = ["zz-ship", "", "", ""]
    view["ship_defs"] = {"zz-ship": {"cost": "5sugar", "points": 42}}
    view["dock_rewards"] = ["produce 7coin", "piety", "conquistador", "produce 2vp"]
    view["missions"] = ["9gold", "vp", "vp", "vp"]
    view["tracks"] = {
        "piety_length": 21,
        "monk_symbols": [3],
        "conquistador_length": 17,
        "gold_spaces": [5],
    }
    html = boards.render("santa-maria", view, rules)
    assert "grid-row:2;grid-column:1" in html and "produce 3gem" in html
    assert "42 VP" in html and "5sugar" in html and "7coin" in html and "9gold" in html
    assert html.count("<div class='s") >= 21 + 1 + 17 + 1  # both tracks to their new ends
    for key in ("tile_defs", "ship_defs", "dock_rewards", "missions", "tracks"):
        del view[key]  # an older view: bare ids, no crash
    assert "<span class='id'>zz-new</span>" in boards.render("santa-maria", view, rules)


def test_final_board_of_a_maya_game_with_different_score_rows() -> None:
    """The Maya's score breakdown has rows the colonists' lack (and the other way round): the
    table shows every row, a dash where a player has none (it raised KeyError)."""
    rules = registry.get("santa-maria")
    setup = rules.prepare(["P0", "P1", "P2", "P3"], {"expansion": "true", "modules": "A,B,C,D"})
    steps, _ = play(rules, setup, [rules.bot("random", i) for i in range(4)], random.Random(7))
    view = rules.view(list(states(rules, setup, steps))[-1])
    rows = [set(sc["breakdown"]) for sc in view["scores"]]
    assert len({frozenset(r) for r in rows}) > 1
    html = boards.render("santa-maria", view, rules, setup)
    for key in set().union(*rows):
        assert f"<th>{key.replace('_', ' ')}</th>" in html
    assert "<td>—</td>" in html


def test_no_board_imports_engine_internals() -> None:
    """The import-linter contract for boards holds with no exceptions."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (boards_contract,) = [c for c in contracts if c["source_modules"] == ["dashboard.boards"]]
    assert not boards_contract.get("ignore_imports")
    source = (root / "dashboard" / "boards").glob("*.py")
    assert not [p.name for p in source if "domain.santa_maria" in p.read_text(encoding="utf-8")]


def test_the_maya_rested_badge_names_the_mayas_own_rest_action() -> None:
    """The Maya's fourth and fifth rest spaces fill a storage tile and complete a temple; the
    badge said "shipping" / "road tile" (the colonists' actions)."""
    rules = registry.get("santa-maria")
    setup = rules.prepare(["Maya", "Anna", "Helge"], {"modules": "D"})
    bots = [rules.bot("random", i) for i in range(3)]
    for seed in range(30):
        steps, _ = play(rules, setup, bots, random.Random(seed))
        for s in states(rules, setup, steps):
            maya = rules.view(s)["players"][0]
            if maya["rested"] and maya["rest_space"] in (3, 4):
                html = boards.render("santa-maria", rules.view(s), rules)
                badge = html.split("rested on space")[1].split("</span>")[0]
                wanted = ("fill a storage tile", "complete a temple")[maya["rest_space"] - 3]
                assert f"{maya['rest_space'] + 1} ({wanted})" in badge
                return
    raise AssertionError("no Maya rested on space 4 or 5 in 30 random games")


@pytest.mark.parametrize(
    ("lang", "waiting"), [("en", "not rolled yet"), ("ko", "아직 굴리지 않음")]
)
def test_ambassador_dice_not_yet_rolled_are_not_said_taken(lang: str, waiting: str) -> None:
    """Before the ambassador dice were rolled each read 'taken' ('가져감'); once rolled and
    one taken, that one (only) reads taken."""
    from application import i18n

    rules = registry.get("santa-maria")
    setup = rules.prepare(["Anna", "Helge"], {"modules": "C"})
    bots = [rules.bot("heuristic", i) for i in range(2)]
    steps, _ = play(rules, setup, bots, random.Random(3))
    played = list(states(rules, setup, steps))
    i18n.set_language(lang)
    try:
        before = boards.render("santa-maria", rules.view(played[0]), rules)
        taken = i18n._("taken")
        assert before.count(waiting) == 2 and f"<small>{taken}</small>" not in before
        one = next(s for s in played if s.amb.count(0) == 1 and ("amb",) not in s.chance)
        after = boards.render("santa-maria", rules.view(one), rules)
        assert waiting not in after and after.count(f"<small>{taken}</small>") == 1
    finally:
        i18n.set_language(None)
