"""Round start: the event, Coronado's bought event, the supply deal, fleet picks and Pirates."""

from __future__ import annotations

from itertools import combinations

from domain.core.chance import Draw
from domain.mundus_novus import cards as K
from domain.mundus_novus.state import CORONADO, FLEETS, PICK, PIRATES, SUPPLY, State

CORONADO_PRICE = 2


# -- event ------------------------------------------------------------------------------------
def start_round(s: State) -> None:
    """Begin a round: the first queue card's event icon (none in round 1), then the supply."""
    from domain.mundus_novus.trade import reset_trade

    s.round += 1
    reset_trade(s)
    icon = s.cards[s.queue[0]].event if s.queue else K.NO_EVENT
    s.event = K.NO_EVENT if s.round == 1 else icon
    if s.round > 1 and icon == K.NO_EVENT and _next_coronado(s, -1) >= 0:
        s.phase, s.actor = CORONADO, _next_coronado(s, -1)
        return
    begin_supply(s)


def _next_coronado(s: State, after: int) -> int:
    """The next seat after `after` (seat order) owning a Coronado and able to pay, else -1.

    Personalities repeat in the printed deck: every owner has the ability, asked in seat order
    until one buys the event."""
    for seat in range(after + 1, s.n):
        if s.owns(seat, "coronado") and s.seats[seat].doubloons >= CORONADO_PRICE:
            return seat
    return -1


def coronado_legal(s: State) -> tuple[str, ...]:
    return ("coronado:none", *(f"coronado:{e}" for e in K.EVENTS))


def apply_coronado(s: State, choice: str) -> None:
    if choice != K.NO_EVENT:
        s.seats[s.actor].doubloons -= CORONADO_PRICE
        s.event = choice
    elif (seat := _next_coronado(s, s.actor)) >= 0:
        s.actor = seat
        return
    begin_supply(s)


# -- supply -----------------------------------------------------------------------------------
def caravel_count(s: State, seat: int) -> int:
    return sum(1 for c in s.seats[seat].dev if s.cards[c].kind == "caravel")


def supply_need(s: State) -> int:
    return K.HAND_SIZE * s.n + sum(caravel_count(s, i) for i in range(s.n))


def begin_supply(s: State) -> None:
    """Warehouse cards go back to hand; the discard pile is reshuffled in when the deck is short."""
    for seat in s.seats:
        for k in K.KINDS:
            seat.hand[k] += seat.stored[k]
            seat.stored[k] = 0
    if sum(s.deck) < supply_need(s):
        for k in K.KINDS:
            s.deck[k] += s.discard[k]
            s.discard[k] = 0
    s.phase, s.actor = SUPPLY, -1


def supply_spec(s: State) -> Draw:
    """The supply's deal: five cards to each hand in seat order (`apply_supply`), then the
    open caravel cards (fewer when the deck runs short)."""
    pool = tuple(K.texts(s.deck))
    count = min(supply_need(s), len(pool))
    hands = tuple(max(0, min(K.HAND_SIZE, count - K.HAND_SIZE * i)) for i in range(s.n))
    return Draw(pool, count, label="supply", hands=hands)


def apply_supply(s: State, outcome: tuple[str, ...]) -> None:
    """Five hidden cards to each seat in seat order, then the open caravel cards."""
    drawn = [K.parse(t) for t in outcome]
    for k in drawn:
        s.deck[k] -= 1
    for i in range(s.n):
        for k in drawn[i * K.HAND_SIZE : (i + 1) * K.HAND_SIZE]:
            s.seats[i].hand[k] += 1
    s.open_cards = K.counts(drawn[K.HAND_SIZE * s.n :])
    for seat in s.seats:
        ids = [c for c in seat.dev if s.cards[c].kind == "caravel"]
        seat.fleets = [ids] if ids else []
    _ask_fleets(s, -1)


def _ask_fleets(s: State, after: int) -> None:
    """The next Ponce de Leon owner after `after` (seat order) with two caravels or more splits
    its fleet; every owner is asked (personalities repeat); then the picks."""
    if sum(s.open_cards) > 0:
        for i in range(after + 1, s.n):
            if len(s.seats[i].fleets[0] if s.seats[i].fleets else ()) >= 2 and s.owns(
                i, "ponce_de_leon"
            ):
                s.phase, s.actor = FLEETS, i
                return
    begin_picks(s)


