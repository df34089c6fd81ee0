"""The trade: declaration, secret simultaneous offers, the new trade master, the chain of draws
(keep the card or swap it for a market card), the no-three-in-a-row rule and the end adjustments."""

from __future__ import annotations

from domain.mundus_novus import cards as K
from domain.mundus_novus.state import CHOOSE_MASTER, DECLARE, DRAW, GIVE, OFFER, State

VALDIVIA_BONUS = 3
ORELLANA_BONUS = 2


def reset_trade(s: State) -> None:
    for seat in s.seats:
        seat.offer = None
        seat.offered = 0
    s.history = []
    s.tied = ()
    s.declared = 0
    s.receiver = -1


def begin_trade(s: State) -> None:
    s.phase, s.actor = DECLARE, s.master


def declare_legal(s: State) -> tuple[str, ...]:
    return ("declare:2", "declare:3", "declare:4")


def apply_declare(s: State, n: int) -> None:
    s.declared = n
    s.phase, s.actor = OFFER, -1


# -- secret offers ----------------------------------------------------------------------------
def offer_sizes(s: State, seat: int) -> range:
    """The declared number (or the whole hand if smaller); 0 up to it with de las Casas."""
    k = min(s.declared, sum(s.seats[seat].hand))
    return range(0, k + 1) if s.owns(seat, "de_las_casas") else range(k, k + 1)


def offer_to_move(s: State) -> tuple[int, ...]:
    return tuple(i for i, seat in enumerate(s.seats) if seat.offer is None)


def offer_legal(s: State, seat: int) -> tuple[str, ...]:
    hand = s.seats[seat].hand
    return tuple(
        f"offer:{K.joined(c)}" for size in offer_sizes(s, seat) for c in K.submultisets(hand, size)
    )


def apply_offer(s: State, seat: int, offer: list[int]) -> None:
    me = s.seats[seat]
    for k in K.KINDS:
        me.hand[k] -= offer[k]
    me.offer = offer
    me.offered = sum(offer)
    if all(x.offer is not None for x in s.seats):
        reveal(s)


def trade_total(s: State, seat: int) -> int:
    """The offer's value: card numbers, relics 10, plus 3 with Pedro de Valdivia."""
    offer = s.seats[seat].offer or K.empty()
    base = sum(K.TRADE_VALUE[k] * offer[k] for k in K.KINDS)
    return base + (VALDIVIA_BONUS if s.owns(seat, "valdivia") else 0)


def reveal(s: State) -> None:
    """All offers are shown together; the highest total becomes trade master."""
    totals = [trade_total(s, i) for i in range(s.n)]
    best = max(totals)
    tied = tuple(i for i, t in enumerate(totals) if t == best)
    if s.master in tied:
        pass  # the current master keeps the token
    elif len(tied) == 1:
        s.master = tied[0]
    else:
        s.tied = tied
        s.phase, s.actor = CHOOSE_MASTER, s.master
        return
    begin_draws(s)


def choose_master_legal(s: State) -> tuple[str, ...]:
    return tuple(f"master:{i}" for i in s.tied)


def apply_choose_master(s: State, seat: int) -> None:
    s.master = seat
    s.tied = ()
    begin_draws(s)


# -- the chain of draws -----------------------------------------------------------------------
def begin_draws(s: State) -> None:
    s.history = []
    s.actor = s.master
    _next_drawer(s)


def forbidden(s: State, drawer: int) -> int:
    """The seat `drawer` may not draw from: it would be a third exchange in a row between the
    same two players (not with 2 players). -1 if none."""
    h = s.history
    if s.n == 2 or len(h) < 2:
        return -1
    a, b = h[-1]
    if set(h[-2]) == {a, b} and b == drawer:
        return a
    return -1


def sources(s: State, drawer: int) -> list[int]:
    banned = forbidden(s, drawer)
    return [
        i
        for i, seat in enumerate(s.seats)
        if i != drawer and i != banned and seat.offer is not None and sum(seat.offer) > 0
    ]


def _next_drawer(s: State) -> None:
    if sources(s, s.actor):
        s.phase = DRAW
        return
    end_trade(s)


def draw_legal(s: State) -> tuple[str, ...]:
    out: list[str] = []
    for y in sources(s, s.actor):
        offer = s.seats[y].offer or K.empty()
        for k in K.KINDS:
            if offer[k]:
                out.append(f"take:{y}:{K.text(k)}")
                for m in K.KINDS:
                    if s.market[m] or m == k:
                        out.append(f"take:{y}:{K.text(k)}:{K.text(m)}")
    return tuple(out)


def market_pattern(market: list[int]) -> bool:
    """Three of the same card, or three consecutive numbers (Orellana's condition)."""
    if max(market) >= 3:
        return True
    return any(market[k] and market[k + 1] and market[k + 2] for k in range(1, 8))


def apply_take(s: State, victim: int, kind: int, swap: int | None) -> None:
    drawer = s.actor
    offer = s.seats[victim].offer
    assert offer is not None
    offer[kind] -= 1
    if swap is None:
        s.seats[drawer].hand[kind] += 1
    else:
        s.market[kind] += 1
        s.market[swap] -= 1
        s.seats[drawer].hand[swap] += 1
        if s.owns(drawer, "orellana") and market_pattern(s.market):
            s.seats[drawer].doubloons += ORELLANA_BONUS
    s.history.append((drawer, victim))
    s.actor = victim
    _next_drawer(s)


def end_trade(s: State) -> None:
    """Offered cards left go back to their owners; a last victim other than the master is owed
    a card by the master (the 'one card short' cases of the book)."""
    from domain.mundus_novus.development import begin_development

    for seat in s.seats:
        if seat.offer is not None:
            for k in K.KINDS:
                seat.hand[k] += seat.offer[k]
            seat.offer = K.empty()
    last_victim = s.history[-1][1] if s.history else s.master
    if last_victim != s.master and sum(s.seats[s.master].hand) > 0:
        s.receiver = last_victim
        s.phase, s.actor = GIVE, s.master
        return
    begin_development(s)


def give_legal(s: State) -> tuple[str, ...]:
    hand = s.seats[s.master].hand
    return tuple(f"give:{K.text(k)}" for k in K.KINDS if hand[k])


def apply_give(s: State, kind: int) -> None:
    from domain.mundus_novus.development import begin_development

    s.seats[s.master].hand[kind] -= 1
    s.seats[s.receiver].hand[kind] += 1
    begin_development(s)
