"""How the readers' work grows on one object of many short unique keys (issue 46 item 9):
`python -m tools.bench_reader_keys`. The text (skyjo/bench_reader.py's shape "an object of many
short unique keys") at 1 MiB and 16 MiB through the reader of messages (`read`), the data-file
reader (`parse_json`) and the export reader (`read_export`): the CPU seconds of each (the fastest
of 3) and how many times more the larger took, printed as one JSON object. Linear is about 16.

The same file measures an older tree from that tree's folder: `PYTHONPATH=. python /path/to/it`.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from game.store.documents import parse_json
from game.store.export import read_export
from game.wire.reading import read


def shape(size: int) -> str:
    """One object of short unique keys, `size` characters."""
    body = "{" + ",".join(f'"{n:x}":0' for n in range(size // 11)) + "}"  # (11: the longest pair, and its comma)
    return body + " " * (size - len(body))


def cpu(action: Callable[[], Any], repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        try:
            action()
        except Exception:  # noqa: BLE001 - a refusal is an answer, timed like a read
            pass
        best = min(best, time.process_time() - started)
    return best


def main() -> None:
    figures: dict[str, list[float]] = {}
    readers: dict[str, Callable[[str], Any]] = {
        "read": lambda text: read(text, Any, most_depth=8),
        "data file (parse_json)": lambda text: parse_json(text.encode())}
    with tempfile.TemporaryDirectory(prefix="skyjo-bench-") as folder:
        log = Path(folder) / "skyjo-20240101-120000.json"

        def export(text: str) -> Any:
            log.write_text(text)
            return read_export(log)

        readers["export (read_export)"] = export
        for name, reader in readers.items():
            small, large = (cpu(partial(reader, shape(size))) for size in (1 << 20, 16 << 20))
            figures[name] = [round(small, 4), round(large, 4), round(large / small, 1)]
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
