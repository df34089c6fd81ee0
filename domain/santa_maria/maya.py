"""Module D, the Maya city: the asymmetric Maya player (always seat 0, start player of year 1).

The Maya player has storage tiles instead of resource tokens (one resource per tile, more is lost),
plays action cards (trade, feast, build; technology with a die of its value), walks dice along the
city's roads activating every empty building, completes temples in three stages next to the last
building, uses priests, and scores its temples whenever it leaves the year (KO module D). Action
grammar (Maya seat):

  main:   mwhite:<face>-<road>[:cocoa]  mblue:<face>-<road>[:cocoa]  (mambwhite/mambblue with C)
          mcard:<card>-<1|2>  mpriest:<spot>  rest:<1-5>
  tasks:  mtech:<card>|skip  mwalk:<spot>|stop  mtemple:<region>|skip  mtrade:<what>|done
          (what: cocoa wood grain sell-<wood|grain|sugar|gem|cocoa|gold> redraw)
          moffer:<seat>:<give>><get> (a proposal to another player, `mayatrade.py`), then
          that seat answers manswer:accept|decline and the Maya's trade action goes on
          mdiscard:<card>|done (after mtrade:redraw; at least one card)
          mbuild:<wood|straw>:<token>@<spot>  mstore:<kind>  mroad:<connector>
          mmonk:card|fill-<kind>  mfill:<kind>
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from domain.santa_maria import mayatrade
from domain.santa_maria.components import (
    COCOA,
    COIN,
    GEM,
    GOLD,
    GRAIN,
    MAYA_REGIONS,
    MAYA_STORE,
    SUGAR,
    WOOD,
    Bundle,
    MayaDef,
    cocoa_of,
)
from domain.santa_maria.economy import one
from domain.santa_maria.state import Player, State, Task

MAYA = 0
"""The Maya player's seat."""
GOLD_REGION = MAYA_REGIONS.index("gold")
PRIEST = 5
"""`MayaState.on` value for a priest token (1-4 are dice as on a colony)."""
PRIESTS = 3
ROAD_TOKENS = 3
STORE_INDEX = (WOOD, GRAIN, SUGAR, GEM)
TECH_GAIN = {"gem": one(GEM), "sugar": one(SUGAR)}
TRADE_BUY = {"cocoa": (1, one(COCOA)), "wood": (2, one(WOOD)), "grain": (2, one(GRAIN))}
"""Trade with the supply (KO): 1 coin for a cocoa, 2 coins for a grain or a wood."""
SELLABLE = (*MAYA_STORE, "gold")
"""Trade with the supply: any one resource for 1 coin, gold included (KO)."""
TOKEN = {"wood": "wood", "grain": "straw"}
"""Build: wood pays for a wooden building token, grain for a straw one (KO)."""
MAYA_TASKS = frozenset(
    {
        "mtech",
        "mwalk",
        "mtemple",
        "mtrade",
        "manswer",
        "mdiscard",
        "mbuild",
        "mstore",
        "mroad",
        "mmonk",
        "mfill",
    }
)
MAYA_AUTO = frozenset({"mstart", "mstep", "mbld", "mscore"})


@dataclass(frozen=True, slots=True)
class MayaState:
    hand: tuple[str, ...]
    deck: tuple[str, ...]
    """Cards not drawn (unordered: draws are chance outcomes)."""
    played: tuple[int, ...]
    """Cards tucked under each region (MAYA_REGIONS order)."""
    stage: tuple[int, ...]
    """Temple stages completed in each region (0-3)."""
    temple: tuple[str, ...]
    """The face-up temple tile of each region ("" when none: complete, or being drawn)."""
    piles: tuple[tuple[str, ...], tuple[str, ...]]
    """Stage 2 and stage 3 temple tiles not drawn yet."""
    tokens: tuple[tuple[str, str], ...]
    """Building tokens on the city's sites: (spot, "wood:<i>" | "straw:<i>")."""
    used: tuple[int, int]
    """How many wood and straw building tokens were taken (the player picks which)."""
    on: tuple[tuple[str, int], ...]
    """Dice (1-4) and priests (5) on the city's buildings this year: (spot, what)."""
    priests: int
    """Priest tokens ready to use (used ones come back at the year's end)."""
    priests_owned: int
    road_tokens: int
    roads: tuple[str, ...]
    """Connectors opened by road tokens."""
    store_supply: tuple[str, ...]
    """Storage tiles still in the supply."""


