"""Which `ttr` the tests import: this checkout's sources, or with `TTR_TEST_INSTALLED=1`
the package installed in the running environment (a compiled build, say).

`python -m pytest` puts the checkout first on `sys.path`, so its `ttr/` would shadow
the installed one. With the switch set, the checkout moves to the end of `sys.path`
(where `tests` is still found) before anything imports `ttr`, and the doctests of the
checkout's sources are not collected (they would clash with the installed modules).

A checkout compiled in place (`python tools/native.py build`) runs its compiled modules;
their sources' doctests are then left out (pytest would import each `.py` beside the
compiled module already loaded: "import file mismatch"), as the header says. They run
with `TTR_PURE=1`, or after `python tools/native.py clean`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
INSTALLED = os.environ.get("TTR_TEST_INSTALLED", "").strip() not in ("", "0")
collect_ignore: list[str] = []


def _use_installed_ttr() -> None:
    if "ttr" in sys.modules:
        raise pytest.UsageError("TTR_TEST_INSTALLED=1: ttr was imported before conftest.py")
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT] + [str(ROOT)]
    import ttr

    if Path(ttr.__file__).resolve().parent.parent == ROOT:
        raise pytest.UsageError("TTR_TEST_INSTALLED=1 but ttr is not installed in this "
                                "environment (pip install '.[test]' first)")


def _compiled_sources() -> list[str]:
    """The sources of the checkout's compiled modules when it runs them (else none)."""
    import ttr
    from ttr.native import COMPILED, source_path

    if not ttr.BUILD.compiled:
        return []
    return [str(source_path(m).relative_to(ROOT)) for m in COMPILED]


if INSTALLED:
    _use_installed_ttr()
    collect_ignore.append("ttr")
else:
    collect_ignore += _compiled_sources()


def pytest_report_header() -> str:
    """Say which ttr, and which build of its engine, the tests run."""
    import ttr

    header = f"ttr: {Path(ttr.__file__).parent} ({ttr.BUILD.describe()})"
    if not INSTALLED and ttr.BUILD.compiled:
        header += "; doctests of the compiled modules not collected (run them: TTR_PURE=1)"
    return header
