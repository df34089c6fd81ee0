"""Readable sentences for steps (the move list of the replay)."""

from __future__ import annotations

from collections.abc import Callable

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
        event = K.EVENT_NAMES.get(s.event, s.event)
        return (
            f"Round {s.round} ({event}). Supply: {K.HAND_SIZE} hidden cards to each player; "
            f"open: {shown}."
        )
    if s.phase == PIRATES:
        seat, _ = s.pirate_queue[0]
        return f"Pirates: {s.players[seat]} loses {_cards(','.join(map(str, outcome)))}."
    return "Chance."


def describe(s: State, step: Step) -> str:
    if isinstance(step, ChanceStep):
        return _chance(s, tuple(step.outcome))
    who = s.players[step.seat]
    verb, _, rest = step.action.partition(":")
    line = _VERBS.get(verb)
    if line is None:
        return f"{who}: {step.action}"
    return line(s, who, rest, rest.split(":"))


Line = Callable[[State, str, str, list[str]], str]
"""One verb's sentence: (state before, who, the action after the verb, its ':' parts)."""


def _offer(s: State, who: str, rest: str, p: list[str]) -> str:
    return f"{who} puts {len(rest.split(',')) if rest != '-' else 0} cards face down to trade."


def _take(s: State, who: str, rest: str, p: list[str]) -> str:
    got = f"takes {K.KIND_NAMES[K.parse(p[1])]} from {s.players[int(p[0])]}"
    if len(p) > 2:
        got += f", puts it in the market and takes {K.KIND_NAMES[K.parse(p[2])]}"
    return f"{who} {got}."


def _pick(s: State, who: str, rest: str, p: list[str]) -> str:
    return f"{who} picks {K.KIND_NAMES[K.parse(rest)]} from the open supply."


def _declare(s: State, who: str, rest: str, p: list[str]) -> str:
    return f"{who}, trade master, declares {rest} cards for the trade."


def _master(s: State, who: str, rest: str, p: list[str]) -> str:
    return f"{who} names {s.players[int(rest)]} the new trade master."


def _give(s: State, who: str, rest: str, p: list[str]) -> str:
    return f"{who} gives a card back to {s.players[s.receiver]}."


def _first(s: State, who: str, rest: str, p: list[str]) -> str:
    return f"{who} lets {s.players[int(rest)]} develop first."


def _same(s: State, who: str, rest: str, p: list[str]) -> str:
    kind = "Inca relics" if p[0] == "R" else K.KIND_NAMES[int(p[0])]
    size = int(p[1]) + int(p[2])
    if p[3] == "deck":
        card = "the top card of the development deck (Almagro)"
    else:
        card = s.cards[s.queue[int(p[3]) - 1]].title + f" (position {p[3]})"
    return f"{who} plays {size} {kind} ({p[2]} relics) and takes {card}."


def _diff(s: State, who: str, rest: str, p: list[str]) -> str:
    return f"{who} sells {len(rest.split(','))} different kinds ({_cards(rest)})."


def _relics(s: State, who: str, rest: str, p: list[str]) -> str:
    return f"{who} sells {rest} Inca relics for {K.RELIC_PAYOUT[int(rest)]} doubloons."


def _merchant(s: State, who: str, rest: str, p: list[str]) -> str:
    made = f"{K.KIND_NAMES[K.parse(p[1])]} into {K.KIND_NAMES[K.parse(p[2])]}"
    return f"{who}'s merchant turns one {made}."


def _complete(s: State, who: str, rest: str, p: list[str]) -> str:
    return f"{who} presents a complete set of nine kinds and a relic."


def _end(s: State, who: str, rest: str, p: list[str]) -> str:
    kept = 0 if rest == "-" else len(rest.split(","))
    return f"{who} ends the turn, keeping {kept} cards in warehouses."


def _coronado(s: State, who: str, rest: str, p: list[str]) -> str:
    if rest == "none":
        return f"{who} (Coronado) buys no event."
    return f"{who} (Coronado) pays 2 doubloons for {K.EVENT_NAMES[rest]}."


def _fleets(s: State, who: str, rest: str, p: list[str]) -> str:
    return f"{who} (Ponce de Leon) sails {'one fleet' if rest == 'one' else 'two fleets'}."


_VERBS: dict[str, Line] = {
    "offer": _offer,
    "take": _take,
    "pick": _pick,
    "declare": _declare,
    "master": _master,
    "give": _give,
    "first": _first,
    "same": _same,
    "diff": _diff,
    "relics": _relics,
    "merchant": _merchant,
    "complete": _complete,
    "end": _end,
    "coronado": _coronado,
    "fleets": _fleets,
}
"""The sentence of each verb of the grammar (`rules.py`)."""