def start(mdef: MayaDef) -> MayaState:
    return MayaState(
        hand=(),
        deck=tuple(sorted(mdef.cards)),
        played=(0,) * len(MAYA_REGIONS),
        stage=(0,) * len(MAYA_REGIONS),
        temple=("",) * len(MAYA_REGIONS),
        piles=(
            tuple(sorted(t for t, (st, _) in mdef.temples.items() if st == 2)),
            tuple(sorted(t for t, (st, _) in mdef.temples.items() if st == 3)),
        ),
        tokens=(),
        used=(0, 0),
        on=(),
        priests=0,
        priests_owned=0,
        road_tokens=ROAD_TOKENS,
        roads=(),
        store_supply=mdef.storage_supply,
    )


def mdef_of(s: State) -> MayaDef:
    assert s.cat.expansion is not None and s.cat.expansion.maya is not None
    return s.cat.expansion.maya


def is_maya(s: State, seat: int) -> bool:
    return s.maya is not None and seat == MAYA


# ---------------------------------------------------------------- the city


def building_effects(s: State, spot: str) -> tuple[tuple[Any, ...], ...]:
    """A spot's building: printed, or the building token on a site (empty: no building)."""
    mdef = mdef_of(s)
    printed = mdef.effects[spot]
    if printed:
        return printed
    m = s.maya
    assert m is not None
    for at, token in m.tokens:
        if at == spot:
            kind, _, i = token.partition(":")
            return mdef.tokens[kind][int(i)]
    return ()


def is_empty_building(s: State, spot: str) -> bool:
    m = s.maya
    assert m is not None
    return bool(building_effects(s, spot)) and all(at != spot for at, _ in m.on)


def successors(s: State, spot: str) -> tuple[str, ...]:
    mdef = mdef_of(s)
    m = s.maya
    assert m is not None
    out = list(mdef.edges[spot])
    for cid in m.roads:
        out += [b for a, b in mdef.connectors[cid] if a == spot]
    return tuple(out)


def reaches_empty(s: State, spot: str) -> bool:
    """Whether an empty building lies at `spot` or further along the roads from it."""
    todo, seen = [spot], set()
    while todo:
        cur = todo.pop()
        if cur in seen:
            continue
        seen.add(cur)
        if is_empty_building(s, cur):
            return True
        todo += successors(s, cur)
    return False


def storage_full(p: Player, kind: str) -> bool:
    i = MAYA_STORE.index(kind)
    if kind == "cocoa":
        return p.cocoa >= p.cocoa_cap
    return p.res[STORE_INDEX[i]] >= p.caps[i]


def can_pay(p: Player, bundle: Bundle) -> bool:
    """The Maya player pays from full storage tiles and coins; gold is no wildcard (KO)."""
    return (
        all(p.res[i] >= bundle[i] for i in STORE_INDEX)
        and bundle[GOLD] == 0
        and cocoa_of(bundle) <= p.cocoa
        and bundle[COIN] <= p.coins
    )


def pay(p: Player, bundle: Bundle) -> None:
    res = list(p.res)
    for i in STORE_INDEX:
        res[i] -= bundle[i]
    p.res = tuple(res)
    p.cocoa -= cocoa_of(bundle)
    p.coins -= bundle[COIN]


# ---------------------------------------------------------------- legal actions


