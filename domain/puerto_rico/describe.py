"""`describe(state, step)`: one English sentence per step, in a play-by-email narrative style.

    Ana selects the Settler (+1 doubloon)     Ben takes a corn plantation
    Cleo builds a Small Indigo Plant (1 doubloon spent)     Ben ships 2 corn on the 5-ship (3 VP)

`state` is the state *before* the step, so costs and amounts are read from it. Labels follow the
display theme (option ``names``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from domain.core.phrase import Count, Listing, Said, Say, Term, sentences
from domain.core.protocol import ChanceStep, Decision, Step
from domain.puerto_rico import actions as A
from domain.puerto_rico.components import (
    BLACK_MARKET,
    BUILDINGS,
    FOREST_HOUSE,
    GOODS,
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
from domain.puerto_rico.names import THEMES, Names, names_for
from domain.puerto_rico.roles.builder import cost
from domain.puerto_rico.roles.trader import price
from domain.puerto_rico.state import CHANCE_BUILDINGS, CHANCE_HACIENDA, CHANCE_LAND, Player, State
from domain.puerto_rico.turns import privilege


class _Terms:
    """A theme's names as catalog terms, made once (sentences are made for every stored step)."""

    def __init__(self, nm: Names) -> None:
        c = nm.context
        self.role = tuple(Term(x, c + ".role") for x in nm.role)
        self.good = tuple(Term(x, c + ".good") for x in nm.good)
        self.tile = tuple(Term(x, c + ".good") for x in nm.tile)
        self.building = tuple(Term(x, c + ".building") for x in nm.building)
        self.piece = Term(nm.colonist, c + ".piece")
        self.pieces = Term(nm.colonists, c + ".pieces")


_TERMS = {nm.context: _Terms(nm) for nm in THEMES.values()}


def _role_t(nm: Names, r: int) -> Term:
    return _TERMS[nm.context].role[r]


def _good(nm: Names, g: int) -> Term:
    return _TERMS[nm.context].good[g]


def _bld(nm: Names, b: int) -> Term:
    return _TERMS[nm.context].building[b]


def _piece(nm: Names) -> Term:
    return _TERMS[nm.context].piece


def _doubloons(nm: Names, n: int) -> Count:
    return Count(n, "{n} doubloon", "{n} doubloons", nm.context)


def _tile(nm: Names, t: int, phrase: Say) -> Said:
    if t == QUARRY:
        return phrase("a quarry")
    return phrase("{good.a} plantation", good=_TERMS[nm.context].tile[t])


def _target(nm: Names, t: int, phrase: Say) -> Said:
    """A placement target (6 tile types, then the buildings) as the narrative names it."""
    if t <= QUARRY:
        return _tile(nm, t, phrase)
    return phrase("the {building}", building=_bld(nm, t - 6))


_TILE_IDS = (*GOODS, "quarry")


def _drawn(nm: Names, tile: str) -> Term | str:
    """A drawn plantation (its id in a chance outcome) by its display name."""
    if tile in _TILE_IDS:
        return _TERMS[nm.context].tile[_TILE_IDS.index(tile)]
    return tile


def _sentence(s: State, step: Step, phrase: Say) -> Said:
    if isinstance(step, ChanceStep):
        return _chance(s, step, phrase)
    if not isinstance(step, Decision):
        return phrase("{step}", step=repr(step))
    who = s.names[step.seat] if 0 <= step.seat < len(s.names) else f"Seat {step.seat}"
    parsed = A.parse(step.action)
    if parsed is None:
        return phrase("{who}: {action}", who=who, action=step.action)
    p = s.players[step.seat] if 0 <= step.seat < len(s.players) else None
    return _VERBS[parsed.verb](s, names_for(s.theme), who, p, step, parsed, phrase)


