"""The Century: New World board drawn from a mid-game view."""

from __future__ import annotations

import random

from dashboard import boards
from dashboard.boards import century_new_world
from domain.core import registry
from domain.core.play import play, states


def test_mid_game_board_shows_pieces_settlers_cubes_and_the_label() -> None:
    rules = registry.get("century-new-world")
    setup = rules.prepare(["Ann", "Bo", "Cy"], {"board": "E1"})
    bots = [rules.bot("heuristic", i) for i in range(3)]
    steps, _ = play(rules, setup, bots, random.Random(3))
    mid = list(states(rules, setup, steps))[len(steps) // 2]
    view = rules.view(mid)
    html = boards.render("century-new-world", view, rules)
    assert boards.renderer("century-new-world") is century_new_world.render
    assert boards.SYNTHETIC_LABEL in html
    for piece in ("A1", "B1", "C1", "E1"):
        assert f"<h6>{piece}</h6>" in html
    assert "D1-1" not in html and "E1-3" in html
    assert "Ann" in html and "Bo" in html and "Cy" in html
    occupied = [loc for loc in view["locations"] if loc["occupant"] is not None]
    assert occupied and "class='settler'" in html
    assert html.count("class='cube'") >= sum(p["cube_count"] for p in view["players"])
    for p in view["players"]:
        assert f"<b>{p['score']}</b>" in html
    covered = [loc for loc in view["locations"] if loc["exploration_tile"]]
    assert all(f"tile {loc['exploration_tile']}" in html for loc in covered)


def test_published_label_absent_when_not_synthetic() -> None:
    rules = registry.get("century-new-world")
    setup = rules.prepare(["Ann", "Bo"], {})
    view = dict(rules.view(rules.initial_state(setup)))
    view.pop("synthetic")
    assert boards.SYNTHETIC_LABEL not in century_new_world.render(view, rules)


def test_location_codes_are_drawn_as_cubes_with_a_legend() -> None:
    rules = registry.get("century-new-world")
    view = rules.view(rules.initial_state(rules.prepare(["Ann", "Bo"], {})))
    html = century_new_world.render(view, rules)
    codes = [loc["function"] for loc in view["locations"] if loc["kind"] != "village"]
    assert any(">" in c for c in codes) and any(c.startswith("+") for c in codes)
    for code in codes:  # no location shows its code (e.g. "YYY>RG x3")
        assert f">{code}<" not in html and f"{code}<" not in html
    trade = century_new_world.function_html("YYY>RG x3")
    assert trade.count("class='cube'") == 5 and "→" in trade and "×3" in trade
    assert "title='corn'" in trade and "YYY" not in trade
    gain = century_new_world.function_html("+YR")
    assert gain.count("class='cube'") == 2 and "YR" not in gain
    assert "×2" in century_new_world.function_html("upgrade x2")
    legend = boards.legend("century-new-world")
    for name in ("corn", "meat", "tobacco", "fur", "trade", "upgrade", "2 or 3 players"):
        assert name in legend
    assert boards.legend("puerto-rico") == ""
    assert century_new_world.benefit_html("cubes:YR").count("class='cube'") == 2
    assert century_new_world.benefit_html("settlers:2") == "+2 settlers"
    assert century_new_world.benefit_html("explore") == "explore"


def test_cube_pictures_follow_the_display_language_when_it_changes() -> None:
    """The board remembers its cube and function pictures per language (a replay draws the
    same ones thousands of times): a change of language must not show the other one's names."""
    from application import i18n

    try:
        i18n.set_language("en")
        english = century_new_world.function_html("YYY>RG x3")
        assert "title='corn'" in english
        i18n.set_language("ko")
        korean = century_new_world.function_html("YYY>RG x3")
        assert "title='옥수수'" in korean and "corn" not in korean
        assert "title='옥수수'" in century_new_world.cubes_html({"Y": 1})
        i18n.set_language("en")
        assert century_new_world.function_html("YYY>RG x3") == english
        assert century_new_world.cube_name("G") == "tobacco"
    finally:
        i18n.set_language(None)
