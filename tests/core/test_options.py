"""`choose_options`: defaults, typed refusals, player-count limits."""

from __future__ import annotations

import pytest

from domain.core.errors import SetupError
from domain.core.options import choose_options
from domain.core.protocol import OptionSpec

SPECS = (
    OptionSpec("pack", ("synthetic", "published"), "synthetic", "components"),
    OptionSpec("chips", ("126", "122"), "126", "VP chips", player_counts=(5,)),
)


def test_defaults_then_overrides() -> None:
    assert choose_options(SPECS, {}) == {"pack": "synthetic", "chips": "126"}
    assert choose_options(SPECS, {"pack": "published"}, players=3)["pack"] == "published"
    assert choose_options(SPECS, {"chips": "122"}, players=5)["chips"] == "122"
    assert choose_options(SPECS, {"chips": "126"}, players=3)["chips"] == "126"  # the default


@pytest.mark.parametrize(
    ("options", "players", "message", "hint"),
    [
        ({"colour": "red"}, None, "unknown option 'colour'", "options: pack, chips"),
        ({"pack": "mine"}, None, "option pack='mine' is not allowed", "synthetic, published"),
        ({"chips": "122"}, 4, "option chips=122 is not for 4 players", "applies to 5 players"),
    ],
)
def test_refusals_say_what_is_allowed(
    options: dict[str, str], players: int | None, message: str, hint: str
) -> None:
    with pytest.raises(SetupError) as caught:
        choose_options(SPECS, options, players=players)
    assert message in caught.value.message and hint in caught.value.hint
