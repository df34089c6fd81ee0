"""Pure rules engines: no I/O, no database, no clock, no global random state."""
