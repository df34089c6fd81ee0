"""Terminal output shared by every command: rich consoles, progress bars, error reports."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from application.i18n import _, render
from domain.core.errors import NovusError

console = Console()
errors = Console(stderr=True)


def progress() -> Progress:
    """The progress bar every long command shows (on stderr, so stdout stays clean for pipes)."""
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=errors,
        transient=False,
    )


def report(error: NovusError) -> None:
    """Print a user error: what went wrong, then what to do."""
    message, hint = getattr(error, "said", (error.message, error.hint))
    errors.print(f"[bold red]{_('error:')}[/] {render(message)}", highlight=False)
    if error.hint:
        errors.print(f"[yellow]{_('hint:')}[/] {render(hint or error.hint)}", highlight=False)