def main_actions(s: State, p: Player, limit: int) -> list[str]:
    m = s.maya
    assert m is not None
    mdef = mdef_of(s)
    out: list[str] = []
    roads = [k for k in range(1, 7) if reaches_empty(s, f"{k}.1")]
    pays = ["cocoa"] if p.cocoa else []

    def dice(verb: str, faces: list[int]) -> None:
        for face in faces:
            for k in roads:
                if abs(face - k) <= p.coins:
                    out.append(f"{verb}:{face}-{k}")
                if pays and face != k:
                    out.append(f"{verb}:{face}-{k}:cocoa")

    if p.white_used < limit:
        dice("mwhite", [f + 1 for f in range(6) if s.white[f]])
    dice("mblue", sorted(set(p.blue)))
    if s.amb[0]:
        dice("mambwhite", [s.amb[0]])
    if s.amb[1]:
        dice("mambblue", [s.amb[1]])
    for card in sorted(set(m.hand)):
        for i, action in enumerate(mdef.cards[card]):
            if _card_doable(s, p, action):
                out.append(f"mcard:{card}-{i + 1}")
    if m.priests:
        out += [f"mpriest:{spot}" for spot in mdef.nodes if is_empty_building(s, spot)]
    out += [f"rest:{k + 1}" for k in range(5) if s.rest_spaces[k] < 0]
    return out


def _card_doable(s: State, p: Player, action: tuple[Any, ...]) -> bool:
    kind = action[0]
    if kind == "trade":
        return True
    if kind == "feast":
        return can_pay(p, action[1])
    if kind == "build":
        material = one(WOOD if action[1] == "wood" else GRAIN)
        return can_pay(p, material) and bool(_sites(s, TOKEN[action[1]]))
    return False  # technology: only with a die of its value


def _sites(s: State, kind: str) -> list[str]:
    """Empty building sites, if a building token of `kind` is left."""
    m = s.maya
    assert m is not None
    mdef = mdef_of(s)
    if not tokens_left(s, kind):
        return []
    taken = {at for at, _ in m.tokens}
    return [spot for spot in mdef.nodes if not mdef.effects[spot] and spot not in taken]


def tokens_left(s: State, kind: str) -> list[int]:
    """Building tokens of `kind` still in the supply: the Maya player takes any one (KO: the
    tokens lie sorted by type in the supply, "해당 유형의 건물 하나를 가져와")."""
    m = s.maya
    assert m is not None
    taken = {token for _, token in m.tokens}
    return [i for i in range(len(mdef_of(s).tokens[kind])) if f"{kind}:{i}" not in taken]


