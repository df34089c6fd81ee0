"""Turn order: whose role pick it is, the end of a phase, the end of a round and of the game."""

from __future__ import annotations

from domain.puerto_rico.components import LIBRARY
from domain.puerto_rico.state import PICKING, Player, State


def picks_per_round(s: State) -> int:
    """Role picks per round: one each, or three each with 2 players (KO, KO2P)."""
    return 3 * s.nplayers if s.nplayers == 2 else s.nplayers


def pick_seat(s: State) -> int:
    """Seat choosing the next role: from the governor clockwise (2 players: alternating)."""
    return (s.governor + s.picks) % s.nplayers


def end_phase(s: State) -> None:
    """The current role is done: the next seat picks, or the round ends."""
    s.picks += 1
    s.role = PICKING
    s.storing = False
    s.acted = 0
    s.bonus_used = False
    s.wharf_used = 0
    if s.picks >= picks_per_round(s):
        end_round(s)
    else:
        s.actor = pick_seat(s)


def end_round(s: State) -> None:
    """One doubloon on each unchosen role, roles back, governor moves on; maybe game over.

    The game ends at the end of the round in which an end condition was met (KO).
    """
    doubloons = list(s.role_doubloons)
    for r in s.roles:
        if s.role_taker[r] < 0:
            doubloons[r] += 1
            s.bank_out += 1
    s.role_doubloons = tuple(doubloons)
    s.role_taker = (-1,) * len(s.role_taker)
    s.governor = (s.governor + 1) % s.nplayers
    s.round += 1
    s.picks = 0
    if s.ends:
        s.over = True
        s.actor = -1
    else:
        s.actor = s.governor


def privilege(s: State, seat: int) -> int:
    """The role privilege `seat` gets now: 0 (not the chooser), 1, or 2 with a manned Library
    (Expansion 1: every privilege doubled)."""
    if seat != s.picker:
        return 0
    return 2 if s.players[seat].active >> LIBRARY & 1 else 1


def take_from_ship(s: State, p: Player) -> int:
    """One colonist from the supply, else from the colonist ship (a colonist before a noble);
    returns 0 (none left), 1 (colonist) or 2 (noble). Hospice and University (KO)."""
    if s.col_supply:
        s.col_supply -= 1
        return 1
    if s.col_ship > s.ship_nobles:
        s.col_ship -= 1
        return 1
    if s.col_ship:
        s.col_ship -= 1
        s.ship_nobles -= 1
        p.nobles += 1
        return 2
    return 0


def add_end(s: State, reason: str) -> None:
    """Record that an end condition is met (the game ends with this round)."""
    if reason not in s.ends:
        s.ends = (*s.ends, reason)


def award_vp(s: State, p: Player, vp: int) -> None:
    """Give VP chips to `p` (an edited player); once the chips run out the rest is owed on
    paper (KO) and the game ends with the round."""
    p.vp += vp
    taken = min(vp, s.vp_supply)
    s.vp_supply -= taken
    s.vp_owed += vp - taken
    if s.vp_supply == 0:
        add_end(s, "vp")
