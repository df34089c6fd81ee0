"""A simple heuristic player: keeps pairs and relics, trades away low cards, takes the best
development card its sets reach, then sells the rest as the biggest set of different kinds."""

from __future__ import annotations

import random
from typing import Any

from domain.mundus_novus import cards as K
from domain.mundus_novus.rules import legal
from domain.mundus_novus.state import State

CARD_WORTH = {"personality": 9, "caravel": 6, "merchant": 5, "warehouse": 4, "shipyard": 3}


def usefulness(hand: list[int], kind: int) -> float:
    """How much a card of `kind` is worth to this hand: relics and repeated kinds most."""
    if kind == K.RELIC:
        return 14.0
    return kind + 4.0 * hand[kind]


def _cards_worth(hand: list[int], cards: str) -> float:
    return sum(usefulness(hand, K.parse(t)) for t in cards.split(",")) if cards != "-" else 0.0


class HeuristicBot:
    def __init__(self, rules: Any, seed: int) -> None:
        self.rules = rules
        self.rng = random.Random(seed)

    def choose(self, s: State, seat: int) -> str:
        options = legal(s, seat)
        verb = options[0].partition(":")[0]
        hand = s.seats[seat].hand
        if len(options) == 1:
            return options[0]
        if verb == "coronado":
            return "coronado:kings_help" if s.seats[seat].doubloons >= 20 else "coronado:none"
        if verb == "fleets":
            return "fleets:one"
        if verb == "pick":
            return max(options, key=lambda a: usefulness(hand, K.parse(a[5:])))
        if verb == "declare":
            return "declare:3"
        if verb == "offer":
            size = max(len(a) for a in options)
            full = [a for a in options if len(a) == size]
            return min(full, key=lambda a: (_cards_worth(hand, a[6:]), self.rng.random()))
        if verb == "take":
            return max(options, key=lambda a: (self._gain(hand, a), self.rng.random()))
        if verb == "give":
            return min(options, key=lambda a: usefulness(hand, K.parse(a[5:])))
        if verb == "first":
            return f"first:{seat}"
        if verb == "master":
            return self.rng.choice(list(options))
        return self._develop(s, seat, options)

    @staticmethod
    def _gain(hand: list[int], action: str) -> float:
        parts = action.split(":")
        got = K.parse(parts[3] if len(parts) > 3 else parts[2])
        return usefulness(hand, got)

    def _develop(self, s: State, seat: int, options: tuple[str, ...]) -> str:
        if "complete" in options:
            return "complete"
        best, best_score = "", 0.0
        for a in options:
            if not a.startswith("same:"):
                continue
            _, _kind, nat, rel, pos = a.split(":")
            card = s.dev_deck[0] if pos == "deck" else s.queue[int(pos) - 1]
            worth = CARD_WORTH[s.cards[card].kind] + s.cards[card].income * 2
            score = worth - 2.5 * int(rel) - 1.0 * (int(nat) + int(rel) - 3)
            if pos == "deck":
                score -= 3
            if score > best_score:
                best, best_score = a, score
        if best:
            return best
        diffs = [a for a in options if a.startswith("diff:")]
        if diffs:
            return max(diffs, key=len)
        relics = [a for a in options if a.startswith("relics:")]
        if relics:
            return max(relics, key=lambda a: int(a[7:]))
        ends = [a for a in options if a.startswith("end:")]
        hand = s.seats[seat].hand
        return max(ends, key=lambda a: (_cards_worth(hand, a[4:]), self.rng.random()))