def task_options(s: State, p: Player, task: Task) -> list[str]:
    m = s.maya
    assert m is not None
    mdef = mdef_of(s)
    kind = task[0]
    if kind == "mtech":
        value = task[1]
        cards = sorted(
            {c for c in m.hand for a in mdef.cards[c] if a[0] == "technology" and a[1] == value}
        )
        return [*(f"mtech:{c}" for c in cards), "mtech:skip"]
    if kind == "mwalk":
        spot, last = task[1], task[2]
        nxt = [n for n in successors(s, spot) if last or reaches_empty(s, n)]
        return [*(f"mwalk:{n}" for n in nxt), *(["mwalk:stop"] if last else [])]
    if kind == "mtemple":
        regions = range(len(MAYA_REGIONS)) if task[1] == "" else mdef.regions_of(task[1])
        out = [
            f"mtemple:{MAYA_REGIONS[r]}"
            for r in regions
            if m.temple[r] and can_pay(p, mdef.temples[m.temple[r]][1])
        ]
        return [*out, "mtemple:skip"]
    if kind == "mtrade":
        out = []
        for what, (price, _) in TRADE_BUY.items():
            if p.coins >= price and not storage_full(p, what):
                out.append(f"mtrade:{what}")
        for what in SELLABLE:  # "아무 자원 하나": gold is a resource too (KO "자원(황금 포함)")
            if mayatrade.held(p, what):
                out.append(f"mtrade:sell-{what}")
        if p.coins >= 1 and m.hand and m.deck:
            out.append("mtrade:redraw")
        if s.n > 1:  # solo: only the supply (KO)
            out += mayatrade.offers(s, MAYA, task[1], task[2])
        return [*out, "mtrade:done"]
    if kind == "manswer":
        accept = ["manswer:accept"] if mayatrade.feasible(s, MAYA, task[1]) else []
        return [*accept, "manswer:decline"]
    if kind == "mdiscard":
        cards = [f"mdiscard:{c}" for c in sorted(set(m.hand))]
        return [*cards, "mdiscard:done"] if task[1] else cards
    if kind == "mbuild":
        kind_ = task[1]
        return [
            f"mbuild:{kind_}:{i}@{spot}" for i in tokens_left(s, kind_) for spot in _sites(s, kind_)
        ]
    if kind == "mstore":
        return [f"mstore:{k}" for k in sorted(set(m.store_supply))]
    if kind == "mroad":
        return [f"mroad:{c}" for c in sorted(mdef.connectors) if c not in m.roads]
    if kind in ("mmonk", "mfill"):
        fill = [f"{kind}:fill-{k}" for k in MAYA_STORE if not storage_full(p, k)]
        if kind == "mfill":
            return [f"mfill:{k}" for k in MAYA_STORE if not storage_full(p, k)]
        return [*(["mmonk:card"] if m.deck else []), *fill]
    raise ValueError(f"unknown Maya task {task!r}")


# ---------------------------------------------------------------- doing


def use_die(s: State, p: Player, verb: str, arg: str) -> None:
    """Take a die (white, blue, ambassador), change it, then walk the road of its value."""
    faces, _, paid = arg.partition(":")
    f_text, _, t_text = faces.partition("-")
    face, road = int(f_text), int(t_text)
    if verb == "mwhite":
        white = list(s.white)
        white[face - 1] -= 1
        s.white = tuple(white)
        p.white_used += 1
        kind = 1
    elif verb == "mblue":
        blue = list(p.blue)
        blue.remove(face)
        p.blue = tuple(blue)
        p.blue_used += 1
        kind = 2
    else:
        k = 0 if verb == "mambwhite" else 1
        s.amb = (0, s.amb[1]) if k == 0 else (s.amb[0], 0)
        s.amb_by = (MAYA, s.amb_by[1]) if k == 0 else (s.amb_by[0], MAYA)
        kind = 3 + k
    if paid == "cocoa":
        p.cocoa -= 1
    else:
        p.coins -= abs(face - road)
    tasks: list[Task] = [*tech_tasks(road), ("mstart", road, kind), ("mtech", road, "after")]
    if kind >= 3:
        others = tuple(seat for seat in range(1, s.n))
        tasks.append(("echo", "white" if kind == 3 else "blue", road, others, MAYA))
    s.tasks = tuple(tasks)


def tech_tasks(road: int) -> tuple[Task, ...]:
    """A technology card of the die's value, before the walk (the offer after it is queued last)."""
    return (("mtech", road),)


def echo_tasks(s: State, road: int) -> tuple[Task, ...]:
    """Module C: another player's ambassador die: the Maya walks that road too, placing no die,
    "as if it had taken the die" (KO) - so nothing, technology card included, when no empty
    building lies on that road (a die it could not take)."""
    if not reaches_empty(s, f"{road}.1"):
        return ()
    return (*tech_tasks(road), ("mstart", road, 0), ("mtech", road, "after"))


def _without_after_tech(tasks: tuple[Task, ...]) -> tuple[Task, ...]:
    """Drop the pending after-walk technology offer (one card per die, KO)."""
    out = list(tasks)
    for i, t in enumerate(out):
        if t[0] == "mtech" and len(t) > 2:
            del out[i]
            break
    return tuple(out)