def fleets_legal(s: State) -> tuple[str, ...]:
    """Keep one fleet, or split into two: every partition, the first caravel in the first fleet."""
    ids = sorted(s.seats[s.actor].fleets[0] if s.seats[s.actor].fleets else [])
    out = ["fleets:one"]
    first, rest = ids[0], ids[1:]
    for size in range(0, len(rest)):
        for combo in combinations(rest, size):
            one = [first, *combo]
            two = [c for c in rest if c not in combo]
            out.append(f"fleets:{','.join(one)}|{','.join(two)}")
    return tuple(out)


def apply_fleets(s: State, choice: str) -> None:
    if choice != "one":
        s.seats[s.actor].fleets = [part.split(",") for part in choice.split("|")]
    _ask_fleets(s, s.actor)


def caravel_values(s: State, seat: int) -> dict[str, int]:
    """Each caravel's value for the fleet order; Gonzalo Pizarro counts the highest one as 0."""
    vals = {c: s.cards[c].value for c in s.seats[seat].dev if s.cards[c].kind == "caravel"}
    if vals and s.owns(seat, "gonzalo_pizarro"):
        top = max(sorted(vals), key=lambda c: vals[c])
        vals[top] = 0
    return vals


def pick_order(s: State) -> list[tuple[int, list[str]]]:
    """Fleets in picking order: lowest fleet value, then lowest single caravel, then seat order
    from the trade master (a reading: the book gives no further tie-break)."""
    keyed = []
    for seat in range(s.n):
        vals = caravel_values(s, seat)
        for idx, fleet in enumerate(s.seats[seat].fleets):
            if fleet:
                fv = [vals[c] for c in fleet]
                keyed.append(((sum(fv), min(fv), (seat - s.master) % s.n, idx), seat, fleet))
    keyed.sort(key=lambda t: t[0])
    return [(seat, fleet) for _, seat, fleet in keyed]


def begin_picks(s: State) -> None:
    s.pickers = [seat for seat, fleet in pick_order(s) for _ in fleet]
    del s.pickers[sum(s.open_cards) :]
    _next_pick(s)


def _next_pick(s: State) -> None:
    if s.pickers and sum(s.open_cards) > 0:
        s.phase, s.actor = PICK, s.pickers[0]
        return
    for k in K.KINDS:  # cards nobody could pick (never with a full deck) are discarded
        s.discard[k] += s.open_cards[k]
        s.open_cards[k] = 0
    s.pickers = []
    after_picks(s)


def pick_legal(s: State) -> tuple[str, ...]:
    return tuple(f"pick:{K.text(k)}" for k in K.KINDS if s.open_cards[k])


def apply_pick(s: State, kind: int) -> None:
    s.open_cards[kind] -= 1
    s.seats[s.actor].hand[kind] += 1
    s.pickers.pop(0)
    _next_pick(s)


# -- pirates ----------------------------------------------------------------------------------
def pirate_losses(s: State, seat: int) -> int:
    """Cards `seat` loses to Pirates: one per fleet of two or more caravels."""
    if s.event_for(seat) != "pirates":
        return 0
    return sum(1 for f in s.seats[seat].fleets if len(f) >= 2)


def after_picks(s: State) -> None:
    from domain.mundus_novus.trade import begin_trade

    s.pirate_queue = []
    for seat in range(s.n):
        lose = min(pirate_losses(s, seat), sum(s.seats[seat].hand))
        if lose:
            s.pirate_queue.append((seat, lose))
    if s.pirate_queue:
        s.phase, s.actor = PIRATES, -1
        return
    begin_trade(s)


def pirates_spec(s: State) -> Draw:
    seat, lose = s.pirate_queue[0]
    return Draw(tuple(K.texts(s.seats[seat].hand)), lose, label=f"pirates: seat {seat} loses")


def apply_pirates(s: State, outcome: tuple[str, ...]) -> None:
    from domain.mundus_novus.trade import begin_trade

    seat, _ = s.pirate_queue.pop(0)
    for t in outcome:
        k = K.parse(t)
        s.seats[seat].hand[k] -= 1
        s.discard[k] += 1
    if not s.pirate_queue:
        begin_trade(s)
