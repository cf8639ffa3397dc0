"""Every process a game starts ends with it: a window game with Expert (whose worker runs
its own playout workers) exits at its end, on Esc -> Quit, when the window closes, on
SIGTERM or SIGHUP and after an exception, within seconds and leaving no process behind; so does
tools/ui_bench.py."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.procs import HAS_PROC, descendants, still_alive
from ttr.ai.worker import WORKERS_ENV

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("exit_driver.py")
EXIT_SECONDS = 8.0
"""How soon the game must be gone once it is left (seconds; the machine may be busy)."""

pytestmark = [pytest.mark.skipif(not HAS_PROC, reason="needs /proc (Linux)"),
              pytest.mark.timeout(240)]


def short_map(home: Path) -> None:
    """A user map `short`: the USA map with 6 trains a player (a game of a few turns)."""
    text = (ROOT / "maps" / "usa.yaml").read_text(encoding="utf-8")
    text = text.replace("id: usa", "id: short", 1)
    text = text.replace("    ticket_set: base\n", "    ticket_set: base\n    trains: 6\n", 1)
    (home / "data" / "maps").mkdir(parents=True)
    (home / "data" / "maps" / "short.yaml").write_text(text, encoding="utf-8")


def game_env(home: Path) -> dict[str, str]:
    """Headless drivers, a private data folder, two playout workers."""
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "TTR_HOME": str(home), WORKERS_ENV: "2", "PYTHONPATH": str(ROOT)}


def depth(root: int, pid: int) -> int:
    """How many generations `pid` is below `root` (0 if it is not below it any more)."""
    n = 0
    while pid not in (root, 0, 1):
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as f:
                pid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            return 0
        n += 1
    return n if pid == root else 0


class Watched:
    """A game process and every process seen below it while it ran."""

    def __init__(self, args: list[str], home: Path) -> None:
        self.proc = subprocess.Popen(args, cwd=ROOT, env=game_env(home), text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.seen: set[int] = set()
        self.deepest = 0
        self._err: str | None = None

    def look(self) -> None:
        """Note the processes below the game now."""
        below = descendants(self.proc.pid)
        self.seen |= below
        self.deepest = max([self.deepest, *(depth(self.proc.pid, p) for p in below)])

    def wait_until(self, ready: Callable[[], bool], seconds: float, what: str) -> None:
        """Look around until `ready()` (fails after `seconds`, or if the game ended)."""
        give_up = time.monotonic() + seconds
        while not ready():
            self.look()
            assert self.proc.poll() is None, f"the game ended before {what}: {self.output()}"
            assert time.monotonic() < give_up, f"no {what} after {seconds:.0f} s"
            time.sleep(0.1)
        self.look()

    def exits_within(self, seconds: float) -> int:
        """The exit code, once the game is gone (fails if it takes over `seconds`), after
        checking that nothing it started is left running."""
        start = time.monotonic()
        while self.proc.poll() is None and time.monotonic() - start < seconds:
            self.look()
            time.sleep(0.05)
        if self.proc.poll() is None:
            self.proc.kill()
            pytest.fail(f"still running {seconds:.0f} s after it was left; below it: "
                        f"{sorted(descendants(self.proc.pid))}")
        assert self.deepest >= 2, "Expert's own playout workers never ran"
        left = still_alive(self.seen, 5)
        assert not left, f"left running: {left}"
        return self.proc.returncode

    def output(self) -> str:
        """What the game wrote to stderr ("" while it runs)."""
        if self._err is None and self.proc.poll() is not None and self.proc.stderr:
            self._err = self.proc.stderr.read()
        return self._err or ""

    def stop(self) -> None:
        """Kill the game if it still runs (a failed test; its workers die with it)."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def watch(tmp_path: Path) -> Iterator[Callable[[list[str]], Watched]]:
    """Start games to watch (in `tmp_path`); any still running at the end is killed."""
    games: list[Watched] = []

    def start(args: list[str]) -> Watched:
        games.append(Watched(args, tmp_path))
        return games[-1]
    yield start
    for game in games:
        game.stop()


Watch = Callable[[list[str]], Watched]


def test_a_game_with_expert_exits_at_its_end(tmp_path: Path, watch: Watch) -> None:
    short_map(tmp_path)
    game = watch([sys.executable, "-m", "ttr", "--setup", "short:base:expert,hard",
                  "--autostart", "--pace", "0", "--quit-at-end", "--seed", "1"])
    log = tmp_path / "logs" / "ttr.log"

    def scored() -> bool:
        return log.is_file() and "scoring done" in log.read_text(encoding="utf-8")
    game.wait_until(scored, 150, "end of the game")
    assert game.exits_within(EXIT_SECONDS) == 0, game.output()
    assert "leaked" not in game.output() and "Traceback" not in game.output(), game.output()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_game_with_expert_ends_on_a_signal(watch: Watch, sig: signal.Signals) -> None:
    game = watch([sys.executable, "-m", "ttr", "--setup", "usa:base:expert,hard",
                  "--autostart", "--pace", "0", "--seed", "2"])
    game.wait_until(lambda: game.deepest >= 2, 90, "playout workers of Expert")
    game.proc.send_signal(sig)
    assert game.exits_within(EXIT_SECONDS) == 0, game.output()
    assert "leaked" not in game.output() and "Traceback" not in game.output(), game.output()


@pytest.mark.parametrize("way", ["quit", "close", "raise"])
def test_leaving_while_expert_thinks_ends_everything(watch: Watch, way: str) -> None:
    game = watch([sys.executable, str(DRIVER), way])
    assert game.proc.stdout is not None
    ready, *pids = game.proc.stdout.readline().split() or [""]
    assert ready == "ready", game.output()
    game.seen |= {int(p) for p in pids}  # the driver saw them before it left the game:
    game.deepest = 2  # the tracker, the game's worker and a playout worker at least
    assert len(pids) >= 3, pids
    code = game.exits_within(EXIT_SECONDS)
    err = game.output()
    if way == "raise":
        assert code == 1 and "RuntimeError: a scene failed" in err, err
    else:
        assert code == 0, err
    assert err.count("Traceback") == (way == "raise"), err  # no worker failed to start
    assert "leaked" not in err, err  # the semaphores the workers shared were released


THINKING = """
import sys
sys.path.insert(0, "tools")
import ui_bench
times, cpu, moves = ui_bench.bench_thinking((960, 600), ui_bench.strongest_level(), 8.0)
print(len(times), moves)
"""


def test_ui_bench_thinking_exits(watch: Watch) -> None:
    # the part of tools/ui_bench.py that hung: frames while Expert thinks, then exit
    bench = watch([sys.executable, "-c", THINKING])
    bench.wait_until(lambda: bench.deepest >= 2, 90, "playout workers of Expert")
    assert bench.exits_within(30) == 0, bench.output()
    assert "leaked" not in bench.output() and "Traceback" not in bench.output(), \
        bench.output()


@pytest.mark.slow  # a minute or more on a busy machine
def test_ui_bench_exits(watch: Watch) -> None:
    bench = watch([sys.executable, "tools/ui_bench.py", "--frames", "12", "--size",
                   "960x600", "--think-seconds", "3"])
    bench.wait_until(lambda: bench.deepest >= 2, 150, "playout workers of Expert")
    assert bench.exits_within(150) == 0, bench.output()
    assert "leaked" not in bench.output() and "Traceback" not in bench.output(), \
        bench.output()
