"""The Linux applications-menu entry shipped beside the one-folder app.

installer.spec calls `write_linux_extras` after a one-folder build on Linux. It puts two files
beside the `skyjo` binary: `skyjo.desktop` (the entry, from build/skyjo.desktop when present)
and `install-desktop-entry.sh`, the documented install step. Players run that script once from
wherever they keep the app; it needs no Python and no root, and `--uninstall` removes the entry.
"""

from __future__ import annotations

import stat
from pathlib import Path

ENTRY_NAME = "skyjo.desktop"
SCRIPT_NAME = "install-desktop-entry.sh"

# Used when build/skyjo.desktop does not exist; Exec and Icon are set by the install script.
DEFAULT_ENTRY = """[Desktop Entry]
Type=Application
Name=Skyjo
GenericName=Card game
Comment=The card game Skyjo: both editions, computer opponents, hot-seat play
Exec=skyjo
Icon=skyjo
Terminal=false
Categories=Game;CardGame;
Keywords=cards;skyjo;
StartupWMClass=Skyjo
"""

# POSIX sh so that players need nothing but the downloaded folder. The path is quoted for the
# desktop-entry Exec syntax: inside double quotes, the characters " ` $ and backslash need a
# backslash, and the key-file string syntax doubles that backslash again (a $ becomes two
# backslashes then $; a backslash becomes four). A % is doubled. The result is escaped for sed.
INSTALL_SCRIPT = r"""#!/bin/sh
# Adds Skyjo to this user's applications menu (no root needed); `--uninstall` removes it.
# Run it from the folder where the app will stay: the menu entry points at this folder.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data="${XDG_DATA_HOME:-$HOME/.local/share}"
entry="$data/applications/skyjo.desktop"
sizes="16 32 48 64 128 256"
if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$entry"
    for size in $sizes; do rm -f "$data/icons/hicolor/${size}x${size}/apps/skyjo.png"; done
    echo "Skyjo removed from the applications menu (the app folder itself is untouched)."
    exit 0
fi
if [ ! -x "$here/skyjo" ]; then
    echo "install-desktop-entry.sh: no skyjo program beside this script in $here" >&2
    exit 1
fi
for size in $sizes; do
    icon="$here/_internal/assets/icons/skyjo_$size.png"
    if [ -f "$icon" ]; then
        mkdir -p "$data/icons/hicolor/${size}x${size}/apps"
        cp "$icon" "$data/icons/hicolor/${size}x${size}/apps/skyjo.png"
    fi
done
quoted=$(printf '%s' "$here/skyjo" | sed -e 's/\\/\\\\\\\\/g' -e 's/["`$]/\\\\&/g' -e 's/%/%%/g' -e 's/^/"/' -e 's/$/"/')
for_sed() { printf '%s' "$1" | sed -e 's/[\\&|]/\\&/g'; }
mkdir -p "$data/applications"
sed -e "s|^Exec=.*|Exec=$(for_sed "$quoted")|" \
    -e "s|^Icon=.*|Icon=skyjo|" \
    "$here/skyjo.desktop" > "$entry.tmp"
mv "$entry.tmp" "$entry"
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database "$data/applications" >/dev/null 2>&1 || true
fi
echo "Skyjo added to the applications menu: $entry"
"""


def entry_template(root: Path) -> str:
    """build/skyjo.desktop (written by the UI-assets helper) or the default entry."""
    path = root / "build" / ENTRY_NAME
    return path.read_text(encoding="utf-8") if path.is_file() else DEFAULT_ENTRY


def write_linux_extras(app_dir: Path, root: Path) -> list[Path]:
    """Write the entry template and the install script into a built one-folder app."""
    entry = app_dir / ENTRY_NAME
    entry.write_text(entry_template(root), encoding="utf-8")
    script = app_dir / SCRIPT_NAME
    script.write_text(INSTALL_SCRIPT, encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return [entry, script]
