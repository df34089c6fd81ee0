"""One synthetic label: every pack, view, board and CLI module shows the core's text."""

from __future__ import annotations

import importlib

import pytest

from domain.core import labels


@pytest.mark.parametrize(
    "module",
    [
        "domain.century_new_world.packs",
        "domain.mundus_novus.packs",
        "domain.mundus_novus.view",
        "domain.santa_maria.view",
        "dashboard.boards",
        "novus.cli.components",
    ],
)
def test_every_surface_uses_the_one_label(module: str) -> None:
    assert importlib.import_module(module).SYNTHETIC_LABEL is labels.SYNTHETIC_LABEL
