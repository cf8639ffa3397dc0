"""Which build this process runs: the compiled engine (mypyc) or the pure-Python one.

`pip install .` compiles `COMPILED`, the engine's and the AI's hot modules, with mypyc
when the machine can (see `setup.py` and docs/ENGINE.md, "Compiled build") and writes
`build.json` beside this file: what was compiled (with a hash of each source and of
each compiled file), or why nothing was. `import ttr` imports this module first, and it
picks one build for the whole process, every compiled module or none (compiled modules
call each other natively, so they cannot be mixed with interpreted ones):

- pure Python when `TTR_PURE` is set (to anything but `0`), or when nothing was
  compiled (no `build.json`, as in a source checkout, or one that says why not);
- pure Python with a logged warning, since a compiled build was there and is not used,
  when a compiled file is missing or differs from its hash, when a compiled module's
  source has changed since the build, or when importing the compiled modules fails;
- otherwise the compiled modules, all imported at once.

In pure mode a finder loads the `.py` sources of the compiled modules, so one
installation runs both builds (`TTR_PURE=1 ttr bench`). A crash inside a compiled module
cannot be caught here: the build's self-test (`ttr.native.check`, run by `setup.py` in a
child process) keeps such a build from being installed at all.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import logging
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

COMPILED = (
    "ttr.engine.cards",
    "ttr.engine.payments",
    "ttr.engine.listing",
    "ttr.engine.scoring",
    "ttr.engine.sim",
    "ttr.engine.kept",
    "ttr.engine.playout",
    "ttr.engine.rules",
    "ttr.ai.planning",
    "ttr.ai.rollout",
)
"""The modules `setup.py` compiles, in import order (setup.py reads this tuple)."""
GROUP = "ttr.native.compiled"
"""mypyc's name for the shared library of the compiled modules (`compiled__mypyc`)."""
INFO_FILE = "build.json"

PACKAGE_DIR = Path(__file__).resolve().parent.parent
logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Build:
    """The build in use: `compiled`, what it is (or why it is pure Python) and, when a
    compiled build was installed but could not be used, the warning that was logged."""

    compiled: bool
    detail: str
    warning: str = ""

    def describe(self) -> str:
        """`compiled (mypyc 2.4.1, 8 modules)` or `pure Python (why)`."""
        return f"compiled ({self.detail})" if self.compiled else f"pure Python ({self.detail})"


def source_path(module: str, package_dir: Path = PACKAGE_DIR) -> Path:
    """The `.py` file of a `ttr` module."""
    return package_dir.joinpath(*module.split(".")[1:]).with_suffix(".py")


def source_digest(path: Path) -> str:
    """The hash `build.json` keeps for a compiled module's source."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def extension_path(module: str, package_dir: Path = PACKAGE_DIR) -> Path | None:
    """The compiled file of a `ttr` module, if there is one."""
    base = source_path(module, package_dir).with_suffix("")
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = base.with_name(base.name + suffix)
        if path.is_file():
            return path
    return None


def read_info(package_dir: Path = PACKAGE_DIR) -> dict[str, object] | None:
    """`build.json`, or None when there is none (a source checkout never built)."""
    try:
        data = json.loads((package_dir / "native" / INFO_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def pure_requested() -> bool:
    """Whether `TTR_PURE` asks for the pure-Python build."""
    return os.environ.get("TTR_PURE", "").strip() not in ("", "0")


def _unusable(info: dict[str, object]) -> str:
    """Why the compiled build `info` describes cannot be used ("" if it can): a compiled
    file missing or changed since the build (the hashes in build.json), a source changed
    since it was compiled."""
    sources, files = info.get("sources"), info.get("files")
    if not isinstance(sources, dict) or not isinstance(files, dict):
        return "build.json lists no sources or no compiled files"
    for module in COMPILED:
        if extension_path(module) is None:
            return f"the compiled file of {module} is missing"
        source = source_path(module)
        if source.is_file() and sources.get(module) != source_digest(source):
            return f"{module} has changed since it was compiled (rebuild or set TTR_PURE=1)"
    for name, digest in sorted(files.items()):
        path = PACKAGE_DIR.parent / name
        if not path.is_file():
            return f"the compiled file {name} is missing"
        if source_digest(path) != digest:
            return f"the compiled file {name} has changed since the build"
    return ""


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the `.py` source of the compiled modules, ahead of their compiled files."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in COMPILED:
            return None
        source = source_path(fullname)
        if not source.is_file():
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def _use_sources() -> None:
    """Load the compiled modules from their sources from now on (pure mode)."""
    if not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder())


def _forget_imports() -> None:
    """Drop every `ttr` module but `ttr` and this one, so they import again (as pure)."""
    top = sys.modules.get("ttr")
    for name in list(sys.modules):
        if name.startswith("ttr.") and name != __name__:
            del sys.modules[name]
    if top is not None:
        for attr, value in list(vars(top).items()):
            if isinstance(value, ModuleType) and value.__name__ != __name__:
                delattr(top, attr)


def _import_compiled() -> str:
    """Import every compiled module; "" on success, else what went wrong."""
    for module in COMPILED:
        try:
            loaded = importlib.import_module(module)
        except Exception as e:  # anything a broken module raises: fall back, say why
            return f"importing {module} failed: {type(e).__name__}: {e}"
        if not str(getattr(loaded, "__file__", "")).endswith(
                tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            return f"{module} was not loaded from its compiled file"
    return ""


def _fall_back(problem: str) -> Build:
    message = f"the compiled engine cannot be used ({problem}); running the pure-Python one"
    logger.warning("ttr: %s", message)
    _forget_imports()
    _use_sources()
    return Build(False, f"compiled build not usable: {problem}", message)


def choose() -> Build:
    """Pick the build for this process (see the module docstring)."""
    info = read_info()
    if pure_requested():
        _use_sources()
        return Build(False, "TTR_PURE is set")
    if info is None:
        _use_sources()  # stray compiled files of a checkout are never used without build.json
        return Build(False, "not built: running from the sources")
    if not info.get("compiled"):
        return Build(False, str(info.get("reason") or "not compiled when installed"))
    problem = _unusable(info)
    if problem:
        return _fall_back(problem)
    problem = _import_compiled()
    if problem:
        return _fall_back(problem)
    modules = len(COMPILED)
    return Build(True, f"mypyc {info.get('mypyc', '?')}, {modules} modules")


BUILD = choose()
"""The build this process runs."""
