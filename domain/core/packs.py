"""Component packs: the one layout and loader of the games whose components are data.

A game with packs has a `packs/` package laid out the same way in every game:

- `packs/synthetic/` and `packs/published/`: the data files of the two packs it ships
  (`PACK_NAMES`); the synthetic pack's files carry `SYNTHETIC_LABEL`, the published one holds
  sourced facts only and may be incomplete;
- `packs/__init__.py`: the game's one parse entry point, `parse(folder) -> (pack or None,
  problems)`, and `PACKS = Packs(__name__, parse)`, which gives `folder`, `check_pack` and
  `load` (re-exported under those names, as `novus components` and the setups use them).

A pack is named (one of `PACK_NAMES`) or given as a path to its folder or one of its files, so
an owner of the printed game can check a pack they complete (`novus components check PATH`).
The file formats are in docs/components.md.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Generic, TypeVar

import orjson

from domain.core.errors import MissingComponents
from domain.core.phrase import worded

PACK_NAMES: tuple[str, ...] = ("synthetic", "published")

Folder = Path | Traversable
"""A pack folder: a path given by a user, or a folder of the installed package."""

P = TypeVar("P")


def not_a_pack(source: str) -> str:
    """The problem of a source that is neither a pack name nor an existing folder or file."""
    return worded(
        "{source}: not a pack name ({names}) nor a pack folder",
        source=source,
        names=", ".join(PACK_NAMES),
    )


def read_text(folder: Folder, name: str, problems: list[str]) -> str | None:
    """The text of the pack file `name`, or None with the problem noted."""
    entry = folder / name
    if not entry.is_file():
        problems.append(worded("{file}: file missing", file=name))
        return None
    try:
        return entry.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        problems.append(worded("{file}: cannot be read ({error})", file=name, error=str(error)))
        return None


def data_lines(text: str) -> list[tuple[int, str]]:
    """The lines of a table file that hold data, with their line numbers: blank lines and
    comments (``#`` first) left out."""
    return [
        (number, line)
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]


class Packs(Generic[P]):
    """The packs of one game: its `parse` applied to a named pack's folder or a given path."""

    def __init__(self, package: str, parse: Callable[[Folder], tuple[P | None, list[str]]]):
        self.package = package
        self.parse = parse

    def folder(self, source: str) -> Folder:
        """The folder of a named pack, or `source` taken as a path (a pack folder, or one of
        its files)."""
        if source in PACK_NAMES:
            return resources.files(self.package) / source
        path = Path(source)
        return path.parent if path.is_file() else path

    def check_pack(self, source: str) -> list[str]:
        """The problems of the pack `source` (missing facts, invalid rows); empty if usable."""
        where = self.folder(source)
        if not where.is_dir():
            return [not_a_pack(source)]
        return self.parse(where)[1]

    def load(self, source: str) -> P:
        """The complete, valid pack `source`; `MissingComponents` lists what it lacks."""
        where = self.folder(source)
        if not where.is_dir():
            raise MissingComponents(source, [not_a_pack(source)])
        pack, problems = self.parse(where)
        if pack is None or problems:
            raise MissingComponents(source, problems)
        return pack


M = TypeVar("M")


class ByComponents(Generic[M]):
    """What an engine makes from a setup's embedded components (a catalog, indexed tables),
    remembered by the components' canonical JSON: every game started from one pack embeds the
    same components, and games decoded apart share what was made (it is never changed once
    made). At most `keep` are kept; components that are not JSON are made and not remembered."""

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self._made: dict[bytes, M] = {}

    def get(self, components: object, make: Callable[[], M]) -> M:
        """The thing made from `components`, made by `make` (which may raise) when new."""
        try:
            key = orjson.dumps(components, option=orjson.OPT_SORT_KEYS)
        except TypeError:  # a hand-made setup: made, not remembered
            return make()
        found = self._made.get(key)
        if found is not None:
            return found
        made = make()  # a refused setup raises here and is not remembered
        if len(self._made) >= self.keep:
            self._made.clear()
        self._made[key] = made
        return made
