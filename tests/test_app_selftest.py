"""`python -m game --self-test` plays a whole computer game through the real scenes, headless."""

import os
import subprocess
import sys

import pytest


# slow: a whole computer game through every real scene in a fresh process (6-14 s here); each
# scene's own behaviour is tested in the fast set, and the README's test command runs this too
@pytest.mark.slow
def test_self_test_exits_zero(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-m", "game", "--self-test", "--data-dir", str(tmp_path)],
                            capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("skyjo self-test: OK")
    assert "by 2 worker processes" in result.stdout  # the review step judged in spawned workers
    assert "Traceback" not in result.stderr


def test_self_test_reports_a_failure_in_one_line(tmp_path, monkeypatch, capsys):
    from skyjo import selftest

    def broken_menu(app):
        raise RuntimeError("the menu is broken")

    assert selftest.self_test(str(tmp_path), broken_menu) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "the menu is broken" in err


def test_the_review_step_fails_without_worker_processes():
    """The step's proof is the workers it saw: judged in this process alone, it says so."""
    from skyjo.selftest import review_step

    with pytest.raises(RuntimeError, match="expected worker processes, saw none"):
        review_step(workers=1)
