"""Readable sentences for steps (the move list of the replay)."""

from __future__ import annotations

from domain.core.protocol import ChanceStep, Step
from domain.mundus_novus import cards as K
from domain.mundus_novus.state import PIRATES, SETUP_DEV, SETUP_MARKET, SUPPLY, State


def _cards(s: str) -> str:
    if s == "-":
        return "no cards"
    return ", ".join(K.KIND_NAMES[K.parse(t)] for t in s.split(","))


def _chance(s: State, outcome: tuple[object, ...]) -> str:
    if s.phase == SETUP_DEV:
        return "The development deck is shuffled; five cards form the queue."
    if s.phase == SETUP_MARKET:
        return f"The market opens with {_cards(','.join(map(str, outcome)))}."
    if s.phase == SUPPLY:
        open_part = list(map(str, outcome[K.HAND_SIZE * s.n :]))
        shown = _cards(",".join(open_part)) if open_part else "no open cards"
        return f"Supply: {K.HAND_SIZE} hidden cards to each player; open: {shown}."
    if s.phase == PIRATES:
        seat, _ = s.pirate_queue[0]
        return f"Pirates: {s.players[seat]} loses {_cards(','.join(map(str, outcome)))}."
    return "Chance."


def describe(s: State, step: Step) -> str:
    if isinstance(step, ChanceStep):
        return _chance(s, tuple(step.outcome))
    who = s.players[step.seat]
    verb, _, rest = step.action.partition(":")
    p = rest.split(":")
    if verb == "offer":
        return f"{who} puts {len(rest.split(',')) if rest != '-' else 0} cards face down to trade."
    if verb == "take":
        got = f"takes {K.KIND_NAMES[K.parse(p[1])]} from {s.players[int(p[0])]}"
        if len(p) > 2:
            got += f", puts it in the market and takes {K.KIND_NAMES[K.parse(p[2])]}"
        return f"{who} {got}."
    if verb == "pick":
        return f"{who} picks {K.KIND_NAMES[K.parse(rest)]} from the open supply."
    if verb == "declare":
        return f"{who}, trade master, declares {rest} cards for the trade."
    if verb == "master":
        return f"{who} names {s.players[int(rest)]} the new trade master."
    if verb == "give":
        return f"{who} gives a card back to {s.players[s.receiver]}."
    if verb == "first":
        return f"{who} lets {s.players[int(rest)]} develop first."
    if verb == "same":
        kind = "Inca relics" if p[0] == "R" else K.KIND_NAMES[int(p[0])]
        size = int(p[1]) + int(p[2])
        if p[3] == "deck":
            card = "the top card of the development deck (Almagro)"
        else:
            card = s.cards[s.queue[int(p[3]) - 1]].title + f" (position {p[3]})"
        return f"{who} plays {size} {kind} ({p[2]} relics) and takes {card}."
    if verb == "diff":
        return f"{who} sells {len(rest.split(','))} different kinds ({_cards(rest)})."
    if verb == "relics":
        return f"{who} sells {rest} Inca relics for {K.RELIC_PAYOUT[int(rest)]} doubloons."
    if verb == "merchant":
        return f"{who}'s merchant turns a {K.KIND_NAMES[int(p[1])]} into {K.KIND_NAMES[int(p[2])]}."
    if verb == "complete":
        return f"{who} presents a complete set of nine kinds and a relic."
    if verb == "end":
        kept = 0 if rest == "-" else len(rest.split(","))
        return f"{who} ends the turn, keeping {kept} cards in warehouses."
    if verb == "coronado":
        if rest == "none":
            return f"{who} (Coronado) buys no event."
        return f"{who} (Coronado) pays 2 doubloons for {K.EVENT_NAMES[rest]}."
    if verb == "fleets":
        return f"{who} (Ponce de Leon) sails {'one fleet' if rest == 'one' else 'two fleets'}."
    return f"{who}: {step.action}"
