"""Data folder of the synthetic Mundus Novus pack (a package so its CSV files are installed)."""
