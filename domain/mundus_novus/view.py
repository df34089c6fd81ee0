"""The JSON picture of a state for boards and `novus show --json`.

`view(state, seat)` shows only what `seat` may see: its own hand, warehouse and offer; the other
seats' hands, warehouses and unrevealed offers only as counts; the decks and the discard pile as
counts. `view(state)` (no seat) is the omniscient observer: every card everywhere.

Keys: game, pack, synthetic (only for the synthetic pack), viewer, round, phase, event,
event_name, master, to_move, market, open_cards, deck, discard, development_deck, queue,
seats[{name, doubloons, hand, hand_count, stored, stored_count, offer, offered, offer_count,
development, caravels, fleets, merchants_used, complete}], trade{declared, revealed, draws,
tied, receiver}, development{first, turns_left}, over, end_reason, scores.
"""

from __future__ import annotations

from typing import Any

from domain.core.labels import SYNTHETIC_LABEL
from domain.mundus_novus import cards as K
from domain.mundus_novus.state import OFFER, State


def card_json(s: State, cid: str) -> dict[str, Any]:
    c = s.cards[cid]
    out: dict[str, Any] = {"id": c.id, "kind": c.kind, "name": c.title, "event": c.event}
    if c.kind == "caravel":
        out["value"] = c.value
    if c.kind == "merchant":
        out["range"] = c.range
    if c.kind == "warehouse":
        out["capacity"] = c.capacity
    if c.income:
        out["income"] = c.income
    return out


def _seat(s: State, i: int, viewer: int | None) -> dict[str, Any]:
    me = s.seats[i]
    sees = viewer is None or viewer == i
    secret_offer = s.phase == OFFER
    offer = me.offer
    out: dict[str, Any] = {
        "seat": i,
        "name": s.players[i],
        "doubloons": me.doubloons,
        "hand_count": sum(me.hand),
        "hand": K.texts(me.hand) if sees else None,
        "stored_count": sum(me.stored),
        "stored": K.texts(me.stored) if sees else None,
        "offered": offer is not None,
        "offer_count": sum(offer) if offer is not None else None,
        "offer": (K.texts(offer) if offer is not None and (sees or not secret_offer) else None),
        "development": [card_json(s, c) for c in me.dev],
        "caravels": [s.cards[c].value for c in me.dev if s.cards[c].kind == "caravel"],
        "fleets": [[s.cards[c].value for c in f] for f in me.fleets],
        "merchants_used": list(me.merchants_used),
        "complete": me.complete,
    }
    if sees:
        out["conversions"] = [[m, K.text(f), K.text(t)] for m, f, t in me.conversions]
    return out


def view(s: State, viewer: int | None, to_move: tuple[int, ...]) -> dict[str, Any]:
    from domain.mundus_novus.scoring import scores

    out: dict[str, Any] = {
        "game": "mundus-novus",
        "viewer": viewer,
        "round": s.round,
        "phase": s.phase,
        "event": s.event,
        "event_name": K.EVENT_NAMES.get(s.event, s.event),
        "master": s.master,
        "to_move": list(to_move),
        "market": K.texts(s.market),
        "open_cards": K.texts(s.open_cards),
        "deck": sum(s.deck),
        "discard": sum(s.discard),
        "development_deck": len(s.dev_deck),
        "queue": [card_json(s, c) for c in s.queue],
        "seats": [_seat(s, i, viewer) for i in range(s.n)],
        "trade": {
            "declared": s.declared,
            "revealed": s.phase != OFFER and any(x.offer is not None for x in s.seats),
            "draws": [list(h) for h in s.history],
            "tied": list(s.tied),
            "receiver": s.receiver,
        },
        "development": {"first": s.first, "turns_left": s.turns_left},
        "over": s.over,
        "end_reason": s.end_reason,
        "scores": [sc.total for sc in scores(s).seats],
    }
    if s.synthetic:
        out["synthetic"] = SYNTHETIC_LABEL
    if viewer is None:
        out["observer"] = {
            "deck": K.texts(s.deck),
            "discard": K.texts(s.discard),
            "development_deck": [card_json(s, c) for c in s.dev_deck],
        }
    return out