def terms() -> Iterator[Term | Count]:
    """Every name the sentences and the board can show, in every display theme."""
    for theme in THEMES.values():
        for names, kind in (
            (theme.role, "role"),
            ((*theme.tile, "forest"), "good"),
            (theme.building, "building"),
            ((theme.colonist,), "piece"),
            ((theme.colonists,), "pieces"),
            (tuple(theme.places.values()), "place"),
        ):
            for text in dict.fromkeys(names):
                yield Term(text, f"{theme.context}.{kind}")
        yield _doubloons(theme, 2)


def _chance(s: State, step: ChanceStep, phrase: Say) -> Said:
    nm = names_for(s.theme)
    shown = Listing(tuple(_drawn(nm, str(t)) for t in step.outcome))
    if s.chance == CHANCE_LAND:
        return phrase("{who} buys {tiles} with the Land Office", who=s.names[s.actor], tiles=shown)
    if s.chance == CHANCE_BUILDINGS:
        return phrase("The violet buildings are dealt at random")
    if s.chance == CHANCE_HACIENDA:
        return phrase(
            "{who} draws {tiles} from the plantation stack (Hacienda)",
            who=s.names[s.actor],
            tiles=shown,
        )
    return phrase("New face-up plantations: {tiles}", tiles=shown)


Line = Callable[[State, Names, str, "Player | None", Decision, A.Parsed, Say], Said]
"""One verb's sentence: (state before, display names, who, his board, the step, parsed, and
`phrase` (a `Phrase`, for translation) or `english` (the text at once))."""


