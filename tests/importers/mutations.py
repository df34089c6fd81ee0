"""Mutations of import files, for the fuzz tests (hypothesis) and `benchmarks/fuzz_import.py`.

Every mutation takes the file's bytes and a `Picker` (where the random choices come from: a
hypothesis `draw`, so failures shrink, or a seeded `random.Random` for the benchmark's 10,000+
inputs) and returns new bytes. The kinds are the ones a file meets on its way: byte flips,
truncation, dropped / duplicated / reordered lines, values of the wrong JSON type, huge numbers,
deep nesting, invalid UTF-8, a byte-order mark, CRLF line ends, spliced lines, and for reports
swapped words, changed numbers and overlong lines.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Picker(Protocol):
    def integer(self, low: int, high: int) -> int: ...

    def choice(self, items: Sequence[T]) -> T: ...


class RandomPicker:
    """Choices from a seeded generator (the benchmark)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.rng.randrange(len(items))]


class DrawPicker:
    """Choices drawn by hypothesis (the tests: a failure shrinks to a small mutation)."""

    def __init__(self, draw: Callable[[Any], Any]) -> None:
        from hypothesis import strategies as st

        self.draw = draw
        self.st = st

    def integer(self, low: int, high: int) -> int:
        return int(self.draw(self.st.integers(low, high)))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.integer(0, len(items) - 1)]


Mutation = Callable[[bytes, Picker], bytes]

