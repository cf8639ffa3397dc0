"""Build hooks: the data files, and the compiled engine when this machine can build it.

- maps/ and assets/ ship inside the wheel as ttr/_data/ (paths.py finds them next to the
  source checkout first, then in ttr/_data).
- The modules listed in `ttr.native.COMPILED` (the engine's and the AI's hot modules)
  are compiled with mypyc when a C compiler and the Python headers work, on CPython,
  unless `TTR_PURE` is set (to anything but 0). The compiled modules are then played
  against their sources in child processes (`python -m ttr.native.check`, compiled and
  `TTR_PURE=1`); they are installed only if both give the same games. Anything that
  goes wrong (no compiler, mypy missing, a compile error, a crash or a difference in the
  self-test) installs the same package as pure Python. `ttr/native/build.json` records
  which it is and why; `ttr --version` prints it. See docs/ENGINE.md, "Compiled build".
- An editable install (`pip install -e .`, `setup.py develop`) compiles nothing and
  writes no `build.json`: the checkout runs its sources, so edits take effect. Compiled
  modules for development are built on purpose (`python tools/native.py build`, which
  runs `setup.py build_ext --inplace`).
"""

from __future__ import annotations

import ast
import json
import os
import platform
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
NATIVE = ROOT / "ttr" / "native" / "__init__.py"
SELF_TEST_TIMEOUT = 600


