"""Terminal output shared by every command: rich consoles, progress bars, error reports."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Console, RenderableType
from rich.measure import Measurement
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.protocol import is_renderable
from rich.table import Column, Table

from application.i18n import _, render
from domain.core.errors import NovusError
from novus.cli import wide_text

wide_text.install()  # before any console draws: Korean lines fit their cells (see wide_text)

WIDE = 100_000
"""Room offered when measuring what a piped output wants (anything asking for all of it is taken
as "as wide as the terminal would be")."""


class OutputConsole(Console):
    """Standard output's console: into a pipe or a file (`novus games | cat`, `> games.txt`),
    tables and lines keep their natural width instead of rich's 80 columns, so no cell wraps
    ("Heuristic" over "3"), and `grep`/`cut` see one row per line. A terminal is unchanged, and
    so is a width asked for ($COLUMNS in the environment: shells keep it unexported)."""

    def print(self, *objects: Any, **options: Any) -> None:
        wanted = 0
        free = self._width is None  # neither given nor taken from $COLUMNS
        if free and options.get("width") is None and objects and not self.is_terminal:
            wanted = max(self._natural(item) for item in objects)
        if wanted <= self.width:
            super().print(*objects, **options)
            return
        saved = self._width  # print(width=...) only narrows: widen the console for this print
        self.width = wanted
        try:
            super().print(*objects, **options)
        finally:
            self._width = saved

    def _natural(self, item: Any) -> int:
        if not is_renderable(item):
            return 0  # rich prints it as its repr, which is short
        wanted = Measurement.get(self, self.options.update_width(WIDE), item).maximum
        return 0 if wanted >= WIDE else wanted


console = OutputConsole(emoji=False)
errors = Console(stderr=True, emoji=False)
"""No emoji codes: rich read the action code `ship:corn:5` as the `:corn:` emoji ('ship🌽5' in
`novus legal`, `novus move`, `novus analysis --step`), `sell:coffee:2` as '☕'."""


BAR_WIDTH, BAR_MIN, DESCRIPTION_MIN = 40, 10, 16
"""The bar's width when there is room, the least it shrinks to before it is left out, and the
least of a description kept before the elapsed time and then the bar give way."""


class FittedProgress(Progress):
    """Rich's progress display fitted to the terminal's width.

    Rich squeezes every column alike when a row is too wide, so at 80 columns a long description
    ("Puerto Rico 1a2b3c4d: alternatives at the turning points") cut the count and the time
    left to "567…" and "-:--:…". Here the count and the time left always show whole; what gives
    way, in this order: the bar shrinks (to `BAR_MIN`), the description is cut with "…" (to
    `DESCRIPTION_MIN`), the elapsed time is left out, the bar is left out, the description is
    cut further."""

    def __init__(self, console: Console) -> None:
        self.description = TextColumn("[progress.description]{task.description}")
        self.bar = BarColumn(bar_width=BAR_WIDTH)
        self.count = MofNCompleteColumn()
        self.elapsed = TimeElapsedColumn()
        self.remaining = TimeRemainingColumn()
        super().__init__(
            self.description,
            self.bar,
            self.count,
            self.elapsed,
            self.remaining,
            console=console,
            transient=False,
        )

    def make_tasks_table(self, tasks: Iterable[Task]) -> Table:
        shown = [task for task in tasks if task.visible]
        if not shown:  # also while rich's __init__ draws the empty display, before `live` is set
            return Table.grid()
        cells = {
            column: [column(task) for task in shown]
            for column in (self.description, self.count, self.elapsed, self.remaining)
        }
        natural = {column: self._widest(rendered) for column, rendered in cells.items()}
        description, bar, elapsed = self._fit(natural)
        self.bar.bar_width = bar
        chosen: list[tuple[Column, list[RenderableType]]] = [
            (
                Column(no_wrap=True, overflow="ellipsis", width=description),
                cells[self.description],
            )
        ]
        if bar:
            chosen.append((Column(no_wrap=True), [self.bar(task) for task in shown]))
        chosen.append((Column(no_wrap=True), cells[self.count]))
        if elapsed:
            chosen.append((Column(no_wrap=True), cells[self.elapsed]))
        chosen.append((Column(no_wrap=True), cells[self.remaining]))
        table = Table.grid(*(column for column, _rows in chosen), padding=(0, 1))
        for row in range(len(shown)):
            table.add_row(*(rows[row] for _column, rows in chosen))
        return table

    def _widest(self, rendered: list[RenderableType]) -> int:
        options = self.console.options
        return max(
            (Measurement.get(self.console, options, cell).maximum for cell in rendered), default=0
        )

    def _fit(
        self,
        natural: dict[
            TextColumn | MofNCompleteColumn | TimeElapsedColumn | TimeRemainingColumn, int
        ],
    ) -> tuple[int, int, bool]:
        """(description width, bar width or 0 for none, whether the elapsed time shows)."""
        room = self.console.width
        description, bar, elapsed = natural[self.description], BAR_WIDTH, True
        fixed = natural[self.count] + natural[self.remaining] + 1

        def over() -> int:
            shown = [description, bar, natural[self.elapsed] if elapsed else 0]
            return fixed + sum(w + 1 for w in shown if w) - room

        bar = max(BAR_MIN, bar - max(0, over()))
        description = max(min(description, DESCRIPTION_MIN), description - max(0, over()))
        if over() > 0:
            elapsed = False
        if over() > 0:
            bar = 0
        # what is left over (after the bar or the elapsed time went) goes back to the description
        description = max(1, min(natural[self.description], description - over()))
        return description, bar, elapsed


def progress() -> Progress:
    """The progress bar every long command shows (on stderr, so stdout stays clean for pipes)."""
    return FittedProgress(errors)


def report(error: NovusError) -> None:
    """Print a user error: what went wrong, then what to do."""
    message, hint = getattr(error, "said", (error.message, error.hint))
    errors.print(f"[bold red]{_('error:')}[/] {render(message)}", highlight=False)
    if error.hint:
        errors.print(f"[yellow]{_('hint:')}[/] {render(hint or error.hint)}", highlight=False)
