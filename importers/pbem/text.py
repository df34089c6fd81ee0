"""A report's text as numbered sentences: preamble lines, turn headings, paragraph sentences.

Lines before the first "Turn 1" heading are the preamble (title, date, players, options, the
opening plantations), read one line at a time. After it, the lines of a paragraph are joined and
split into sentences at '.', '!' or '?' followed by a space, outside parentheses; each sentence
keeps the number of the line it starts on, so every error can name its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

TURN_RE = re.compile(r"^\s*(?:turn|round)\s+(\d+)\s*[:.]?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Sentence:
    line: int
    text: str
    turn: int
    """The turn heading above it (0 in the preamble)."""
    heading: bool = False
    """A "Turn N" heading line."""


def sentences(text: str) -> list[Sentence]:
    out: list[Sentence] = []
    turn = 0
    paragraph: list[tuple[int, str]] = []

    def flush() -> None:
        if paragraph:
            out.extend(_split(paragraph, turn))
            paragraph.clear()

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        heading = TURN_RE.match(line)
        if heading:
            flush()
            turn = int(heading.group(1))
            out.append(Sentence(number, line, turn, heading=True))
        elif not line:
            flush()
        elif turn == 0:
            out.extend(_split([(number, line)], 0))
        else:
            paragraph.append((number, line))
    flush()
    return out


def _split(lines: list[tuple[int, str]], turn: int) -> list[Sentence]:
    """Sentences of a paragraph, each with the line it starts on."""
    text = ""
    line_at: list[int] = []
    for number, line in lines:
        if text:
            text += " "
            line_at.append(number)
        text += line
        line_at.extend([number] * len(line))
    found: list[Sentence] = []
    depth = 0
    begin = 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch in ".!?" and depth == 0 and (i + 1 == len(text) or text[i + 1] == " "):
            _add(found, text, line_at, begin, i + 1, turn)
            begin = i + 1
    _add(found, text, line_at, begin, len(text), turn)
    return found


def _add(
    found: list[Sentence], text: str, line_at: list[int], begin: int, end: int, turn: int
) -> None:
    piece = text[begin:end]
    stripped = piece.strip()
    if stripped:
        first = begin + len(piece) - len(piece.lstrip())
        found.append(Sentence(line_at[first], stripped, turn))


_PARENTHESES = re.compile(r"\([^()]*\)")


def blank_parentheses(text: str) -> str:
    """`text` with every parenthesised remark blanked (same length; nested ones too, and an
    unclosed one to the end: a report cut off inside a remark)."""
    while True:
        blanked = _PARENTHESES.sub(lambda m: " " * len(m.group()), text)
        if blanked == text:
            break
        text = blanked
    open_at = text.find("(")
    return text if open_at < 0 else text[:open_at] + " " * (len(text) - open_at)
