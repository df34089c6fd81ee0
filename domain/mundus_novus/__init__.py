"""Mundus Novus: events, supply, secret trade offers and development, driven by a component pack."""