WRONG_TYPES: tuple[Any, ...] = (
    None, True, False, 0, -1, 1.5, "", "x", "pass", [], {}, [1], {"a": 1}
)  # fmt: skip
HUGE: tuple[Any, ...] = (2**63, 2**63 - 1, -(2**63) - 1, 2**64, 10**30, -(10**30), 1e308, -1e308)
DEPTHS = (21, 100, 300, 1000, 5000)
BAD_UTF8 = (b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf", b"\x80")
BOM = b"\xef\xbb\xbf"
_DEEP = "\x00deep\x00"


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def flip(data: bytes, pick: Picker) -> bytes:
    if not data:
        return b"\x00"
    out = bytearray(data)
    for _ in range(pick.integer(1, 4)):
        at = pick.integer(0, len(out) - 1)
        out[at] ^= pick.integer(1, 255)
    return bytes(out)


def truncate(data: bytes, pick: Picker) -> bytes:
    return data[: pick.integer(0, max(len(data) - 1, 0))]


def drop(data: bytes, pick: Picker) -> bytes:
    lines = _lines(data)
    del lines[pick.integer(0, len(lines) - 1)]
    return b"\n".join(lines)


def duplicate(data: bytes, pick: Picker) -> bytes:
    lines = _lines(data)
    lines.insert(pick.integer(0, len(lines)), lines[pick.integer(0, len(lines) - 1)])
    return b"\n".join(lines)


def reorder(data: bytes, pick: Picker) -> bytes:
    lines = _lines(data)
    i, j = pick.integer(0, len(lines) - 1), pick.integer(0, len(lines) - 1)
    if pick.integer(0, 1):
        lines[i], lines[j] = lines[j], lines[i]
    else:
        lines.insert(j, lines.pop(i))
    return b"\n".join(lines)


def splice(data: bytes, pick: Picker) -> bytes:
    lines = _lines(data)
    i, j = pick.integer(0, len(lines) - 1), pick.integer(0, len(lines) - 1)
    lines[i] = lines[i][: len(lines[i]) // 2] + lines[j][len(lines[j]) // 2 :]
    return b"\n".join(lines)


def invalid_utf8(data: bytes, pick: Picker) -> bytes:
    at = pick.integer(0, len(data))
    return data[:at] + pick.choice(BAD_UTF8) + data[at:]


def bom(data: bytes, pick: Picker) -> bytes:
    if pick.integer(0, 2) == 0:  # a mark in the middle of the file, not only at its start
        at = pick.integer(0, len(data))
        return data[:at] + BOM + data[at:]
    return BOM + data


def crlf(data: bytes, pick: Picker) -> bytes:
    if pick.integer(0, 1):
        return data.replace(b"\n", b"\r\n")
    lines = _lines(data)
    at = pick.integer(0, len(lines) - 1)
    lines[at] += b"\r"
    return b"\n".join(lines)


def _paths(value: Any, limit: int = 5000) -> list[tuple[Any, ...]]:
    """Paths of the values inside a JSON value (iteratively), the value itself first."""
    found: list[tuple[Any, ...]] = [()]
    pending: list[tuple[Any, tuple[Any, ...]]] = [(value, ())]
    while pending and len(found) < limit:
        item, path = pending.pop()
        pairs = item.items() if isinstance(item, dict) else enumerate(item) if isinstance(
            item, list
        ) else ()
        for key, inner in pairs:
            found.append((*path, key))
            pending.append((inner, (*path, key)))
    return found


def _replace_value(data: bytes, pick: Picker, new: Callable[[Picker], Any]) -> bytes:
    """One JSON line of the file, a value inside it replaced by `new(pick)`."""
    lines = _lines(data)
    candidates = [i for i, line in enumerate(lines) if line.strip()]
    if not candidates:
        return data
    at = pick.choice(candidates)
    try:
        value = json.loads(lines[at])
    except ValueError:
        return data
    paths = _paths(value)
    path = pick.choice(paths)
    replacement = new(pick)
    if not path:
        value = replacement
    else:
        target = value
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = replacement
    text = json.dumps(value, separators=(",", ":"))
    if _DEEP in text or json.dumps(_DEEP) in text:
        depth = pick.choice(DEPTHS)
        text = text.replace(json.dumps(_DEEP), "[" * depth + "0" + "]" * depth)
    lines[at] = text.encode()
    return b"\n".join(lines)


def wrong_type(data: bytes, pick: Picker) -> bytes:
    return _replace_value(data, pick, lambda p: p.choice(WRONG_TYPES))


def huge_number(data: bytes, pick: Picker) -> bytes:
    if not data.lstrip(BOM).startswith(b"{"):  # a report: a number in the text
        return number(data, pick, huge=True)
    return _replace_value(data, pick, lambda p: p.choice(HUGE))


def deep_nesting(data: bytes, pick: Picker) -> bytes:
    if not data.lstrip(BOM).startswith(b"{"):  # a report: brackets in a line
        lines = _lines(data)
        depth = pick.choice(DEPTHS)
        lines.insert(pick.integer(0, len(lines)), b"[" * depth + b"]" * depth)
        return b"\n".join(lines)
    return _replace_value(data, pick, lambda p: _DEEP)


def number(data: bytes, pick: Picker, huge: bool = False) -> bytes:
    """A run of digits in the text replaced by another number."""
    runs: list[tuple[int, int]] = []
    start = None
    for i, byte in enumerate(data):
        if 48 <= byte <= 57:
            start = i if start is None else start
        elif start is not None:
            runs.append((start, i))
            start = None
    if not runs:
        return data
    begin, end = pick.choice(runs)
    value = pick.choice(HUGE) if huge else pick.integer(0, 20)
    return data[:begin] + str(value).encode() + data[end:]


def word(data: bytes, pick: Picker) -> bytes:
    """A word of the text replaced by another word of the same text (a name, a building)."""
    words = data.split(b" ")
    if len(words) < 2:
        return data
    words[pick.integer(0, len(words) - 1)] = pick.choice(words)
    return b" ".join(words)


def long_line(data: bytes, pick: Picker) -> bytes:
    lines = _lines(data)
    filler = pick.choice(lines) or b"x"
    size = pick.choice((17 * 1024, 100_000, 1_000_000))
    lines.insert(pick.integer(0, len(lines)), (filler * (size // len(filler) + 1))[:size])
    return b"\n".join(lines)


NATIVE: dict[str, Mutation] = {
    "flip": flip,
    "truncate": truncate,
    "drop": drop,
    "duplicate": duplicate,
    "reorder": reorder,
    "splice": splice,
    "wrong_type": wrong_type,
    "huge_number": huge_number,
    "deep_nesting": deep_nesting,
    "invalid_utf8": invalid_utf8,
    "bom": bom,
    "crlf": crlf,
}
"""Mutations of native files, by name."""

REPORT: dict[str, Mutation] = {
    "flip": flip,
    "truncate": truncate,
    "drop": drop,
    "duplicate": duplicate,
    "reorder": reorder,
    "splice": splice,
    "number": number,
    "huge_number": huge_number,
    "word": word,
    "deep_nesting": deep_nesting,
    "long_line": long_line,
    "invalid_utf8": invalid_utf8,
    "bom": bom,
    "crlf": crlf,
}
"""Mutations of play-by-email reports, by name."""


def mutate(
    data: bytes, pick: Picker, kinds: dict[str, Mutation], most: int = 3
) -> tuple[bytes, tuple[str, ...]]:
    """1 to `most` mutations of `data`; the new bytes and the names of the mutations."""
    names = []
    for _ in range(pick.integer(1, most)):
        name = pick.choice(sorted(kinds))
        data = kinds[name](data, pick)
        names.append(name)
    return data, tuple(names)
