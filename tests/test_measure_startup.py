"""build/measure_startup.py (issue 47): the CPU time at the first frame is the one the app logs,
read in the data folder the script gives it, plus what the processes around it used."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from skyjo.app import FIRST_FRAME_LINE

ROOT = Path(__file__).resolve().parents[1]


def measure_startup():
    spec = importlib.util.spec_from_file_location("build_measure_startup", ROOT / "build" / "measure_startup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_script_reads_the_line_the_app_logs(tmp_path):
    module = measure_startup()
    (tmp_path / "logs").mkdir()
    line = FIRST_FRAME_LINE % (0.3125, 4321)
    (tmp_path / "logs" / "skyjo.log").write_text(f"2026-12-07 11:00:00,000 INFO skyjo.app: {line}\n", encoding="utf-8")
    assert module.logged_first_frame(str(tmp_path)) == (0.312, 4321)
    assert module.logged_first_frame(str(tmp_path / "elsewhere")) is None


def test_the_logged_figure_replaces_the_process_s_own_time_and_keeps_its_parents(tmp_path):
    """The one-file program's unpacking parent counts; the app's frames after the first do not."""
    module = measure_startup()
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "first_frame.log").write_text(FIRST_FRAME_LINE % (0.25, 4321) + "\n", encoding="ascii")
    used = {(1000, True): 1.0, (4321, False): 0.7}  # the parent 1000 (0.3 s) and the app 4321 (0.7 s so far)

    def cpu(pid, with_children=True):
        return used[(pid, with_children)]

    assert module.frame_cpu(1000, str(tmp_path), cpu) == (0.3 + 0.25, True)
    assert module.frame_cpu(1000, str(tmp_path / "nothing logged"), cpu) == (1.0, False)


def test_the_cpu_of_a_process_counts_its_children(tmp_path):
    module = measure_startup()
    alone = module.cpu_seconds(os.getpid(), with_children=False)  # read first: the time only grows
    assert module.cpu_seconds(os.getpid()) >= alone > 0
    assert module.cpu_seconds(2**22 + 12345) == 0.0  # no such process


def test_programs_are_a_command_line_the_bare_window_or_a_checkout_from_source(tmp_path):
    module = measure_startup()
    assert module.program_command("dist/skyjo/skyjo --verbose") == (["dist/skyjo/skyjo", "--verbose"], {})
    command, env = module.program_command("bare")
    assert command[:2] == [sys.executable, "-c"] and "set_caption(\"Skyjo\")" in command[2] and env == {}
    command, env = module.program_command(f"source:{tmp_path}")
    assert command[:3] == [sys.executable, "-I", "-c"] and command[-1] == str(tmp_path)
    compile(command[3], "hooked", "exec")
    compile(module.BARE_WINDOW, "bare", "exec")
