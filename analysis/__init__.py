"""Analysis: win chances at every step of a game by Monte Carlo rollouts with the heuristic bots,
the decisions that lost most (turning points) with every legal alternative evaluated, and the
DuckDB tables that keep them. Depends on `domain` and `application`, never on the dashboard."""
