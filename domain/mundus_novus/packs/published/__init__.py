"""Data folder of the published Mundus Novus pack (a package so its CSV files are installed)."""
