"""The Mundus Novus rules engine (2-5 players) behind `domain.core.protocol.Rules`.

    rules = RULES
    setup = rules.prepare(["Ana", "Ben", "Cleo"], {"pack": "synthetic"})
    state = rules.initial_state(setup)     # waits for chance: the development deck shuffle

Phases live in `supply.py` (event, supply, Pirates), `trade.py`, `development.py`, `ending.py`;
the action grammar below; the JSON picture in `view.py`; sentences in `describe.py`.

Action grammar (kinds are 1-9 and R for the Inca relic; card lists are sorted, "-" is empty):
    coronado:none | coronado:<event>        fleets:one | fleets:<ids>|<ids>     pick:<kind>
    declare:<2-4>    offer:<cards>    master:<seat>    take:<seat>:<kind>[:<market kind>]
    give:<kind>      first:<seat>     merchant:<card id>:<from>:<to>
    same:<kind>:<cards of the kind>:<relics>:<position 1-5|deck>   (kind R: relics alone)
    diff:<kinds>     relics:<n>       complete     end:<cards kept in warehouses>
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain.core.chance import ChanceSpec, Shuffle
from domain.core.engine import Engine
from domain.core.errors import ChanceExpected
from domain.core.protocol import CHANCE, ChanceStep, Decision, Setup, Step
from domain.mundus_novus import cards as K
from domain.mundus_novus import development as dev
from domain.mundus_novus import supply, trade
from domain.mundus_novus.setup import NAME, OPTIONS, initial, prepare
from domain.mundus_novus.state import (
    CHANCE_PHASES,
    CHOOSE_MASTER,
    CORONADO,
    DECLARE,
    DEVELOP,
    DRAW,
    FIRST,
    FLEETS,
    GIVE,
    OFFER,
    PICK,
    SETUP_DEV,
    SETUP_MARKET,
    SUPPLY,
    State,
)
from domain.mundus_novus.view import view as view_state

_LEGAL: dict[str, Callable[[State], tuple[str, ...]]] = {
    CORONADO: supply.coronado_legal,
    FLEETS: supply.fleets_legal,
    PICK: supply.pick_legal,
    DECLARE: trade.declare_legal,
    CHOOSE_MASTER: trade.choose_master_legal,
    DRAW: trade.draw_legal,
    GIVE: trade.give_legal,
    FIRST: dev.first_legal,
    DEVELOP: dev.develop_legal,
}


def legal(s: State, seat: int) -> tuple[str, ...]:
    """Legal actions of `seat` (cached on the state; empty unless `seat` is to move)."""
    if s.legal_seat == seat and s.legal_cache is not None:
        return s.legal_cache
    if s.over or s.phase in CHANCE_PHASES:
        found: tuple[str, ...] = ()
    elif s.phase == OFFER:
        found = trade.offer_legal(s, seat) if s.seats[seat].offer is None else ()
    elif seat != s.actor:
        found = ()
    else:
        found = _LEGAL[s.phase](s)
    s.legal_cache, s.legal_seat = found, seat
    return found


def _chance_spec(s: State) -> ChanceSpec:
    if s.phase == SETUP_DEV:
        return Shuffle(tuple(sorted(s.cards)), label="development deck")
    if s.phase == SETUP_MARKET:
        return supply.Draw(tuple(K.texts(s.deck)), K.MARKET_SIZE, label="market")
    if s.phase == SUPPLY:
        return supply.supply_spec(s)
    return supply.pirates_spec(s)


def _apply_chance(s: State, outcome: tuple[Any, ...]) -> None:
    if s.phase == SETUP_DEV:
        order = [str(c) for c in outcome]
        s.queue, s.dev_deck = order[: K.QUEUE_SIZE], order[K.QUEUE_SIZE :]
        s.phase = SETUP_MARKET
    elif s.phase == SETUP_MARKET:
        for t in outcome:
            k = K.parse(str(t))
            s.deck[k] -= 1
            s.market[k] += 1
        supply.start_round(s)
    elif s.phase == SUPPLY:
        supply.apply_supply(s, tuple(map(str, outcome)))
    else:
        supply.apply_pirates(s, tuple(map(str, outcome)))


def _apply_decision(s: State, seat: int, action: str) -> None:
    verb, _, rest = action.partition(":")
    _DECISIONS[verb](s, seat, rest, rest.split(":"))


def _same(s: State, seat: int, rest: str, parts: list[str]) -> None:
    kind = 9 if parts[0] == "R" else int(parts[0])
    dev.apply_same(s, kind, int(parts[1]), int(parts[2]), parts[3])


def _take(s: State, seat: int, rest: str, parts: list[str]) -> None:
    swap = K.parse(parts[2]) if len(parts) > 2 else None
    trade.apply_take(s, int(parts[0]), K.parse(parts[1]), swap)


_DECISIONS: dict[str, Callable[[State, int, str, list[str]], None]] = {
    "offer": lambda s, seat, rest, _: trade.apply_offer(s, seat, K.parse_joined(rest)),
    "take": _take,
    "pick": lambda s, _seat, rest, _: supply.apply_pick(s, K.parse(rest)),
    "same": _same,
    "diff": lambda s, _seat, rest, _: dev.apply_diff(s, [int(k) for k in rest.split(",")]),
    "relics": lambda s, _seat, rest, _: dev.apply_relics(s, int(rest)),
    "merchant": lambda s, _seat, _rest, p: dev.apply_merchant(
        s, p[0], K.parse(p[1]), K.parse(p[2])
    ),
    "end": lambda s, _seat, rest, _: dev.apply_end(s, K.parse_joined(rest)),
    "complete": lambda s, _seat, _rest, _parts: dev.apply_complete(s),
    "declare": lambda s, _seat, rest, _: trade.apply_declare(s, int(rest)),
    "master": lambda s, _seat, rest, _: trade.apply_choose_master(s, int(rest)),
    "give": lambda s, _seat, rest, _: trade.apply_give(s, K.parse(rest)),
    "first": lambda s, _seat, rest, _: dev.apply_first(s, int(rest)),
    "coronado": lambda s, _seat, rest, _: supply.apply_coronado(s, rest),
    "fleets": lambda s, _seat, rest, _: supply.apply_fleets(s, rest),
}
"""What each verb of the grammar does (`legal` only offers these verbs)."""


class MundusNovusRules(Engine[State]):
    """Mundus Novus: events, supply, secret simultaneous trade offers, development."""

    name = NAME
    title = "Mundus Novus"
    package = "domain.mundus_novus"
    rules_version = "1"
    min_players = 2
    max_players = 5
    options = OPTIONS
    synthetic_note = ""

    def prepare(self, players: Sequence[str], options: Mapping[str, str]) -> Setup:
        return prepare(players, options)

    def initial_state(self, setup: Setup) -> State:
        return initial(setup)

    def to_move(self, state: State) -> tuple[int, ...]:
        if state.over:
            return ()
        if state.phase in CHANCE_PHASES:
            return (CHANCE,)
        if state.phase == OFFER:
            return trade.offer_to_move(state)
        return (state.actor,)

    def legal_actions(self, state: State, seat: int) -> Sequence[str]:
        return legal(state, seat)

    def chance_spec(self, state: State) -> ChanceSpec:
        if state.over or state.phase not in CHANCE_PHASES:
            raise ChanceExpected("no chance outcome is awaited now", hint="a seat decides now")
        return _chance_spec(state)

    def awaits_chance(self, state: State) -> bool:
        return not state.over and state.phase in CHANCE_PHASES

    def _step(self, state: State, step: Step) -> State:
        s = state.clone()
        if isinstance(step, ChanceStep):
            _apply_chance(s, tuple(step.outcome))
        else:
            assert isinstance(step, Decision)
            _apply_decision(s, step.seat, step.action)
        return s

    def is_over(self, state: State) -> bool:
        return state.over

    def view(self, state: State, seat: int | None = None) -> dict[str, Any]:
        return view_state(state, seat, self.to_move(state))

    def round_of(self, state: State) -> int:
        return state.round



RULES = MundusNovusRules()
