"""The Santa Maria component packs: `published` (sourced facts only) and `synthetic` (invented).

The layout every game's packs share (`domain.core.packs`): `synthetic/` and `published/` each
hold one `pack.json` (format: docs/components.md, "Santa Maria"); `parse(folder)` is the one
entry point (the catalog with the expansion, and every problem). A setup embeds a pack's raw
JSON (`data`), checked by `catalog` for the options chosen (the expansion section only with
expansion=true); `check_pack` lists the problems of a pack name or path, `load` gives the
complete catalog or raises `MissingComponents`.
"""

from __future__ import annotations

import json
from typing import Any

from domain.core.errors import MissingComponents, SetupError
from domain.core.packs import PACK_NAMES, Folder, Packs, read_text
from domain.core.phrase import phrase, worded
from domain.santa_maria.components import Catalog, parse_pack


def _json(folder: Folder, problems: list[str]) -> dict[str, Any] | None:
    text = read_text(folder, "pack.json", problems)
    if text is None:
        return None
    try:
        data = json.loads(text)
    except ValueError as exc:
        problems.append(worded("pack.json: not JSON ({problem})", problem=str(exc)))
        return None
    if not isinstance(data, dict):
        problems.append(worded("pack.json: not a JSON object"))
        return None
    return data


def parse(folder: Folder) -> tuple[Catalog | None, list[str]]:
    """The catalog of the pack in `folder` (its expansion needed too) and every problem."""
    problems: list[str] = []
    data = _json(folder, problems)
    if data is None:
        return None, problems
    return parse_pack(data, str(data.get("pack", folder.name)), need_expansion=True)


PACKS = Packs(__name__, parse)
folder, check_pack, load = PACKS.folder, PACKS.check_pack, PACKS.load


def data(name: str) -> dict[str, Any]:
    """The raw JSON of a named pack, as a setup embeds it."""
    if name not in PACK_NAMES:
        raise SetupError(
            phrase("unknown component pack {name}", name=repr(name)),
            hint=phrase("packs: {names}", names=", ".join(PACK_NAMES)),
        )
    problems: list[str] = []
    found = _json(folder(name), problems)
    if found is None:
        raise MissingComponents(name, problems)
    return found


def catalog(name: str, raw: dict[str, Any] | None = None, expansion: bool = False) -> Catalog:
    """The validated catalog of a pack's data (`raw`, else the named pack's); the expansion
    section is checked only with `expansion`. `MissingComponents` lists what is missing."""
    found, problems = parse_pack(data(name) if raw is None else raw, name, expansion)
    if found is None:
        raise MissingComponents(name, problems)
    return found


__all__ = ["PACK_NAMES", "catalog", "check_pack", "data", "folder", "load", "parse"]
