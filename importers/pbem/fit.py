"""Which legal actions a clause's mentions fit: the legal-move reader.

At every decision the engine lists what the player to move may do; a clause fits an action when
it names everything the action is about (the role, the plantation, the building, the good, the
ship if it names one). "takes the other corn plantation" fits ``plantation:corn`` and nothing
else in a settler phase; "produces a second indigo" fits ``extra:indigo`` in a craftsman phase.
One fitting action is the move; none or several is for the caller to report.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from importers.pbem.mentions import Mentions

KIND_OF_VERB: dict[str, str] = {
    "role": "role",
    "plantation": "plantation",
    "hacienda": "hacienda",
    "build": "build",
    "sell": "sell",
    "ship": "ship",
    "store": "store",
    "keep": "keep",
    "extra": "extra",
    "pass": "pass",
}
"""The grammar's fact kind for an action's verb (``ship:corn:5`` -> ship)."""


def kind_of(action: str) -> str:
    return KIND_OF_VERB.get(action.split(":", 1)[0], "")


def fits(action: str, m: Mentions, ships: tuple[int, ...] = ()) -> bool:
    """Whether the mentions name everything `action` is about."""
    verb, _, rest = action.partition(":")
    test = FITS.get(verb if rest or verb != "hacienda" else "hacienda_draw")
    return test is not None and test(rest.split(":") if rest else [], m, ships)


Test = Callable[[list[str], Mentions, tuple[int, ...]], bool]


def _role(args: list[str], m: Mentions, ships: tuple[int, ...]) -> bool:
    return args[0].removesuffix("2") in m.roles


def _build(args: list[str], m: Mentions, ships: tuple[int, ...]) -> bool:
    return args[0] in m.buildings and "build" in m.verbs | _implied_build(m)


def _sell(args: list[str], m: Mentions, ships: tuple[int, ...]) -> bool:
    return args[0] in m.goods and ("trading_post" in m.buildings) == (len(args) > 1)


def _ship(args: list[str], m: Mentions, ships: tuple[int, ...]) -> bool:
    if args[0] not in m.goods:
        return False
    if args[1] == "wharf":
        return "wharf" in m.buildings
    if "wharf" in m.buildings or "small_wharf" in m.buildings:
        return False
    return not m.ships or _names_ship(int(args[1]), m.ships, ships)


def _small_wharf(args: list[str], m: Mentions, ships: tuple[int, ...]) -> bool:
    if args[0] == "sail":
        return "small_wharf" in m.buildings and "ship" in m.verbs and not m.goods
    return "small_wharf" in m.buildings and args[0] in m.goods


def _pay(args: list[str], m: Mentions, ships: tuple[int, ...]) -> bool:
    if args[0] == "vp":
        return bool(m.words & {"vp", "victory"})
    if args[0] == "good":
        return args[1] in m.goods
    return "colonist" in m.words and _target(args[1], m)


def _land(args: list[str], m: Mentions, ships: tuple[int, ...]) -> bool:
    if args[0] == "sell":
        return "sell" in m.verbs and args[1] in m.tiles
    return "land_office" in m.buildings and (args[0] == "forest") == ("forest" in m.words)


FITS: dict[str, Test] = {
    "role": _role,
    "plantation": lambda a, m, s: a[0] in m.tiles and not m.words & {"forest", "guest"},
    "hacienda_draw": lambda a, m, s: "hacienda" in m.buildings and bool(m.verbs & {"draw", "use"}),
    "hacienda": lambda a, m, s: (a[0] == "forest") == ("forest" in m.words),
    "forest": lambda a, m, s: a[0] in m.tiles and "forest" in m.words,
    "build": _build,
    "sell": _sell,
    "ship": _ship,
    "store": lambda a, m, s: a[0] in m.goods and "store" in m.verbs,
    "keep": lambda a, m, s: a[0] in m.goods and "keep" in m.verbs,
    "extra": lambda a, m, s: a[0] in m.goods,
    "pass": lambda a, m, s: "pass" in m.verbs,
    "small_wharf": _small_wharf,
    "pay": _pay,
    "guest": lambda a, m, s: "guest" in m.words and _target(a[0], m),
    "noble": lambda a, m, s: "noble" in m.words and a[0] in m.buildings,
    "supplier": lambda a, m, s: (
        a[0] in m.goods if a[0] != "done" else bool(m.verbs & {"done", "pass"})
    ),
    "lodge": lambda a, m, s: (
        ("hunting_lodge" in m.buildings or "return" in m.verbs)
        and (a[0] in m.tiles or (a[0] == "forest" and "forest" in m.words))
    ),
    "land": _land,
    "ship_noble": lambda a, m, s: "noble" in m.words and (a[0] == "leave") == ("leave" in m.verbs),
    "draft": lambda a, m, s: a[0] in m.buildings,
    "colonist": lambda a, m, s: "plain" in m.words and a[0] in m.buildings,
}
"""Per action verb: whether the mentions fit the action's arguments."""


def candidates(legal: Iterable[str], m: Mentions, ships: tuple[int, ...] = ()) -> list[str]:
    """The legal actions the mentions fit, in the engine's order."""
    return [a for a in legal if fits(a, m, ships)]


def _implied_build(m: Mentions) -> set[str]:
    """A building named with nothing else ("Small Indigo Plant (0 doubloons spent)") is a
    build when no other verb says otherwise."""
    return {"build"} if not (m.verbs - {"take"}) and not m.tiles and not m.goods else set()


def _names_ship(capacity: int, named: list[int], ships: tuple[int, ...]) -> bool:
    """ "Ship N" is the ship of capacity N when one is in play, else the N-th from the
    smallest (capacities are 4-8 and ordinals 1-3, so the two never collide)."""
    for n in named:
        if n in ships and n == capacity:
            return True
        if n not in ships and 1 <= n <= len(ships) and sorted(ships)[n - 1] == capacity:
            return True
    return False


def _target(name: str, m: Mentions) -> bool:
    return name in m.tiles or name in m.buildings or (name == "san_juan" and m.san_juan > 0)
