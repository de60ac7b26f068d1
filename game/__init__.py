"""Skyjo for the desktop.

`__version__` has one source, pyproject.toml: read from the installed distribution's metadata
(an install, an editable install, or the frozen app, whose spec copies that metadata in), else
from pyproject.toml itself when the source tree runs without being installed. It is read when
first asked for, so importing the engine costs nothing.
"""

from __future__ import annotations

APP_NAME = "Skyjo"
DISTRIBUTION = "skyjo-desktop"  # the project's name in pyproject.toml
UNKNOWN_VERSION = "0+unknown"  # neither metadata nor pyproject.toml found: said plainly, never a guess

_found: list[str] = []


def version() -> str:
    """The project's version, as pyproject.toml says (see the module's note)."""
    if not _found:
        _found.append(_metadata_version() or _pyproject_version() or UNKNOWN_VERSION)
    return _found[0]


def _metadata_version() -> str | None:
    from importlib import metadata

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None


def _pyproject_version() -> str | None:
    import tomllib
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        project = tomllib.loads(path.read_text(encoding="utf-8")).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return None
    found = project.get("version") if project.get("name") == DISTRIBUTION else None
    return found if isinstance(found, str) else None


def __getattr__(name: str) -> str:
    if name == "__version__":
        return version()
    raise AttributeError(f"module 'game' has no attribute {name!r}")
