"""Fuzz the import boundary: 10,000+ mutated files through the store and the projector.

    python benchmarks/fuzz_import.py [--inputs 10000] [--seed 1] [--keep DIR]

The mutations are the fuzz tests' (`tests/importers/mutations.py`): byte flips, truncation,
dropped / duplicated / reordered lines, wrong JSON types, huge numbers, deep nesting, invalid
UTF-8, BOM, CRLF, spliced lines; for reports also swapped words, changed numbers, overlong lines.
Inputs are spread over native files of the four games and play-by-email reports (also fed under a
native name). Each is imported into one real SQLite store with `import_bytes`:
- rejected: must be a typed `ImportProblem` naming the file, with a hint, that is not the
  last-resort `ReaderFailed`, and the store must be unchanged;
- accepted (imported, already present, or extended): the game must verify (`verify_record`) and the
  projector must project it (no skipped game; its row in the DuckDB `games` table).
Printed: the counts per source and outcome (rejections by error class), per mutation kind, the
time, and every failure (its input kept in `--keep` to reproduce). Exit code 1 on any failure.

Measured (seed 1, 10,000 inputs, 1,250 per source; 2,332 s on the shared 2-core machine at a
load of about 18): 1,134 accepted (imported, present or extended), every one verified and
projected; 8,866 rejected, all typed (NativeFormatError 5,974; ReportError 2,104;
ReportAmbiguity 387; ReportMismatch 286; UnknownFormat 114) with the store unchanged; no
exception escaped; 1 `ReaderFailed`: the report reader's `checks._seat` asserts a player on a
spliced line with a huge number (a bug of `importers/pbem/`, refused as a typed rejection).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from application.service import open_app  # noqa: E402
from application.verification import verify_record  # noqa: E402
from importers.api import import_bytes  # noqa: E402
from importers.errors import ImportProblem, ReaderFailed  # noqa: E402
from projections import runner  # noqa: E402
from tests.importers.mutations import NATIVE, REPORT, RandomPicker, mutate  # noqa: E402
from tests.importers.test_fuzz_boundary import DATA, GAMES, REPORTS, native_sample  # noqa: E402

ACCEPTED = ("imported", "present", "extended")


def sources() -> list[tuple[str, str, bytes, dict[str, object]]]:
    """(label, file name, bytes, mutations) of every sample, native games first."""
    found: list[tuple[str, str, bytes, dict[str, object]]] = [
        (game, f"{game}.novus.jsonl", native_sample(game), dict(NATIVE)) for game in GAMES
    ]
    for report in REPORTS:
        data = (DATA / report).read_bytes()
        found.append((f"report {report}", "report.txt", data, dict(REPORT)))
    found.append(("report as native", "report.novus.jsonl", (DATA / REPORTS[0]).read_bytes(),
                  dict(REPORT)))  # fmt: skip
    return found


def run(inputs: int, seed: int, keep: Path) -> int:
    rng = random.Random(seed)
    pick = RandomPicker(rng)
    folder = Path(tempfile.mkdtemp(prefix="novus-fuzz-")) / "data"
    app = open_app(folder)
    projector = runner.Projector(app, folder=folder)
    samples = sources()
    outcomes: Counter[tuple[str, str]] = Counter()
    kinds: Counter[tuple[str, str]] = Counter()
    failures: list[str] = []
    began = time.perf_counter()
    for number in range(inputs):
        label, name, original, mutations = samples[number % len(samples)]
        data, applied = mutate(original, pick, mutations)  # type: ignore[arg-type]
        before = (app.max_notification_id(), len(app.game_ids()))
        problem = ""
        try:
            result = import_bytes(app, name, data)
            if result.status == "rejected":
                error = result.error
                outcome = f"rejected: {type(error).__name__}"
                if not isinstance(error, ImportProblem) or isinstance(error, ReaderFailed):
                    problem = f"untyped rejection {error!r}"
                elif error.file != name or error.line < 0 or not error.hint:
                    problem = f"rejection without file, line or hint: {error!r}"
                elif (app.max_notification_id(), len(app.game_ids())) != before:
                    problem = "a rejected file changed the store"
            else:
                outcome = result.status
                assert result.game_id is not None
                verdict = verify_record(app.history(result.game_id))
                report = projector.catch_up(publish=False)
                row = projector.view.con.execute(
                    "SELECT count(*) FROM games WHERE game_id = ?", [str(result.game_id)]
                ).fetchone()
                if not verdict.ok:
                    problem = f"accepted but does not verify: {verdict.problems[:2]}"
                elif report.skipped or row != (1,):
                    problem = f"accepted but not projected: {report.skipped}"
        except Exception as error:  # the failure being looked for: count it, keep the input
            outcome = f"ESCAPED {type(error).__name__}"
            problem = "".join(traceback.format_exception_only(error)).strip()
        outcomes[(label, outcome)] += 1
        for kind in set(applied):
            kinds[(kind, "accepted" if outcome in ACCEPTED else "rejected")] += 1
        if problem:
            keep.mkdir(parents=True, exist_ok=True)
            kept = keep / f"{number:05d}-{name}"
            kept.write_bytes(data)
            failures.append(f"{kept}: {'+'.join(applied)}: {problem}")
    seconds = time.perf_counter() - began
    projector.close()
    app.close()

    print(f"{inputs:,} mutated inputs in {seconds:.1f} s ({inputs / seconds:,.0f}/s), seed {seed}")
    print(f"store: {folder}")
    print("\nby source and outcome:")
    for label, _, _, _ in samples:
        rows = sorted((o, n) for (lab, o), n in outcomes.items() if lab == label)
        total = sum(n for _, n in rows)
        print(f"  {label} ({total:,})")
        for outcome, count in rows:
            print(f"      {count:6,}  {outcome}")
    totals: Counter[str] = Counter()
    for (_, outcome), count in outcomes.items():
        totals["accepted" if outcome in ACCEPTED else outcome.split(":")[0]] += count
    print("\ntotals:", ", ".join(f"{k} {v:,}" for k, v in sorted(totals.items())))
    print("\nby mutation kind (inputs using it: accepted / rejected):")
    for kind in sorted({k for k, _ in kinds}):
        print(f"  {kind:14} {kinds[(kind, 'accepted')]:6,} / {kinds[(kind, 'rejected')]:6,}")
    print(f"\nfailures: {len(failures)}")
    for line in failures[:50]:
        print("  " + line)
    return 1 if failures else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, default=Path(tempfile.gettempdir()) / "novus-fuzz")
    args = parser.parse_args()
    raise SystemExit(run(args.inputs, args.seed, args.keep))


if __name__ == "__main__":
    main()
