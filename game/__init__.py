"""Skyjo for the desktop.

`__version__` has one source, pyproject.toml: read from it where the source tree runs (a clone,
an editable install), else from the metadata the frozen app carries (installer.spec copies the
installed distribution's in), else through importlib.metadata (a wheel install). It is read when
first asked for, so importing the engine costs nothing; the first two ways spare the app the
import of importlib.metadata (about 0.1 s here).
"""

from __future__ import annotations

APP_NAME = "Skyjo"
DISTRIBUTION = "skyjo-desktop"  # the project's name in pyproject.toml
UNKNOWN_VERSION = "0+unknown"  # neither metadata nor pyproject.toml found: said plainly, never a guess

_found: list[str] = []


def version() -> str:
    """The project's version, as pyproject.toml says (see the module's note)."""
    if not _found:
        _found.append(_pyproject_version() or _bundled_version() or _metadata_version() or UNKNOWN_VERSION)
    return _found[0]


def _metadata_version() -> str | None:
    from importlib import metadata

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None


def _bundled_version() -> str | None:
    """The version in the frozen app's copy of the distribution's metadata: the METADATA of a
    .dist-info, or the PKG-INFO of the .egg-info an editable install leaves in the source tree."""
    import sys
    from pathlib import Path

    bundle = getattr(sys, "_MEIPASS", None)
    if not (getattr(sys, "frozen", False) and bundle):
        return None
    name = DISTRIBUTION.replace("-", "_")
    found = [*Path(bundle).glob(f"{name}-*.dist-info/METADATA"), *Path(bundle).glob(f"{name}*.egg-info/PKG-INFO")]
    for metadata in found:
        try:
            lines = metadata.read_text(encoding="utf-8").splitlines()
        except OSError:
            continue
        version = next((line.split(":", 1)[1].strip() for line in lines if line.startswith("Version:")), None)
        if version:
            return version
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