def _native_setting(name: str) -> object:
    """A constant of ttr/native/__init__.py, read without importing ttr."""
    for node in ast.parse(NATIVE.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise RuntimeError(f"{NATIVE} defines no {name}")


def compiled_modules() -> list[str]:
    """The module names to compile (`ttr.native.COMPILED`)."""
    modules = _native_setting("COMPILED")
    assert isinstance(modules, tuple)
    return [str(m) for m in modules]


def module_source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def say(message: str) -> None:
    """Tell the person installing (pip shows it with -v; build.json keeps the reason)."""
    print(f"ttr build: {message}", file=sys.stderr, flush=True)


def c_compiler_works() -> bool:
    """Whether a C file that includes Python.h compiles here."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text("#include <Python.h>\nint ttr_probe(void) { return 0; }\n")
        try:
            compiler = new_compiler()
            customize_compiler(compiler)
            compiler.compile([str(source)], output_dir=tmp,
                             include_dirs=[sysconfig.get_paths()["include"]])
        except Exception:  # CompileError, a missing program, ...: no compiled build
            return False
    return True


EDITABLE_COMMANDS = frozenset({"editable_wheel", "develop"})
EDITABLE_NOTE = ("editable install: the checkout's sources run as pure Python, nothing is "
                 "compiled into it (compiled modules on purpose: python tools/native.py build)")


def editable(dist: Distribution) -> bool:
    """Whether this is an editable install (pip's `editable_wheel`, or `develop`)."""
    return bool(EDITABLE_COMMANDS & set(dist.commands))


_REASON: list[str | None] = []


def pure_reason() -> str | None:
    """Why this build will be pure Python, or None to compile (checked once)."""
    if not _REASON:
        _REASON.append(_find_pure_reason())
    return _REASON[0]


def _find_pure_reason() -> str | None:
    if os.environ.get("TTR_PURE", "").strip() not in ("", "0"):
        return "TTR_PURE was set when it was installed"
    if platform.python_implementation() != "CPython":
        return f"{platform.python_implementation()} is not CPython"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypy (its compiler mypyc) was not available when it was installed"
    if not c_compiler_works():
        return "no working C compiler and Python headers when it was installed"
    return None


def write_info(package_dir: Path, reason: str | None, files: Sequence[Path] = ()) -> None:
    """Write ttr/native/build.json: compiled (with the hashes of the sources and of the
    compiled `files`, which the loader checks) or why not."""
    info: dict[str, object]
    if reason is None:
        import mypy.version

        info = {
            "compiled": True,
            "mypyc": mypy.version.__version__,
            "python": platform.python_version(),
            "sources": {m: _digest(module_source(m)) for m in compiled_modules()},
            "files": {f.relative_to(package_dir.parent).as_posix(): _digest(f) for f in files},
        }
    else:
        info = {"compiled": False, "reason": reason}
    target = package_dir / "native" / "build.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")


def _digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def self_test(lib_dir: Path) -> str | None:
    """Run the compiled and the pure build of `lib_dir` on the same games in child
    processes; None if they agree and the compiled one really was compiled."""
    outputs = []
    for pure in ("", "1"):
        env = {**os.environ, "TTR_PURE": pure, "PYTHONPATH": str(lib_dir)}
        try:
            run = subprocess.run([sys.executable, "-m", "ttr.native.check"], env=env,
                                 cwd=lib_dir, capture_output=True, text=True,
                                 timeout=SELF_TEST_TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            return "the self-test did not finish"
        which = "pure" if pure else "compiled"
        if run.returncode != 0:
            tail = (run.stderr.strip().splitlines() or [f"exit code {run.returncode}"])[-1]
            return f"the {which} self-test failed (exit code {run.returncode}): {tail}"
        outputs.append(run.stdout.splitlines())
    compiled, pure_lines = outputs
    if not compiled or not compiled[0].startswith("build: compiled"):
        return f"the self-test did not run compiled code ({compiled[:1]})"
    if compiled[1:] != pure_lines[1:]:
        return "the compiled modules played different games than their sources"
    return None


class BuildPy(build_py):
    """Copy maps/ and assets/ into the built package; note a pure build's reason."""

    def run(self) -> None:
        super().run()
        if editable(self.distribution):  # the checkout is the package: maps/ is found there
            say(EDITABLE_NOTE)
            return
        target = Path(self.build_lib) / "ttr" / "_data"
        for name in ("maps", "assets"):
            src = ROOT / name
            if src.is_dir():
                shutil.copytree(src, target / name, dirs_exist_ok=True)
        reason = pure_reason()
        if reason is not None:  # build_ext does not run: say why here
            say(f"installing pure Python: {reason}")
            write_info(Path(self.build_lib) / "ttr", reason)


class BuildNative(build_ext):
    """Compile the hot modules with mypyc, self-test them, or fall back to pure Python."""

    failure: str | None = None
    """Why mypyc could not produce the extensions (set while finalizing)."""

    def finalize_options(self) -> None:
        if (pure_reason() is None and not self.distribution.ext_modules
                and not editable(self.distribution)):
            from mypyc.build import mypycify

            paths = [str(module_source(m).relative_to(ROOT)) for m in compiled_modules()]
            try:  # type-checks and writes the C code: mypy's errors end up here
                self.distribution.ext_modules = mypycify(
                    paths, opt_level="3", group_name=str(_native_setting("GROUP")))
            except BaseException as e:  # SystemExit from mypy's type errors, ...
                if isinstance(e, KeyboardInterrupt):
                    raise
                self.failure = f"mypyc failed: {type(e).__name__}: {str(e)[:300]}"
        super().finalize_options()

    def run(self) -> None:
        if editable(self.distribution):  # (never asked to: has_ext_modules says no)
            return
        package_dir = (ROOT / "ttr" if self.inplace else Path(self.build_lib) / "ttr").resolve()
        reason = pure_reason() or self.failure
        if reason is None:
            try:
                reason = self._compile(package_dir.parent)
            except Exception as e:  # never fail the install over the compiled build
                reason = f"the compiled build failed: {type(e).__name__}: {str(e)[:300]}"
        if reason is not None:
            say(f"installing pure Python: {reason}")
            self._remove_outputs()
        write_info(package_dir, reason, self._outputs())

    def _compile(self, lib_dir: Path) -> str | None:
        start = time.monotonic()
        try:
            super().run()
        except Exception as e:  # CompileError, LinkError, a missing program, ...
            return f"compiling failed: {type(e).__name__}: {str(e)[:300]}"
        say(f"compiled {len(compiled_modules())} modules in {time.monotonic() - start:.0f} s")
        write_info(lib_dir / "ttr", None, self._outputs())  # the self-test's loader reads it
        problem = self_test(lib_dir)
        if problem is not None:
            return f"compiled, but {problem}"
        say(f"self-test passed ({time.monotonic() - start:.0f} s in all)")
        return None

    def _outputs(self) -> list[Path]:
        return [Path(self.get_ext_fullpath(ext.name)).resolve() for ext in self.extensions]

    def _remove_outputs(self) -> None:
        for path in self._outputs():
            path.unlink(missing_ok=True)


class NativeDistribution(Distribution):
    """Has extension modules exactly when this machine will try to compile them (never
    for an editable install)."""

    def has_ext_modules(self) -> bool:
        return pure_reason() is None and not editable(self)


if __name__ == "__main__":  # (how pip's build backend runs it too; tests import it)
    setup(distclass=NativeDistribution, cmdclass={"build_py": BuildPy, "build_ext": BuildNative})
