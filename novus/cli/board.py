"""`novus show` draws a position for a terminal from the engine's `view` JSON.

The view is what the dashboard's boards draw from, so the terminal shows the same facts: the
table's state (round, phase, supplies) as a grid of named values, each player in a panel (their
counts, goods, tiles and buildings), and every other list as a small table. Nothing is left out
(the old output was a shortened Python dict). Game-independent by design: a game whose view
gains a field shows it without a change here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markup import escape
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from application.i18n import _
from application.view_words import Words

HIDDEN = frozenset(
    {"game", "labels", "over", "to_move", "viewer", "synthetic", "pack"}
    | {"tile_defs", "ship_defs", "tracks"}
)
"""Top-level view keys shown elsewhere by `novus show` (its heading) or only used for names, and
the printed components' definitions a board draws with (Santa Maria's tiles and tracks)."""
NAME_KEYS = ("name", "label")
SEAT_KEYS = frozenset(
    {"governor", "taken_by", "role_picker", "actor", "start", "master", "receiver", "winner"}
)
"""Keys whose whole-number values are seats: shown as the player's name."""


def named(value: Any, players: Sequence[str], key: str = "") -> Any:
    """`value` with every seat number under a `SEAT_KEYS` key replaced by the player's name."""
    if isinstance(value, Mapping):
        return {k: named(v, players, str(k)) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [named(v, players, key) for v in value]
    seat = key in SEAT_KEYS and isinstance(value, int) and not isinstance(value, bool)
    return players[value] if seat and 0 <= value < len(players) else value


_words: ContextVar[Words | None] = ContextVar("view_words", default=None)
"""The names of the view being drawn (set by `draw`): keys and codes in the display language."""


def words(key: str) -> str:
    """`colonist_supply` -> `colonist supply`, in the display language."""
    return (_words.get() or Words()).key(key)


def _same(a: Any, b: Any) -> bool:
    """Whether two values name the same thing (`large_market` and `Large Market`)."""
    plain = lambda text: text.replace("_", " ").lower()  # noqa: E731
    return isinstance(a, str) and isinstance(b, str) and plain(a) == plain(b)


def is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def scalar(value: Any) -> str:
    """A value for people: yes/no, "-" for none, numbers and text as they are."""
    if value is None or value == "":
        return "-"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        return (_words.get() or Words()).value(value)
    return str(value)


def inline(value: Any) -> str:
    """A small value on one line: lists joined by commas, flat mappings as `key value`."""
    if is_scalar(value):
        return scalar(value)
    if isinstance(value, Mapping):
        if not value:
            return "-"
        return ", ".join(f"{words(str(k))} {inline(v)}" for k, v in value.items())
    if isinstance(value, Sequence):
        return ", ".join(inline(v) for v in value) if value else "-"
    return str(value)


def _flat(value: Any) -> bool:
    """Whether `value` reads well inline: scalars, lists of scalars, mappings of those."""
    if is_scalar(value):
        return True
    if isinstance(value, Mapping):
        return all(is_scalar(v) or _flat_list(v) for v in value.values())
    return _flat_list(value)


def _flat_list(value: Any) -> bool:
    return (
        isinstance(value, Sequence)
        and not isinstance(value, str)
        and all(
            is_scalar(v) or (isinstance(v, Sequence) and all(is_scalar(x) for x in v))
            for v in value
        )
    )


def facts(pairs: Mapping[str, Any]) -> Table:
    """Named values in two columns (name dim, value as text)."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="dim", no_wrap=True)
    # fold, not the default ellipsis: Rich cut a Korean word that ended a line exactly
    # ('주교 3' drawn as '주 …' / '3' at 80 columns)
    grid.add_column(overflow="fold")
    for key, value in pairs.items():
        grid.add_row(words(str(key)), escape(inline(value)))
    return grid


def records(title: str, rows: Sequence[Mapping[str, Any]]) -> Records:
    """A list of objects as a table: one column per key; an id column that only repeats the
    `label` column is left out. Too wide for the terminal, it is drawn as several tables."""
    keys: list[str] = []
    for row in rows:
        keys.extend(k for k in row if k not in keys)
    if "label" in keys:
        keys = [
            k
            for k in keys
            if k == "label" or not all(_same(row.get(k), row.get("label")) for row in rows)
        ]
    return Records(words(title), keys, rows)


NATURAL = 10_000
"""A width no table reaches: measuring within it gives a table's natural width."""


class Records:
    """A table of records drawn at the width the terminal gives: whole when it fits, else as
    several tables of the same rows, each led by the name column (`label`, else the first), so
    no value is cut ("buildings for sale" at 80 columns cut 'production' to 'prod…')."""

    def __init__(self, title: str, keys: Sequence[str], rows: Sequence[Mapping[str, Any]]):
        self.title = title
        self.keys = list(keys)
        self.rows = rows
        self.said = _words.get()
        """The view's names (drawn later, when the width is known: outside `draw`)."""

    def table(self, keys: Sequence[str], title: str) -> Table:
        token = _words.set(self.said)
        try:
            return self._table(keys, title)
        finally:
            _words.reset(token)

    def _table(self, keys: Sequence[str], title: str) -> Table:
        table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
        for key in keys:
            numbers = all(
                isinstance(row.get(key), int | float) and not isinstance(row.get(key), bool)
                for row in self.rows
                if row.get(key) is not None
            )
            table.add_column(words(key), justify="right" if numbers else "left", overflow="fold")
        for row in self.rows:
            table.add_row(*(escape(inline(row.get(key))) for key in keys))
        return table

    def parts(self, console: Console, options: ConsoleOptions) -> list[list[str]]:
        """The column groups, each fitting `options.max_width` at its natural width (a group
        of the name column and one other that does not fit stands as it is)."""
        lead = "label" if "label" in self.keys else self.keys[0]
        rest = [k for k in self.keys if k != lead]
        groups: list[list[str]] = [[lead]]
        for key in rest:
            wider = [*groups[-1], key]
            if not self.fits(console, options, wider) and len(groups[-1]) > 1:
                groups.append([lead, key])
            else:
                groups[-1] = wider
        return groups

    def fits(self, console: Console, options: ConsoleOptions, keys: Sequence[str]) -> bool:
        """Whether the columns `keys` fit the width at their natural width (measured without
        the width limit, which a measurement is otherwise clamped to)."""
        free = options.update_width(NATURAL)
        natural = Measurement.get(console, free, self.table(keys, "")).maximum
        return natural <= options.max_width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        whole = self.table(self.keys, self.title)
        if not self.keys or self.fits(console, options, self.keys):
            yield whole
            return
        for i, keys in enumerate(self.parts(console, options)):
            title = self.title if i == 0 else _("{title} (continued)", title=self.title)
            yield self.table(keys, title)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.table(self.keys, self.title))


