"""Development: the first player, same-kind sets for development cards (the rarity table, relics
wild, Almagro's deck card), different-kind and relic sets for doubloons, merchants, the complete
set, income at the end of a turn, warehouses and discarding, shipyards at the end of the phase."""

from __future__ import annotations

from itertools import combinations

from domain.mundus_novus import cards as K
from domain.mundus_novus.state import DEVELOP, FIRST, State


def begin_development(s: State) -> None:
    s.receiver = -1
    s.phase, s.actor = FIRST, s.master


def first_legal(s: State) -> tuple[str, ...]:
    return tuple(f"first:{i}" for i in range(s.n))


def apply_first(s: State, seat: int) -> None:
    s.first = seat
    s.turns_left = s.n
    _start_turn(s, seat)


def _start_turn(s: State, seat: int) -> None:
    s.phase, s.actor = DEVELOP, seat
    s.same_sets = 0
    s.diff_done = False
    s.relic_done = False
    s.seats[seat].conversions = []
    s.seats[seat].merchants_used = []


# -- what the hand counts as ------------------------------------------------------------------
def effective(s: State, seat: int) -> list[int]:
    """The hand as it counts this turn: merchant-converted cards count as their new kind."""
    me = s.seats[seat]
    eff = me.hand.copy()
    for _, f, t in me.conversions:
        eff[f] -= 1
        eff[t] += 1
    return eff


def without_relics(s: State, seat: int) -> list[int]:
    """The hand as a set of different kinds may use it: a relic a merchant turned into a number
    still may not enter such a set (KO: "다른 종류의 자원 세트에 잉카의 유물 카드를 넣을 수는
    없다"), so it counts as nothing here."""
    eff = effective(s, seat)
    for _, f, t in s.seats[seat].conversions:
        if f == K.RELIC:
            eff[t] -= 1
    return eff


def _consume(s: State, seat: int, kind: int, count: int, *, relics: bool = True) -> None:
    """Spend `count` cards counting as `kind` (converted ones first) onto the discard pile;
    `relics=False` leaves relics a merchant converted out of it."""
    me = s.seats[seat]
    for conv in [c for c in me.conversions if c[2] == kind and (relics or c[1] != K.RELIC)]:
        if not count:
            break
        me.conversions.remove(conv)
        me.hand[conv[1]] -= 1
        s.discard[conv[1]] += 1
        count -= 1
    me.hand[kind] -= count
    s.discard[kind] += count


def capacity(s: State, seat: int) -> int:
    """Cards the warehouses keep at the end of the round (none during a Fire)."""
    if s.event_for(seat) == "fire":
        return 0
    return sum(c.capacity for c in s.owned(seat, "warehouse"))


def income(s: State, seat: int) -> int:
    return sum(s.cards[c].income for c in s.seats[seat].dev)


# -- legal actions ----------------------------------------------------------------------------
def same_positions(s: State, seat: int, kind: int, size: int) -> list[str]:
    """Queue positions a same-kind set may take (Storm: only the first), plus Almagro's deck."""
    top = 1 if s.event_for(seat) == "storm" else K.max_position(kind, size)
    out = [str(p) for p in range(1, min(top, len(s.queue)) + 1)]
    if s.dev_deck and s.owns(seat, "almagro"):
        out.append("deck")
    return out


def same_legal(s: State, seat: int, eff: list[int]) -> list[str]:
    if s.same_sets and s.event_for(seat) != "kings_help":
        return []
    if not s.queue and not (s.dev_deck and s.owns(seat, "almagro")):
        return []
    out: list[str] = []
    relics = min(eff[K.RELIC], 5)
    for kind in K.NUMBERED:
        for a in range(1, min(eff[kind], 5) + 1):
            for r in range(max(0, 3 - a), min(relics, 5 - a) + 1):
                for pos in same_positions(s, seat, kind, a + r):
                    out.append(f"same:{kind}:{a}:{r}:{pos}")
    for r in range(3, relics + 1):  # relics alone count as any kind: the rarest
        for pos in same_positions(s, seat, 9, r):
            out.append(f"same:R:0:{r}:{pos}")
    return out


def diff_legal(eff: list[int]) -> list[str]:
    have = [k for k in K.NUMBERED if eff[k]]
    return [
        "diff:" + ",".join(map(str, combo))
        for size in range(4, len(have) + 1)
        for combo in combinations(have, size)
    ]


