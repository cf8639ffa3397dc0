"""The compiled engine in a source checkout, for development.

    python tools/native.py build    # compile ttr.native.COMPILED into ttr/ (mypyc, in place)
    python tools/native.py clean    # remove them: the checkout runs its pure sources again
    python tools/native.py          # which build the checkout runs now

An editable install (`pip install -e '.[dev]'`) compiles nothing, so edits always take
effect. `build` runs `setup.py build_ext --inplace` with this Python (it needs mypy and
a C compiler; `[dev]` brings mypy): the compiled files and `ttr/native/build.json` land
beside the sources, self-tested like an installed build. Editing a compiled module
afterwards makes that build stale: the checkout then runs pure Python with a warning
until `build` or `clean`. See docs/ENGINE.md, "Compiled build".
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "ttr"


def compiled_files() -> list[Path]:
    """The compiled files and the build record inside the checkout's `ttr/`."""
    found = [p for suffix in importlib.machinery.EXTENSION_SUFFIXES
             for p in PACKAGE.rglob(f"*{suffix}")]
    info = PACKAGE / "native" / "build.json"
    return sorted(set(found)) + ([info] if info.exists() else [])


def status() -> str:
    """`ttr --version` of the checkout, run from a fresh interpreter."""
    run = subprocess.run([sys.executable, "-P", "-m", "ttr", "--version"], cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT), "TTR_PURE": ""},
                         capture_output=True, text=True, check=False)
    return (run.stdout.strip() or run.stderr.strip()) + f" (at {PACKAGE})"


def clean() -> int:
    files = compiled_files()
    for path in files:
        path.unlink()
    print(f"removed {len(files)} compiled file(s) from {PACKAGE}")
    print(status())
    return 0


def build() -> int:
    if importlib.util.find_spec("mypyc") is None:
        print(f"tools/native.py: mypy (its compiler mypyc) is not installed in {sys.prefix}: "
              "pip install -e '.[dev]' first", file=sys.stderr)
        return 2
    clean_first = compiled_files()
    for path in clean_first:  # a build never mixes with an older one's files
        path.unlink()
    run = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=ROOT,
                         env={**os.environ, "TTR_PURE": ""}, check=False)
    if run.returncode != 0:
        print(f"tools/native.py: setup.py build_ext failed (exit code {run.returncode})",
              file=sys.stderr)
        return 1
    text = status()
    print(text)
    return 0 if "engine compiled" in text else 1


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("action", nargs="?", choices=("build", "clean", "status"), default="status")
    args = p.parse_args(argv)
    if args.action == "build":
        return build()
    if args.action == "clean":
        return clean()
    print(status())
    return 0


if __name__ == "__main__":
    sys.exit(main())
