"""The Puerto Rico board: every part of the view appears, drawn as HTML for people (no JSON)."""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import pytest

from dashboard import boards
from dashboard.boards import puerto_rico
from domain.core import registry
from domain.core.play import play, states
from domain.puerto_rico.components import BUILDINGS

RULES = registry.get("puerto-rico")


def _views(options: dict[str, str], players: int, seed: int) -> list[dict[str, Any]]:
    setup = RULES.prepare([f"P{i}" for i in range(1, players + 1)], options)
    bots = [RULES.bot("random", seed + i) for i in range(players)]
    steps, _ = play(RULES, setup, bots, random.Random(seed))
    every = [RULES.view(s) for s in states(RULES, setup, steps)]
    return [*every[::25], every[-1]]


@pytest.fixture(scope="module")
def nobles_views() -> list[dict[str, Any]]:
    return _views({"buildings": "draft", "nobles": "true"}, 4, 11)


def _count(html: str, pattern: str) -> int:
    return len(re.findall(pattern, html))


def test_puerto_rico_has_its_own_board() -> None:
    assert boards.renderer("puerto-rico") is puerto_rico.render


def test_players_island_city_goods_and_money(nobles_views: list[dict[str, Any]]) -> None:
    for view in nobles_views:
        html = puerto_rico.render(view, RULES)
        assert "{" not in html.split("</style>")[1]
        for p in view["players"]:
            card = html.split(f"data-seat='{p['seat']}'")[1].split("data-seat=")[0]
            assert p["name"] in card
            assert f"Doubloons <b>{p['doubloons']}</b>" in card
            assert f"VP chips <b>{p['vp_chips']}</b>" in card
            assert f"Nobles <b>{p['nobles']}</b>" in card
            island = card.split("class='island'")[1].split("class='city'")[0]
            assert _count(island, r"class='tile t-") == len(p["island"])
            assert _count(island, r"class='tile t-[a-z]+ manned'") == sum(
                t["colonist"] for t in p["island"]
            )
            assert _count(island, "class='tile empty'") == 12 - len(p["island"])
            city = card.split("class='city'")[1]
            assert _count(city, "data-b=") == len(p["city"])
            assert _count(city, "class='dot on'") + _count(city, "class='dot noble'") == sum(
                b["colonists"] for b in p["city"]
            )
            for good, n in p["goods"].items():
                assert f"g-{good}" in card and f"{good} <b>{n}</b>" in card


def test_shared_parts(nobles_views: list[dict[str, Any]]) -> None:
    view = nobles_views[len(nobles_views) // 2]
    html = puerto_rico.render(view, RULES)
    for role in view["roles"]:
        assert f"data-role='{role['role']}'" in html
        if role["doubloons"]:
            assert f"title='doubloons'>{role['doubloons']}</span>" in html
        if role["taken_by"] is not None:
            assert f"taken by {view['players'][role['taken_by']]['name']}" in html
    for ship in view["cargo_ships"]:
        if ship["good"]:
            assert f"{ship['good']} {ship['count']}/{ship['capacity']}" in html
    assert f"<span>Colonist ship</span><b>{view['colonist_ship']} colonists</b>" in html
    assert f"<span>Nobles supply</span><b>{view['noble_supply']}</b>" in html
    assert f"<span>Colonist supply</span><b>{view['colonist_supply']}</b>" in html
    assert f"<span>Quarries left</span><b>{view['quarries_left']}</b>" in html
    face_up = html.split("class='tiles fu'")[1].split("</div>")[0]
    assert _count(face_up, "class='good") == len(view["face_up_plantations"])
    governor = view["players"][view["governor"]]["name"]
    assert f"Governor <b>{governor}</b>" in html
    for b in view["buildings_supply"]:  # a nobles game: every listed building is shown
        assert f"data-b='{b['building']}'" in html


def test_trading_house_and_loaded_ship_in_a_hand_made_view(
    nobles_views: list[dict[str, Any]],
) -> None:
    view = copy.deepcopy(nobles_views[0])
    view["trading_house"] = ["indigo", "coffee"]
    view["cargo_ships"][0] = {"capacity": 5, "good": "corn", "count": 3}
    html = puerto_rico.render(view, RULES)
    house = html.split("Trading house</div>")[1].split("Goods supply")[0]
    assert "g-indigo" in house and "g-coffee" in house
    assert _count(house, "class='cell'") == 2
    ship = html.split("<span class='cap'>5</span>")[1].split("</div>")[0]
    assert _count(ship, "style='background") == 3 and "corn 3/5" in ship


def test_a_played_game_shows_its_forests_and_nobles(nobles_views: list[dict[str, Any]]) -> None:
    view = nobles_views[-1]
    forests = sum(1 for p in view["players"] for t in p["island"] if t["tile"] == "forest")
    nobles = sum(1 for p in view["players"] for b in p["city"] if b["noble"])
    assert forests and nobles  # this seed's random game has both
    html = puerto_rico.render(view, RULES)
    assert _count(html, "class='tile t-forest'") == forests
    assert _count(html, "class='dot noble'") == nobles


def test_forests_nobles_and_expansion_buildings(nobles_views: list[dict[str, Any]]) -> None:
    view = copy.deepcopy(nobles_views[-1])
    p = view["players"][0]
    p["island"] = [t for t in p["island"] if t["tile"] != "forest"][:8] + [
        {"tile": "forest", "label": "forest", "colonist": False} for _ in range(3)
    ]
    statue = next(b for b in BUILDINGS if b.id == "statue")
    p["city"] = [
        {
            "building": "chapel",
            "label": "Chapel",
            "colonists": 1,
            "noble": True,
            "slots": 1,
            "spaces": 1,
            "vp": 1,
        },
        {
            "building": "forest_house",
            "label": "Forest House",
            "colonists": 1,
            "noble": False,
            "slots": 1,
            "spaces": 1,
            "vp": 1,
        },
        {
            "building": "statue",
            "label": "Statue",
            "colonists": 0,
            "noble": False,
            "slots": statue.slots,
            "spaces": statue.spaces,
            "vp": statue.vp,
        },
    ]
    html = puerto_rico.render(view, RULES)
    card = html.split("data-seat='0'")[1].split("data-seat=")[0]
    assert _count(card, "class='tile t-forest'") == 3
    assert "(3 forests)" in card
    chapel = card.split("data-b='chapel'")[1].split("</div>")[0]
    assert "class='dot noble'" in chapel
    statue_html = card.split("data-b='statue'")[1].split("</div>")[0]
    assert "8VP" in statue_html and "dot" not in statue_html
    assert "class='bld large" in card.split("data-b='statue'")[0].rsplit("<div", 1)[1]
    # 2 one-space buildings + the 2-space statue leave 8 empty city spaces
    assert _count(card, "class='bld empty'") == 8


def test_two_player_theme_labels() -> None:
    setup = RULES.prepare(["Ann", "Bo"], {"names": "2p"})
    view = RULES.view(RULES.initial_state(setup))
    html = puerto_rico.render(view, RULES)
    labels = view["labels"]
    assert str(labels["trading_house"]).capitalize() in html
    assert str(labels["colonist_ship"]).capitalize() in html


def test_base_game_supply_has_no_expansion_2_jeweler() -> None:
    setup = RULES.prepare(["Ann", "Bo", "Cy"], {})
    view = RULES.view(RULES.initial_state(setup))
    assert not any(b["building"] == "jeweler" for b in view["buildings_supply"])  # not in it
    html = puerto_rico.render(view, RULES)
    assert "data-b='jeweler'" not in html and "data-b='small_market'" in html


def test_the_board_reads_building_facts_from_the_view_alone(
    nobles_views: list[dict[str, Any]],
) -> None:
    """Colours, kinds and the nobles-only supply filter come from the view JSON (issue 19: the
    board imports no engine table), so a building the board never heard of is drawn right."""
    view = copy.deepcopy(nobles_views[-1])
    city = next(p["city"] for p in view["players"] if any(b["good"] for b in p["city"]))
    made = next(b for b in city if b["good"])
    made.update(building="unheard_of_mill", kind="production_x")
    html = puerto_rico.render(view, RULES)
    drawn = re.search(r"<div class='bld[^']*' data-b='unheard_of_mill'[^>]*>", html)
    assert drawn is not None
    assert "data-kind='production_x'" in drawn.group(0)
    assert f"style='{puerto_rico._coloured(made['good'])}'" in drawn.group(0)
    view["noble_supply"] = None
    view["buildings_supply"][0]["nobles_only"] = True
    hidden = view["buildings_supply"][0]["building"]
    assert f"data-b='{hidden}'" not in puerto_rico._supply(view)
