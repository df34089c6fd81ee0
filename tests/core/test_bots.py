"""`make_bot`: the uniform random bot, the game's heuristic, or a typed refusal."""

from __future__ import annotations

import pytest

from domain.core import registry
from domain.core.bots import RandomBot
from domain.core.errors import SetupError


@pytest.mark.parametrize("game", registry.names())
def test_every_game_offers_both_bots_and_refuses_others(game: str) -> None:
    rules = registry.get(game)
    assert isinstance(rules.bot("random", 1), RandomBot)
    heuristic = rules.bot("heuristic", 1)
    assert not isinstance(heuristic, RandomBot) and hasattr(heuristic, "choose")
    with pytest.raises(SetupError) as caught:
        rules.bot("clever", 1)
    assert "unknown bot kind 'clever'" in caught.value.message
    assert caught.value.hint == "bots: random, heuristic"