def auto(s: State, p: Player, task: Task) -> None:
    m = s.maya
    assert m is not None
    kind = task[0]
    if kind == "mstart":
        s.tasks = (("mstep", f"{task[1]}.1", "", task[2]), *s.tasks)
    elif kind == "mstep":
        _, spot, last, die = task
        first: list[Task] = []
        if is_empty_building(s, spot):
            first.append(("mbld", spot))
            last = spot
        s.tasks = (*first, ("mwalk", spot, last, die), *s.tasks)
    elif kind == "mbld":
        new: list[Task] = []
        for eff in building_effects(s, task[1]):
            if eff[0] == "produce":
                new.append(("gain", eff[1]))
            else:
                new.append((eff[0],))
        s.tasks = (*new, *s.tasks)
    elif kind == "mscore":
        p.vp += temple_points(m, p)


def temple_points(m: MayaState, p: Player) -> int:
    """Cards played x stages in each region with a card; the gold temple: stages x gold (KO)."""
    pts = sum(
        m.played[r] * m.stage[r]
        for r in range(len(MAYA_REGIONS))
        if r != GOLD_REGION and m.played[r]
    )
    return pts + m.stage[GOLD_REGION] * p.res[GOLD]


def main(s: State, p: Player, verb: str, arg: str) -> None:
    m = s.maya
    assert m is not None
    mdef = mdef_of(s)
    if verb == "mcard":
        card, _, i = arg.rpartition("-")
        action = mdef.cards[card][int(i) - 1]
        region = MAYA_REGIONS.index(action[0])
        hand = list(m.hand)
        hand.remove(card)
        played = list(m.played)
        played[region] += 1
        s.maya = replace(m, hand=tuple(hand), played=tuple(played))
        if action[0] == "trade":
            p.coins += 1
            s.tasks = (("mtrade", (), 0),)  # (declined proposals, proposals made)
        elif action[0] == "feast":
            pay(p, action[1])
            s.tasks = (("gain", action[2]),)
        else:  # build
            pay(p, one(WOOD if action[1] == "wood" else GRAIN))
            s.tasks = (("mbuild", TOKEN[action[1]]),)
    elif verb == "mpriest":
        s.maya = replace(m, priests=m.priests - 1, on=(*m.on, (arg, PRIEST)))
        s.tasks = (("mbld", arg), ("mtemple", arg))
    else:
        use_die(s, p, verb, arg)


def _maya_trade(s: State, p: Player, task: Task, arg: str) -> None:
    """One trade of a player on the Maya's trade action: buy, sell, or redraw cards."""
    s.tasks = (task, *s.tasks)  # trade again, as often as wished (KO)
    if arg in TRADE_BUY:
        price, bundle = TRADE_BUY[arg]
        p.coins -= price
        s.tasks = (("gain", bundle), *s.tasks)
    elif arg.startswith("sell-"):
        what = arg[5:]
        if what == "gold":  # back to the supply (`gold_supply` counts what players hold)
            p.res = (*p.res[:GOLD], p.res[GOLD] - 1, *p.res[GOLD + 1 :])
        else:
            pay(p, one(COCOA) if what == "cocoa" else one(STORE_INDEX[MAYA_STORE.index(what)]))
        p.coins += 1
    else:  # redraw: 1 coin, then the cards to put under the deck, one by one
        p.coins -= 1
        s.tasks = (("mdiscard", ()), *s.tasks)


