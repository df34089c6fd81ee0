"""Data folder of the synthetic Santa Maria pack (pack.json): invented, not the printed game."""
