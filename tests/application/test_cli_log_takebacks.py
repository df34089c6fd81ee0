"""`novus log` shows each take-back where it happened in the move list (between the step the
game went back to and the next one), not in a block after the last move; `--json` says where
(`after_step`)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from application import play
from application.service import open_app
from novus.cli.main import app

runner = CliRunner()


def log(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["log", *args], terminal_width=200)
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


def test_take_backs_stand_between_the_moves(tmp_path: Path) -> None:
    data = tmp_path / "data"
    store = open_app(data)
    try:
        game = play.new_game(store, "puerto-rico", ["Ann", "Bo", "Cy"], seed=5)
        play.finish(store, game, "random", max_steps=6)
        play.take_back(store, game, 2)  # back to step 4: steps 5, 6 taken back
        play.finish(store, game, "random", max_steps=5)  # steps 5-9
        play.take_back(store, game, 1)  # back to step 8
        play.take_back(store, game, 6)  # back to step 2: the first take-back's steps go too
        play.finish(store, game, "random", max_steps=12)
        steps = len(store.history(game).steps)
    finally:
        store.close()
    code, out = log(str(game)[:8], "-d", str(data))
    assert code == 0, out
    lines = [line.rstrip() for line in out.splitlines() if line.strip()]
    marks = [i for i, line in enumerate(lines) if line.split()[0] == "↶"]
    assert len(marks) == 3, out
    # all three sit after step 2 (the later take-back went back further), in order
    assert lines[marks[0] - 1].split()[0] == "2", out
    said = [" ".join(lines[i].split()[1:]) for i in marks]
    assert said == [
        "taken back to step 4 (2 step(s), kept in the history):",
        "taken back to step 8 (1 step(s), kept in the history):",
        "taken back to step 2 (6 step(s), kept in the history):",
    ]
    step_at = lines[marks[0] - 1].index("2")  # where a standing step's number ends

    def taken(first: int, last: int) -> list[str]:
        """The numbers of the lines between, which must be indented under the take-back."""
        rows = lines[first + 1 : last]
        assert all(row[: step_at + 3].strip() == "" for row in rows), rows
        return [row.split()[0] for row in rows]

    assert taken(marks[0], marks[1]) == ["5", "6"]
    assert taken(marks[1], marks[2]) == ["9"]
    assert taken(marks[2], marks[2] + 7) == list("345678")
    assert lines[marks[2] + 7].split()[0] == "3"  # then the game as it stands goes on
    assert lines[marks[2] + 7][step_at] == "3"
    assert lines[-1] == "(in progress)" and lines[-2].split()[0] == str(steps)

    code, out = log(str(game)[:8], "--json", "-d", str(data))
    found = json.loads(out)["takebacks"]
    assert [(t["to_step"], t["after_step"], len(t["taken"])) for t in found] == [
        (4, 2, 2),
        (8, 2, 1),
        (2, 2, 6),
    ]
