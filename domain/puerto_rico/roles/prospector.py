"""Prospector: the chooser takes 1 doubloon from the bank; nobody else acts (KO)."""

from __future__ import annotations

from domain.puerto_rico.state import State
from domain.puerto_rico.turns import end_phase


def start(s: State) -> None:
    s.edit(s.picker).doubloons += 1
    s.bank_out += 1
    end_phase(s)
