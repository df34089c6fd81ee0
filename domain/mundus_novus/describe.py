"""Readable sentences for steps (the move list of the replay).

`describe` never names a card going face down (an offer, a card given back, the cards kept in
warehouses): every view reads it. `own_sentence` names them, for whom may see them: the mover
choosing among its own alternatives, or an observer who sees every card."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from domain.core.phrase import Count, Listing, Phrase, Said, Say, Term, phrase, sentences
from domain.core.protocol import ChanceStep, Decision, Step
from domain.mundus_novus import cards as K
from domain.mundus_novus.state import PIRATES, SETUP_DEV, SETUP_MARKET, SUPPLY, State

CONTEXT = "mundus_novus"
KINDS = {k: Term(name, f"{CONTEXT}.kind") for k, name in K.KIND_NAMES.items()}
EVENTS = {e: Term(name, f"{CONTEXT}.event") for e, name in K.EVENT_NAMES.items()}


def terms() -> Iterator[Term | Count]:
    """Every name the sentences show: card kinds, events, development cards of both packs."""
    from domain.mundus_novus.packs import PERSONALITY_TITLES, load

    yield from KINDS.values()
    yield from EVENTS.values()
    titles = {card.title for card in load("synthetic").development}
    titles |= set(PERSONALITY_TITLES.values())  # the published pack names only these so far
    for title in sorted(titles):
        yield Term(title, f"{CONTEXT}.card")


def _title(card: object) -> Term:
    return Term(str(getattr(card, "title", card)), f"{CONTEXT}.card")


def _cards(s: str, phrase: Say) -> Said:
    if s == "-":
        return phrase("no cards")
    return Listing(tuple(KINDS[K.parse(t)] for t in s.split(",")))


def _chance(s: State, outcome: tuple[object, ...], phrase: Say) -> Said:
    if s.phase == SETUP_DEV:
        return phrase("The development deck is shuffled; five cards form the queue.")
    if s.phase == SETUP_MARKET:
        return phrase(
            "The market opens with {cards}.", cards=_cards(",".join(map(str, outcome)), phrase)
        )
    if s.phase == SUPPLY:
        open_part = list(map(str, outcome[K.HAND_SIZE * s.n :]))
        shown = _cards(",".join(open_part), phrase) if open_part else phrase("no open cards")
        event = EVENTS.get(s.event, s.event)
        return phrase(
            "Round {round} ({event}). Supply: {n} hidden cards to each player; open: {shown}.",
            round=s.round,
            event=event,
            n=K.HAND_SIZE,
            shown=shown,
        )
    if s.phase == PIRATES:
        seat, _ = s.pirate_queue[0]
        return phrase(
            "Pirates: {who} loses {cards}.",
            who=s.players[seat],
            cards=_cards(",".join(map(str, outcome)), phrase),
        )
    return phrase("Chance.")


def _sentence(s: State, step: Step, phrase: Say) -> Said:
    if isinstance(step, ChanceStep):
        return _chance(s, tuple(step.outcome), phrase)
    who = s.players[step.seat]
    verb, _, rest = step.action.partition(":")
    line = _VERBS.get(verb)
    if line is None:
        return phrase("{who}: {action}", who=who, action=step.action)
    return line(s, who, rest, rest.split(":"), phrase)


Line = Callable[[State, str, str, list[str], Say], Said]
"""One verb's sentence: (state before, who, the action after the verb, its ':' parts, maker)."""


