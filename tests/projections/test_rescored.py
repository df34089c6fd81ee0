"""`GameStats.rescored`: the steps a game's module says cannot change a score change none, and
the facts read only at the other steps are those a full look at every step finds (Mundus Novus:
doubloons, the trade master, the game's end); a rebuild writes the same rows with and without
the hook."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from application.service import NovusApp
from domain.core.play import next_step
from domain.core.protocol import Decision, Step
from domain.core.registry import get as rules_of
from domain.mundus_novus.development import income
from domain.mundus_novus.state import CHOOSE_MASTER, OFFER, State
from projections import fold, runner
from projections import games as game_stats
from projections.games import mundus_novus as mn
from tests.projections.conftest import dump


def full_facts(before: State, step: Step, after: State) -> list[Any]:
    """Mundus Novus's facts with every seat's doubloons, the trade master and the game's end
    looked at after every step (what `mundus_novus.facts` did before `rescored`)."""
    found: list[Any]
    if isinstance(step, Decision):
        verb, _, rest = step.action.partition(":")
        found = mn._decision(before, step.seat, verb, rest, after)
        if before.phase == OFFER and after.phase not in (OFFER, CHOOSE_MASTER):
            kept = after.master == before.master
            found.append((after.master, "master", "kept" if kept else "won", 1))
    else:  # the round's event and Pirates (what chance steps give)
        verb, found = "other", list(mn.facts(rules_of(mn.GAME), before, step, after))
    for seat, (b, a) in enumerate(zip(before.seats, after.seats, strict=True)):
        delta = a.doubloons - b.doubloons
        if not delta:
            continue
        if verb == "end":
            paid = income(before, seat) if seat == getattr(step, "seat", -1) else 0
            found += [(seat, "doubloons", "income", paid)] if paid else []
            found += [(seat, "doubloons", "shipyards", delta - paid)] if delta - paid else []
        else:
            found.append((seat, "doubloons", "orellana" if verb == "take" else verb, delta))
    if after.over and not before.over:
        found.extend((-1, "end", reason, 1) for reason in after.end_reason.split("; "))
    return found


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(0, 10**6),
    bot=st.sampled_from(["random", "heuristic"]),
)
def test_mundus_novus_steps_not_rescored_change_no_score(players: int, seed: int, bot: str) -> None:
    rules = rules_of(mn.GAME)
    setup = rules.prepare([f"P{i}" for i in range(players)], {})
    bots = [rules.bot(bot, seed * 10 + i) for i in range(players)]
    rng = random.Random(seed)
    state = rules.initial_state(setup)
    skipped = 0
    while not rules.is_over(state):
        step = next_step(rules, state, bots, rng)
        after = rules.apply(state, step)
        if not mn.rescored(step):
            skipped += 1
            for seat in range(players):
                assert mn.seat_points(after, seat) == mn.seat_points(state, seat), step
        assert list(mn.facts(rules, state, step, after)) == full_facts(state, step, after), step
        state = after
    assert skipped  # most steps are skipped (picks, offers, draws)


def test_rescored_changes_no_row(
    tmp_path: Path, make_app: Callable[..., NovusApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every game whose module gives `rescored`: the same tables as when every step is
    rescored."""
    app = make_app()
    app.simulate("mundus-novus", 4, {}, seed=3, bot="heuristic")
    app.simulate("mundus-novus", 2, {}, seed=4, bot="random")
    app.simulate("mundus-novus", 5, {}, seed=5, bot="heuristic")
    hooked = [stats.game for stats in game_stats.known() if stats.rescored]
    assert "mundus-novus" in hooked
    runner.catch_up(app, folder=tmp_path / "hooked", batch_size=333)

    real = game_stats.get

    def without(name: str) -> Any:
        found = real(name)
        return dataclasses.replace(found, rescored=None) if found is not None else None

    monkeypatch.setattr(fold.game_stats, "get", without)
    runner.catch_up(app, folder=tmp_path / "plain", batch_size=333)
    hooked_rows = dump(tmp_path / "hooked" / "views.duckdb")
    assert hooked_rows["score_timeline"]
    assert hooked_rows == dump(tmp_path / "plain" / "views.duckdb")
