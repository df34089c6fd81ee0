"""Module D: the Maya player's trades with other players during its trade action (KO "교역").

The book lets the players agree on "any number of resources (gold included) and coins in any
combination". An open-ended bargain has no finite list of actions, so a proposal here is one of
three bundles (docs/rules-notes.md says why):

  <good>><n>coin   the Maya gives one unit, the partner pays 1..MAX_COINS coins
  <n>coin><good>   the Maya pays 1..MAX_COINS coins for one unit of the partner's
  <good>><good>    one unit for one unit of another kind

A good is wood, grain, sugar, gem, gold or cocoa. Both sides must hold what they give; the Maya
must have an empty storage tile of what it gets (gold has no tiles: the gold storage takes any
number) and the partner room under its 3-per-resource limit (cocoa: an empty cocoa tile). Each
trade action allows at most MAX_PROPOSALS proposals, and a declined one is not offered again in
that action, so every trade action ends. The Maya's units are storage tiles flipped: the partner
"takes a token from the supply" and a Maya tile turns full when the partner's token goes back, so
both sides' counts move by one, as in the book's example (1 wood for 2 coins).
"""

from __future__ import annotations

from domain.santa_maria.components import GOLD, MAYA_STORE
from domain.santa_maria.economy import LIMIT
from domain.santa_maria.state import Player, State

GOODS = ("wood", "grain", "sugar", "gem", "gold", "cocoa")
MAX_COINS = 3
"""Coins on one side of a proposal (the book's example asks 2 for a wood)."""
MAX_PROPOSALS = 4
"""Proposals per trade action, accepted or declined."""
RES_INDEX = {"wood": 0, "grain": 1, "sugar": 2, "gem": 3, "gold": GOLD}

Side = tuple[str, int]
"""("coin", n) or (good, 1)."""


def parse_side(text: str) -> Side:
    if text.endswith("coin"):
        return ("coin", int(text[:-4]))
    return (text, 1)


def parse_offer(arg: str) -> tuple[int, Side, Side]:
    """`<seat>:<maya gives>><maya gets>` -> (seat, gives, gets)."""
    seat, _, rest = arg.partition(":")
    give, _, get = rest.partition(">")
    return int(seat), parse_side(give), parse_side(get)


def side_text(side: Side) -> str:
    what, n = side
    if what == "coin":
        return f"{n} coin" + ("s" if n > 1 else "")
    return f"1 {what}"


def held(p: Player, good: str) -> int:
    return p.cocoa if good == "cocoa" else p.res[RES_INDEX[good]]


def maya_room(p: Player, good: str) -> bool:
    """An empty storage tile of `good` (the gold storage has no limit)."""
    if good == "gold":
        return True
    if good == "cocoa":
        return p.cocoa < p.cocoa_cap
    return p.res[RES_INDEX[good]] < p.caps[MAYA_STORE.index(good)]


def partner_room(p: Player, good: str) -> bool:
    """The colonist's 3-per-resource limit; cocoa needs an empty cocoa storage tile."""
    if good == "cocoa":
        return p.cocoa < p.cocoa_cap
    return p.res[RES_INDEX[good]] < LIMIT


def offers(s: State, maya_seat: int, declined: tuple[str, ...], made: int) -> list[str]:
    """Every proposal the Maya may make now, as `moffer:` actions."""
    if made >= MAX_PROPOSALS:
        return []
    m = s.players[maya_seat]
    out: list[str] = []
    for seat in range(s.n):
        if seat == maya_seat:
            continue
        q = s.players[seat]
        gives = [g for g in GOODS if held(m, g) and partner_room(q, g)]
        gets = [g for g in GOODS if held(q, g) and maya_room(m, g)]
        bundles = [f"{g}>{n}coin" for g in gives for n in range(1, min(MAX_COINS, q.coins) + 1)]
        bundles += [f"{n}coin>{g}" for g in gets for n in range(1, min(MAX_COINS, m.coins) + 1)]
        bundles += [f"{a}>{b}" for a in gives for b in gets if a != b]
        out += [f"moffer:{seat}:{b}" for b in bundles if f"{seat}:{b}" not in declined]
    return out


def feasible(s: State, maya_seat: int, arg: str) -> bool:
    """Whether both sides can still do the proposal `arg` (nothing changes while it is open)."""
    seat, give, get = parse_offer(arg)
    m, q = s.players[maya_seat], s.players[seat]
    ok = True
    if give[0] == "coin":
        ok = m.coins >= give[1]
    else:
        ok = held(m, give[0]) >= 1 and partner_room(q, give[0])
    if get[0] == "coin":
        return ok and q.coins >= get[1]
    return ok and held(q, get[0]) >= 1 and maya_room(m, get[0])


def _move(src: Player, dst: Player, side: Side) -> None:
    what, n = side
    if what == "coin":
        src.coins -= n
        dst.coins += n
    elif what == "cocoa":
        src.cocoa -= 1
        dst.cocoa += 1
    else:
        i = RES_INDEX[what]
        src.res = (*src.res[:i], src.res[i] - 1, *src.res[i + 1 :])
        dst.res = (*dst.res[:i], dst.res[i] + 1, *dst.res[i + 1 :])


def trade(s: State, maya_seat: int, arg: str) -> None:
    """Do the accepted proposal `arg`: both players' private copies change."""
    seat, give, get = parse_offer(arg)
    m = s.edit(maya_seat)
    q = s.edit(seat)
    _move(m, q, give)
    _move(q, m, get)