def _offer(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    n = len(rest.split(",")) if rest != "-" else 0
    return phrase("{who} puts {n} cards face down to trade.", who=who, n=n)


def _take(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    if len(p) > 2:
        return phrase(
            "{who} takes {card} from {other}, puts it in the market and takes {market}.",
            who=who,
            card=KINDS[K.parse(p[1])],
            other=s.players[int(p[0])],
            market=KINDS[K.parse(p[2])],
        )
    return phrase(
        "{who} takes {card} from {other}.",
        who=who,
        card=KINDS[K.parse(p[1])],
        other=s.players[int(p[0])],
    )


def _pick(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    return phrase("{who} picks {card} from the open supply.", who=who, card=KINDS[K.parse(rest)])


def _declare(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    return phrase("{who}, trade master, declares {n} cards for the trade.", who=who, n=rest)


def _master(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    return phrase("{who} names {other} the new trade master.", who=who, other=s.players[int(rest)])


def _give(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    return phrase("{who} gives a card back to {other}.", who=who, other=s.players[s.receiver])


def _first(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    other = s.players[int(rest)]
    if other == who:  # read 'Ana lets Ana develop first.'
        return phrase("{who} develops first.", who=who)
    return phrase("{who} lets {other} develop first.", who=who, other=other)


def _same(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    kind = phrase("Inca relics") if p[0] == "R" else KINDS[int(p[0])]
    size = int(p[1]) + int(p[2])
    if p[3] == "deck":
        card = phrase("the top card of the development deck (Almagro)")
    else:
        card = phrase(
            "{card} (position {position})",
            card=_title(s.cards[s.queue[int(p[3]) - 1]]),
            position=p[3],
        )
    return phrase(
        "{who} plays {size} {kind} ({relics} relics) and takes {card}.",
        who=who,
        size=size,
        kind=kind,
        relics=p[2],
        card=card,
    )


def _diff(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    return phrase(
        "{who} sells {n} different kinds ({cards}).",
        who=who,
        n=len(rest.split(",")),
        cards=_cards(rest, phrase),
    )


def _relics(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    return phrase(
        "{who} sells {n} Inca relics for {doubloons} doubloons.",
        who=who,
        n=rest,
        doubloons=K.RELIC_PAYOUT[int(rest)],
    )


def _merchant(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    return phrase(
        "{who}'s merchant turns one {card} into {other}.",
        who=who,
        card=KINDS[K.parse(p[1])],
        other=KINDS[K.parse(p[2])],
    )


def _complete(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    return phrase("{who} presents a complete set of nine kinds and a relic.", who=who)


def _end(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    kept = 0 if rest == "-" else len(rest.split(","))
    return phrase("{who} ends the turn, keeping {n} cards in warehouses.", who=who, n=kept)


def _coronado(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    if rest == "none":
        return phrase("{who} (Coronado) buys no event.", who=who)
    return phrase("{who} (Coronado) pays 2 doubloons for {event}.", who=who, event=EVENTS[rest])


def _fleets(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    if rest == "one":
        return phrase("{who} (Ponce de Leon) sails one fleet.", who=who)
    return phrase("{who} (Ponce de Leon) sails two fleets.", who=who)


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


describe, sentence = sentences(_sentence)


def _own_offer(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    if rest == "-":
        return _offer(s, who, rest, p, phrase)
    return phrase("{who} puts {cards} face down to trade.", who=who, cards=_cards(rest, phrase))


def _own_give(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    return phrase(
        "{who} gives {card} back to {other}.",
        who=who,
        card=KINDS[K.parse(rest)],
        other=s.players[s.receiver],
    )


def _own_end(s: State, who: str, rest: str, p: list[str], phrase: Say) -> Said:
    if rest == "-":
        return _end(s, who, rest, p, phrase)
    return phrase(
        "{who} ends the turn, keeping {cards} in warehouses.", who=who, cards=_cards(rest, phrase)
    )


_OWN_VERBS: dict[str, Line] = {"offer": _own_offer, "give": _own_give, "end": _own_end}
"""The verbs whose public sentence hides the mover's cards, with a sentence naming them."""


def own_sentence(s: State, step: Step) -> Phrase | None:
    """`step`'s sentence naming the mover's own face-down cards, for the mover or an observer
    who sees every card (never for another seat); None where `describe` already says all."""
    if not isinstance(step, Decision):
        return None
    verb, _, rest = step.action.partition(":")
    line = _OWN_VERBS.get(verb)
    if line is None:
        return None
    said = line(s, s.players[step.seat], rest, rest.split(":"), phrase)
    assert isinstance(said, Phrase)
    return said
