"""Reading analyses (CLI, dashboard): the published `analysis.duckdb`, opened read-only per call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb
import pandas as pd

from analysis.settings import Settings
from analysis.store import published_path


def _query(folder: Path, sql: str, params: list[Any] | None = None) -> pd.DataFrame | None:
    path = published_path(folder)
    if not path.exists():
        return None
    con = duckdb.connect(str(path), read_only=True)
    try:
        return con.execute(sql, params or []).df()
    finally:
        con.close()


def tracking_position(folder: Path, settings_key: str) -> int:
    frame = _query(
        folder, "SELECT position FROM analysis_tracking WHERE settings = ?", [settings_key]
    )
    return 0 if frame is None or frame.empty else int(frame.iloc[0, 0])


def analysed_games(folder: Path) -> pd.DataFrame:
    frame = _query(folder, "SELECT * FROM analysis_runs ORDER BY started")
    return frame if frame is not None else pd.DataFrame()


def game_analysis(folder: Path, game_id: str) -> dict[str, Any] | None:
    """One game's analysis as plain data: the shape `novus analysis --json` prints."""
    run = _query(folder, "SELECT * FROM analysis_runs WHERE game_id = ?", [game_id])
    if run is None or run.empty:
        return None
    info = run.iloc[0]
    players = list(info["players"])
    chances = _query(
        folder,
        "SELECT step, viewer, seat, chance FROM win_chances WHERE game_id = ? ORDER BY step, seat",
        [game_id],
    )
    steps: list[dict[str, Any]] = []
    assert chances is not None
    for step, rows in chances.groupby("step", sort=True):
        viewer = int(rows["viewer"].iloc[0])
        steps.append(
            {
                "step": int(step),
                "viewer": None if viewer < 0 else viewer,
                "win_chances": [float(c) for c in rows.sort_values("seat")["chance"]],
            }
        )
    turning = _query(
        folder, "SELECT * FROM turning_points WHERE game_id = ? ORDER BY rank", [game_id]
    )
    alternatives = _query(
        folder,
        "SELECT step, seat, action, chance, chosen FROM alternatives WHERE game_id = ? "
        "ORDER BY step, chance DESC, action",
        [game_id],
    )
    decisions = _query(
        folder,
        "SELECT step, seat, player, action, legal, before, after, loss FROM decisions "
        "WHERE game_id = ? ORDER BY step",
        [game_id],
    )
    assert turning is not None and alternatives is not None and decisions is not None
    points = []
    for row in turning.to_dict("records"):
        row.pop("game_id")
        at = alternatives[alternatives["step"] == row["step"]]
        row["alternatives"] = [
            {"action": a["action"], "chance": float(a["chance"]), "chosen": bool(a["chosen"])}
            for a in at.to_dict("records")
        ]
        points.append(_plain(row))
    return {
        "game_id": game_id,
        "game": str(info["game"]),
        "players": players,
        "settings": {
            "rollouts": int(info["rollouts"]),
            "seed": int(info["seed"]),
            "turning_points": int(info["turning_points"]),
            "prior": Settings.from_key(str(info["settings"])).prior,
            "key": str(info["settings"]),
        },
        "seconds": float(info["seconds"]),
        "steps": steps,
        "turning_points": points,
        "decisions": [_plain(d) for d in decisions.to_dict("records")],
    }


def _plain(row: dict[str, Any]) -> dict[str, Any]:
    """numpy scalars -> Python values (for JSON)."""
    return {k: (v.item() if hasattr(v, "item") else v) for k, v in row.items()}


def decision_accuracy(folder: Path, player: str | None = None) -> pd.DataFrame:
    """Mean win chance lost per decision, per player per game, oldest game first."""
    sql = "SELECT * FROM decision_accuracy"
    params: list[Any] = []
    if player is not None:
        sql += " WHERE player = ?"
        params.append(player)
    frame = _query(folder, sql + " ORDER BY started, game_id, seat", params)
    return frame if frame is not None else pd.DataFrame()
