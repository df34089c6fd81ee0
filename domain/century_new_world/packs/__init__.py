"""Century: New World component packs: `published` (sourced facts only) and `synthetic`.

PACK_NAMES                      # ("synthetic", "published")
check_pack("published")         # the missing facts, as sentences
check_pack("/path/to/my-pack")  # a folder in the documented format (docs/components.md)
load("synthetic")               # a complete, validated `Pack`, else MissingComponents
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from domain.century_new_world.packs.checks import completeness
from domain.century_new_world.packs.loader import Folder, read
from domain.century_new_world.packs.model import Pack
from domain.core.errors import MissingComponents
from domain.core.labels import SYNTHETIC_LABEL

PACK_NAMES: tuple[str, ...] = ("synthetic", "published")


def folder(source: str) -> Folder:
    """The folder of a named pack, or `source` taken as a path (a pack folder, or one of its
    files such as its ``pack.json``)."""
    if source in PACK_NAMES:
        return resources.files(__name__) / source
    path = Path(source)
    return path.parent if path.is_file() else path


def check_pack(source: str) -> list[str]:
    """Problems of the pack `source` (a pack name or a folder path); empty if complete and valid."""
    where = folder(source)
    if not where.is_dir():
        return [f"{source}: not a pack name ({', '.join(PACK_NAMES)}) nor a pack folder"]
    pack, problems = read(where)
    if pack is not None:
        problems.extend(completeness(pack))
    return problems


def load(source: str) -> Pack:
    """The complete pack `source`; raises `MissingComponents` listing what is missing."""
    pack, problems = read(folder(source))
    if pack is not None:
        problems.extend(completeness(pack))
    if pack is None or problems:
        raise MissingComponents(source, problems)
    return pack


__all__ = ["PACK_NAMES", "SYNTHETIC_LABEL", "Pack", "check_pack", "folder", "load", "read"]
