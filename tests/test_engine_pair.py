"""`python -m tools.engine_pair`: two source trees' engines side by side (docs/engineering.md, issue 47)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import engine_pair

ROOT = Path(__file__).resolve().parent.parent


def test_a_folder_that_is_no_source_tree_is_refused_in_one_line(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        engine_pair.main([str(tmp_path), str(ROOT)])
    assert stopped.value.code == 2
    assert "holds no game/bench_engine.py" in capsys.readouterr().err.strip().splitlines()[-1]


def test_a_tree_is_timed_through_its_own_bench_loop() -> None:
    speed = engine_pair.rounds_per_cpu_second(ROOT, "voyage", 2, 20, "fast")
    assert speed > 0
