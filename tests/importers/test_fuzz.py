"""Fuzz: mutated native files either import or fail with a typed `ImportProblem`, never a crash."""

from __future__ import annotations

from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from application.service import open_app
from importers.api import export_bytes, parse_bytes
from importers.errors import ImportProblem


@cache
def sample() -> bytes:
    import tempfile
    from pathlib import Path

    folder = tempfile.mkdtemp()
    app = open_app(Path(folder))
    return export_bytes(app, app.simulate("puerto-rico", 3, {}, seed=4, bot="random"))


TOKENS = [b"0", b"-1", b"99", b'""', b"null", b"[]", b"{}", b'"pass"', b'"role:mayor"', b"1e309"]


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    lines = sample().split(b"\n")
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["drop", "dup", "swap", "byte", "cut", "token", "splice"]))
        i = draw(st.integers(0, len(lines) - 1))
        j = draw(st.integers(0, len(lines) - 1))
        if kind == "drop":
            del lines[i]
        elif kind == "dup":
            lines.insert(i, lines[j])
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "byte" and lines[i]:
            k = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:k] + bytes([draw(st.integers(0, 255))]) + lines[i][k + 1 :]
        elif kind == "cut":
            lines = lines[: max(i, 1)]
        elif kind == "token" and b":" in lines[i]:
            head, _, _ = lines[i].rpartition(b":")
            lines[i] = head + b":" + draw(st.sampled_from(TOKENS)) + b"}"
        elif kind == "splice":
            lines[i] = lines[i][: len(lines[i]) // 2] + lines[j][len(lines[j]) // 2 :]
        if not lines:
            lines = [b""]
    return b"\n".join(lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_files_give_only_typed_import_errors(data: bytes) -> None:
    try:
        parse_bytes("fuzz.novus.jsonl", data)
    except ImportProblem as problem:
        assert problem.file == "fuzz.novus.jsonl" and problem.line >= 0 and problem.hint


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_give_only_typed_import_errors(data: bytes) -> None:
    for name in ("x.novus.jsonl", "x.txt"):
        try:
            parse_bytes(name, data)
        except ImportProblem as problem:
            assert problem.hint
