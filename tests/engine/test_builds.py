"""The compiled and the pure-Python build: the same games, a clean fallback, pickling.

The build tests run the `ttr` this process imports (the checkout, or the installed
package with `TTR_TEST_INSTALLED=1`) in child processes, compiled and with `TTR_PURE=1`.
Without a compiled build they are skipped, unless `TTR_REQUIRE_COMPILED=1` (CI on a
machine with a C compiler) makes that a failure.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import pickle
import random
import shutil
import subprocess
import sys
from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import pytest

import ttr
from ttr import BUILD
from ttr.ai.planning import network_from, ticket_plan
from ttr.engine import Hand, new_game, new_sim, observe, results
from ttr.engine.rules import Transition
from ttr.native import COMPILED, extension_path, source_digest
from ttr.native.check import check_map

LIB = Path(ttr.__file__).resolve().parent.parent
"""The folder holding the `ttr` under test."""
SAME_GAMES = Path(__file__).with_name("same_games.py")
REPO = Path(__file__).resolve().parent.parent.parent


def needs_compiled_build() -> None:
    if BUILD.compiled:
        return
    message = f"no compiled build to compare: {BUILD.describe()}"
    if os.environ.get("TTR_REQUIRE_COMPILED", "").strip() not in ("", "0"):
        pytest.fail(message)
    pytest.skip(message)


def run_python(args: list[str], cwd: Path, lib: Path = LIB, pure: bool = False,
               ) -> subprocess.CompletedProcess[str]:
    """Run Python on the `ttr` in `lib` (from a folder without one: nothing shadows it)."""
    env = {**os.environ, "PYTHONPATH": str(lib), "TTR_PURE": "1" if pure else ""}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600, check=False)


def test_compiled_and_pure_builds_play_the_same_games(tmp_path: Path) -> None:
    """Every map, variant and player count: random games (fast path and public API),
    search playouts, Medium games and Hard decisions give the same final states,
    results and moves in both builds."""
    needs_compiled_build()
    outputs = {}
    for pure in (False, True):
        run = run_python([str(SAME_GAMES)], tmp_path, pure=pure)
        assert run.returncode == 0, run.stderr
        outputs[pure] = run.stdout.splitlines()
    assert outputs[False][0] == f"# build: {BUILD.describe()}"
    assert outputs[True][0] == "# build: pure Python (TTR_PURE is set)"
    compiled, pure_lines = outputs[False][1:], outputs[True][1:]
    assert len(compiled) == len(pure_lines) > 150
    differ = [f"{a}  !=  {b}" for a, b in zip(compiled, pure_lines, strict=True) if a != b]
    assert not differ, "\n".join(differ[:10])


def copy_of_build(tmp_path: Path) -> Path:
    """A copy of the `ttr` under test (without its data files) to break on purpose."""
    target = tmp_path / "lib"
    shutil.copytree(LIB / "ttr", target / "ttr",
                    ignore=shutil.ignore_patterns("__pycache__", "_data"))
    return target


def group_library(package: Path) -> Path:
    found = sorted((package / "native").glob("compiled__mypyc.*"))
    assert found, "the compiled build has no shared library"
    return found[0]


def compiled_file(lib: Path, module: str) -> Path:
    path = extension_path(module, lib / "ttr")
    assert path is not None, module
    return path


def rehash(lib: Path) -> None:
    """Make build.json match the files as they are now, as if the broken files had been
    built that way (so the import itself has to fail, not the integrity check)."""
    info_file = lib / "ttr" / "native" / "build.json"
    info = json.loads(info_file.read_text())
    info["files"] = {name: source_digest(lib / name) for name in info["files"]}
    info_file.write_text(json.dumps(info))


def _garbage(lib: Path) -> str:
    compiled_file(lib, "ttr.engine.sim").write_bytes(b"not a shared library\n" * 100)
    return "ttr/engine/sim."


def _foreign(lib: Path) -> str:
    other = compiled_file(lib, "ttr.engine.payments")
    shutil.copyfile(other, compiled_file(lib, "ttr.ai.planning"))
    return "ttr/ai/planning."


def _missing(lib: Path) -> str:
    compiled_file(lib, "ttr.ai.rollout").unlink()
    return "ttr.ai.rollout"


def _stale(lib: Path) -> str:
    source = lib / "ttr" / "engine" / "payments.py"
    source.write_text(source.read_text(encoding="utf-8") + "\n# edited after the build\n",
                      encoding="utf-8")
    return "ttr.engine.payments"


def _library_fails_to_load(lib: Path) -> str:
    group_library(lib / "ttr").write_bytes(b"\x7fELF but nothing else")
    rehash(lib)
    return "importing ttr.engine.cards failed"  # the first compiled module imported


def _module_fails_to_load(lib: Path) -> str:
    # cards is imported from Python code (board.py) through its own file; a file that
    # defines another module's entry point fails that import
    other = compiled_file(lib, "ttr.engine.payments")
    shutil.copyfile(other, compiled_file(lib, "ttr.engine.cards"))
    rehash(lib)
    return "importing ttr.engine.cards failed"


CHILD = ("import ttr\n"
         "from ttr.native.check import digest\n"
         "print(ttr.BUILD.compiled)\n"
         "print(ttr.BUILD.detail)\n"
         "print(digest(1))\n")


@pytest.mark.parametrize("breakage", [_garbage, _foreign, _missing, _stale,
                                      _library_fails_to_load, _module_fails_to_load])
def test_a_broken_compiled_build_falls_back_to_pure_python(
        tmp_path: Path, breakage: Callable[[Path], str]) -> None:
    """A compiled build that cannot be used runs as pure Python, with a logged warning
    that says why, and plays the same games. Caught before importing anything: a
    compiled file corrupted, foreign or missing, a source edited after the build. Caught
    when the import fails: a shared library or a module that does not load (their
    hashes made to match, as for a build made for another interpreter)."""
    needs_compiled_build()
    lib = copy_of_build(tmp_path)
    expected = breakage(lib)
    run = run_python(["-c", CHILD], tmp_path, lib=lib)
    assert run.returncode == 0, run.stderr
    compiled, detail, played = run.stdout.splitlines()
    assert compiled == "False"
    assert detail.startswith("compiled build not usable") and expected in detail, detail
    assert "ttr: the compiled engine cannot be used" in run.stderr and expected in run.stderr
    pure = run_python(["-c", CHILD], tmp_path, pure=True)
    assert pure.returncode == 0, pure.stderr
    assert played == pure.stdout.splitlines()[2]


def test_the_compiled_build_loads_every_compiled_module() -> None:
    needs_compiled_build()
    for name in COMPILED:
        assert str(sys.modules[name].__file__).endswith(tuple(EXTENSION_SUFFIXES)), name


def test_pure_python_is_used_when_asked_for_or_not_built(tmp_path: Path) -> None:
    """`TTR_PURE=1` runs the sources of the compiled modules; so does a checkout that was
    never built, even with stray compiled files in it."""
    code = ("import importlib, ttr\nprint(ttr.BUILD.describe())\nprint(all(importlib."
            "import_module(m).__file__.endswith('.py') for m in ttr.native.COMPILED))")
    run = run_python(["-c", code], tmp_path, pure=True)
    assert run.stdout.splitlines() == ["pure Python (TTR_PURE is set)", "True"], run.stderr
    lib = tmp_path / "lib"
    shutil.copytree(REPO / "ttr", lib / "ttr",
                    ignore=shutil.ignore_patterns("__pycache__", "_data", "build.json"))
    (lib / "ttr" / "engine" / f"sim{EXTENSION_SUFFIXES[0]}").write_bytes(b"stray")
    run = run_python(["-c", code], tmp_path, lib=lib)
    assert run.stdout.splitlines() == ["pure Python (not built: running from the sources)",
                                       "True"], run.stderr


def test_engine_objects_pickle_and_copy_in_this_build() -> None:
    """What crosses a process boundary (views to the AI worker, results) pickles; compiled
    frozen dataclasses need their `__reduce__` for that."""
    gm = check_map()
    cfg = gm.rules("europe")
    sim = new_sim(gm, cfg, 3, "pickle")
    sim.play_random(random.Random(1))
    state = sim.freeze()
    result = results(state)
    plan = ticket_plan(network_from(gm, sim.owners, 0, False), sim.tickets[0])
    start = new_game(gm, cfg, 3, 1)
    view = observe(start, start.current)
    objects = [Hand.of(red=2, loco=1), result, result.players[1], result.players[1].tickets,
               Transition(state, ()), plan, view, state]
    for obj in objects:
        assert pickle.loads(pickle.dumps(obj)) == obj, type(obj)
        assert copy.deepcopy(obj) == obj, type(obj)


def test_version_says_which_build_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from ttr.cli.main import main

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"ttr {ttr.__version__}, engine {BUILD.describe()}"


def load_setup() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ttr_setup", REPO / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_build_degrades_to_pure_python(monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    """setup.py compiles only with a working C compiler and TTR_PURE unset; otherwise it
    records why the package is pure Python (`build.json`, read by `ttr --version`)."""
    setup = load_setup()
    monkeypatch.setenv("CC", str(tmp_path / "no-such-compiler"))
    assert not setup.c_compiler_works()
    monkeypatch.setenv("TTR_PURE", "1")
    assert setup._find_pure_reason() == "TTR_PURE was set when it was installed"
    setup.write_info(tmp_path / "ttr", "no working C compiler")
    info = json.loads((tmp_path / "ttr" / "native" / "build.json").read_text())
    assert info == {"compiled": False, "reason": "no working C compiler"}
    assert setup.compiled_modules() == list(COMPILED)


def test_an_editable_install_never_compiles() -> None:
    """`pip install -e` (setuptools' `editable_wheel`) and `setup.py develop` build no
    extension modules, whatever the machine could compile; other builds are unchanged
    (the whole editable install: tests/test_dev_install.py, slow)."""
    setup = load_setup()
    dist = setup.NativeDistribution()
    for commands, is_editable in ((["editable_wheel"], True), (["develop"], True),
                                  (["bdist_wheel"], False), (["build_ext"], False)):
        dist.commands = commands
        assert setup.editable(dist) == is_editable, commands
        assert dist.has_ext_modules() == (not is_editable and setup.pure_reason() is None)


def test_bench_measures_both_builds_side_by_side(tmp_path: Path) -> None:
    """`ttr bench --ai` with a compiled build: both builds, each in its own process, and
    how many times faster the compiled one is on each measure."""
    needs_compiled_build()
    run = run_python(["-m", "ttr", "bench", "--games", "10", "--rounds", "1", "--ai"], tmp_path)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "compiled build: compiled (mypyc" in out and "pure Python build: pure Python" in out
    for measure in ("2 players, per turn", "4 players, per turn", "longest path, mean",
                    "Hard's search, iterations per second"):
        assert f"{measure}: compiled " in out and "x the pure build" in out, measure


BENCH_SMALL = ["bench", "--games", "1", "--rounds", "1"]
"""`ttr bench`'s smallest run: one game a round (the longest path: 100 random games)."""


def assert_bench_says_what_it_timed(out: str, package: Path) -> None:
    """`ttr bench` named the ttr it timed (`package`) and each worker's build, and timed
    the public path in each."""
    assert f"ttr at {package}: engine {BUILD.describe()}" in out, out[:600]
    if BUILD.compiled:
        assert "  compiled build: compiled (mypyc" in out
        assert "2 players, public API (legal_actions + apply), compiled: " in out
        assert "2 players, public API (legal_actions + apply), per turn: compiled " in out
    assert "  pure Python build: pure Python (TTR_PURE is set)" in out
    assert "2 players, public API (legal_actions + apply), pure Python: " in out


def runnable_copy(tmp_path: Path) -> Path:
    """`copy_of_build` with the bundled maps, as an installed package has them."""
    lib = copy_of_build(tmp_path)
    (lib / "ttr" / "_data").mkdir()
    (lib / "ttr" / "_data" / "maps").symlink_to(REPO / "maps")
    return lib


def test_bench_run_in_the_project_folder_times_the_ttr_it_belongs_to(tmp_path: Path) -> None:
    """A `ttr` command of another installation, run in the checkout (where `python -m ttr`
    would import the checkout's sources): its workers run that `ttr`, not the checkout
    (a worker on another `ttr` is an error, so this fails if they do not)."""
    lib = runnable_copy(tmp_path)
    script = tmp_path / "bin" / "ttr"  # what pip's console script does
    script.parent.mkdir()
    script.write_text("from ttr.cli.main import main\nraise SystemExit(main())\n")
    run = run_python([str(script), *BENCH_SMALL], REPO, lib=lib)
    assert run.returncode == 0, run.stderr
    assert_bench_says_what_it_timed(run.stdout, lib / "ttr")


def test_the_installed_ttr_bench_times_the_installed_build() -> None:
    """The `ttr` command pip installed, run in the project folder without any PYTHONPATH,
    times the installed build (compiled where it was compiled) and says so (CI runs this
    on its fresh install: TTR_TEST_INSTALLED=1 in .ci/run)."""
    if LIB == REPO:
        pytest.skip("needs an installed ttr: TTR_TEST_INSTALLED=1 with `pip install .`")
    command = shutil.which("ttr", path=str(Path(sys.executable).parent))
    assert command is not None, f"no ttr command beside {sys.executable}"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TTR_PURE")}
    run = subprocess.run([command, *BENCH_SMALL], cwd=REPO, env=env, capture_output=True,
                         text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stderr
    assert_bench_says_what_it_timed(run.stdout, LIB / "ttr")
    if os.environ.get("TTR_REQUIRE_COMPILED", "").strip() not in ("", "0"):
        assert BUILD.compiled, BUILD.describe()  # CI where a C compiler works


def test_net_bench_times_the_installed_ttr_and_its_server_too(tmp_path: Path) -> None:
    """tools/net_bench.py, run in the project folder with another `ttr` installed (here
    on PYTHONPATH), plays against a server on that `ttr`, not the checkout's, and says
    so for both (a short run: one table for two seconds)."""
    lib = runnable_copy(tmp_path)
    run = run_python([str(REPO / "tools" / "net_bench.py"), "--tables", "1", "--duration", "2",
                      "--data", str(tmp_path)], REPO, lib=lib)
    assert run.returncode == 0, run.stderr
    assert f"bots: ttr at {lib / 'ttr'}: engine {BUILD.describe()}" in run.stdout, run.stdout
    assert f"server: ttr {ttr.__version__}, engine {BUILD.describe()}\n" in run.stdout
    rows = [line.split() for line in run.stdout.splitlines() if line.startswith("     1 ")]
    assert len(rows) == 1 and int(rows[0][1]) > 0, run.stdout  # actions were played


def test_a_ttr_run_beside_an_installed_one_says_it_is_not_that_one(tmp_path: Path) -> None:
    """`python -m ttr` in a checkout runs the checkout even where a `ttr` is installed:
    what the benchmarks print about the `ttr` they time says so."""
    lib = copy_of_build(tmp_path)
    site = tmp_path / "site"  # an installed ttr as pip records it
    (site / "ttr").mkdir(parents=True)
    (site / "ttr" / "__init__.py").write_text("")
    record = site / "ttr-0.1.0.dist-info"
    record.mkdir()
    (record / "METADATA").write_text("Metadata-Version: 2.1\nName: ttr\nVersion: 0.1.0\n")
    (record / "RECORD").write_text("ttr/__init__.py,,\nttr-0.1.0.dist-info/METADATA,,\n")
    probe = "from ttr.native.where import describe; print(describe())"
    env_path = os.pathsep.join([str(lib), str(site)])
    run = run_python(["-P", "-c", probe], tmp_path, lib=Path(env_path))
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"ttr at {lib / 'ttr'}: engine ")
    assert f"; not the ttr installed at {site / 'ttr'} (run the installed" in run.stdout
    shutil.move(record, lib / record.name)  # now the record of the ttr running
    itself = run_python(["-P", "-c", probe], tmp_path, lib=lib)
    assert itself.returncode == 0, itself.stderr
    assert f"installed at {lib / 'ttr'}" not in itself.stdout, itself.stdout
