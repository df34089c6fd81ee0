"""Data folder of the synthetic pack: invented components, marked with `SYNTHETIC_LABEL`."""
