"""`describe(state, step)`: one English sentence per step, in a play-by-email narrative style.

    Ana selects the Settler (+1 doubloon)     Ben takes a corn plantation
    Cleo builds a Small Indigo Plant (1 doubloon spent)     Ben ships 2 corn on the 5-ship (3 VP)

`state` is the state *before* the step, so costs and amounts are read from it. Labels follow the
display theme (option ``names``).
"""

from __future__ import annotations

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
from domain.puerto_rico.state import CHANCE_BUILDINGS, CHANCE_HACIENDA, CHANCE_LAND, State
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
    nm = names_for(s.theme)
    if isinstance(step, ChanceStep):
        shown = ", ".join(str(t) for t in step.outcome)
        if s.chance == CHANCE_LAND:
            return f"{s.names[s.actor]} buys {shown} with the Land Office"
        if s.chance == CHANCE_BUILDINGS:
            return "The violet buildings are dealt at random"
        if s.chance == CHANCE_HACIENDA:
            return f"{s.names[s.actor]} draws {shown} from the plantation stack (Hacienda)"
        return f"New face-up plantations: {shown}"
    if not isinstance(step, Decision):
        return repr(step)
    who = s.names[step.seat] if 0 <= step.seat < len(s.names) else f"Seat {step.seat}"
    parsed = A.parse(step.action)
    if parsed is None:
        return f"{who}: {step.action}"
    p = s.players[step.seat] if 0 <= step.seat < len(s.players) else None
    verb, arg = parsed.verb, parsed.arg
    if verb == A.ROLE:
        money = s.role_doubloons[arg]
        extra = f" (+{nm.count(money, 'doubloon', 'doubloons')})" if money else ""
        if arg >= 6:
            got = nm.count(money + 1, "doubloon", "doubloons")
            return f"{who} selects the {nm.role[arg]} and takes {got}"
        return f"{who} selects the {nm.role[arg]}{extra}"
    # the most frequent steps first (colonists are placed one by one: ~40% of all steps)
    if verb == A.COLONIST and s.pending >= 0 and s.role == 1:
        return f"{who} keeps a plain {nm.colonist} on the {nm.building[arg - 6]}"
    if verb == A.COLONIST:
        return f"{who} places a {nm.colonist} on {_target(nm, arg)}"
    if verb == A.PLANTATION:
        text = f"{who} takes {_tile(nm, arg)}"
        if p is not None and p.has(HOSPICE) and (s.col_supply or s.col_ship):
            text += f" (with a {nm.colonist} from the {nm.building[HOSPICE]})"
        return text
    if verb == A.SHIP:
        have = p.goods[arg] if p is not None else 0
        if parsed.arg2 == A.WHARF:
            amount, where = have, f"with the {nm.building[WHARF]}"
        else:
            i = s.ships.index(parsed.arg2)
            amount = min(have, parsed.arg2 - s.ship_load[i])
            where = f"on the {parsed.arg2}-ship"
        vp = amount + (privilege(s, step.seat) if not s.bonus_used else 0)
        vp += 1 if p is not None and p.has(HARBOR) else 0
        return f"{who} ships {amount} {nm.good[arg]} {where} ({vp} VP)"
    if verb == A.BUILD:
        price_ = cost(p, arg, step.seat == s.picker) if p is not None else 0
        spent = min(price_, p.doubloons) if p is not None else 0
        text = (
            f"{who} builds {_building(nm, arg)} ({nm.count(spent, 'doubloon', 'doubloons')} spent"
            + (
                f", {price_ - spent} more with the {nm.building[BLACK_MARKET]})"
                if price_ > spent
                else ")"
            )
        )
        no_circle = BUILDINGS[arg].slots == 0
        if p is not None and p.has(UNIVERSITY) and (s.col_supply or s.col_ship) and not no_circle:
            text += f" and puts a {nm.colonist} on it ({nm.building[UNIVERSITY]})"
        return text
    if verb == A.LAND:
        if arg >= 0:
            return (
                f"{who} sells {_a(nm.tile[arg] + ' plantation')} with the Land Office (1 doubloon)"
            )
        how = " as a forest" if arg == -2 else ""
        return f"{who} buys a face-down plantation{how} with the Land Office (1 doubloon spent)"
    if verb == A.SUPPLIER:
        if arg < 0:
            return f"{who} is done with the Royal Supplier"
        return f"{who} returns 1 {nm.good[arg]} with the Royal Supplier (1 VP)"
    if verb == A.LODGE:
        what = "a forest" if arg == 5 else _a(f"{nm.tile[arg]} plantation")
        return f"{who} returns {what} with the Hunting Lodge"
    if verb == A.NOBLE:
        return f"{who} puts a noble on the {nm.building[arg]}"
    if verb == A.GUEST:
        return f"{who} moves a guest from the {nm.building[GUEST_HOUSE]} to {_target(nm, arg)}"
    if verb == A.PAY:
        parts = step.action.split(":", 2)
        thing = (
            "a VP chip"
            if parts[1] == "vp"
            else f"a {parts[2]}"
            if parts[1] == "good"
            else f"a {nm.colonist} from {parts[2].replace('_', ' ')}"
        )
        return f"{who} pays {thing} to the {nm.building[BLACK_MARKET]}"
    if verb == A.SMALL_WHARF_LOAD:
        return f"{who} loads 1 {nm.good[arg]} on the {nm.building[SMALL_WHARF]}"
    if verb == A.SMALL_WHARF_SAIL:
        n = sum(s.sw_load)
        return f"{who} ships {n} barrels with the {nm.building[SMALL_WHARF]} ({n // 2} VP)"
    if verb == A.FOREST:
        return f"{who} lays {_tile(nm, arg)} face down as a forest ({nm.building[FOREST_HOUSE]})"
    if verb == A.HACIENDA_TILE:
        tile = _tile(nm, s.pending) if s.pending >= 0 else "the drawn tile"
        how = "as a forest" if arg == 1 else "face up"
        return f"{who} places {tile} {how}"
    if verb == A.SHIP_NOBLE:
        how = "takes the noble" if arg == 1 else "leaves the noble and takes a colonist"
        return f"{who} {how} from the {nm.colonist} ship"
    if verb == A.DRAFT:
        return f"{who} drafts the {nm.building[arg]} for the building supply"
    if verb == A.HACIENDA:
        return f"{who} uses the Hacienda to draw an extra plantation"
    if verb == A.COLONISTS:
        placement = A.parse_placement(step.action) or {}
        parts = [
            f"{n} on {nm.tile[t] if t < 6 else nm.building[t - 6]}"
            for t, n in sorted(placement.items())
            if n
        ]
        rest = s.hand - sum(placement.values())
        text = f"{who} places {nm.colonists}: " + (", ".join(parts) or "none")
        return text + (f" ({rest} in San Juan)" if rest > 0 else "")
    if verb == A.EXTRA:
        return f"{who} takes an extra {nm.good[arg]} (craftsman privilege)"
    if verb == A.SELL and parsed.arg2 == 1:
        gain = PRICES[arg] + privilege(s, step.seat)
        return (
            f"{who} sells {nm.good[arg]} for {nm.count(gain, 'doubloon', 'doubloons')}"
            f" with the {nm.building[TRADING_POST]}"
        )
    if verb == A.SELL:
        gain = price(p, arg, step.seat == s.picker) if p is not None else 0
        return f"{who} sells {nm.good[arg]} for {nm.count(gain, 'doubloon', 'doubloons')}"
    if verb == A.STORE:
        return f"{who} stores all {nm.good[arg]} in a warehouse"
    if verb == A.KEEP:
        return f"{who} keeps 1 {nm.good[arg]}"
    if verb == A.PASS and s.guest_stage >= 0:
        return f"{who} leaves the guests in the {nm.building[GUEST_HOUSE]}"
    if verb == A.PASS and s.role == 5:
        return f"{who} declines to use the wharf"
    return f"{who} passes"
