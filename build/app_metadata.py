"""What each platform's package says about the app, from pyproject.toml: one place for the spec,
the release script and their tests.

- Windows: the .exe's version resource (Properties > Details), written as PyInstaller's version
  file at build time, and the manifest that makes the app per-monitor DPI aware (without it
  Windows scales the window as a blurry bitmap on high-DPI screens).
- macOS: the Info.plist keys of Skyjo.app (bundle id, version, high-resolution capable).
- Every platform: the release file names, which carry the version.
"""

from __future__ import annotations

import platform
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_ID = "io.github.skyjo_desktop.Skyjo"  # reverse-DNS of the project's home (pyproject [project.urls])
PRODUCT = "Skyjo"
COMPANY = "The skyjo-desktop contributors"
DESCRIPTION = "Skyjo card game (unofficial)"
TRADEMARK = "Skyjo is a trademark of Magilano; this is an unofficial game."

# Per-monitor DPI awareness (v2 where Windows 10 1703+ has it, v1 "true/pm" before), merged by
# PyInstaller into its own manifest (common controls, execution level).
WINDOWS_MANIFEST = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">
  <application xmlns="urn:schemas-microsoft-com:asm.v3">
    <windowsSettings>
      <dpiAware xmlns="http://schemas.microsoft.com/SMI/2005/WindowsSettings">true/pm</dpiAware>
      <dpiAwareness xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">PerMonitorV2</dpiAwareness>
    </windowsSettings>
  </application>
</assembly>
"""


def project(root: Path = ROOT) -> dict:
    return tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def version(root: Path = ROOT) -> str:
    """The project's one version number (pyproject.toml)."""
    return str(project(root)["version"])


def version_numbers(text: str) -> tuple[int, int, int, int]:
    """'0.1.0' -> (0, 1, 0, 0): the four numbers a Windows version resource holds."""
    numbers = [int(part) for part in re.findall(r"\d+", text)[:4]]
    return tuple((numbers + [0, 0, 0, 0])[:4])  # type: ignore[return-value]


def windows_version_file(out: Path, root: Path = ROOT) -> Path:
    """PyInstaller's version file for the .exe: the text form of its VSVersionInfo structure, written
    here without importing PyInstaller's Windows module (which needs Windows to load)."""
    text = version(root)
    numbers = version_numbers(text)
    fields = {"CompanyName": COMPANY, "FileDescription": DESCRIPTION, "FileVersion": text,
              "InternalName": "skyjo", "LegalCopyright": f"MIT licence. {TRADEMARK}",
              "OriginalFilename": "skyjo.exe", "ProductName": PRODUCT, "ProductVersion": text}
    strings = ",\n          ".join(f"StringStruct({key!r}, {value!r})" for key, value in fields.items())
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([
      StringTable('040904B0', [
          {strings}])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
""", encoding="utf-8")
    return out


def mac_info_plist(root: Path = ROOT) -> dict[str, object]:
    text = version(root)
    return {"CFBundleDisplayName": PRODUCT, "CFBundleName": PRODUCT, "CFBundleShortVersionString": text,
            "CFBundleVersion": text, "NSHighResolutionCapable": True,
            "LSApplicationCategoryType": "public.app-category.card-games",
            "NSHumanReadableCopyright": f"MIT licence. {TRADEMARK}"}


def machine() -> str:
    """x86_64 / arm64, the same word on every system."""
    name = platform.machine().lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(name, name)


def release_name(system: str, root: Path = ROOT) -> str:
    """The file players download: skyjo-<version>-<system>-<machine>[.zip|.dmg]."""
    suffix = {"linux": "", "windows": ".zip", "macos": ".dmg"}[system]
    return f"skyjo-{version(root)}-{system}-{machine()}{suffix}"
