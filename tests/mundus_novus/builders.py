"""Test states for Mundus Novus: a game set up with a known queue, hands dealt from the deck,
development cards (from the whole synthetic pack) handed to seats, and phases entered directly."""

from __future__ import annotations

from collections.abc import Iterable

from domain.core.protocol import ChanceStep, Decision
from domain.mundus_novus import cards as K
from domain.mundus_novus import packs
from domain.mundus_novus.rules import RULES
from domain.mundus_novus.state import State

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")
ALL_CARDS = {c.id: c for c in packs.load("synthetic").development}


def fresh(n: int = 3) -> State:
    """Round 1 waiting for the supply draw; queue = the pack's first five cards in play by id."""
    setup = RULES.prepare(list(NAMES[:n]), {})
    s = RULES.initial_state(setup)
    s = RULES.apply(s, ChanceStep(tuple(sorted(s.cards))))
    s = RULES.apply(s, ChanceStep(("1", "2", "3")))
    s = s.clone()
    s.cards = dict(ALL_CARDS)  # cards outside this player count may be handed out by tests
    return s


def find(kind: str, name: str | None = None, **fields: object) -> str:
    """The id of a synthetic card of `kind` (and `name`, fields) - the first one by id."""
    for c in sorted(ALL_CARDS.values(), key=lambda c: c.id):
        matches = all(getattr(c, k) == v for k, v in fields.items())
        if c.kind == kind and (name is None or c.name == name) and matches:
            return c.id
    raise LookupError((kind, name, fields))


def caravel(value: int) -> str:
    return find("caravel", value=value)


def grant(s: State, seat: int, *ids: str) -> None:
    """Give development cards to `seat`, taking them out of the queue/deck if they are there."""
    for cid in ids:
        for zone in (s.queue, s.dev_deck):
            if cid in zone:
                zone.remove(cid)
        s.seats[seat].dev.append(cid)


def deal(s: State, seat: int, cards: str) -> None:
    """Move `cards` ("5,5,R") from the deck into the seat's hand."""
    for k in K.expand(K.parse_joined(cards)):
        assert s.deck[k] > 0, f"deck has no {K.text(k)}"
        s.deck[k] -= 1
        s.seats[seat].hand[k] += 1


def hand(s: State, seat: int) -> str:
    return K.joined(s.seats[seat].hand)


def empty_hands(s: State) -> None:
    for seat in s.seats:
        for k in K.KINDS:
            s.deck[k] += seat.hand[k]
            seat.hand[k] = 0


def set_queue(s: State, ids: Iterable[str]) -> None:
    """Put `ids` at the front of the queue (from wherever they are), keeping five cards."""
    ids = list(ids)
    for cid in ids:
        for zone in (s.queue, s.dev_deck):
            if cid in zone:
                zone.remove(cid)
    rest = s.queue + s.dev_deck
    s.queue = (ids + rest)[: K.QUEUE_SIZE]
    s.dev_deck = (ids + rest)[K.QUEUE_SIZE :]


def act(s: State, seat: int, action: str) -> State:
    return RULES.apply(s, Decision(seat, action))


def total_cards(s: State) -> int:
    zones = [s.deck, s.discard, s.market, s.open_cards]
    for seat in s.seats:
        zones += [seat.hand, seat.stored]
        if seat.offer is not None:
            zones.append(seat.offer)
    return sum(sum(z) for z in zones)
