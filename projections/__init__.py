"""DuckDB projections of the event store."""
