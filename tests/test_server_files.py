"""The files that run the room server on a Linux box (issue 49 item 6, docs/server.md "Run it"):
the systemd unit checked by `systemd-analyze verify`, the Caddyfile by `caddy validate`, each
skipped, saying why, where its program is missing; and the two agree (Caddy hands the connections
to the port and address the unit gives the server, which lets only that proxy in)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from skyjo.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
UNIT = ROOT / "deploy" / "skyjo-server.service"
CADDYFILE = ROOT / "deploy" / "Caddyfile"
INSTALLED = "/usr/local/bin/skyjo"  # where the unit expects `sudo pip install` to have put the program


def _exec_start() -> list[str]:
    line = next(line for line in UNIT.read_text(encoding="utf-8").splitlines() if line.startswith("ExecStart="))
    return shlex.split(line.removeprefix("ExecStart="))


def test_the_unit_passes_systemd_analyze_verify(tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed here (.ci/run installs systemd)")
    here = Path(sys.executable).with_name("skyjo")
    if not here.exists():
        pytest.skip(f"no skyjo program beside {sys.executable} (pip install -e . makes it)")
    # verify checks that the program exists: the one path the unit names is pointed at this checkout's skyjo
    text = UNIT.read_text(encoding="utf-8")
    assert text.count(INSTALLED) == 1
    unit = tmp_path / UNIT.name
    unit.write_text(text.replace(INSTALLED, str(here)), encoding="utf-8")
    done = subprocess.run([analyze, "verify", str(unit)], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "SYSTEMD_LOG_COLOR": "0"})
    said = [line for line in (done.stdout + done.stderr).splitlines() if UNIT.name in line]
    assert done.returncode == 0 and not said, done.stdout + done.stderr  # (an unknown key is only a warning)


def test_the_unit_starts_the_server_with_arguments_it_takes():
    words = _exec_start()
    assert words[0] == INSTALLED and words[1] == "server"
    args = build_parser().parse_args(words[1:])
    assert args.bind == "127.0.0.1" and args.behind_proxy == ["127.0.0.1"] and args.data_dir == "/var/lib/skyjo"
    assert "StateDirectory=skyjo" in UNIT.read_text(encoding="utf-8")  # the data folder systemd makes for it


def test_the_caddyfile_passes_caddy_validate(tmp_path):
    caddy = shutil.which("caddy")
    if caddy is None:
        pytest.skip("caddy is not installed here (.ci/run installs it)")
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config")}  # (it may write its state there, nowhere else)
    done = subprocess.run([caddy, "validate", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
                          capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Valid configuration" in done.stdout + done.stderr
    assert "not formatted" not in done.stdout + done.stderr  # (caddy fmt's tabs, as the docs copy it)


def test_caddy_hands_the_players_to_the_port_the_unit_gives_the_server():
    args = build_parser().parse_args(_exec_start()[1:])
    upstream = re.search(r"reverse_proxy\s+(\S+):(\d+)", CADDYFILE.read_text(encoding="utf-8"))
    assert upstream is not None
    assert (upstream[1], int(upstream[2])) == (args.bind, args.port)
    assert upstream[1] in args.behind_proxy  # the proxy is the one address the server lets in
