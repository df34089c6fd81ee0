"""Puerto Rico play-by-email session reports: reading (`text`, `facts`), replaying them
through the engine (`interpret`, `placement`) and writing them (`writer`).

Entry point: `importers.pbem_report`."""