def task(s: State, p: Player, task: Task, verb: str, arg: str) -> None:
    m = s.maya
    assert m is not None
    mdef = mdef_of(s)
    if verb == "mtech" and arg != "skip":
        action = next(a for a in mdef.cards[arg] if a[0] == "technology" and a[1] == task[1])
        hand = list(m.hand)
        hand.remove(arg)
        played = list(m.played)
        played[MAYA_REGIONS.index("technology")] += 1
        s.maya = replace(m, hand=tuple(hand), played=tuple(played))
        gain = action[2]
        rest = _without_after_tech(s.tasks) if len(task) == 2 else s.tasks
        s.tasks = (("gain", TECH_GAIN[gain]) if gain in TECH_GAIN else (gain,), *rest)
    elif verb == "mwalk":
        _, _, last, die = task
        if arg == "stop":
            if die:
                s.maya = replace(m, on=(*m.on, (last, die)))
            # KO: the technology card before or after the activations; offered after them
            # before the temple, so a gem or sugar it gives can pay the temple.
            after = [t for t in s.tasks if t[0] == "mtech" and len(t) > 2][:1]
            s.tasks = (*after, ("mtemple", last), *_without_after_tech(s.tasks))
        else:
            s.tasks = (("mstep", arg, last, die), *s.tasks)
    elif verb == "mtemple" and arg != "skip":
        _complete(s, p, MAYA_REGIONS.index(arg))
    elif verb == "moffer":  # the partner answers first, then the Maya's trade action goes on
        s.tasks = (("manswer", arg), ("mtrade", task[1], task[2] + 1), *s.tasks)
        s.actor = mayatrade.parse_offer(arg)[0]
    elif verb == "manswer":
        nxt, rest = s.tasks[0], s.tasks[1:]
        if arg == "accept":
            mayatrade.trade(s, MAYA, task[1])
        else:  # a declined proposal is not made again in this trade action
            s.tasks = (("mtrade", (*nxt[1], task[1]), nxt[2]), *rest)
        s.actor = MAYA
    elif verb == "mtrade" and arg != "done":
        _maya_trade(s, p, task, arg)
    elif verb == "mdiscard":
        chosen: tuple[str, ...] = task[1]
        if arg != "done":
            hand = list(m.hand)
            hand.remove(arg)
            s.maya = replace(m, hand=tuple(hand))
            s.tasks = (("mdiscard", (*chosen, arg)), *s.tasks)
        else:  # as many new cards from the deck; the discarded ones go under it
            s.chance = (*s.chance, ("mdraw", len(chosen), chosen))
    elif verb == "mbuild":
        token, _, spot = arg.partition("@")
        k = 0 if task[1] == "wood" else 1
        used = (m.used[0] + 1, m.used[1]) if k == 0 else (m.used[0], m.used[1] + 1)
        s.maya = replace(m, tokens=(*m.tokens, (spot, token)), used=used)
    elif verb == "mstore":
        supply = list(m.store_supply)
        supply.remove(arg)
        s.maya = replace(m, store_supply=tuple(supply))
        _add_storage(p, arg)
    elif verb == "mroad":
        s.maya = replace(m, roads=(*m.roads, arg), road_tokens=m.road_tokens - 1)
    elif verb in ("mmonk", "mfill"):
        if arg == "card":
            s.chance = (*s.chance, ("mdraw", 1, ()))
        else:
            _fill(p, arg.removeprefix("fill-"))


def _add_storage(p: Player, kind: str) -> None:
    """A new storage tile, full side up."""
    if kind == "cocoa":
        p.cocoa_cap += 1
        p.cocoa += 1
        return
    i = MAYA_STORE.index(kind)
    caps = list(p.caps)
    caps[i] += 1
    p.caps = tuple(caps)
    _fill(p, kind)


def _fill(p: Player, kind: str) -> None:
    if kind == "cocoa":
        p.cocoa = min(p.cocoa_cap, p.cocoa + 1)
        return
    i = MAYA_STORE.index(kind)
    res = list(p.res)
    res[STORE_INDEX[i]] = min(p.caps[i], res[STORE_INDEX[i]] + 1)
    p.res = tuple(res)


