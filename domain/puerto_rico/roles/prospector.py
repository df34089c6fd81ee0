"""Prospector: the chooser takes 1 doubloon from the bank (2 with a Library); nobody else acts."""

from __future__ import annotations

from domain.puerto_rico.state import State
from domain.puerto_rico.turns import end_phase, privilege


def start(s: State) -> None:
    gain = privilege(s, s.picker)
    s.edit(s.picker).doubloons += gain
    s.bank_out += gain
    end_phase(s)
