"""Event store, Application and CLI: the layer that does I/O on behalf of the domain."""
