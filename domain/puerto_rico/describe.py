"""`describe(state, step)`: one English sentence per step, in a play-by-email narrative style.

    Ana selects the Settler (+1 doubloon)     Ben takes a corn plantation
    Cleo builds a Small Indigo Plant (1 doubloon spent)     Ben ships 2 corn on the 5-ship (3 VP)

`state` is the state *before* the step, so costs and amounts are read from it. Labels follow the
display theme (option ``names``).
"""

from __future__ import annotations

from collections.abc import Callable

from domain.core.protocol import ChanceStep, Decision, Step
from domain.puerto_rico import actions as A
from domain.puerto_rico.components import (
    BLACK_MARKET,
    BUILDINGS,
    FOREST_HOUSE,
    GUEST_HOUSE,
    HARBOR,
    HOSPICE,
    PRICES,
    QUARRY,
    SMALL_WHARF,
    TRADING_POST,
    UNIVERSITY,
    WHARF,
)
from domain.puerto_rico.names import Names, names_for
from domain.puerto_rico.roles.builder import cost
from domain.puerto_rico.roles.trader import price
from domain.puerto_rico.state import CHANCE_BUILDINGS, CHANCE_HACIENDA, CHANCE_LAND, Player, State
from domain.puerto_rico.turns import privilege


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "aeiouAEIOU" else f"a {word}"


def _tile(nm: Names, t: int) -> str:
    return "a quarry" if t == QUARRY else _a(f"{nm.tile[t]} plantation")


def _target(nm: Names, t: int) -> str:
    """A placement target (6 tile types, then the buildings) as the narrative names it."""
    if t < QUARRY:
        return _a(f"{nm.tile[t]} plantation")
    return "a quarry" if t == QUARRY else f"the {nm.building[t - 6]}"


def _building(nm: Names, b: int) -> str:
    return _a(nm.building[b])


def describe(s: State, step: Step) -> str:
    if isinstance(step, ChanceStep):
        return _chance(s, step)
    if not isinstance(step, Decision):
        return repr(step)
    who = s.names[step.seat] if 0 <= step.seat < len(s.names) else f"Seat {step.seat}"
    parsed = A.parse(step.action)
    if parsed is None:
        return f"{who}: {step.action}"
    p = s.players[step.seat] if 0 <= step.seat < len(s.players) else None
    return _VERBS[parsed.verb](s, names_for(s.theme), who, p, step, parsed)


def _chance(s: State, step: ChanceStep) -> str:
    shown = ", ".join(str(t) for t in step.outcome)
    if s.chance == CHANCE_LAND:
        return f"{s.names[s.actor]} buys {shown} with the Land Office"
    if s.chance == CHANCE_BUILDINGS:
        return "The violet buildings are dealt at random"
    if s.chance == CHANCE_HACIENDA:
        return f"{s.names[s.actor]} draws {shown} from the plantation stack (Hacienda)"
    return f"New face-up plantations: {shown}"


Line = Callable[[State, Names, str, "Player | None", Decision, A.Parsed], str]
"""One verb's sentence: (state before, display names, who, his board, the step, parsed)."""


