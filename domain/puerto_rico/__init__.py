"""Puerto Rico (base game, 2-5 players): a pure rules engine; `rules.RULES` is the entry point."""
