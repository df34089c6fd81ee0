"""The Puerto Rico rules engine (base game, 2-5 players) behind `domain.core.protocol.Rules`.

    rules = RULES
    setup = rules.prepare(["Ana", "Ben", "Cleo"], {})
    state = rules.initial_state(setup)   # waits for chance: the face-up plantation row

Each role lives in `roles/<role>.py`; the action grammar in `actions.py`; the JSON picture in
`view.py`; sentences in `describe.py`; display names in `names.py`; scoring in `scoring.py`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from types import ModuleType

from domain.core.chance import ChanceSpec
from domain.core.engine import Engine
from domain.core.errors import IllegalAction, NoChanceAwaited, PlayerCount, SetupError
from domain.core.options import choose_options
from domain.core.phrase import Count, Phrase, Term, phrase
from domain.core.protocol import CHANCE, ChanceStep, Decision, Setup, Step
from domain.puerto_rico import actions as A
from domain.puerto_rico import building_sets, guest_house, land_office
from domain.puerto_rico.components import (
    BUILDER,
    CAPTAIN,
    CRAFTSMAN,
    GUEST_HOUSE,
    MAYOR,
    PROSPECTOR,
    PROSPECTOR2,
    SETTLER,
    TILES,
    TRADER,
)
from domain.puerto_rico.describe import sentence
from domain.puerto_rico.describe import terms as describe_terms
from domain.puerto_rico.roles import builder, captain, craftsman, mayor, prospector, settler, trader
from domain.puerto_rico.setup import OPTIONS, initial
from domain.puerto_rico.state import (
    CHANCE_BUILDINGS,
    CHANCE_LAND,
    DRAFTING,
    NO_CHANCE,
    PICKING,
    State,
)
from domain.puerto_rico.turns import pick_seat

ROLE_MODULES: dict[int, ModuleType] = {
    SETTLER: settler,
    MAYOR: mayor,
    BUILDER: builder,
    CRAFTSMAN: craftsman,
    TRADER: trader,
    CAPTAIN: captain,
    PROSPECTOR: prospector,
    PROSPECTOR2: prospector,
}
_TILE_INDEX = {t: i for i, t in enumerate(TILES)}
UNPARSED = phrase("not an action of the grammar")
MALFORMED = phrase("malformed colonists placement")


def _role_choices(s: State) -> tuple[str, ...]:
    """The roles nobody took this round (listed once per set of roles and takers: a few hundred
    in all, and a quarter of all decisions are role picks)."""
    key = (s.roles, s.role_taker)
    found = _CHOICES.get(key)
    if found is None:
        if len(_CHOICES) >= 4096:
            _CHOICES.clear()
        found = _CHOICES[key] = tuple(A.ROLE_ACTIONS[r] for r in s.roles if s.role_taker[r] < 0)
    return found


_CHOICES: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[str, ...]] = {}


def legal(s: State, seat: int) -> tuple[str, ...]:
    """Legal actions of `seat` (empty unless `seat` is to move; listed once per state, kept in
    the state's cache as `domain.core.state.cached_legal` keeps them)."""
    if s.legal_seat == seat and s.legal_cache is not None:
        return s.legal_cache
    found = _listing(s, seat)
    s.legal_cache = found
    s.legal_seat = seat
    return found


def _listing(s: State, seat: int) -> tuple[str, ...]:
    if s.over or s.chance != NO_CHANCE or seat != s.actor:
        found: tuple[str, ...] = ()
    elif s.role == PICKING:
        found = _role_choices(s)
    elif s.role == DRAFTING:
        found = building_sets.draft_legal(s)
    elif s.guest_stage >= 0:
        found = ("pass",)  # the guest moves are added below
    else:
        found = ROLE_MODULES[s.role].legal(s, seat)
    if found and s.role != MAYOR and s.players[seat].active >> GUEST_HOUSE & 1:
        found = (*found, *guest_house.moves(s.players[seat]))
    return found


def _to_move(state: State) -> tuple[int, ...]:
    if state.over:
        return ()
    if state.chance != NO_CHANCE:
        return (CHANCE,)
    return (state.actor,)


def _is_over(state: State) -> bool:
    return state.over


class PuertoRicoRules(Engine[State]):
    """Puerto Rico, base game with the 2-player rules; Korean rulebook readings by default."""

    name = "puerto-rico"
    title = "Puerto Rico"
    package = "domain.puerto_rico"
    rules_version = "3"
    """2: the rules audit (docs/rules-notes.md, "Puerto Rico: audit against KO"); v1 games may
    not replay."""
    min_players = 2
    max_players = 5
    options = OPTIONS
    synthetic_note = ""

    def prepare(self, players: Sequence[str], options: Mapping[str, str]) -> Setup:
        names = tuple(players)
        if not self.min_players <= len(names) <= self.max_players:
            raise PlayerCount(self.title, self.min_players, self.max_players, len(names))
        chosen = choose_options(OPTIONS, options, players=len(names))
        if chosen["nobles"] == "true" and chosen["buildings"] == "base":
            raise SetupError(
                phrase("nobles=true needs the Expansion 1 building pool"),
                hint=phrase("add --option buildings=draft or buildings=random"),
            )
        return Setup(self.name, names, chosen, None)

    def initial_state(self, setup: Setup) -> State:
        s = initial(tuple(setup.players), setup.options)
        chosen = setup.options.get("buildings", "base")
        if chosen == "random":
            s.chance = CHANCE_BUILDINGS  # the face-up row is drawn once the set is known
            return s
        if chosen == "draft":
            building_sets.start_draft(s)
        elif chosen in building_sets.FIXED_SETS:
            building_sets.put_fixed(s, chosen)
        settler.refill(s)
        return s

    # The calls a game driver makes at every step go straight to module functions (no method
    # frame in between: rollouts and benchmarks of random games make millions of them).
    to_move = staticmethod(_to_move)
    legal_actions = staticmethod(legal)  # type: ignore[assignment]  # same call, staticmethod

    def chance_spec(self, state: State) -> ChanceSpec:
        if state.chance == NO_CHANCE:
            raise NoChanceAwaited(state.actor, state.over)
        if state.chance == CHANCE_BUILDINGS:
            return building_sets.chance_spec(state)
        if state.chance == CHANCE_LAND:
            return land_office.chance_spec(state)
        return settler.chance_spec(state)

    def awaits_chance(self, state: State) -> bool:
        return not state.over and state.chance != NO_CHANCE

    def _check_decision(self, state: State, seat: int, action: str) -> None:
        """A one-step colonist placement (not listed by `legal_actions`) is checked whole."""
        parsed = A.parse(action)
        if parsed is not None and parsed.verb == A.COLONISTS and state.role == MAYOR:
            allowed = legal(state, seat)
            placement = A.parse_placement(action)
            if placement is None:
                raise IllegalAction(action, seat, allowed, MALFORMED)
            problem = mayor.placement_problem(state, seat, placement)
            if problem:
                raise IllegalAction(action, seat, allowed, problem)
            return
        super()._check_decision(state, seat, action)

    def _why(self, state: State, seat: int, action: str) -> str | Phrase:
        return UNPARSED if A.parse(action) is None else ""

    def _step(self, state: State, step: Step) -> State:
        s = state.clone()
        if isinstance(step, ChanceStep):
            _resolve_chance(s, step.outcome)
            return s
        assert isinstance(step, Decision)
        seat = step.seat
        action = step.action
        parsed = A.parse(action)
        if parsed is None:
            raise IllegalAction(action, seat, (), UNPARSED)
        if parsed.verb == A.COLONISTS and state.role == MAYOR:
            placement = A.parse_placement(action)
            if placement is None:
                raise IllegalAction(action, seat, (), MALFORMED)
            mayor.act_placement(s, seat, placement)
        else:
            _decide(s, seat, parsed, action)
        return s

    is_over = staticmethod(_is_over)

    def phrase(self, state: State, step: Step) -> Phrase:
        """`describe` as a message id and fields, for other display languages."""
        return sentence(state, step)

    def terms(self) -> Iterator[Term | Count]:
        return describe_terms()

    def round_of(self, state: State) -> int:
        return state.round


def _resolve_chance(s: State, outcome: Sequence[object]) -> None:
    """Apply the awaited chance outcome to `s` (a clone): violet buildings, a Land Office tile,
    or plantations drawn."""
    if s.chance == CHANCE_BUILDINGS:
        s.chance = NO_CHANCE
        building_sets.resolve(s, tuple(str(t) for t in outcome))
        settler.refill(s)
    elif s.chance == CHANCE_LAND:
        land_office.resolve(s, _TILE_INDEX[str(outcome[0])])
        trader.advance(s)
    else:
        settler.resolve(s, tuple(_TILE_INDEX[str(t)] for t in outcome))


def _decide(s: State, seat: int, parsed: A.Parsed, action: str) -> None:
    """Apply a legal decision (other than a one-step colonist placement) to `s` (a clone)."""
    if parsed.verb == A.GUEST:
        guest_house.move(s, seat, parsed.arg)
        if s.guest_stage >= 0 and not guest_house.can_move(s.players[seat]):
            _next_guest_owner(s)
    elif s.guest_stage >= 0:  # pass: this owner leaves his guests where they are
        _next_guest_owner(s)
    elif parsed.verb == A.ROLE:
        _take_role(s, seat, parsed.arg)
    elif parsed.verb == A.DRAFT:
        building_sets.draft(s, parsed.arg)
    else:
        ROLE_MODULES[s.role].act(s, seat, parsed, action)


def _take_role(s: State, seat: int, role: int) -> None:
    taker = list(s.role_taker)
    taker[role] = seat
    s.role_taker = tuple(taker)
    on_card = s.role_doubloons[role]
    if on_card:
        s.edit(seat).doubloons += on_card
        money = list(s.role_doubloons)
        money[role] = 0
        s.role_doubloons = tuple(money)
    s.role = role
    s.picker = seat
    if not guest_house.open_stage(s):
        ROLE_MODULES[role].start(s)


def _next_guest_owner(s: State) -> None:
    """The next Guest House owner is asked, or the phase starts."""
    s.guest_stage += 1
    if not guest_house.next_owner(s):
        ROLE_MODULES[s.role].start(s)


RULES = PuertoRicoRules()

__all__ = ["RULES", "PuertoRicoRules", "legal", "pick_seat"]
