"""A simple heuristic player: keeps pairs and relics, trades away low cards, swaps with the market
only for a better card (or Orellana's bonus), takes the best development card its sets reach
(using a merchant when that reaches a better one), then sells the rest as the biggest set of
different kinds. It sees only what its seat may see: the development deck's order is hidden, so
Almagro's deck card is valued as the average of the cards not yet in play.

As trade master it starts the development phase itself when it can take a development card,
otherwise it lets the richest other player pick from the row last; it keeps the relics its
warehouses can hold for a later, bigger sale (benchmarks/bench_bots.py against the bot that
always went first and sold every relic: 33.5% of 1,200 3-player games [95% 30.9-36.2] against a
fair 33.3%, 49.2% of 1,200 2-player games [46.4-52.0]; neither significant). As trade master it
declares as many cards as its hand has loose ones (2-4; it always declared 3): 57.7% of 1,600
2-player games [55.3-60.1] and 36.9% of 900 3-player games [33.9-40.1] against the bot before."""

from __future__ import annotations

import random
from typing import Any

from domain.core.protocol import Decision
from domain.mundus_novus import cards as K
from domain.mundus_novus import development as dev
from domain.mundus_novus.rules import legal
from domain.mundus_novus.state import State
from domain.mundus_novus.supply import pirate_losses
from domain.mundus_novus.trade import ORELLANA_BONUS, market_pattern

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
            return min(options, key=lambda a: (self._pirate_losses(s, seat, a), a != "fleets:one"))
        if verb == "pick":
            return max(options, key=lambda a: usefulness(hand, K.parse(a[5:])))
        if verb == "declare":
            return f"declare:{self._declare(hand)}"
        if verb == "offer":
            size = max(len(a) for a in options)
            full = [a for a in options if len(a) == size]
            return min(full, key=lambda a: (_cards_worth(hand, a[6:]), self.rng.random()))
        if verb == "take":
            return max(options, key=lambda a: (self._gain(s, seat, a), self.rng.random()))
        if verb == "give":
            return min(options, key=lambda a: usefulness(hand, K.parse(a[5:])))
        if verb == "first":
            return f"first:{self._first(s, seat)}"
        if verb == "master":
            return self.rng.choice(list(options))
        return self._develop(s, seat, options)

    @staticmethod
    def _declare(hand: list[int]) -> int:
        """How many cards everyone trades (2-4): as many as this hand has loose cards (single
        cards of a kind, no relic), which it offers and would swap for better ones; a hand of
        pairs and relics trades as little as it may, not to give its sets away."""
        loose = sum(1 for k in K.NUMBERED if hand[k] == 1)
        return max(2, min(4, loose))

    @staticmethod
    def _first(s: State, seat: int) -> int:
        """Who starts the development phase: this seat when it can take a development card (it
        picks from the row first); otherwise the seat after the richest other player, so that
        the leader picks last."""
        if dev.same_legal(s, seat, dev.effective(s, seat)):
            return seat
        others = [i for i in range(s.n) if i != seat]
        leader = max(others, key=lambda i: (s.seats[i].doubloons, -i))
        return (leader + 1) % s.n

    @staticmethod
    def _relics_to_sell(s: State, seat: int, held: int) -> int:
        """Relics to sell now: those the warehouses cannot keep for the next round (a relic
        kept is a wild card for a same-kind set, the one a complete set needs, 10 in a trade
        bid, and a bigger sale later: 1 relic 3 doubloons, 2 relics 7, 3 relics 12); all of
        them when the sale reaches the winning doubloons or the game is about to end."""
        if not held:
            return 0
        me = s.seats[seat]
        if me.doubloons + K.RELIC_PAYOUT[held] >= K.WIN_DOUBLOONS or len(s.dev_deck) < 2 * s.n:
            return held
        return max(0, held - dev.capacity(s, seat))

    @staticmethod
    def _pirate_losses(s: State, seat: int, action: str) -> int:
        """Cards Pirates would take from this seat with the fleets of `action`."""
        if action == "fleets:one":
            return pirate_losses(s, seat)
        t = s.clone()
        t.seats[seat].fleets = [part.split(",") for part in action[7:].split("|")]
        return pirate_losses(t, seat)

    @staticmethod
    def _gain(s: State, seat: int, action: str) -> float:
        """What a draw brings: the card kept, or the market card swapped for it (a swap only
        when strictly better: an equal swap is a pointless move), plus Orellana's bonus."""
        hand = s.seats[seat].hand
        parts = action.split(":")
        drawn = K.parse(parts[2])
        if len(parts) == 3:
            return usefulness(hand, drawn)
        got = K.parse(parts[3])
        gain = usefulness(hand, got) - 0.5
        if s.owns(seat, "orellana"):
            market = s.market.copy()
            market[drawn] += 1
            market[got] -= 1
            if market_pattern(market):
                gain += 4.0 * ORELLANA_BONUS
        return gain

    @staticmethod
    def _card_worth(s: State, card: str) -> float:
        c = s.cards[card]
        return CARD_WORTH[c.kind] + c.income * 2

    def _best_same(self, s: State, options: tuple[str, ...]) -> tuple[str, float]:
        """The same-kind set worth playing (its development card against the cards spent)."""
        deck_worth = (
            sum(self._card_worth(s, c) for c in s.dev_deck) / len(s.dev_deck) if s.dev_deck else 0
        )
        best, best_score = "", 0.0
        for a in options:
            if not a.startswith("same:"):
                continue
            _, _kind, nat, rel, pos = a.split(":")
            worth = deck_worth if pos == "deck" else self._card_worth(s, s.queue[int(pos) - 1])
            score = worth - 2.5 * int(rel) - 1.0 * (int(nat) + int(rel) - 3)
            if score > best_score:
                best, best_score = a, score
        return best, best_score

    def _plan(self, s: State, seat: int) -> float:
        """What the rest of the turn is worth if played greedily: the best same-kind set, then
        the biggest set of different kinds that is left."""
        return self._greedy(s, seat)[0]

    @staticmethod
    def _sets(s: State, seat: int) -> tuple[str, ...]:
        """The same-kind and different-kind sets of the development turn, in the order of the
        legal actions (without listing the warehouse choices at the end of the turn, which the
        plans never read: most of a legal listing's time)."""
        same = dev.same_legal(s, seat, dev.effective(s, seat))
        diff = [] if s.diff_done else dev.diff_legal(dev.without_relics(s, seat))
        return (*same, *diff)

    def _greedy(self, s: State, seat: int) -> tuple[float, bool]:
        """`_plan`'s value, and whether that plan leaves a merchant's conversion unused."""
        options = self._sets(s, seat)
        score = 0.0
        best, worth = self._best_same(s, options)
        while best:  # one same-kind set, or several with the King's Help
            score += worth
            s = self.rules.apply_trusted(s, Decision(seat, best))
            options = self._sets(s, seat)
            best, worth = self._best_same(s, options)
        diffs = [a for a in options if a.startswith("diff:")]
        if diffs:
            s = self.rules.apply_trusted(s, Decision(seat, self._biggest(s, seat, diffs)))
        size = max((a.count(",") + 1 for a in diffs), default=0)
        return score + K.DIFF_PAYOUT.get(size, 0) / 2, bool(s.seats[seat].conversions)

    @staticmethod
    def _biggest(s: State, seat: int, diffs: list[str]) -> str:
        """The biggest set of different kinds, using the merchant's cards where it can."""
        made = {str(t) for _, f, t in s.seats[seat].conversions if f != K.RELIC}
        return max(diffs, key=lambda a: (a.count(","), len(made & set(a[5:].split(",")))))

    def _merchant(self, s: State, seat: int, options: tuple[str, ...]) -> str:
        """A merchant use that makes the rest of the turn worth more (a conversion that would
        stay unused is a pointless move). A relic is wild in same-kind sets already: it is only
        converted for a set of different kinds."""
        merchants = [a for a in options if a.startswith("merchant:")]
        if not merchants:
            return ""
        best, best_value = "", self._plan(s, seat)
        diff_now = max((a.count(",") for a in options if a.startswith("diff:")), default=-1)
        for a in merchants:
            after = self.rules.apply_trusted(s, Decision(seat, a))
            if a.split(":")[2] == "R":
                then = self._sets(after, seat)
                if max((b.count(",") for b in then if b.startswith("diff:")), default=-1) <= (
                    diff_now
                ):
                    continue
            value, leftover = self._greedy(after, seat)
            if leftover and s.seats[seat].conversions:
                continue  # it would leave an earlier conversion unused: a pointless move
            if value > best_value + 1e-9:
                best, best_value = a, value
        return best

    def _develop(self, s: State, seat: int, options: tuple[str, ...]) -> str:
        if "complete" in options:
            return "complete"
        merchant = self._merchant(s, seat, options)
        if merchant:
            return merchant
        best, _ = self._best_same(s, options)
        if best:
            return best
        diffs = [a for a in options if a.startswith("diff:")]
        if diffs:
            return self._biggest(s, seat, diffs)
        relics = [a for a in options if a.startswith("relics:")]
        sell = self._relics_to_sell(s, seat, max((int(a[7:]) for a in relics), default=0))
        if sell:
            return f"relics:{sell}"
        ends = [a for a in options if a.startswith("end:")]
        hand = s.seats[seat].hand
        return max(ends, key=lambda a: (_cards_worth(hand, a[4:]), self.rng.random()))
