"""One module per role: `start` (begin the phase on a private state), `legal`, `act`."""
