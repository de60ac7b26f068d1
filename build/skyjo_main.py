"""The frozen app's entry script: PyInstaller runs this file as __main__ (see installer.spec)."""

from skyjo.entry import entry

if __name__ == "__main__":
    entry()
