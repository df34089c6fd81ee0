"""Machine-readable output for scripts: `--json` and `--csv` (shapes in docs/cli.md).

JSON goes to stdout as one document (UTF-8, indented); CSV as one table with a header row.
Anything else a command says (progress, notes) goes to stderr or is left out, so the output
can be piped as it is.
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Annotated, Any

import orjson
import typer

from application.i18n import _

Json = Annotated[bool, typer.Option("--json", help="Print JSON for scripts (shapes: docs/cli.md).")]
Csv = Annotated[bool, typer.Option("--csv", help="Print CSV for scripts (columns: docs/cli.md).")]


def check_formats(as_json: bool, as_csv: bool = False) -> None:
    """`--json` and `--csv` exclude each other: a usage error (exit 2) when both are given."""
    if as_json and as_csv:
        raise typer.BadParameter(_("give --json or --csv, not both"), param_hint="'--csv'")


def _default(value: Any) -> Any:
    if hasattr(value, "tolist"):  # numpy scalars and arrays from DuckDB results
        return value.tolist()
    if isinstance(value, set | frozenset):
        return sorted(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def emit_json(document: Any) -> None:
    """Write `document` to stdout as indented JSON (non-finite floats become null)."""
    text = orjson.dumps(
        document, option=orjson.OPT_INDENT_2 | orjson.OPT_NON_STR_KEYS, default=_default
    )
    sys.stdout.write(text.decode() + "\n")
    sys.stdout.flush()


def cell(value: Any) -> str:
    """A CSV cell: lists joined with "; ", missing values empty, the rest as text."""
    if value is None:
        return ""
    if isinstance(value, float) and value != value:  # NaN
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "; ".join(cell(v) for v in value)
    if isinstance(value, Mapping):
        return "; ".join(f"{k}={cell(v)}" for k, v in value.items())
    if hasattr(value, "tolist"):
        return cell(value.tolist())
    return str(value)


def emit_csv(columns: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> None:
    """Write a header of `columns`, then one line per row (cells as `cell` writes them)."""
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([cell(row.get(column)) for column in columns])
    sys.stdout.flush()
