"""English left on a Korean screen: the Latin-letter words of a text that no allow-list explains.

A Korean screen (dashboard page or CLI output) may still show ids (`8709398e`, `A1-F2`, `c2-15`,
`d25`), numbers and units, game ids (`puerto-rico`), command and option names (`novus show`,
`--limit`), players' names and a game's cube letters (`YYG`); every other Latin word is text
that was never put through `_()`. Tests call `english_words(text, allowed)` and fail naming
what it returns.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

WORD = re.compile(r"(?<![\w./-])-{0,2}[A-Za-z][A-Za-z0-9_'.:+-]*")
ALWAYS = frozenset(
    {
        # names of things, the same in both languages
        "Novus",
        "novus",
        "id",
        "ids",
        "JSON",
        "CSV",
        "SQLite",
        "PostgreSQL",
        "DuckDB",
        "OpenSkill",
        "mu",
        "sigma",
        "ordinal",
        "ms",
        "KB",
        "MB",
        "GB",
        "px",
        "UTC",
        "Enter",
        "Ctrl",
        "Home",
        "End",
        "Wilson",  # the Wilson interval, a statistician's name
        "Plackett-Luce",  # OpenSkill's rating model, a name
        "puerto-rico",
        "santa-maria",
        "century-new-world",
        "mundus-novus",
        "heuristic",
        "random",
        "native",
        "pbem-report",
        "auto",
        "synthetic",
        "published",
        "en",
        "ko",
    }
)
CODE = re.compile(r"`[^`]*`")
FIELD = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(:[^}]*)?\}")
METAVAR = re.compile(r"<[A-Za-z \[\]]+>")
PATH = re.compile(r"[\w.~-]*/[\w./-]+")
CUBES = re.compile(r"^[YRGB]+(>[YRGB]+)?$")
"""Century's cube letters (the rulebook's colours: Y R G B), e.g. `YYG`, `YY>G`."""


def _allowed(word: str, allowed: frozenset[str]) -> bool:
    bare = word.strip("'.:+-")
    return (
        len(bare) < 2
        or any(ch.isdigit() for ch in bare)  # ids, counts with units, versions
        or word.startswith("-")  # --options
        or bare in ALWAYS
        or bare in allowed
        or (len(bare) > 1 and any(a.startswith(bare) for a in allowed))  # a name cut short: `Ra…`
        or bool(CUBES.match(bare))
        or (bare.isupper() and len(bare) > 1)  # a placeholder of a usage line: GAME, STEP
        or bool(re.fullmatch(r"[0-9a-f]{8}", bare))
    )


def english_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The Latin-letter words of `text` that are not ids, numbers, names or allowed words.

    `allowed`: more words that may appear (players' names; each word of a name counts)."""
    extra = frozenset(w for name in allowed for w in [name, *name.split()])
    lines = []
    # `novus show ID`: a command to type, the same in Korean (blanked, even when wrapped)
    blank = CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    for line, shown in zip(blank.splitlines(), text.splitlines(), strict=True):
        bare = line
        bare = FIELD.sub(" ", bare)  # {step}: a template's field, filled in where it is shown
        bare = METAVAR.sub(" ", bare)  # <int>: the kind of value an option takes
        bare = PATH.sub(" ", bare)  # docs/cli.md, ./novus-data: a file's name
        bad = [w for w in WORD.findall(bare) if not _allowed(w, extra)]
        if bad:
            lines.append(f"{' '.join(bad)}    <- {shown.strip()[:120]}")
    return lines
