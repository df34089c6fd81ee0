"""`python3 -m novus ...`: the `novus` command run from a checkout's sources (the installed
command runs the installed ones); it failed with "'novus' is a package and cannot be directly
executed"."""

from novus.cli.main import run

if __name__ == "__main__":
    run()
