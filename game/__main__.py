"""`python -m game` and the `skyjo` console script."""

import sys

from game.cli import main


def entry() -> None:
    sys.exit(main())


if __name__ == "__main__":
    entry()
