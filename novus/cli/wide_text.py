"""Rich's line end for wide letters: Korean help and table cells lost a word to '…'.

When Rich wraps a cell's text it keeps the space after a line's last word, then trims that space
only where the line is longer than the cell *in characters* (`Text.rstrip_end` compares
`len(text)`, a count of characters, with a width in terminal cells). A Korean letter takes two
cells, so a line that fits its cell exactly but for its trailing space is not trimmed, and the
cell's ellipsis then cuts its last word instead: `novus draw --help` at 80 columns showed
'$NOVUS_DATA_DIR 또 …' for '또는'. rich 15.0.0 (the newest) still does so. `install()` makes the
trim compare cells (the same as before for text of one-cell letters); the CLI installs it once,
before anything is drawn.
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text

_TRAILING = re.compile(r"\s+$")
_installed = False


def rstrip_end(self: Text, size: int) -> None:
    """Remove the whitespace at the end that lies beyond `size` cells."""
    excess = cell_len(self.plain) - size
    if excess > 0:
        found = _TRAILING.search(self.plain)
        if found is not None:
            self.right_crop(min(len(found.group(0)), excess))


def install() -> None:
    """Put `rstrip_end` in Rich's place (once)."""
    global _installed
    if not _installed:
        Text.rstrip_end = rstrip_end  # type: ignore[method-assign]
        _installed = True
