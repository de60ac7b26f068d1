"""`python -m game`: kept as an alias of the desktop app's entry point (skyjo/entry.py).

The one import of the composition root from inside game/ (tests/test_layers.py allows
exactly this edge): the app itself lives outside the package so that it may import scenes.
"""

from skyjo.entry import entry

if __name__ == "__main__":
    entry()