def _role(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    money = s.role_doubloons[a.arg]
    if a.arg >= 6:
        got = nm.count(money + 1, "doubloon", "doubloons")
        return f"{who} selects the {nm.role[a.arg]} and takes {got}"
    extra = f" (+{nm.count(money, 'doubloon', 'doubloons')})" if money else ""
    return f"{who} selects the {nm.role[a.arg]}{extra}"


def _colonist(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    if s.pending >= 0 and s.role == 1:
        return f"{who} keeps a plain {nm.colonist} on the {nm.building[a.arg - 6]}"
    return f"{who} places a {nm.colonist} on {_target(nm, a.arg)}"


def _plantation(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    text = f"{who} takes {_tile(nm, a.arg)}"
    if p is not None and p.has(HOSPICE) and (s.col_supply or s.col_ship):
        text += f" (with a {nm.colonist} from the {nm.building[HOSPICE]})"
    return text


def _ship(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    have = p.goods[a.arg] if p is not None else 0
    if a.arg2 == A.WHARF:
        amount, where = have, f"with the {nm.building[WHARF]}"
    else:
        i = s.ships.index(a.arg2)
        amount = min(have, a.arg2 - s.ship_load[i])
        where = f"on the {a.arg2}-ship"
    vp = amount + (privilege(s, d.seat) if not s.bonus_used else 0)
    vp += 1 if p is not None and p.has(HARBOR) else 0
    return f"{who} ships {amount} {nm.good[a.arg]} {where} ({vp} VP)"


def _build(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    price_ = cost(p, a.arg, d.seat == s.picker) if p is not None else 0
    spent = min(price_, p.doubloons) if p is not None else 0
    text = (
        f"{who} builds {_building(nm, a.arg)} ({nm.count(spent, 'doubloon', 'doubloons')} spent"
        + (
            f", {price_ - spent} more with the {nm.building[BLACK_MARKET]})"
            if price_ > spent
            else ")"
        )
    )
    no_circle = BUILDINGS[a.arg].slots == 0
    if p is not None and p.has(UNIVERSITY) and (s.col_supply or s.col_ship) and not no_circle:
        text += f" and puts a {nm.colonist} on it ({nm.building[UNIVERSITY]})"
    return text


def _land(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    if a.arg >= 0:
        return f"{who} sells {_a(nm.tile[a.arg] + ' plantation')} with the Land Office (1 doubloon)"
    how = " as a forest" if a.arg == -2 else ""
    return f"{who} buys a face-down plantation{how} with the Land Office (1 doubloon spent)"


def _supplier(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    if a.arg < 0:
        return f"{who} is done with the Royal Supplier"
    return f"{who} returns 1 {nm.good[a.arg]} with the Royal Supplier (1 VP)"


def _lodge(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    what = "a forest" if a.arg == 5 else _a(f"{nm.tile[a.arg]} plantation")
    return f"{who} returns {what} with the Hunting Lodge"


def _noble(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    return f"{who} puts a noble on the {nm.building[a.arg]}"


def _guest(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    return f"{who} moves a guest from the {nm.building[GUEST_HOUSE]} to {_target(nm, a.arg)}"


def _pay(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    parts = d.action.split(":", 2)
    if parts[1] == "vp":
        thing = "a VP chip"
    elif parts[1] == "good":
        thing = f"a {parts[2]}"
    else:
        thing = f"a {nm.colonist} from {parts[2].replace('_', ' ')}"
    return f"{who} pays {thing} to the {nm.building[BLACK_MARKET]}"


def _wharf_load(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    return f"{who} loads 1 {nm.good[a.arg]} on the {nm.building[SMALL_WHARF]}"


def _wharf_sail(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    n = sum(s.sw_load)
    return f"{who} ships {n} barrels with the {nm.building[SMALL_WHARF]} ({n // 2} VP)"


def _forest(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    return f"{who} lays {_tile(nm, a.arg)} face down as a forest ({nm.building[FOREST_HOUSE]})"


def _hacienda_tile(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed
) -> str:
    tile = _tile(nm, s.pending) if s.pending >= 0 else "the drawn tile"
    how = "as a forest" if a.arg == 1 else "face up"
    return f"{who} places {tile} {how}"


def _ship_noble(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    how = "takes the noble" if a.arg == 1 else "leaves the noble and takes a colonist"
    return f"{who} {how} from the {nm.colonist} ship"


def _draft(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    return f"{who} drafts the {nm.building[a.arg]} for the building supply"


def _hacienda(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    return f"{who} uses the Hacienda to draw an extra plantation"


def _colonists(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    placement = A.parse_placement(d.action) or {}
    parts = [
        f"{n} on {nm.tile[t] if t < 6 else nm.building[t - 6]}"
        for t, n in sorted(placement.items())
        if n
    ]
    rest = s.hand - sum(placement.values())
    text = f"{who} places {nm.colonists}: " + (", ".join(parts) or "none")
    return text + (f" ({rest} in San Juan)" if rest > 0 else "")


def _extra(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    return f"{who} takes an extra {nm.good[a.arg]} (craftsman privilege)"


def _sell(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    if a.arg2 == 1:
        gain = PRICES[a.arg] + privilege(s, d.seat)
        return (
            f"{who} sells {nm.good[a.arg]} for {nm.count(gain, 'doubloon', 'doubloons')}"
            f" with the {nm.building[TRADING_POST]}"
        )
    gain = price(p, a.arg, d.seat == s.picker) if p is not None else 0
    return f"{who} sells {nm.good[a.arg]} for {nm.count(gain, 'doubloon', 'doubloons')}"


def _store(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    return f"{who} stores all {nm.good[a.arg]} in a warehouse"


def _keep(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    return f"{who} keeps 1 {nm.good[a.arg]}"


def _pass(s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed) -> str:
    if s.guest_stage >= 0:
        return f"{who} leaves the guests in the {nm.building[GUEST_HOUSE]}"
    if s.role == 5:
        return f"{who} declines to use the wharf"
    return f"{who} passes"


_VERBS: dict[int, Line] = {
    A.COLONIST: _colonist,
    A.ROLE: _role,
    A.PLANTATION: _plantation,
    A.SHIP: _ship,
    A.BUILD: _build,
    A.LAND: _land,
    A.SUPPLIER: _supplier,
    A.LODGE: _lodge,
    A.NOBLE: _noble,
    A.GUEST: _guest,
    A.PAY: _pay,
    A.SMALL_WHARF_LOAD: _wharf_load,
    A.SMALL_WHARF_SAIL: _wharf_sail,
    A.FOREST: _forest,
    A.HACIENDA_TILE: _hacienda_tile,
    A.SHIP_NOBLE: _ship_noble,
    A.DRAFT: _draft,
    A.HACIENDA: _hacienda,
    A.COLONISTS: _colonists,
    A.EXTRA: _extra,
    A.SELL: _sell,
    A.STORE: _store,
    A.KEEP: _keep,
    A.PASS: _pass,
}
"""The sentence of each verb of the grammar (`actions.py`)."""
