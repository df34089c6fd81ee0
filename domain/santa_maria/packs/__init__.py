"""The Santa Maria component packs: `published` (sourced facts only) and `synthetic` (invented).

A pack is one JSON file in this folder (format: docs/components.md, "Santa Maria"). `load`
returns the raw JSON, `catalog` the validated `Catalog` or raises `MissingComponents` listing
every missing or invalid fact, `check_pack` lists the problems of a pack name or a file path.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from domain.core.errors import MissingComponents, SetupError
from domain.santa_maria.components import Catalog, parse_pack

PACK_NAMES: tuple[str, ...] = ("synthetic", "published")


def load(name: str) -> dict[str, Any]:
    """The raw JSON of a named pack (read from the package data)."""
    if name not in PACK_NAMES:
        raise SetupError(f"unknown component pack {name!r}", hint=f"packs: {', '.join(PACK_NAMES)}")
    text = resources.files(__package__).joinpath(f"{name}.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def catalog(name: str, data: dict[str, Any] | None = None, expansion: bool = False) -> Catalog:
    """The validated catalog of a pack; `MissingComponents` lists what is missing or invalid."""
    raw = load(name) if data is None else data
    found, problems = parse_pack(raw, name, expansion)
    if found is None:
        raise MissingComponents(name, problems)
    return found


def check_pack(source: str) -> list[str]:
    """Problems of a pack given by name or by the path of a pack JSON file; empty when valid."""
    if source in PACK_NAMES:
        data = load(source)
        name = source
    else:
        path = Path(source)
        if path.is_dir():
            path = path / "pack.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            return [f"cannot read {source}: {exc}"]
        name = str(data.get("pack", path.stem))
    _, problems = parse_pack(data, name, need_expansion=True)
    return problems
