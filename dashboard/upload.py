"""The Upload page: drop log files; each goes through `importers.api.import_bytes`, the very
function `novus import` uses, so a file is imported whole or not at all, and a rejected file is
shown with its file name, line and the move the engine refused."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import pandas as pd
import streamlit as st

from application.i18n import N_, _, current_language, pgettext, render
from application.service import NovusApp
from dashboard.tables import table
from domain.core.phrase import Phrase
from importers.api import FORMATS, MAX_FILE_BYTES, Format, ImportResult, import_bytes

AfterImport = Callable[[NovusApp], object]
UPLOAD_MB = MAX_FILE_BYTES // (1024 * 1024)
"""Streamlit's upload limit, in its megabytes (MiB): Novus's own file limit (`MAX_FILE_BYTES`),
so a bigger file is never held in the server's memory only to be refused."""


DROPZONE = "[data-testid='stFileUploaderDropzone']"


def css_string(text: str) -> str:
    """`text` as a CSS string (quoted; backslash, quote and line breaks escaped)."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\a ")
    return f'"{escaped}"'


def dropzone_css() -> str:
    """Streamlit's file uploader writes its button ("Upload") and its limit ("8MB per file")
    in English whatever the page's language, and takes no text for them: the page hides those
    two texts (size 0) and shows its own in their place (`::after`), for this uploader only.

    A file above the limit is refused in the browser, before Python sees it: Streamlit marks
    its chip and says "File must be 8.0MB or smaller." only in a tooltip. The page says why
    under the uploader while such a chip is there (`:has`), and in the error tooltip (the
    uploader is the one widget on this page with one)."""
    button = pgettext("file uploader", "Choose files")
    limit = _("{mb} MB per file", mb=UPLOAD_MB)
    refused = _("A file marked in red was not uploaded: files are {mb} MB at most", mb=UPLOAD_MB)
    at = f".st-key-upload_files {DROPZONE}"
    marked = ".st-key-upload_files:has([data-testid='stFileChip'][aria-invalid='true'])"
    tip = "[data-testid='stTooltipErrorContent']"
    return (
        "<style>"
        f"{at} button p, {at} [data-testid='stFileUploaderDropzoneInstructions'] span"
        " { font-size: 0; }"
        f"{at} button p::after {{ content: {css_string(button)}; font-size: 0.875rem; }}"
        f"{at} [data-testid='stFileUploaderDropzoneInstructions'] span::after"
        f" {{ content: {css_string(limit)}; font-size: 0.875rem; }}"
        f"{marked}::after {{ content: {css_string(refused)}; display: block;"
        " font-size: 0.875rem; color: #bd4043; }"
        f"{tip} {{ font-size: 0; }}"
        f"{tip}::after {{ content: {css_string(refused)}; font-size: 0.875rem; }}"
        "</style>"
    )


FORMAT_NAMES = {
    "auto": N_("found from the contents"),
    "native": N_("native .novus.jsonl"),
    "pbem-report": N_("play-by-email report"),
}
"""The import formats in words (the codes are `novus import --format`'s)."""


def format_name(code: str) -> str:
    return _(FORMAT_NAMES[code]) if code in FORMAT_NAMES else code


def in_words(said: str | Phrase) -> str:
    """A problem's message or hint in the display language (the table showed the English
    `detail` on a Korean page, under the Korean message)."""
    return render(said) if isinstance(said, Phrase) else said


def result_rows(results: Sequence[ImportResult]) -> list[dict[str, Any]]:
    """One row per file: status, format and problem in words, game link, and for a rejected
    file where and why."""
    rows = []
    for r in results:
        problem = r.error
        rows.append(
            {
                "file": r.file,
                "status": r.status,
                "format": format_name(r.format) if r.format else "",
                "steps": r.steps if r.ok else None,
                "line": problem.line if problem is not None else None,
                "problem": in_words(problem.detail_said) if problem else "; ".join(r.warnings),
                "hint": in_words(problem.said[1]) if problem is not None else "",
                "open": f"replay?game={r.game_id}&step=0" if r.ok and r.game_id else None,
            }
        )
    return rows


def upload_page(app: NovusApp, after_import: AfterImport | None = None) -> None:
    st.title(_("Upload"))
    st.caption(
        _(
            "Native `.novus.jsonl` files and Puerto Rico play-by-email reports. Each file is "
            "checked move by move by the rules engine and stored in one save: whole, or not at all."
        )
    )
    if current_language() != "en":  # Streamlit's own English stays on English pages
        st.html(dropzone_css())
    files = st.file_uploader(
        _("Log files"),
        accept_multiple_files=True,
        key="upload_files",
        max_upload_size=UPLOAD_MB,  # larger files are refused by Streamlit, before the upload
    )
    cols = st.columns([1, 2])  # the checkbox's label was cut to "Lenient…" at 800 px in Korean
    fmt = cols[0].selectbox(
        _("Format"), ["auto", *FORMATS], key="upload_format", format_func=format_name
    )
    lenient = cols[1].checkbox(
        _("Lenient (reports)"),
        key="upload_lenient",
        help=_(
            "fix clearly misspelt player and building names and verbs, as `novus import --lenient`"
        ),
    )
    if not st.button(_("Import"), type="primary", key="upload_go", disabled=not files):
        return
    results = [
        import_bytes(app, f.name, f.getvalue(), cast(Format, fmt), lenient) for f in files or []
    ]
    if after_import is not None and any(r.status in ("imported", "extended") for r in results):
        after_import(app)
    imported = sum(r.status == "imported" for r in results)
    extended = sum(r.status == "extended" for r in results)
    present = sum(r.status == "present" for r in results)
    rejected = [r for r in results if not r.ok]
    if extended:
        summary = _(
            "{imported} imported, {extended} extended, {present} already present, "
            "{rejected} rejected",
            imported=imported,
            extended=extended,
            present=present,
            rejected=len(rejected),
        )
    else:
        summary = _(
            "{imported} imported, {present} already present, {rejected} rejected",
            imported=imported,
            present=present,
            rejected=len(rejected),
        )
    if rejected:
        st.error(summary)
        for r in rejected:
            assert r.error is not None
            # plain text: names and messages quote the uploaded file, which may hold Markdown
            # (a planted image would be fetched by every browser that shows the page)
            st.text(
                _(
                    "{file}, line {line}: {detail}",
                    file=r.file,
                    line=r.error.line,
                    detail=r.error.detail_said,
                )
            )
            if r.error.hint:
                st.text(render(hint) if isinstance(hint := r.error.said[1], Phrase) else hint)
    else:
        st.success(summary)
    shown = pd.DataFrame(result_rows(results))
    shown["status"] = shown["status"].map(lambda status: _(STATUS.get(str(status), str(status))))
    table(
        shown,
        hide_index=True,
        column_config={
            **{column: st.column_config.Column(_(label)) for column, label in COLUMNS.items()},
            "open": st.column_config.LinkColumn(_("open"), display_text=_("replay")),
        },
        key="upload_results",
    )


STATUS = {
    "imported": N_("imported"),
    "extended": N_("extended"),
    "present": N_("present"),
    "rejected": N_("rejected"),
}
"""A file's status as the results table says it (the Korean page showed "rejected")."""
COLUMNS = {
    "file": N_("file"),
    "status": N_("status"),
    "format": N_("format"),
    "steps": N_("steps"),
    "line": N_("line"),
    "problem": N_("problem"),
    "hint": N_("hint"),
}
"""The results table's headers, in the display language."""