def _complete(s: State, p: Player, region: int) -> None:
    """Pay the temple tile, flip it, take the region's reward, draw the next smaller tile."""
    m = s.maya
    assert m is not None
    mdef = mdef_of(s)
    pay(p, mdef.temples[m.temple[region]][1])
    stage = list(m.stage)
    stage[region] += 1
    temple = list(m.temple)
    temple[region] = ""
    m = replace(m, stage=tuple(stage), temple=tuple(temple))
    if stage[region] < 3 and m.piles[stage[region] - 1]:
        s.chance = (*s.chance, ("mtemple", region))
    reward = mdef.rewards[region]
    if reward == "2coin":
        p.coins += 2
    elif reward == "2cards":
        s.chance = (*s.chance, ("mdraw", 2, ()))
    elif reward == "storage":
        if m.store_supply:
            s.tasks = (("mstore",), *s.tasks)
    elif reward == "road":
        if m.road_tokens and len(m.roads) < len(mdef.connectors):
            s.tasks = (("mroad",), *s.tasks)
    elif m.priests_owned < PRIESTS:  # a priest
        m = replace(m, priests=m.priests + 1, priests_owned=m.priests_owned + 1)
    s.maya = m


# ---------------------------------------------------------------- chance, year, rest


def draw_spec(s: State, node: Task) -> tuple[tuple[str, ...], int]:
    """(pool, count) of a Maya draw: cards ("mdraw") or a temple tile ("mtemple")."""
    m = s.maya
    assert m is not None
    if node[0] == "mdraw":
        return m.deck, min(node[1], len(m.deck))
    if node[0] == "mtemples":
        mdef = mdef_of(s)
        firsts = tuple(sorted(t for t, (st, _) in mdef.temples.items() if st == 1))
        return firsts, len(firsts)
    region = node[1]
    return m.piles[m.stage[region] - 1], 1


def resolve(s: State, node: Task, outcome: tuple[Any, ...]) -> None:
    m = s.maya
    assert m is not None
    drawn = tuple(str(x) for x in outcome)
    if node[0] == "mdraw":
        deck = [c for c in m.deck]
        for c in drawn:
            deck.remove(c)
        # cards put under the deck during a redraw; when the deck above them runs out, the new
        # cards come from the bottom: the first of those put under (KO draws from the top)
        under = list(node[2])
        short = max(0, node[1] - len(drawn))
        back, under = under[:short], under[short:]
        s.maya = replace(m, hand=(*m.hand, *drawn, *back), deck=tuple(sorted(deck + under)))
    elif node[0] == "mtemples":
        s.maya = replace(m, temple=drawn)
    else:
        region = node[1]
        k = m.stage[region] - 1
        pile = tuple(t for t in m.piles[k] if t != drawn[0])
        piles = (pile, m.piles[1]) if k == 0 else (m.piles[0], pile)
        temple = list(m.temple)
        temple[region] = drawn[0]
        s.maya = replace(m, piles=piles, temple=tuple(temple))


def gold_supply(s: State) -> int:
    """Gold tokens left in the supply (12 in the box)."""
    return max(0, 12 - sum(p.res[GOLD] for p in s.players))


def add_gold(s: State, count: int) -> None:
    """Gold from the supply into the Maya gold storage; none when the supply is empty (KO)."""
    p = s.players[MAYA]
    add = min(count, gold_supply(s))
    p.res = (*p.res[:GOLD], p.res[GOLD] + add, *p.res[GOLD + 1 :])


def year_end(s: State) -> None:
    """Dice and priests leave the city; 3 more cards; gold for the new year."""
    m = s.maya
    assert m is not None
    s.maya = replace(m, on=(), priests=m.priests_owned)
    s.chance = (*s.chance, ("mdraw", 3, ()))


def year_start_gold(s: State) -> None:
    add_gold(s, 1 if s.n == 1 else s.n)


def rest_step(space: int) -> list[Task]:
    """The Maya rest spaces 4 and 5: fill a storage tile; complete any temple (KO)."""
    return [("mfill",)] if space == 3 else [("mtemple", "")]
