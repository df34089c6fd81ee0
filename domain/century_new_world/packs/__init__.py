"""Century: New World component packs: `published` (sourced facts only) and `synthetic`.

The layout every game's packs share (`domain.core.packs`): `synthetic/` and `published/` hold
each pack's `pack.json` and four CSV tables (format in docs/components.md); `parse(folder)` is
the one entry point (read the tables, then check completeness against the sourced counts).

PACK_NAMES                      # ("synthetic", "published")
check_pack("published")         # the missing facts, as sentences
check_pack("/path/to/my-pack")  # a folder in the documented format (docs/components.md)
load("synthetic")               # a complete, validated `Pack`, else MissingComponents
"""

from __future__ import annotations

from domain.century_new_world.packs.checks import completeness
from domain.century_new_world.packs.loader import read
from domain.century_new_world.packs.model import Pack
from domain.core.labels import SYNTHETIC_LABEL
from domain.core.packs import PACK_NAMES, Folder, Packs


def parse(folder: Folder) -> tuple[Pack | None, list[str]]:
    """The pack in `folder` (None if unreadable) and every problem: invalid rows, then what is
    missing before a game can start."""
    pack, problems = read(folder)
    if pack is not None:
        problems.extend(completeness(pack))
    return pack, problems


PACKS = Packs(__name__, parse)
folder, check_pack, load = PACKS.folder, PACKS.check_pack, PACKS.load

__all__ = [
    "PACK_NAMES",
    "SYNTHETIC_LABEL",
    "Pack",
    "check_pack",
    "folder",
    "load",
    "parse",
    "read",
]
