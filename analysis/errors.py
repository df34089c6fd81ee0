"""Errors a user of the analysis can hit (light to import: the CLI's --help loads this)."""

from __future__ import annotations

from domain.core.errors import NovusError


class AnalysisBusy(NovusError):
    """Another `novus analyse` is writing in the same data folder."""


class NoAnalysis(NovusError):
    """The game (or the data folder) has no analysis yet."""


class NotADecision(NovusError):
    """A step asked about that no player decided (a chance step, or past the end)."""