def merchant_legal(s: State, seat: int) -> list[str]:
    me = s.seats[seat]
    free = me.hand.copy()
    for _, f, _t in me.conversions:
        free[f] -= 1
    out: list[str] = []
    for card in s.owned(seat, "merchant"):
        if card.id in me.merchants_used:
            continue
        lo, hi = (int(x) for x in card.range.split("-"))
        for f in K.KINDS:  # "아무 자원 카드 1장": any resource card, an Inca relic included
            if free[f]:
                out.extend(
                    f"merchant:{card.id}:{K.text(f)}:{t}" for t in range(lo, hi + 1) if t != f
                )
    return out


def end_legal(s: State, seat: int) -> list[str]:
    hand = s.seats[seat].hand
    cap = min(capacity(s, seat), sum(hand))
    return [f"end:{K.joined(c)}" for size in range(cap, -1, -1) for c in K.submultisets(hand, size)]


def develop_legal(s: State) -> tuple[str, ...]:
    seat = s.actor
    me = s.seats[seat]
    eff = effective(s, seat)
    out: list[str] = []
    if not me.complete and all(eff[k] for k in K.KINDS):
        out.append("complete")
    out.extend(same_legal(s, seat, eff))
    if not s.diff_done:
        out.extend(diff_legal(without_relics(s, seat)))
    if not s.relic_done:
        out.extend(f"relics:{n}" for n in range(1, min(eff[K.RELIC], 5) + 1))
    out.extend(merchant_legal(s, seat))
    out.extend(end_legal(s, seat))
    return tuple(out)


# -- applying ---------------------------------------------------------------------------------
def apply_complete(s: State) -> None:
    for k in K.KINDS:
        _consume(s, s.actor, k, 1)
    s.seats[s.actor].complete = True


def apply_merchant(s: State, card: str, f: int, t: int) -> None:
    me = s.seats[s.actor]
    me.conversions.append((card, f, t))
    me.merchants_used.append(card)


def take_card(s: State, pos: str) -> str:
    """Take a queue card (the queue shifts and is refilled from the deck) or Almagro's deck top."""
    if pos == "deck":
        return s.dev_deck.pop(0)
    card = s.queue.pop(int(pos) - 1)
    if s.dev_deck:
        s.queue.append(s.dev_deck.pop(0))
    else:
        s.refill_failed = True
    return card


def apply_same(s: State, kind: int, a: int, r: int, pos: str) -> str:
    if a:
        _consume(s, s.actor, kind, a)
    _consume(s, s.actor, K.RELIC, r)
    card = take_card(s, pos)
    s.seats[s.actor].dev.append(card)
    s.same_sets += 1
    return card


def diff_payout(s: State, seat: int, size: int) -> int:
    """5/7/10/15/20/25 doubloons for 4-9 kinds; Natives: 1 per card."""
    return size if s.event_for(seat) == "natives" else K.DIFF_PAYOUT[size]


def apply_diff(s: State, kinds: list[int]) -> None:
    for k in kinds:
        _consume(s, s.actor, k, 1, relics=False)
    s.seats[s.actor].doubloons += diff_payout(s, s.actor, len(kinds))
    s.diff_done = True


def apply_relics(s: State, n: int) -> None:
    _consume(s, s.actor, K.RELIC, n)
    s.seats[s.actor].doubloons += K.RELIC_PAYOUT[n]
    s.relic_done = True


def apply_end(s: State, keep: list[int]) -> None:
    """End of the turn: income, the kept cards go to the warehouses, the rest is discarded."""
    from domain.mundus_novus.ending import end_of_round

    seat = s.actor
    me = s.seats[seat]
    me.doubloons += income(s, seat)
    me.conversions = []
    for k in K.KINDS:
        me.stored[k] += keep[k]
        s.discard[k] += me.hand[k] - keep[k]
        me.hand[k] = 0
    s.turns_left -= 1
    if s.turns_left:
        _start_turn(s, (seat + 1) % s.n)
        return
    shipyards(s)
    end_of_round(s)


def shipyards(s: State) -> None:
    """End of the phase: each shipyard pays 1 per player with more caravels than its owner."""
    ships = [sum(1 for c in seat.dev if s.cards[c].kind == "caravel") for seat in s.seats]
    for i, seat in enumerate(s.seats):
        yards = sum(1 for c in seat.dev if s.cards[c].kind == "shipyard")
        if yards:
            seat.doubloons += yards * sum(1 for n in ships if n > ships[i])
