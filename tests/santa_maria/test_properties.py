"""Property tests over random legal games: 1-4 players, each variant and expansion module set.

Checked at every step: resources 0-3, cocoa at most one per storage tile, coins never negative,
white and blue dice conserved, the governor never under a die or coins; through the shared driver
(`tests/engine_driver.py`) the input state never changed, a sample of the offered actions all
apply, actions outside the legal set and wrong seats refused with typed errors, replay == live.
At the end: three years played.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.santa_maria.rules import RULES
from domain.santa_maria.state import State
from tests.engine_driver import Driver

VARIANTS = (
    {},
    {"side": "B"},
    {"boards": "choose"},
    {"setup": "advanced"},
    {"blue_dice": "shared"},
    {"setup": "advanced", "blue_dice": "shared"},
    {"expansion": "true"},
    {"expansion": "true", "boards": "choose"},
    {"expansion": "true", "setup": "advanced", "blue_dice": "shared"},
    {"modules": "A"},
    {"modules": "B"},
    {"modules": "A,B"},
    {"modules": "A,B", "setup": "advanced"},
    {"modules": "C"},
    {"modules": "A,C"},
    {"modules": "B,C"},
    {"modules": "A,B,C"},
    {"modules": "A,B,C", "setup": "advanced"},
    {"maya": "true"},
    {"modules": "A,B,D"},
    {"modules": "C,D"},
    {"modules": "A,B,C,D"},
    {"modules": "B,C,D", "setup": "advanced"},
)


def check(s: State) -> None:
    n = s.n
    for p in s.players:
        if p.caps:  # the Maya player: one resource per storage tile (its gold apart)
            assert all(0 <= p.res[i] <= p.caps[i] for i in range(4)) and p.cocoa <= p.cocoa_cap
            assert p.coins >= 0 and p.res[4] >= 0
            continue
        assert all(0 <= r <= 3 for r in p.res), p.res
        assert p.coins >= 0
        assert p.monks >= 0 and p.white_used <= (2 if "C" in s.modules else 3)
        assert 0 <= p.cocoa <= p.cocoa_cap <= (2 if s.exp else 0)  # one cocoa per storage tile
        if p.gov >= 0:  # the governor never shares its square with a die or coins
            assert not p.dice_on[p.gov] and not p.coins_on[p.gov]
    if s.phase == "setup":
        return  # the dice are not rolled yet
    in_hand = [t[1] for t in s.tasks if t[0] == "putdie"]  # taken, not yet put down
    in_hand += [t[3] for t in s.tasks if t[0] == "line"]  # taken, line not yet activated
    in_hand += [t[2] for t in s.tasks if t[0] == "mstart"]  # the Maya player's die, walking
    in_hand += [t[3] for t in s.tasks if t[0] in ("mstep", "mwalk")]
    on_city = [what for _, what in s.maya.on] if s.maya is not None else []
    per = 2 if "C" in s.modules else 3
    white = sum(s.white) + sum(1 for p in s.players for d in p.dice_on if d == 1)
    white += on_city.count(1)
    assert white + in_hand.count(1) == per * n
    if "C" in s.modules and not any(c[0] == "amb" for c in s.chance):
        for k in (0, 1):  # each ambassador die: on its tile, in hand or on one board
            on = sum(1 for p in s.players for d in p.dice_on if d == 3 + k) + on_city.count(3 + k)
            assert (s.amb[k] > 0) + on + in_hand.count(3 + k) == 1
            assert (s.amb[k] > 0) == (s.amb_by[k] < 0)
    pending = sum(1 for c in s.chance if c[0] == "blue1")
    on_boards = sum(1 for p in s.players for d in p.dice_on if d == 2) + on_city.count(2)
    if s.phase == "setup" or any(c[0] == "blue" for c in s.chance):
        return  # blue dice are being rolled
    held = sum(s.blue_pool) if s.shared else sum(len(p.blue) for p in s.players)
    waiting = s.blue_waiting  # hired while resting, rolled next year
    blue_total = per * n + (1 if s.maya is not None and "C" in s.modules else 0)
    assert s.blue_supply + held + on_boards + pending + in_hand.count(2) + waiting == blue_total
    assert waiting == 0 or any(p.rested for p in s.players)
    if not s.shared:  # a player who has not rested holds every hired die (rolled or on the board)
        for seat, p in enumerate(s.players):
            mine = sum(1 for c in s.chance if c[0] == "blue1" and c[1] == seat)
            if not p.rested:
                assert p.blue_owned == len(p.blue) + p.blue_used + mine
    assert sum(p.blue_owned for p in s.players) + s.blue_supply == blue_total


def _by_value(s: State) -> State:
    """A copy of `s` with its own players (the value `apply` must leave alone)."""
    before = s.clone()
    before.players = tuple(p.clone() for p in s.players)
    return before


def play_checked(players: int, options: dict[str, str], seed: int, bot: str) -> None:
    setup = RULES.prepare([f"P{i}" for i in range(players)], options)
    bots = [RULES.bot(bot, seed + i) for i in range(players)]
    years_seen: set[int] = {RULES.initial_state(setup).year}

    def after_step(state: State) -> None:
        check(state)
        years_seen.add(state.year)

    driver = Driver(
        RULES,
        choose=lambda state, seat, _: bots[seat].choose(state, seat),
        junk=("colony:nowhere",),
        reject_rate=1.0,
        offered_rate=1.0,
        offered_sample=3,
        snapshot=_by_value,
        check=after_step,
    )
    _, state = driver.drive(setup, random.Random(seed))
    assert years_seen == {1, 2, 3}
    assert RULES.view(state)["over"] and RULES.round_of(state) == 3
    assert RULES.scores(state).seats[0].total == sum(
        RULES.scores(state).seats[0].breakdown.values()
    )


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(1, 5),
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10_000),
    bot=st.sampled_from(["random", "heuristic"]),
)
def test_random_games_keep_the_invariants(
    players: int, variant: dict[str, str], seed: int, bot: str
) -> None:
    if players == 5:  # 4 colonists + the Maya with C (no shared blue dice with the Maya)
        kept = {k: v for k, v in variant.items() if k in ("side", "boards", "setup")}
        variant = {**kept, "modules": "C,D"}
    play_checked(players, variant, seed, bot)


def test_every_player_count_and_variant_once() -> None:
    for players in range(1, 5):
        for i, variant in enumerate(VARIANTS):
            play_checked(players, variant, 100 * players + i, "random")
    for i, variant in enumerate(FIVE):
        play_checked(5, variant, 500 + i, "random")


FIVE = (
    {},
    {"modules": "C,D"},
    {"modules": "A,B,C,D"},
    {"modules": "A,C,D", "setup": "advanced"},
    {"modules": "B,C,D", "blue_dice": "own", "side": "B"},
)
"""5 players: 4 colonists + the Maya with module C (the default 5-player game turns both on)."""


def test_every_module_combination_and_player_count() -> None:
    """All 16 module combinations (none = the general changes alone), 1-4 players, and 5 players
    wherever both C and D are in (4 colonists + the Maya)."""
    from domain.santa_maria.setup import MODULE_CHOICES

    assert len(MODULE_CHOICES) == 16
    for i, modules in enumerate(MODULE_CHOICES):
        options = {"expansion": "true", "modules": modules}
        for players in range(1, 5):
            play_checked(players, options, 1000 + 10 * i + players, "random")
        if "C" in modules and "D" in modules:
            play_checked(5, options, 2000 + i, "random")
