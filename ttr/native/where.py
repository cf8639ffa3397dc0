"""Which `ttr` this process runs, and how to start a child process on the same one.

A benchmark that starts more Python processes (`ttr bench`'s workers, the server of
`tools/net_bench.py`) must time the `ttr` it was started with. `python -m ttr` alone
does not: it puts the current folder first on `sys.path`, so in a source checkout the
checkout's pure sources shadow an installed (compiled) build. `child_command` runs
Python with `-P` (nothing prepended to `sys.path`) and `child_env` puts this `ttr`'s
folder first on `PYTHONPATH`; the child's `ttr` is then this one wherever it runs.
"""

from __future__ import annotations

import importlib.metadata
import os
import sys
from pathlib import PurePosixPath

from ttr.native import BUILD, PACKAGE_DIR

LIB = PACKAGE_DIR.parent
"""The folder holding this process's `ttr` package."""


def child_command(*args: str) -> list[str]:
    """`python -P ARGS`: this interpreter, nothing prepended to the child's `sys.path`.
    In the desktop app (frozen: `sys.executable` is the app's `ttr` program, which takes
    no Python options and drops a leading `-m ttr`) just the program and ARGS."""
    if getattr(sys, "frozen", False):
        return [sys.executable, *args]
    return [sys.executable, "-P", *args]


def child_env(pure: bool | None = None) -> dict[str, str]:
    """This environment with this `ttr`'s folder first on `PYTHONPATH`; `pure` sets or
    clears `TTR_PURE` (None keeps it as it is)."""
    path = os.pathsep.join([str(LIB), *filter(None, [os.environ.get("PYTHONPATH")])])
    env = {**os.environ, "PYTHONPATH": path}
    if pure is not None:
        env["TTR_PURE"] = "1" if pure else ""
    return env


def installed_copy() -> str | None:
    """The folder of a `ttr` installed in this Python (pip's record of it) that is not
    the one running: None when there is none (an editable install runs its checkout)."""
    elsewhere = [p for p in sys.path if os.path.realpath(p or ".") != str(LIB)]
    for dist in importlib.metadata.distributions(name="ttr", path=elsewhere):
        for file in dist.files or []:
            if PurePosixPath(file.as_posix()) == PurePosixPath("ttr/__init__.py"):
                folder = os.path.dirname(os.path.realpath(file.locate()))
                if folder != str(PACKAGE_DIR):
                    return folder
    return None


def describe() -> str:
    """`ttr at FOLDER: engine compiled (...)`, with a note when this Python has another
    `ttr` installed than the one running (a checkout run with `python -m ttr`, say)."""
    text = f"ttr at {PACKAGE_DIR}: engine {BUILD.describe()}"
    other = installed_copy()
    if other is not None:
        text += (f"; not the ttr installed at {other} (run the installed `ttr` command, "
                 f"or Python outside this checkout, to use that one)")
    return text
