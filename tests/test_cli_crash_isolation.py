"""A file that kills its worker process costs one error line, not the whole run."""

from __future__ import annotations

import os
from pathlib import Path

from toolargs.cli.run import FileResult, results_in_order
from toolargs.model import FileReport


def crash_on_boom(path: Path) -> FileResult:
    """Stands in for a native parser crash: the process dies without a Python exception."""
    if path.name == "boom.py":
        os._exit(3)
    return FileResult(FileReport(str(path)), (), ())


def test_a_crashing_worker_costs_one_file(tmp_path: Path) -> None:
    files = [tmp_path / f"{name}.py" for name in ("a", "b", "boom", "c", "d", "e")]
    results = list(results_in_order(files, crash_on_boom, jobs=2))
    assert [r.report.path for r in results] == [str(f) for f in files]
    errors = {Path(r.report.path).name: r.report.error for r in results if r.report.error}
    assert list(errors) == ["boom.py"]
    assert "crashed its process" in (errors["boom.py"] or "")


def test_results_keep_the_order_of_the_files(tmp_path: Path) -> None:
    files = [tmp_path / f"m{i}.py" for i in range(40)]
    results = list(results_in_order(files, crash_on_boom, jobs=2))
    assert [r.report.path for r in results] == [str(f) for f in files]
