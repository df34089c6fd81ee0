"""Santa Maria (base game, 1-4 players): a data-driven engine over component packs."""
