"""`python -m skyjo`: the desktop game and its command line (skyjo/entry.py)."""

from skyjo.entry import entry

if __name__ == "__main__":
    entry()
