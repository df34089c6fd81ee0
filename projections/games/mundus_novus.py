"""Mundus Novus statistics, from public information only.

Mundus Novus hides the hands, the warehouses, the secret trade offers until they are revealed
together, the cards dealt face down, the discard pile and the order of the development deck. The
event store keeps all of it (the engine needs it to refold); nothing of it may reach DuckDB. So
this module gives the projection three things, each built only from what every seat sees:

- `public_action`: the text stored in `steps.action`: ``offer:#<n>`` (how many cards, not which;
  ``#`` so that a count never reads like a card: ``offer:3`` would be one tobacco),
  ``give`` (the card the master gives back is hidden), ``merchant:<card id>`` (which card a
  merchant turns into what is private until the set is played, and the physical card is never
  shown), ``end:#<n>`` (how many cards go to the warehouses); chance steps: the shuffle shows only
  the queue, the supply only the open cards (``{"dealt": 15, "open": [...]}``), Pirates only how
  many cards a seat lost. Every other action is played face up and stored as recorded.
- `public_summary`: the `describe` sentence, except where it names hidden cards (Pirates' lost
  cards, a merchant's conversion).
- `facts`, all public:
  ``same`` item = resource kind (or ``Inca relic``), amount = set size; ``same_relics`` amount =
  wild relics in it; ``diff`` item = number of kinds in the set, amount = doubloons; ``relics``
  item = set size, amount = doubloons; ``develop`` item = development card kind taken;
  ``personality`` item = the personality taken; ``complete``; ``declare`` item = cards declared
  (the trade master); ``master`` item = ``kept`` / ``won`` / ``tie`` (who holds the trade master
  token after the reveal); ``pick`` / ``take`` / ``swap`` item = resource kind (open supply
  picks, draws from revealed offers, market swaps); ``pirates`` amount = cards lost; ``event``
  item = the round's event (seat -1), ``coronado`` item = the event bought; ``doubloons`` item =
  source (``diff``, ``relics``, ``income``, ``shipyards``, ``orellana``, ``coronado``), amount =
  doubloons; ``end`` item = each end reason (seat -1).
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter
from typing import Any

import orjson

from domain.core.phrase import Phrase, Term, counted, phrase
from domain.core.protocol import ChanceStep, Decision, Rules, SeatScore, Step
from domain.mundus_novus import cards as K
from domain.mundus_novus import scoring
from domain.mundus_novus.development import income
from domain.mundus_novus.state import (
    CHOOSE_MASTER,
    OFFER,
    PIRATES,
    SETUP_DEV,
    SETUP_MARKET,
    SUPPLY,
    State,
)
from projections.games import FactRow, GameStats, StepFact, win_correlation_view

GAME = "mundus-novus"


def _kind_name(token: str) -> str:
    return K.KIND_NAMES[K.parse(token)]


def _count(cards: str) -> int:
    return 0 if cards in ("-", "") else len(cards.split(","))


def _json(value: object) -> str:
    return orjson.dumps(value).decode()


def public_action(rules: Rules[Any], before: State, step: Step) -> str:
    """The step as every seat sees it (see the module docstring)."""
    if isinstance(step, ChanceStep):
        outcome = [str(x) for x in step.outcome]
        if before.phase == SETUP_DEV:
            return _json({"queue": outcome[: K.QUEUE_SIZE], "deck": len(outcome)})
        if before.phase == SUPPLY:
            hidden = K.HAND_SIZE * before.n
            return _json({"dealt": min(hidden, len(outcome)), "open": outcome[hidden:]})
        if before.phase == PIRATES:
            seat, _ = before.pirate_queue[0]
            return _json({"seat": seat, "lost": len(outcome)})
        return _json(outcome)  # the market: three open cards
    assert isinstance(step, Decision)
    verb, _, rest = step.action.partition(":")
    if verb == "offer":
        return f"offer:#{_count(rest)}"
    if verb == "give":
        return "give"
    if verb == "merchant":
        return f"merchant:{rest.split(':')[0]}"
    if verb == "end":
        return f"end:#{_count(rest)}"
    return step.action


def public_summary(rules: Rules[Any], before: State, step: Step) -> str | Phrase:
    """`describe`, without the cards Pirates take from a hand or a merchant's conversion; as a
    `Phrase` (its English is the text stored, the dashboard shows it in the display language)."""
    if isinstance(step, ChanceStep) and before.phase == PIRATES:
        seat, _ = before.pirate_queue[0]
        lost = counted(len(step.outcome), "{n} card", "{n} cards")
        return phrase("Pirates: {who} loses {lost}.", who=before.players[seat], lost=lost)
    if isinstance(step, Decision) and step.action.startswith("merchant:"):
        card = before.cards[step.action.split(":")[1]]
        return phrase(
            "{who} uses a merchant ({card}, {range}).",
            who=before.players[step.seat],
            card=Term(card.title, "mundus_novus.card"),
            range=card.range,
        )
    said = getattr(rules, "phrase", None)
    return (said(before, step) if said else None) or rules.describe(before, step)


SCORING = frozenset({"diff", "relics", "end", "coronado", "complete"})
"""The verbs that can change a seat's points: the sets that pay (`development.apply_diff`,
`apply_relics`), a turn's end (income, and the shipyards and the game's end after the last
turn: `apply_end`), Coronado's price (`supply.apply_coronado`), a complete set. The other
doubloons are Orellana's, for a market swap (`trade.apply_take` with a market kind); chance
steps pay nothing."""


def rescored(step: Step) -> bool:
    """Whether a step can change a seat's points or doubloons (`GameStats.rescored`): one of
    `SCORING`, or a trade draw that swaps with the market (``take:<seat>:<kind>:<market
    kind>``). Most steps are neither (picks, offers, plain draws, merchants), so neither the
    scores nor the doubloons are looked at there; `tests/projections/test_rescored.py` checks
    it against every seat at every step of random games."""
    if not isinstance(step, Decision):
        return False
    action = step.action
    verb = action.partition(":")[0]
    return verb in SCORING or (verb == "take" and action.count(":") == 3)


def _doubloons(before: State, seat_: int, verb: str, after: State) -> list[FactRow]:
    """Doubloons gained or paid at a `rescored` decision of `verb` by `seat_`, by source (all
    public: doubloons lie open)."""
    found: list[FactRow] = []
    for seat, (b, a) in enumerate(zip(before.seats, after.seats, strict=True)):
        delta = a.doubloons - b.doubloons
        if not delta:
            continue
        if verb == "end":
            paid = income(before, seat) if seat == seat_ else 0
            if paid:
                found.append((seat, "doubloons", "income", paid))
            if delta - paid:
                found.append((seat, "doubloons", "shipyards", delta - paid))
        elif verb == "take":
            found.append((seat, "doubloons", "orellana", delta))
        else:
            found.append((seat, "doubloons", verb, delta))
    return found


_PLAIN = frozenset({"pick", "offer", "end", "merchant", "first", "give", "fleets"})
"""Verbs with no fact of their own (picks: `STEP_FACTS`; a turn's end: its doubloons)."""


def _decision(before: State, seat: int, verb: str, rest: str, after: State) -> list[FactRow]:
    if verb in _PLAIN:
        return []
    if verb == "take":  # the draw itself: `STEP_FACTS`
        p = rest.split(":")
        return [(seat, "swap", _kind_name(p[2]), 1)] if len(p) > 2 else []
    if verb == "same":
        p = rest.split(":")
        kind = "Inca relic" if p[0] == "R" else K.KIND_NAMES[int(p[0])]
        found = [(seat, "same", kind, int(p[1]) + int(p[2]))]
        if int(p[2]):
            found.append((seat, "same_relics", kind, int(p[2])))
        card_id = before.dev_deck[0] if p[3] == "deck" else before.queue[int(p[3]) - 1]
        card = before.cards[card_id]
        found.append((seat, "develop", card.kind, 1))
        if card.kind == "personality":
            found.append((seat, "personality", card.title, 1))
        return found
    if verb == "diff":
        gained = after.seats[seat].doubloons - before.seats[seat].doubloons
        return [(seat, "diff", str(_count(rest)), gained)]
    if verb == "relics":
        gained = after.seats[seat].doubloons - before.seats[seat].doubloons
        return [(seat, "relics", rest, gained)]
    if verb == "complete":
        return [(seat, "complete", "set", 1)]
    if verb == "declare":
        return [(seat, "declare", rest, 1)]
    if verb == "coronado" and rest != K.NO_EVENT:
        return [(seat, "coronado", K.EVENT_NAMES[rest], 1)]
    if verb == "master":
        return [(int(rest), "master", "tie", 1)]
    return []


def _sql_text(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _sql_names(expression: str, names: dict[str, str]) -> str:
    """SQL naming the value of `expression` by `names` (the Python table, as a CASE)."""
    cases = " ".join(f"WHEN {_sql_text(k)} THEN {_sql_text(v)}" for k, v in names.items())
    return f"CASE {expression} {cases} END"


_KINDS = {K.text(k): name for k, name in K.KIND_NAMES.items()}
STEP_FACTS = (
    StepFact("pick", "action LIKE 'pick:%'", _sql_names("substr(action, 6)", _KINDS)),
    StepFact("take", "action LIKE 'take:%'", _sql_names("split_part(action, ':', 3)", _KINDS)),
)
"""The cards picked from the open supply (``pick:<kind>``) and drawn in a trade
(``take:<seat>:<kind>[:<kind>]``): the action says them (these actions are stored as recorded:
`public_action` changes only offers, gifts, merchants and the end of a turn), and they are
almost half of the game's facts. Rarer facts (a market swap, declarations, ...) stay in `facts`:
every `StepFact` is a branch of the view `facts` that each query on it plans (about 0.7 ms)."""


def facts(rules: Rules[Any], before: State, step: Step, after: State) -> Iterable[FactRow]:
    """The public facts of one step (see the module docstring). Doubloons are compared only at
    `rescored` steps, the trade master only after an offer, the game's end only after a turn's
    end: no other step changes them."""
    if not isinstance(step, Decision):
        if before.phase == SUPPLY:
            return [(-1, "event", K.EVENT_NAMES.get(before.event, before.event), 1)]
        if before.phase == PIRATES:
            seat, _ = before.pirate_queue[0]
            return [(seat, "pirates", "cards", len(step.outcome))]
        if before.phase not in (SETUP_DEV, SETUP_MARKET):  # pragma: no cover
            raise AssertionError(before.phase)
        return ()
    action = step.action
    verb, _, rest = action.partition(":")
    found = _decision(before, step.seat, verb, rest, after)
    if verb == "offer":
        if before.phase == OFFER and after.phase not in (OFFER, CHOOSE_MASTER):
            kept = after.master == before.master
            found.append((after.master, "master", "kept" if kept else "won", 1))
    elif verb in SCORING or (verb == "take" and action.count(":") == 3):
        found.extend(_doubloons(before, step.seat, verb, after))
        if after.over and not before.over:
            found.extend((-1, "end", reason, 1) for reason in after.end_reason.split("; "))
    return found


round_of = attrgetter("round")
"""`Rules.round_of` of Mundus Novus (`State.round`) without a Python call (`GameStats.round_of`)."""


def score_parts(state: State) -> tuple[object, ...]:
    """A seat's score is its doubloons and its complete set: both lie open."""
    return tuple([(seat.doubloons, seat.complete) for seat in state.seats])


def seat_score(state: State, seat: int) -> SeatScore:
    return scoring.seat_score(state, seat)


def seat_points(state: State, seat: int) -> dict[str, int]:
    """`seat_score`'s breakdown (`GameStats.seat_points`)."""
    return scoring.seat_points(state, seat)


_MN = f"game = '{GAME}'"
VIEWS = {
    "sets": f"""
        SELECT fact AS set_kind, item, count(*) AS sets, avg(amount) AS average_amount,
               count(*) / sum(count(*)) OVER (PARTITION BY fact) AS share
        FROM facts WHERE {_MN} AND fact IN ('same', 'diff', 'relics')
        GROUP BY fact, item ORDER BY set_kind, sets DESC, item""",
    "same_set_sizes": f"""
        SELECT item AS kind, amount AS size, count(*) AS sets
        FROM facts WHERE {_MN} AND fact = 'same'
        GROUP BY item, amount ORDER BY item, size""",
    "development": win_correlation_view(GAME, "develop", "card_kind"),
    "personalities": win_correlation_view(GAME, "personality", "personality"),
    "trade_master": f"""
        WITH m AS (SELECT game_id, seat, item FROM facts WHERE {_MN} AND fact = 'master'),
        d AS (SELECT item AS declared, count(*) AS n FROM facts
              WHERE {_MN} AND fact = 'declare' GROUP BY item)
        SELECT m.seat, count(*) AS trades_won,
               count(*) FILTER (WHERE m.item = 'kept') AS kept,
               count(*) FILTER (WHERE m.item = 'won') AS taken_over,
               count(*) FILTER (WHERE m.item = 'tie') AS by_tie,
               count(*) / sum(count(*)) OVER () AS share
        FROM m GROUP BY m.seat ORDER BY m.seat""",
    "declared": f"""
        SELECT item::INTEGER AS cards, count(*) AS trades,
               count(*) / sum(count(*)) OVER () AS share
        FROM facts WHERE {_MN} AND fact = 'declare' GROUP BY item ORDER BY cards""",
    "events": f"""
        WITH e AS (SELECT item FROM facts WHERE {_MN} AND fact = 'event'),
        c AS (SELECT item, count(*) AS bought FROM facts
              WHERE {_MN} AND fact = 'coronado' GROUP BY item)
        SELECT e.item AS event, count(*) AS rounds,
               count(*) / sum(count(*)) OVER () AS share, any_value(coalesce(c.bought, 0))
               AS bought_by_coronado
        FROM e LEFT JOIN c USING (item) GROUP BY e.item ORDER BY rounds DESC, event""",
    "doubloons": f"""
        WITH n AS (SELECT count(*) AS seats FROM seats WHERE {_MN})
        SELECT item AS source, sum(amount) AS doubloons,
               sum(amount) / nullif(any_value(n.seats), 0) AS per_seat,
               sum(amount) / sum(sum(amount)) OVER () AS share
        FROM facts, n WHERE {_MN} AND fact = 'doubloons'
        GROUP BY item ORDER BY doubloons DESC, source""",
    "end_reasons": f"""
        SELECT item AS reason, count(*) AS games,
               count(*) / (SELECT count(*) FROM games WHERE {_MN} AND finished) AS share
        FROM facts WHERE {_MN} AND fact = 'end' GROUP BY item ORDER BY games DESC, reason""",
    "cards_moved": f"""
        SELECT item AS kind,
               count(*) FILTER (WHERE fact = 'pick') AS picked_from_supply,
               count(*) FILTER (WHERE fact = 'take') AS drawn_in_trade,
               count(*) FILTER (WHERE fact = 'swap') AS taken_from_market
        FROM facts WHERE {_MN} AND fact IN ('pick', 'take', 'swap')
        GROUP BY item ORDER BY item""",
    "points": f"""
        SELECT category, avg(points) AS average,
               avg(points) FILTER (WHERE winner) AS average_of_winners
        FROM seat_points WHERE {_MN} GROUP BY category ORDER BY category DESC""",
}

TITLES = {
    "sets": "Sets developed (same kind, different kinds, relics)",
    "same_set_sizes": "Same-kind sets by kind and size",
    "development": "Development cards taken by kind, and winning",
    "personalities": "Personalities taken, and winning",
    "trade_master": "Trade master: trades won by seat",
    "declared": "Cards declared for the trade",
    "events": "Events seen",
    "doubloons": "Doubloons by source",
    "end_reasons": "Game end reasons",
    "cards_moved": "Resource cards picked, drawn in trades and taken from the market",
    "points": "Points by category",
}

STATS = GameStats(
    game=GAME,
    round_of=round_of,
    facts=facts,
    views=VIEWS,
    titles=TITLES,
    score_parts=score_parts,
    seat_score=seat_score,
    seat_points=seat_points,
    rescored=rescored,
    step_facts=STEP_FACTS,
    public_action=public_action,
    public_summary=public_summary,
)