def _role(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    money = s.role_doubloons[a.arg]
    role = _role_t(nm, a.arg)
    if a.arg >= 6:
        got = _doubloons(nm, money + 1)
        return phrase("{who} selects the {role} and takes {got}", who=who, role=role, got=got)
    if money:
        return phrase(
            "{who} selects the {role} (+{money})",
            who=who,
            role=role,
            money=_doubloons(nm, money),
        )
    return phrase("{who} selects the {role}", who=who, role=role)


def _colonist(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    if s.pending >= 0 and s.role == 1:
        return phrase(
            "{who} keeps a plain {colonist} on the {building}",
            who=who,
            colonist=_piece(nm),
            building=_bld(nm, a.arg - 6),
        )
    return phrase(
        "{who} places a {colonist} on {target}",
        who=who,
        colonist=_piece(nm),
        target=_target(nm, a.arg, phrase),
    )


def _plantation(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    if p is not None and p.has(HOSPICE) and (s.col_supply or s.col_ship):
        return phrase(
            "{who} takes {tile} (with a {colonist} from the {building})",
            who=who,
            tile=_tile(nm, a.arg, phrase),
            colonist=_piece(nm),
            building=_bld(nm, HOSPICE),
        )
    return phrase("{who} takes {tile}", who=who, tile=_tile(nm, a.arg, phrase))


def _ship(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    have = p.goods[a.arg] if p is not None else 0
    where: Said
    if a.arg2 == A.WHARF:
        amount = have
        where = phrase("with the {building}", building=_bld(nm, WHARF))
    else:
        i = s.ships.index(a.arg2)
        amount = min(have, a.arg2 - s.ship_load[i])
        where = phrase("on the {size}-ship", size=a.arg2)
    vp = amount + (privilege(s, d.seat) if not s.bonus_used else 0)
    vp += 1 if p is not None and p.has(HARBOR) else 0
    return phrase(
        "{who} ships {amount} {good} {where} ({vp} VP)",
        who=who,
        amount=amount,
        good=_good(nm, a.arg),
        where=where,
        vp=vp,
    )


def _build(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    price_ = cost(p, a.arg, d.seat == s.picker) if p is not None else 0
    spent = min(price_, p.doubloons) if p is not None else 0
    if price_ > spent:
        built = phrase(
            "{who} builds {building.a} ({spent} spent, {more} more with the {market})",
            who=who,
            building=_bld(nm, a.arg),
            spent=_doubloons(nm, spent),
            more=price_ - spent,
            market=_bld(nm, BLACK_MARKET),
        )
    else:
        built = phrase(
            "{who} builds {building.a} ({spent} spent)",
            who=who,
            building=_bld(nm, a.arg),
            spent=_doubloons(nm, spent),
        )
    no_circle = BUILDINGS[a.arg].slots == 0
    if p is not None and p.has(UNIVERSITY) and (s.col_supply or s.col_ship) and not no_circle:
        return phrase(
            "{built} and puts a {colonist} on it ({university})",
            built=built,
            colonist=_piece(nm),
            university=_bld(nm, UNIVERSITY),
        )
    return built


def _land(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    if a.arg >= 0:
        return phrase(
            "{who} sells {tile} with the Land Office (1 doubloon)",
            who=who,
            tile=_tile(nm, a.arg, phrase),
        )
    if a.arg == -2:
        return phrase(
            "{who} buys a face-down plantation as a forest with the Land Office (1 doubloon spent)",
            who=who,
        )
    return phrase(
        "{who} buys a face-down plantation with the Land Office (1 doubloon spent)", who=who
    )


def _supplier(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    if a.arg < 0:
        return phrase("{who} is done with the Royal Supplier", who=who)
    return phrase(
        "{who} returns 1 {good} with the Royal Supplier (1 VP)", who=who, good=_good(nm, a.arg)
    )


def _lodge(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    if a.arg == 5:
        return phrase("{who} returns a forest with the Hunting Lodge", who=who)
    return phrase(
        "{who} returns {tile} with the Hunting Lodge", who=who, tile=_tile(nm, a.arg, phrase)
    )


def _noble(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    return phrase("{who} puts a noble on the {building}", who=who, building=_bld(nm, a.arg))


def _guest(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    return phrase(
        "{who} moves a guest from the {guest_house} to {target}",
        who=who,
        guest_house=_bld(nm, GUEST_HOUSE),
        target=_target(nm, a.arg, phrase),
    )


def _place(nm: Names, where: str, phrase: Say) -> Said:
    """Where a Black Market colonist comes from: a building id, a plantation kind, San Juan."""
    ids = [b.id for b in BUILDINGS]
    if where in ids:
        return phrase("the {building}", building=_bld(nm, ids.index(where)))
    if where in _TILE_IDS:
        return _tile(nm, _TILE_IDS.index(where), phrase)
    if where == "san_juan":
        return phrase("San Juan")
    return where.replace("_", " ")


def _pay(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    parts = d.action.split(":", 2)
    thing: Said
    if parts[1] == "vp":
        thing = phrase("a VP chip")
    elif parts[1] == "good":
        good = _good(nm, GOODS.index(parts[2])) if parts[2] in GOODS else parts[2]
        thing = phrase("a {good}", good=good)
    else:
        thing = phrase(
            "a {colonist} from {place}", colonist=_piece(nm), place=_place(nm, parts[2], phrase)
        )
    return phrase(
        "{who} pays {thing} to the {building}",
        who=who,
        thing=thing,
        building=_bld(nm, BLACK_MARKET),
    )


def _wharf_load(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    return phrase(
        "{who} loads 1 {good} on the {building}",
        who=who,
        good=_good(nm, a.arg),
        building=_bld(nm, SMALL_WHARF),
    )


def _wharf_sail(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    n = sum(s.sw_load)
    return phrase(
        "{who} ships {n} barrels with the {building} ({vp} VP)",
        who=who,
        n=n,
        building=_bld(nm, SMALL_WHARF),
        vp=n // 2,
    )


def _forest(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    return phrase(
        "{who} lays {tile} face down as a forest ({building})",
        who=who,
        tile=_tile(nm, a.arg, phrase),
        building=_bld(nm, FOREST_HOUSE),
    )


def _hacienda_tile(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    tile = _tile(nm, s.pending, phrase) if s.pending >= 0 else phrase("the drawn tile")
    if a.arg == 1:
        return phrase("{who} places {tile} as a forest", who=who, tile=tile)
    return phrase("{who} places {tile} face up", who=who, tile=tile)


def _ship_noble(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    if a.arg == 1:
        return phrase(
            "{who} takes the noble from the {colonist} ship", who=who, colonist=_piece(nm)
        )
    return phrase(
        "{who} leaves the noble and takes a colonist from the {colonist} ship",
        who=who,
        colonist=_piece(nm),
    )


def _draft(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    return phrase(
        "{who} drafts the {building} for the building supply", who=who, building=_bld(nm, a.arg)
    )


def _hacienda(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    return phrase("{who} uses the Hacienda to draw an extra plantation", who=who)


def _colonists(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    placement = A.parse_placement(d.action) or {}
    parts = tuple(
        phrase(
            "{n} on {target}",
            n=n,
            target=_TERMS[nm.context].tile[t] if t < 6 else _bld(nm, t - 6),
        )
        for t, n in sorted(placement.items())
        if n
    )
    rest = s.hand - sum(placement.values())
    listed: Said = Listing(parts) if parts else phrase("none")
    colonists = _TERMS[nm.context].pieces
    if rest > 0:
        return phrase(
            "{who} places {colonists}: {listed} ({rest} in San Juan)",
            who=who,
            colonists=colonists,
            listed=listed,
            rest=rest,
        )
    return phrase("{who} places {colonists}: {listed}", who=who, colonists=colonists, listed=listed)


def _extra(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    return phrase(
        "{who} takes an extra {good} (craftsman privilege)", who=who, good=_good(nm, a.arg)
    )


def _sell(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    if a.arg2 == 1:
        gain = PRICES[a.arg] + privilege(s, d.seat)
        return phrase(
            "{who} sells {good} for {gain} with the {building}",
            who=who,
            good=_good(nm, a.arg),
            gain=_doubloons(nm, gain),
            building=_bld(nm, TRADING_POST),
        )
    gain = price(p, a.arg, d.seat == s.picker) if p is not None else 0
    return phrase(
        "{who} sells {good} for {gain}", who=who, good=_good(nm, a.arg), gain=_doubloons(nm, gain)
    )


def _store(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    return phrase("{who} stores all {good} in a warehouse", who=who, good=_good(nm, a.arg))


def _keep(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    return phrase("{who} keeps 1 {good}", who=who, good=_good(nm, a.arg))


def _pass(
    s: State, nm: Names, who: str, p: Player | None, d: Decision, a: A.Parsed, phrase: Say
) -> Said:
    if s.guest_stage >= 0:
        return phrase(
            "{who} leaves the guests in the {building}", who=who, building=_bld(nm, GUEST_HOUSE)
        )
    if s.role == 5:
        return phrase("{who} declines to use the wharf", who=who)
    return phrase("{who} passes", who=who)


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


def _hospice(s: State, seat: int, a: A.Parsed) -> object:
    p = s.players[seat] if 0 <= seat < len(s.players) else None
    return bool(p is not None and p.has(HOSPICE) and (s.col_supply or s.col_ship))


_READS: dict[int, Callable[[State, int, A.Parsed], object]] = {
    A.COLONIST: lambda s, seat, a: s.pending >= 0 and s.role == 1,
    A.ROLE: lambda s, seat, a: s.role_doubloons[a.arg],
    A.PLANTATION: _hospice,
    A.EXTRA: lambda s, seat, a: None,
    A.STORE: lambda s, seat, a: None,
    A.KEEP: lambda s, seat, a: None,
    A.PASS: lambda s, seat, a: (s.guest_stage >= 0, s.role == 5),
}
"""Verbs whose English sentence depends on the names, the theme, the seat, the action and
only this much of the state (what each `_VERBS` function reads besides them): a colonist placed,
a role, a plantation, an extra barrel, a pass... most of a game's steps."""


def remembered(s: State, step: Step) -> object:
    """Everything the English sentence of `step` reads, for the verbs of `_READS` (else None):
    `describe` makes each once and looks it up afterwards."""
    if type(step) is not Decision:
        return None
    parsed = A.parse(step.action)
    if parsed is None:
        return None
    reads = _READS.get(parsed.verb)
    if reads is None:
        return None
    return (s.names, s.theme, step.seat, step.action, reads(s, step.seat, parsed))


describe, sentence = sentences(_sentence, remembered)
