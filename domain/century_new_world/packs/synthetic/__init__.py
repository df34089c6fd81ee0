"""Data folder of the synthetic pack: synthetic components, not the printed game."""