def is_matrix(value: Any) -> bool:
    """A board of squares: rows of the same length whose squares are objects."""
    if not isinstance(value, Sequence) or isinstance(value, str) or not value:
        return False
    rows = [row for row in value if isinstance(row, Sequence) and not isinstance(row, str)]
    return (
        len(rows) == len(value)
        and len({len(row) for row in rows}) == 1
        and len(rows[0]) > 1
        and all(isinstance(square, Mapping) for row in rows for square in row)
    )


def square(cell: Mapping[str, Any]) -> Text:
    """One square: its kind (or label) first, then its other values that are set."""
    lead = next((k for k in ("kind", *NAME_KEYS) if k in cell), None)
    text = Text(scalar(cell.get(lead)) if lead else "", style="bold")
    for key, value in cell.items():
        if key == lead or value in (None, "", [], {}):
            continue
        counted = isinstance(value, int | float | bool)  # a number needs its name, text not
        text.append("\n" + (f"{words(key)} {inline(value)}" if counted else inline(value)))
    return text


def matrix(title: str, rows: Sequence[Sequence[Mapping[str, Any]]]) -> Table:
    """A board of squares as a grid, one cell per square (row and column numbered from 1)."""
    table = Table(title=words(title), title_justify="left", box=box.SQUARE, show_lines=True)
    table.add_column("", style="dim", justify="right")
    for column in range(len(rows[0])):
        table.add_column(str(column + 1), overflow="fold")
    for number, row in enumerate(rows, start=1):
        table.add_row(str(number), *(square(cell) for cell in row))
    return table


