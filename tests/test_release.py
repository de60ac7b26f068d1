"""What a release carries (issue 41): the bundled licences, the AppStream metainfo and desktop entry,
the icons, each platform's package metadata, the release file names, and the single file players
download, built by the documented command and started as a double-click would.

The build test (marked build and slow) runs `build/build_app.py --check --release DIR`; the rest is fast.
"""

from __future__ import annotations

import importlib.util
import os
import plistlib
import re
import shutil
import struct
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINUX = ROOT / "assets" / "linux"
METAINFO = LINUX / "io.github.skyjo_desktop.Skyjo.metainfo.xml"
DESKTOP = LINUX / "skyjo.desktop"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]

ONE_FILE_MB = 38  # the Linux one file: 36.3 MB with Read aloud's library and the compiled rules (34.5 before them)


def load_build_module(name: str):  # -> module
    spec = importlib.util.spec_from_file_location(f"build_{name}", ROOT / "build" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


notices = load_build_module("notices")
app_metadata = load_build_module("app_metadata")


def section_titles(text: str) -> set[str]:
    """The heading of each notice section: the line after a rule."""
    lines = text.splitlines()
    return {lines[i + 1] for i, line in enumerate(lines[:-1]) if line == notices.RULE and lines[i + 1] != notices.RULE}


# ------------------------------------------------------------------ licences (fast)
def test_notices_give_every_runtime_dependency_its_licence_text() -> None:
    text = notices.notices_text(notices.requirement_closure())
    titles = section_titles(text)
    wanted = {re.split(r"[<>=!~ ;\[]", line, maxsplit=1)[0] for line in PROJECT["dependencies"]}
    for name in wanted | {"ifaddr"}:  # ifaddr comes with zeroconf
        dist = metadata.distribution(name)
        heading = f"{dist.metadata['Name']} {dist.version}"
        assert heading in titles, f"no notice for {heading}"
        body = text.split(heading, 1)[1].split(notices.RULE, 2)[1]
        assert "\n--- " in body, f"{heading}: no licence text"
        assert "Licence: not stated" not in body
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in text  # Python's own LICENSE.txt
    assert "Magilano" in text and "unofficial" in text


def test_notices_name_the_font_and_every_native_library_of_pygame() -> None:
    text = notices.notices_text(notices.requirement_closure())
    pygame_dir = Path(metadata.distribution("pygame-ce").locate_file("pygame"))
    names = notices.font_names(pygame_dir / "freesansbold.ttf")  # the game's font (game/ui/text.py: Font(None))
    assert names[0] in text and names[13] in text
    assert "--- pygame/docs/generated/LGPL.txt ---" in text
    libraries = notices.native_libraries(metadata.distribution("pygame-ce"))
    assert libraries or sys.platform == "darwin"
    for name in libraries:
        assert f"  {name}: " in text
    if sys.platform.startswith("linux"):  # the table was checked against the Linux wheel's libraries
        assert [name for name in libraries if notices.native_licence(name) is None] == []


def test_notices_of_a_bundle_follow_its_files(tmp_path: Path) -> None:
    """The spec hands the collected files: their distributions get notices, a system library is
    named, and a distribution with no file in the bundle gets none."""
    websockets = metadata.distribution("websockets")
    source = next(str(websockets.locate_file(f)) for f in websockets.files or [] if str(f).endswith(".py"))
    entries = [("websockets/x.py", source), ("libz.so.1", "/usr/lib/libz.so.1.3"), ("link", "pygame_ce.libs/lib")]
    out = notices.write_notices(tmp_path / "N.txt", entries)
    titles = section_titles(out.read_text(encoding="utf-8"))
    assert f"websockets {websockets.version}" in titles
    assert not any(title.startswith("pygame-ce") for title in titles)
    assert "  libz.so.1: zlib, Zlib" in out.read_text(encoding="utf-8")


def test_the_project_is_mit_licensed_everywhere() -> None:
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert PROJECT["license"] == {"text": "MIT"}
    assert ET.parse(METAINFO).getroot().findtext("project_license") == "MIT"


# ------------------------------------------------------------------ what software centres read (fast)
def test_metainfo_agrees_with_pyproject_and_the_shipped_files() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("id") == app_metadata.APP_ID
    assert root.find("releases/release").get("version") == PROJECT["version"]  # the newest comes first
    home = PROJECT["urls"]["Homepage"]
    assert root.findtext("url[@type='homepage']") == home
    assert root.findtext("launchable[@type='desktop-id']") == DESKTOP.name
    owner_repo = home.removeprefix("https://github.com/")
    for image in root.iter("image"):
        path = image.text.removeprefix(f"https://raw.githubusercontent.com/{owner_repo}/main/")
        assert path != image.text and (ROOT / path).is_file(), f"{image.text} is not a file of the repository"
    assert root.find("content_rating").get("type") == "oars-1.1"


@pytest.mark.parametrize("command", [
    ["desktop-file-validate", str(DESKTOP)],
    ["appstreamcli", "validate", "--no-net", "--pedantic", str(METAINFO)],
])
def test_shipped_linux_files_pass_their_validators(command: list[str]) -> None:
    if shutil.which(command[0]) is None:
        pytest.skip(f"{command[0]} is not installed (apt-get install desktop-file-utils appstream)")
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "W:" not in done.stdout and "E:" not in done.stdout, done.stdout


def test_no_file_with_placeholders_ships() -> None:
    shipped = [*(ROOT / "assets").rglob("*"), *(ROOT / "build").glob("*.*"), ROOT / "installer.spec"]
    for path in shipped:
        if path.is_file() and path.suffix not in (".png", ".ico", ".icns", ".wav", ".mo"):
            assert not re.search(r"@[A-Z]+@", path.read_text(encoding="utf-8")), path


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_icons_at_the_standard_sizes_and_in_each_container() -> None:
    icons = ROOT / "assets" / "icons"
    for size in (16, 32, 48, 64, 128, 256, 512):
        assert png_size((icons / f"skyjo_{size}.png").read_bytes()) == (size, size)
    icns = (icons / "skyjo.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    found, offset = {}, 8
    while offset < len(icns):
        kind, length = icns[offset:offset + 4], struct.unpack(">I", icns[offset + 4:offset + 8])[0]
        found[kind] = png_size(icns[offset + 8:offset + length])
        offset += length
    make_icons = load_build_module("make_icons")
    assert found == {kind: (size, size) for kind, size in make_icons.ICNS_TYPES}
    ico = (icons / "skyjo.ico").read_bytes()
    count = struct.unpack("<H", ico[4:6])[0]
    sizes = sorted(ico[6 + 16 * i] or 256 for i in range(count))
    assert sizes == [16, 32, 48, 64, 128, 256]


# ------------------------------------------------------------------ Windows and macOS package metadata (fast)
def read_version_file(path: Path) -> dict:
    """The version file evaluated with stand-ins for PyInstaller's structures (whose module loads only on
    Windows): each call gives back its name and arguments, so the fields can be read."""
    import ast

    def stand_in(name: str):  # -> callable
        return lambda *args, **kwargs: {"type": name, "args": args, **kwargs}

    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct", "VarFileInfo",
             "VarStruct")
    tree = ast.parse(path.read_text(encoding="utf-8"), mode="eval")
    return eval(compile(tree, str(path), "eval"), {"__builtins__": {}}, {name: stand_in(name) for name in names})


def test_windows_version_resource_carries_the_project_version(tmp_path: Path) -> None:
    path = app_metadata.windows_version_file(tmp_path / "version_info.txt")
    info = read_version_file(path)
    table = info["kids"][0]["args"][0][0]
    strings = {struct["args"][0]: struct["args"][1] for struct in table["args"][1]}
    assert strings["ProductName"] == "Skyjo" and strings["ProductVersion"] == PROJECT["version"]
    assert strings["FileVersion"] == PROJECT["version"] and strings["CompanyName"] and strings["FileDescription"]
    assert info["ffi"]["filevers"] == app_metadata.version_numbers(PROJECT["version"])
    if sys.platform == "win32":  # PyInstaller's own reader, where it loads
        from PyInstaller.utils.win32.versioninfo import load_version_info_from_text_file

        assert "ProductVersion" in str(load_version_info_from_text_file(str(path)))


def test_windows_manifest_is_per_monitor_dpi_aware_after_pyinstaller_merges_it() -> None:
    pytest.importorskip("PyInstaller")
    from PyInstaller.utils.win32.winmanifest import create_application_manifest

    merged = create_application_manifest(app_metadata.WINDOWS_MANIFEST).decode("utf-8")
    assert ">PerMonitorV2</" in merged and ">true/pm</" in merged
    assert "Microsoft.Windows.Common-Controls" in merged  # PyInstaller's own part kept


def test_mac_info_plist_carries_the_version_and_high_resolution() -> None:
    plist = plistlib.loads(plistlib.dumps(app_metadata.mac_info_plist()))
    assert plist["CFBundleShortVersionString"] == PROJECT["version"] and plist["NSHighResolutionCapable"] is True
    assert re.fullmatch(r"[A-Za-z0-9.\-_]+", app_metadata.APP_ID)


def test_release_files_carry_the_version(tmp_path: Path) -> None:
    build_app = load_build_module("build_app")
    folder = tmp_path / "dist" / "skyjo"
    folder.mkdir(parents=True)
    (folder / "skyjo.exe").write_bytes(b"MZ")
    archive = build_app.package_release("windows", folder, tmp_path / "out", tmp_path / "work")
    assert archive.name == f"skyjo-{PROJECT['version']}-windows-{app_metadata.machine()}.zip"
    assert zipfile.ZipFile(archive).namelist() == ["skyjo/", "skyjo/skyjo.exe"]
    single = build_app.package_release("linux", folder / "skyjo.exe", tmp_path / "out", tmp_path / "work")
    assert single.name == f"skyjo-{PROJECT['version']}-linux-{app_metadata.machine()}"
    assert os.access(single, os.X_OK) or sys.platform == "win32"


# ------------------------------------------------------------------ the release workflow (fast, when linters are here)
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


@pytest.mark.parametrize("command", [
    ["check-jsonschema", "--builtin-schema", "vendor.github-workflows"],
    ["zizmor", "--offline", "--min-severity", "high"],
])
def test_workflows_pass_the_schema_and_zizmor(command: list[str]) -> None:
    if shutil.which(command[0]) is None:
        pytest.skip(f"{command[0]} is not installed (pip install check-jsonschema zizmor)")
    assert WORKFLOWS, "no workflow"
    done = subprocess.run(command + [str(path) for path in WORKFLOWS], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_release_workflow_pins_actions_and_builds_with_the_documented_command() -> None:
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    uses = re.findall(r"uses:\s*(\S+)", text)
    assert uses and all(re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", use) for use in uses), uses
    assert "python build/build_app.py --check --release release" in text
    assert '-m "not slow and not build"' in text
    for run in re.findall(r"run: \|\n((?:\s{10,}.*\n)+)", text):
        assert "${{" not in run, f"an expression inside a script: {run}"


# ------------------------------------------------------------------ the single file, built (slow)
def clean_env(home: Path) -> dict[str, str]:
    """As a double-click: a home and a (dummy) display, no PATH, no Python, no venv."""
    return {"HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


@pytest.mark.build
@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the single-file download is the Linux release")
def test_release_file_built_by_the_documented_command_runs_anywhere(tmp_path: Path) -> None:
    pytest.importorskip("PyInstaller")
    from PyInstaller.archive.readers import pkg_archive_contents

    one_file = load_build_module("one_file")

    out = tmp_path / "release"
    done = subprocess.run([sys.executable, "build/build_app.py", "--check", "--release", str(out),
                           "--dist", str(tmp_path / "dist"), "--work", str(tmp_path / "work")],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    [single] = list(out.iterdir())
    assert single.name == app_metadata.release_name("linux")
    elsewhere, home = tmp_path / "downloads", tmp_path / "home"
    elsewhere.mkdir()
    home.mkdir()
    moved = Path(shutil.copy2(single, elsewhere / single.name))
    run = subprocess.run([str(moved), "--self-test"], cwd=elsewhere, env=clean_env(home), capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-1500:] + run.stderr[-1500:]
    version = subprocess.run([str(moved), "--version"], env=clean_env(home), capture_output=True, text=True, timeout=60)
    assert version.stdout.strip() == f"skyjo {PROJECT['version']}"

    index = one_file.read_index(moved)
    files = [name.removeprefix("_internal/") for name in index]  # the one-folder app inside
    stand_ins = load_build_module("stand_ins")  # the decoders left out stay out: the first start unpacks less
    assert [name for name, (_kind, _mode, _at, size) in index.items() if size > 64 * 1024
            and stand_ins.library_name(Path(name).name) in stand_ins.LEFT_OUT | {"stdc++"}] == []
    assert moved.stat().st_size < ONE_FILE_MB * 1e6  # (43.6 MB before the decoders were left out)

    def extract(name: str) -> bytes:
        return one_file.read_member(moved, f"_internal/{name}")

    program = tmp_path / "program"  # the app's own program carries the Python modules' archive
    program.write_bytes(one_file.read_member(moved, "skyjo"))
    text = extract("THIRD_PARTY_NOTICES.txt").decode("utf-8")
    assert extract("LICENSE.txt") == (ROOT / "LICENSE").read_bytes()
    titles = section_titles(text)
    owners = {}  # a top-level name inside the bundle -> the distribution that installed it
    for dist in metadata.distributions():
        for file in dist.files or []:
            owners.setdefault(Path(str(file)).parts[0].removesuffix(".py"), dist)
    firsts = {name.split("/")[0] for name in [*files, *pkg_archive_contents(str(program))]}
    bundled = firsts | {first.split(".")[0] for first in firsts}  # pygame_ce.libs/..., and zeroconf._core
    dists = {owners[name] for name in bundled if name in owners}
    dists = {d for d in dists if d.metadata["Name"] != "skyjo-desktop"}
    assert {d.metadata["Name"] for d in dists} >= {"pygame-ce", "msgspec", "websockets", "zeroconf", "platformdirs"}
    missing = [f"{d.metadata['Name']} {d.version}" for d in dists if f"{d.metadata['Name']} {d.version}" not in titles]
    assert missing == []
    for name in files:  # every native library in the bundle is named with its licence
        if notices.SHARED_LIBRARY.search(name) and not notices.PYTHON_EXTENSION.search(name):
            assert f"  {Path(name).name}: " in text, name
    assert "libreadline" not in text  # GPL: kept out of the bundle

    entry = tmp_path / DESKTOP.name
    entry.write_bytes(extract(f"assets/linux/{DESKTOP.name}"))
    assert png_size(extract("assets/icons/skyjo_256.png")) == (256, 256)
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout
