"""Century: New World (2-4 players): a data-driven engine over a validated component pack."""
