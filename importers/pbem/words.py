"""The English-edition vocabulary of the reports and forgiving look-ups of names.

Role, building and good names follow the English edition (`domain/puerto_rico/names.py`,
theme ``standard``). Misspellings are resolved only when one name is clearly the closest
(`closest`), and only in lenient mode; the caller reports each fix as a warning.
"""

from __future__ import annotations

import difflib
import re

from domain.puerto_rico.components import BUILDINGS, GOODS, ROLES
from domain.puerto_rico.names import BUILDING_NAMES, ROLE_NAMES

ROLE_IDS: dict[str, str] = {}
for _name, _role in zip(ROLE_NAMES["standard"], ROLES, strict=True):
    ROLE_IDS.setdefault(_name.lower(), _role)
"""'settler' -> 'settler', 'prospector' -> 'prospector' (the second card is chosen later)."""

BUILDING_IDS: dict[str, str] = {  # the engine names; importers.pbem.buildings has all
    name.lower(): b.id for name, b in zip(BUILDING_NAMES["standard"], BUILDINGS, strict=True)
}
BUILDING_TITLE: dict[str, str] = {
    b.id: name for name, b in zip(BUILDING_NAMES["standard"], BUILDINGS, strict=True)
}
GOOD_SET = frozenset(GOODS)
GOOD_RE = "(" + "|".join(GOODS) + ")"

NUMBERS: dict[str, int] = {
    "no": 0,
    "zero": 0,
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}
NUM_RE = r"(\d+|" + "|".join(NUMBERS) + ")"
WORDS = {v: k for k, v in NUMBERS.items() if k not in ("no", "a", "an")}


def number(token: str) -> int:
    """'3' -> 3, 'three' -> 3, 'a' -> 1."""
    token = token.lower()
    return int(token) if token.isdigit() else NUMBERS[token]


def spelled(n: int) -> str:
    """3 -> 'three' (for writing varied reports)."""
    return WORDS.get(n, str(n))


def good_of(word: str) -> str | None:
    """'corn' / 'Corn' / 'corns' / 'barrels of corn' -> 'corn'."""
    word = word.lower().strip()
    word = re.sub(r"^(barrels?|goods?) of ", "", word)
    word = re.sub(r" (barrels?|goods?)$", "", word)
    if word in GOOD_SET:
        return word
    if word.endswith("s") and word[:-1] in GOOD_SET:
        return word[:-1]
    return None


def closest(word: str, candidates: list[str], cutoff: float = 0.75) -> str | None:
    """The one candidate clearly closest to `word` (case-insensitive), else None.

    'Clearly' means above `cutoff` and ahead of the runner-up, so 'Cleao' -> 'Cleo' but a word
    equally close to two names resolves to neither.
    """
    scored = sorted(
        ((difflib.SequenceMatcher(None, word.lower(), c.lower()).ratio(), c) for c in candidates),
        reverse=True,
    )
    if not scored or scored[0][0] < cutoff:
        return None
    if len(scored) > 1 and scored[0][0] - scored[1][0] < 0.05:
        return None
    return scored[0][1]
