"""Native format and importers from other platforms."""
