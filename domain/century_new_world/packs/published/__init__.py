"""Data folder of the published pack (CSV + pack.json): sourced facts only, incomplete."""
