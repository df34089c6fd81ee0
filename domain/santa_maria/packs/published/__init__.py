"""Data folder of the published Santa Maria pack (pack.json): sourced facts only, incomplete."""
