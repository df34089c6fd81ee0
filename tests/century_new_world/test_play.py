"""Whole bot games, replay without the pack catalog, the view and the registry."""

from __future__ import annotations

import json
import random

import pytest

from domain.century_new_world import packs, setup
from domain.century_new_world.rules import RULES
from domain.core import registry
from domain.core.errors import SetupError
from domain.core.play import play, replay
from domain.core.protocol import Setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_games_end_and_replay(players: int) -> None:
    s = RULES.prepare([f"P{i}" for i in range(players)], {"board": "E1"})
    steps, state = play(
        RULES, s, [RULES.bot("heuristic", i) for i in range(players)], random.Random(players)
    )
    assert RULES.is_over(state) and RULES.to_move(state) == ()
    assert max(len(p.cards) for p in state.players) >= 8
    assert replay(RULES, s, steps) == state
    view = RULES.view(state, 0)
    json.dumps(view)
    assert view["synthetic"] == packs.SYNTHETIC_LABEL
    assert len(view["players"]) == players
    for seat, row in enumerate(RULES.scores(state).seats):
        assert row.total == view["players"][seat]["score"]


def test_heuristic_beats_random() -> None:
    wins = 0
    for g in range(6):
        s = RULES.prepare(["H", "R"], {})
        bots = [RULES.bot("heuristic", g), RULES.bot("random", g)]
        _, state = play(RULES, s, bots, random.Random(g))
        wins += RULES.scores(state).winners() == (0,)
    assert wins >= 5


def test_a_recorded_game_replays_with_no_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    s = RULES.prepare(["A", "B", "C"], {"board": "F1"})
    steps, state = play(RULES, s, [RULES.bot("random", i) for i in range(3)], random.Random(5))
    stored = json.loads(json.dumps(s.to_json()))

    def gone(*args: object, **kwargs: object) -> None:
        raise AssertionError("the pack catalog was read during replay")

    monkeypatch.setattr(packs, "load", gone)
    monkeypatch.setattr(packs, "read", gone)
    monkeypatch.setattr(setup.packs, "load", gone)
    again = replay(RULES, Setup.from_json(stored), steps)
    assert again == state
    assert RULES.scores(again) == RULES.scores(state)


def test_registry_and_describe() -> None:
    assert registry.get("century-new-world") is RULES
    assert {o.key for o in RULES.options} == {"pack", "board"}
    assert "synthetic = invented" in next(o for o in RULES.options if o.key == "pack").help
    s = RULES.prepare(["Ann", "Bo"], {})
    steps, _ = play(RULES, s, [RULES.bot("random", 1), RULES.bot("random", 2)], random.Random(1))
    state = RULES.initial_state(s)
    sentences = []
    for step in steps[:200]:
        sentences.append(RULES.describe(state, step))
        state = RULES.apply(state, step)
    assert sentences[0].startswith("The point cards are shuffled: ")
    assert "above A1-F1" in sentences[0] and "face-up deck" in sentences[0]
    assert " on " in sentences[2] and sentences[2].startswith("The exploration tiles")
    assert any(x.startswith(("Ann places", "Bo places")) for x in sentences)


def test_a_setup_without_valid_components_is_a_setup_error() -> None:
    good = RULES.prepare(["A", "B"], {})
    with pytest.raises(SetupError, match="no Century: New World components"):
        RULES.initial_state(Setup(good.game, good.players, good.options, None))
    broken = dict(good.components)
    del broken["locations"]
    with pytest.raises(SetupError, match="malformed"):
        RULES.initial_state(Setup(good.game, good.players, good.options, broken))


def test_setups_decoded_apart_share_their_compiled_tables_and_other_components_do_not() -> None:
    """Tables are compiled once per distinct components (`tables._TABLES`): two games of the
    same pack, board and player count, decoded from JSON apart, share them; another board, a
    changed card or a broken copy never gets them."""
    first = Setup.from_json(json.loads(json.dumps(RULES.prepare(["A", "B"], {}).to_json())))
    again = Setup.from_json(json.loads(json.dumps(RULES.prepare(["C", "D"], {}).to_json())))
    assert first.components == again.components and first.components is not again.components
    assert RULES.initial_state(first).t is RULES.initial_state(again).t
    other = RULES.prepare(["A", "B"], {"board": "E1"})
    assert RULES.initial_state(other).t is not RULES.initial_state(first).t
    changed = json.loads(json.dumps(first.components))
    changed["point_cards"][0]["points"] += 1
    cards = RULES.initial_state(Setup(first.game, first.players, first.options, changed)).t.cards
    assert cards[0].points == RULES.initial_state(first).t.cards[0].points + 1
    broken = dict(first.components)
    del broken["locations"]
    for _ in range(2):  # a refused setup is not remembered either
        with pytest.raises(SetupError, match="malformed"):
            RULES.initial_state(Setup(first.game, first.players, first.options, broken))


def test_everything_is_public_so_every_seat_sees_the_same_view() -> None:
    s = RULES.prepare(["A", "B", "C"], {})
    steps, _ = play(RULES, s, [RULES.bot("heuristic", i) for i in range(3)], random.Random(9))
    state = replay(RULES, s, steps[: len(steps) // 2])
    view = RULES.view(state)
    assert view == RULES.view(state, 0) == RULES.view(state, 2)
    placed = {row["id"]: row for row in view["locations"] if row["occupant"] is not None}
    for li, owner in enumerate(state.occ_seat):
        if owner >= 0:
            row = placed[state.t.locations[li].id]
            assert (row["occupant"], row["count"]) == (owner, state.occ_n[li])
    for seat, p in enumerate(view["players"]):
        assert p["available"] + p["reserve"] + p["on_board"] == 12
        assert p["cube_count"] == sum(state.players[seat].cubes)
