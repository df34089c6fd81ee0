"""The Mundus Novus rules engine (2-6 players) behind `domain.core.protocol.Rules`.

    rules = RULES
    setup = rules.prepare(["Ana", "Ben", "Cleo"], {"pack": "synthetic"})
    state = rules.initial_state(setup)     # waits for chance: the development deck shuffle

Phases live in `supply.py` (event, supply, Pirates), `trade.py`, `development.py`, `ending.py`;
the action grammar and what each verb does in `actions.py`; the JSON picture in `view.py`;
sentences in `describe.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain.core.chance import ChanceSpec, Shuffle
from domain.core.engine import Engine
from domain.core.errors import NoChanceAwaited
from domain.core.protocol import CHANCE, ChanceStep, Decision, Setup, Step
from domain.core.state import cached_legal
from domain.mundus_novus import cards as K
from domain.mundus_novus import development as dev
from domain.mundus_novus import supply, trade
from domain.mundus_novus.actions import apply_decision
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


@cached_legal
def legal(s: State, seat: int) -> tuple[str, ...]:
    """Legal actions of `seat` (empty unless `seat` is to move; listed once per state)."""
    if s.over or s.phase in CHANCE_PHASES:
        found: tuple[str, ...] = ()
    elif s.phase == OFFER:
        found = trade.offer_legal(s, seat) if s.seats[seat].offer is None else ()
    elif seat != s.actor:
        found = ()
    else:
        found = _LEGAL[s.phase](s)
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


class MundusNovusRules(Engine[State]):
    """Mundus Novus: events, supply, secret simultaneous trade offers, development."""

    name = NAME
    title = "Mundus Novus"
    package = "domain.mundus_novus"
    rules_version = "2"
    min_players = 2
    max_players = 6
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
            raise NoChanceAwaited(None, state.over)
        return _chance_spec(state)

    def awaits_chance(self, state: State) -> bool:
        return not state.over and state.phase in CHANCE_PHASES

    def _step(self, state: State, step: Step) -> State:
        s = state.clone()
        if isinstance(step, ChanceStep):
            _apply_chance(s, tuple(step.outcome))
        else:
            assert isinstance(step, Decision)
            apply_decision(s, step.seat, step.action)
        return s

    def is_over(self, state: State) -> bool:
        return state.over

    def view(self, state: State, seat: int | None = None) -> dict[str, Any]:
        return view_state(state, seat, self.to_move(state))

    def round_of(self, state: State) -> int:
        return state.round


RULES = MundusNovusRules()
