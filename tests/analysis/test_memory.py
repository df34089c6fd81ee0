"""Determinization remembers the public history: a card every seat saw go into a hidden place
stays there in every resampled state; what the memory claims is always true; the Santa Maria
Maya hand (module D) is dealt again for every seat but the Maya player."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from analysis.hidden import determinizer
from analysis.memory import memories
from domain.core import registry
from domain.core.play import play


@cache
def _history(name: str, seed: int, options: tuple[tuple[str, str], ...] = ()) -> list[Any]:
    rules = registry.get(name)
    setup = rules.prepare(["p0", "p1", "p2"], dict(options))
    bots = [rules.bot("heuristic", seed * 10 + i) for i in range(3)]
    steps, _ = play(rules, setup, bots, random.Random(seed))
    return list(memories(rules, setup, steps))


def _opponent_tiles(state: Any, viewer: int) -> dict[str, tuple[int, int]]:
    return {
        tile: (seat, d)
        for seat, p in enumerate(state.players)
        if seat != viewer
        for d, dock in enumerate(p.ships)
        for tile in dock
    }


def test_santa_maria_tiles_seen_taken_stay_in_their_dock() -> None:
    deal = determinizer("santa-maria")
    history = _history("santa-maria", 3)
    checked = moved_without = 0
    for state, seen in history[40::25]:
        if state.over:
            continue
        where = _opponent_tiles(state, 0)
        known = {t: at for t, at in where.items() if t in seen}
        assert known == where, "every tile in a harbor was taken from the face-up docks"
        for k in range(4):
            dealt = _opponent_tiles(deal(state, 0, random.Random(k), seen), 0)
            assert all(dealt.get(t) == at for t, at in known.items())
            checked += len(known)
            forgetful = _opponent_tiles(deal(state, 0, random.Random(k), None), 0)
            moved_without += any(forgetful.get(t) != at for t, at in known.items())
    assert checked > 20
    assert moved_without, "without the memory the known tiles are dealt anywhere"


def test_mundus_novus_memory_is_true_and_kept_in_every_resampled_hand() -> None:
    deal = determinizer("mundus-novus")
    shown = 0
    for seed in (1, 2):
        for j, (state, known) in enumerate(_history("mundus-novus", seed)):
            for seat, row in enumerate(known):
                hand = state.seats[seat].hand
                assert all(k <= n for k, n in zip(row, hand, strict=True)), (seed, j, seat)
            if state.over or j % 7:
                continue
            for viewer in range(3):
                for k in range(2):
                    dealt = deal(state, viewer, random.Random(k), known)
                    for seat, row in enumerate(known):
                        hand = dealt.seats[seat].hand
                        assert sum(hand) == sum(state.seats[seat].hand)
                        assert all(c <= n for c, n in zip(row, hand, strict=True))
                        shown += sum(row) if seat != viewer else 0
    assert shown > 50, "cards picked, drawn from offers or given are remembered"


def test_maya_hand_is_dealt_again_except_for_the_maya_player() -> None:
    rules = registry.get("santa-maria")
    deal = determinizer("santa-maria")
    history = _history("santa-maria", 1, (("maya", "true"),))
    state, seen = next((s, m) for s, m in history[150:] if len(s.maya.hand) >= 2)
    assert rules.view(state, 1)["maya"].get("hand") is None, "seat 1 sees only the hand size"
    hands = set()
    for k in range(12):
        dealt = deal(state, 1, random.Random(k), seen)
        m = dealt.maya
        assert len(m.hand) == len(state.maya.hand)
        assert sorted(m.hand + m.deck) == sorted(state.maya.hand + state.maya.deck)
        hands.add(tuple(sorted(m.hand)))
        assert deal(state, 0, random.Random(k), seen).maya == state.maya
    assert len(hands) > 1
    # Only the hidden hand changed (one card swapped with the deck): seat 1 cannot tell.
    card = state.maya.hand[0]
    other = next(c for c in state.maya.deck if c not in state.maya.hand)
    changed = state.clone()
    from dataclasses import replace

    hand = list(state.maya.hand)
    hand[0] = other
    deck = sorted([*(c for c in state.maya.deck if c != other), card])
    changed.maya = replace(state.maya, hand=tuple(hand), deck=tuple(deck))
    assert rules.view(changed, 1) == rules.view(state, 1)
    for k in range(3):
        assert deal(changed, 1, random.Random(k), seen) == deal(state, 1, random.Random(k), seen)
