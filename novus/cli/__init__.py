"""The `novus` command line: `main.py` builds the typer app from the area modules beside it."""