def section(key: str, value: Any) -> RenderableType:
    """A part of the view that does not fit one line: a table, or nested sections."""
    if isinstance(value, Sequence) and value and all(isinstance(v, Mapping) for v in value):
        return records(key, value)
    if isinstance(value, Mapping):
        flat = {k: v for k, v in value.items() if _flat(v)}
        rest = {k: v for k, v in value.items() if not _flat(v)}
        parts: list[RenderableType] = [Text(words(key), style="italic")]
        if flat:
            parts.append(facts(flat))
        parts.extend(section(str(k), v) for k, v in rest.items())
        return Group(*parts)
    if is_matrix(value):
        return matrix(key, value)
    if isinstance(value, Sequence):  # a list of lists of objects, e.g. ships holding cargo
        parts = [Text(words(key), style="italic")]
        for i, item in enumerate(value):
            parts.append(section(f"{key} {i + 1}", item))
        return Group(*parts)
    return facts({key: value})


def player_list(view: Mapping[str, Any], players: Sequence[str]) -> str | None:
    """The key of the view's list with one object per seat (`players`, `seats`, ...): a list
    as long as the game has seats whose objects carry the players' names."""
    for key, value in view.items():
        if (
            isinstance(value, Sequence)
            and not isinstance(value, str)
            and len(value) == len(players)
            and all(isinstance(v, Mapping) for v in value)
            and [v.get("name") for v in value] == list(players)
        ):
            return key
    return None


def player_panel(seat: int, player: Mapping[str, Any], marks: Sequence[str]) -> Panel:
    """One seat: its flat values as a grid, its lists (tiles, buildings...) as tables."""
    name = str(player.get("name") or _("seat {n}", n=seat + 1))  # people count from 1
    flat = {k: v for k, v in player.items() if k not in ("name", "seat") and _flat(v)}
    rest = {k: v for k, v in player.items() if k not in ("name", "seat") and not _flat(v)}
    parts: list[RenderableType] = [facts(flat)] if flat else []
    parts.extend(section(str(k), v) for k, v in rest.items())
    said = _("seat {n}", n=seat + 1)
    title = f"[bold]{escape(name)}[/] ({said})" + "".join(f" {m}" for m in marks)
    return Panel(Group(*parts), title=title, title_align="left", expand=False)


def draw(
    view: Mapping[str, Any], players: Sequence[str], to_move: Sequence[int] = ()
) -> RenderableType:
    """The whole position: the table's values, each player's panel, then the other lists."""
    if not isinstance(view, Mapping):
        return Text(inline(view))
    theme = view.get("theme")
    said = Words(str(view.get("game") or ""), theme if isinstance(theme, str) else "",
                 frozenset(players))  # fmt: skip
    token = _words.set(said)
    try:
        return _draw(view, players, to_move)
    finally:
        _words.reset(token)


def _draw(view: Mapping[str, Any], players: Sequence[str], to_move: Sequence[int]) -> Group:
    view = named(view, players)
    seats_key = player_list(view, players)
    table = {k: v for k, v in view.items() if k not in HIDDEN and k != seats_key and _flat(v)}
    others = {k: v for k, v in view.items() if k not in HIDDEN and k != seats_key and not _flat(v)}
    parts: list[RenderableType] = []
    if table:
        parts.append(Panel(facts(table), title=_("table"), title_align="left", expand=False))
    if seats_key is not None:
        panels = [
            player_panel(seat, player, [f"[green]{_('to move')}[/]"] if seat in to_move else [])
            for seat, player in enumerate(view[seats_key])
        ]
        parts.append(Columns(panels, padding=(0, 1)))
    parts.extend(section(str(key), value) for key, value in others.items())
    return Group(*parts)
