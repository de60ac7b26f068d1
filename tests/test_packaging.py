"""The package list in pyproject.toml, and a wheel that carries the assets."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import tomllib
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _setuptools_config() -> dict:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)["tool"]["setuptools"]


def test_every_python_package_is_listed() -> None:
    """The list is explicit (assets are mapped in as game.assets), so a new sub-package must join it."""
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("game", "scenes", "skyjo")
        for init in (ROOT / top).rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    listed = set(_setuptools_config()["packages"])
    assert on_disk <= listed, f"add to [tool.setuptools] packages: {sorted(on_disk - listed)}"
    assert listed - on_disk == {"game.assets"}


def test_assets_folder_is_mapped_into_the_game_package() -> None:
    assert _setuptools_config()["package-dir"] == {"game.assets": "assets"}
    assert not (ROOT / "game" / "assets").exists(), "game/assets would shadow the mapped folder"


def _pip(*args: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def _tracked_copy(folder: pathlib.Path) -> pathlib.Path:
    """The files git tracks (every file, outside a git checkout), copied into `folder`: a
    wheel built in the checkout itself may pick up a stale build/lib of an earlier build."""
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True)
    names = [name for name in listed.stdout.decode().split("\0") if name] if listed.returncode == 0 else []
    if not names:
        return ROOT
    for name in names:
        if (ROOT / name).is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, folder / name)
    return folder


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """The wheel `pip install .` would install, built once for this module's tests."""
    wheels = tmp_path_factory.mktemp("wheels")
    _pip("wheel", "--no-deps", "--quiet", "-w", str(wheels), str(_tracked_copy(tmp_path_factory.mktemp("source"))))
    (built,) = wheels.glob("*.whl")
    return built


@pytest.mark.slow
def test_the_wheel_carries_the_game_and_no_research_tool(wheel: pathlib.Path) -> None:
    """What a player installs is the game: the research tools stay in the repository's tools/
    (python -m tools.tournament, tune, duplicate, review_levels, bench_saves)."""
    with zipfile.ZipFile(wheel) as archive:
        files = {name for name in archive.namelist() if name.endswith(".py")}
    modules = {pathlib.PurePosixPath(name).stem for name in files}
    assert {"game/ai/hard.py", "scenes/play.py", "skyjo/entry.py", "skyjo/commands/bench.py"} <= files
    research = {path.stem for path in (ROOT / "tools").glob("*.py")} - {"__init__"}
    assert research >= {"tournament", "tune", "duplicate", "review_levels", "bench_saves"}
    assert modules & research == set(), f"research tools in the wheel: {sorted(modules & research)}"
    assert not any(name.startswith("tools/") for name in files)


@pytest.mark.slow
def test_installed_wheel_finds_its_assets_and_says_its_version(wheel: pathlib.Path, tmp_path: pathlib.Path) -> None:
    """A plain (non-editable) install must run without the source tree, and know its version
    (pyproject.toml's, the one place it is written) from the wheel's metadata."""
    target = tmp_path / "site"
    _pip("install", "--no-deps", "--quiet", "--target", str(target), str(wheel))
    probe = (
        "from game.resources import asset_path; import game;"
        "print(asset_path('layouts', 'table_4.tmx'));"
        "print(asset_path('locale', 'fr', 'LC_MESSAGES', 'skyjo.mo').is_file());"
        "print(game.version())"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert run.returncode == 0, run.stderr
    layout, has_translation, version = run.stdout.split()
    assert pathlib.Path(layout) == target / "game" / "assets" / "layouts" / "table_4.tmx"
    assert pathlib.Path(layout).is_file()
    assert has_translation == "True"
    with (ROOT / "pyproject.toml").open("rb") as handle:
        assert version == tomllib.load(handle)["project"]["version"]


def test_the_test_extra_is_the_development_group() -> None:
    """The README's test command installs `.[test,build]`; `pip install --group dev` installs the
    development group: the same tools, so the two ways never drift apart."""
    with (ROOT / "pyproject.toml").open("rb") as handle:
        project = tomllib.load(handle)
    assert sorted(project["project"]["optional-dependencies"]["test"]) == sorted(project["dependency-groups"]["dev"])


def test_constraints_pin_every_tool_the_project_names() -> None:
    """constraints.txt pins one version of each dependency, extra and development tool (by
    `pip freeze`), and never the project itself."""
    with (ROOT / "pyproject.toml").open("rb") as handle:
        project = tomllib.load(handle)["project"]
    named = [*project["dependencies"], *(r for extra in project["optional-dependencies"].values() for r in extra)]

    def key(name: str) -> str:
        return name.lower().replace("_", "-")

    wanted = {key(requirement.split(">")[0].split("=")[0].split("[")[0].strip()) for requirement in named}
    lines = [line for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    pinned = {key(line.split("==")[0]): line.split("==")[1] for line in lines}
    assert all(line.count("==") == 1 for line in lines), lines
    assert wanted <= set(pinned), f"pin these too: {sorted(wanted - set(pinned))}"
    assert key(project["name"]) not in pinned


def test_ci_and_the_release_workflow_install_the_pinned_versions() -> None:
    """CI (.ci/run) and every leg of the release workflow install with constraints.txt (through
    PIP_CONSTRAINT, which pip reads as it reads `-c`), the README's command left as it is."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    export = ci.index('export PIP_CONSTRAINT="$PWD/constraints.txt"')
    assert export < ci.index("pip install -e '.[test,build]'")
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    job_env = workflow.index("    env:\n", workflow.index("  build:"))
    assert workflow.index("PIP_CONSTRAINT: ${{ github.workspace }}/constraints.txt", job_env) \
        < workflow.index("- name: Install the project")
