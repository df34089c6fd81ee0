"""The board interface: lookup by game name, the generic fallback draws tables, synthetic labels."""

from __future__ import annotations

from dashboard import boards
from dashboard.boards import generic
from domain.core import registry


def test_unknown_game_uses_generic_tables() -> None:
    rules = registry.get("puerto-rico")
    view = {"players": [{"name": "Ann", "vp": 3}, {"name": "Bo", "vp": 5}], "round": 2}
    html = boards.renderer("no-such-game")(view, rules)
    assert boards.renderer("no-such-game") is generic.render
    assert "<td>Ann</td>" in html and "<td>5</td>" in html
    assert "<th>round</th><td>2</td>" in html
    assert "{" not in html.split("</style>")[1]


def test_generic_draws_a_real_puerto_rico_view() -> None:
    rules = registry.get("puerto-rico")
    setup = rules.prepare(["Ann", "Bo", "Cy"], {})
    state = rules.initial_state(setup)
    html = generic.render(rules.view(state), rules)
    assert "Ann" in html and "Cy" in html and "<table" in html


def test_synthetic_label() -> None:
    rules = registry.get("puerto-rico")
    assert boards.synthetic_note(rules, {}) == ""
    assert boards.synthetic_note(rules, {"pack": "synthetic"}) == boards.SYNTHETIC_LABEL
