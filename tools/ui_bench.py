"""UI frame-time benchmark (dummy video driver): board frames at 1920x1080 with animations
(also while zooming and panning), the worst frame while the strongest AI thinks in its
worker, and start-to-menu time.

    python tools/ui_bench.py [--frames 1500] [--size 1920x1080]

It times the `ttr` installed in the Python that runs it (this checkout's sources only
when none is installed), wherever it is run from, and says which and which engine build
(`TTR_PURE=1` for the pure-Python one of a compiled install).
"""

from __future__ import annotations

import argparse
import importlib.util
import logging
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
if importlib.util.find_spec("ttr") is None:  # none installed: this checkout's sources
    sys.path.insert(0, str(ROOT))

logger = logging.getLogger("ui_bench")

MENU_SNIPPET = """
import os, time
t0 = time.perf_counter()
os.environ.setdefault("SDL_VIDEODRIVER", "dummy"); os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
from ttr.ui.app import App
from ttr.ui.scenes.menu import MenuScene
app = App((1920, 1080), settings_file=None)
app.stack.push(MenuScene(app.ctx)); app.stack.apply_pending()
app.frame(0.0)
print(time.perf_counter() - t0)
"""


def strongest_level() -> str:
    """The level agent with the largest thinking budget."""
    from ttr.ai.base import agent_info, agent_names

    levels = [n for n in agent_names() if agent_info(n).level] or agent_names()
    return max(levels, key=lambda n: agent_info(n).budget)


def bench_board(size: tuple[int, int], frames: int) -> tuple[list[float], list[float]]:
    """Wall and CPU frame times (s) of an animated AI-vs-AI game at normal animation speed
    (CPU time tells a slow frame from one where the machine took the core away)."""
    from ttr.ui.app import App, default_seats
    from ttr.ui.scene import NewGame

    app = App(size, settings_file=None)
    app.ctx.settings.animation_speed = 1.0
    app.ctx.settings.ai_pace = 0.2
    app.start_game(NewGame("usa", "base", tuple(default_seats(["medium"] * 3)), 7))
    app.stack.apply_pending()
    times: list[float] = []
    cpu: list[float] = []
    for _ in range(frames):
        t, c = time.perf_counter(), time.thread_time()
        app.frame(1 / 60)
        times.append(time.perf_counter() - t)
        cpu.append(time.thread_time() - c)
    for s in list(app.stack.scenes):
        s.on_exit()
    return times, cpu


def bench_zoom(size: tuple[int, int], frames: int) -> tuple[list[float], list[float], list[float]]:
    """The animated game of `bench_board` while someone zooms and pans all along: three
    wheel steps in (one a frame, about a point of the map), a drag across the map, three
    steps out, over and over. Returns wall and CPU frame times (s) and the CPU times of
    the frames while a new zoom step was being drawn sharp (scaled picture, tiles)."""
    import pygame

    from ttr.ui.app import App, default_seats
    from ttr.ui.scene import NewGame
    from ttr.ui.scenes.board import BoardScene

    app = App(size, settings_file=None)
    app.ctx.settings.animation_speed = 1.0
    app.ctx.settings.ai_pace = 0.2
    app.start_game(NewGame("usa", "base", tuple(default_seats(["medium"] * 3)), 7))
    app.stack.apply_pending()
    board = next(s for s in app.stack.scenes if isinstance(s, BoardScene))
    m = board.layout.map
    at = (m.x + m.w * 2 // 5, m.y + m.h // 2)
    script: list[pygame.event.Event | None] = [
        pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))]
    script += [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)] * 3
    script += [None] * 20
    script.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    script += [pygame.event.Event(pygame.MOUSEMOTION, pos=(at[0] + 8 * i, at[1] + 3 * i),
                                  rel=(8, 3), buttons=(1, 0, 0)) for i in range(1, 31)]
    script.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(at[0] + 240, at[1] + 90),
                                     button=1))
    script += [None] * 10
    script += [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)] * 3
    script += [None] * 20
    times: list[float] = []
    cpu: list[float] = []
    settle: list[float] = []
    for i in range(frames):
        e = script[i % len(script)]
        if e is not None:
            pygame.event.post(e)
        building = board.renderer.job is not None
        t, c = time.perf_counter(), time.thread_time()
        app.frame(1 / 60)
        times.append(time.perf_counter() - t)
        cpu.append(time.thread_time() - c)
        if building:
            settle.append(cpu[-1])
    for s in list(app.stack.scenes):
        s.on_exit()
    return times, cpu, settle


def bench_game_end(size: tuple[int, int]) -> float:
    """The slowest frame (s) around the switch from the board to the scoring scene."""
    from ttr.ui.app import App, default_seats
    from ttr.ui.scene import NewGame
    from ttr.ui.scenes.scoring import ScoringScene

    app = App(size, settings_file=None)
    app.ctx.settings.animation_speed = app.ctx.settings.ai_pace = 0.0
    app.start_game(NewGame("usa", "base", tuple(default_seats(["greedy"] * 2)), 3))
    app.stack.apply_pending()
    last: list[float] = []
    for _ in range(20_000):
        t = time.perf_counter()
        app.frame(1 / 60)
        last = (last + [time.perf_counter() - t])[-3:]
        if any(isinstance(s, ScoringScene) for s in app.stack.scenes):
            t = time.perf_counter()
            app.frame(1 / 60)  # the scoring scene's first frame
            last.append(time.perf_counter() - t)
            break
    for s in list(app.stack.scenes):
        s.on_exit()
    return max(last)


def bench_thinking(size: tuple[int, int], level: str,
                   seconds: float) -> tuple[list[float], list[float], int]:
    """Frame times while `level` thinks in the worker; returns (wall, CPU, AI moves made)."""
    from ttr.ui.app import App, default_seats
    from ttr.ui.scene import NewGame
    from ttr.ui.scenes.board import BoardScene

    app = App(size, settings_file=None)
    app.ctx.settings.animation_speed = 1.0
    app.ctx.settings.ai_pace = 0.0
    app.start_game(NewGame("usa", "base", tuple(default_seats([level, level])), 9))
    app.stack.apply_pending()
    board = next(s for s in app.stack.scenes if isinstance(s, BoardScene))
    times: list[float] = []
    cpu: list[float] = []
    moves = 0
    end = time.perf_counter() + seconds
    last = len(board.session.actions)
    while time.perf_counter() < end:
        t, c = time.perf_counter(), time.thread_time()
        thinking = board.session.ai_thinking()
        app.frame(1 / 60)
        dt = time.perf_counter() - t
        if thinking:
            times.append(dt)
            cpu.append(time.thread_time() - c)
        moves += len(board.session.actions) - last
        last = len(board.session.actions)
        time.sleep(max(0.0, 1 / 60 - dt))
    for s in list(app.stack.scenes):
        s.on_exit()
    return times, cpu, moves


def start_to_menu() -> float:
    """Seconds from a fresh interpreter to the first menu frame (imports included)."""
    t0 = time.perf_counter()
    from ttr.native.where import child_command, child_env

    out = subprocess.run(child_command("-c", MENU_SNIPPET), capture_output=True, text=True,
                         env=child_env(), check=True)  # this process's ttr
    wall = time.perf_counter() - t0
    logger.info("in-process start to menu: %.3f s", float(out.stdout.strip().splitlines()[-1]))
    return wall


def pct(xs: list[float], q: float) -> float:
    """The q-th percentile (0..100)."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q / 100 * (len(s) - 1))))]


def main() -> int:
    """Run the measurements and print a summary."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=1500)
    p.add_argument("--size", default="1920x1080")
    p.add_argument("--think-seconds", type=float, default=20.0)
    args = p.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    from ttr.native.where import describe

    print(describe(), flush=True)
    w, h = (int(x) for x in args.size.split("x"))
    times, cpu = bench_board((w, h), args.frames)
    ms = [t * 1000 for t in times[10:]]
    cpu_ms = [t * 1000 for t in cpu[10:]]
    ztimes, zcpu, settle = bench_zoom((w, h), args.frames)
    zms = [t * 1000 for t in ztimes[10:]]
    zcpu_ms = [t * 1000 for t in zcpu[10:]]
    end_ms = bench_game_end((w, h)) * 1000
    level = strongest_level()
    think, think_cpu, moves = bench_thinking((w, h), level, args.think_seconds)
    menu = start_to_menu()
    out = sys.stdout
    out.write(f"board {w}x{h}, animated medium AIs, {len(ms)} frames: "
              f"median {statistics.median(ms):.2f} ms, p99 {pct(ms, 99):.2f} ms, "
              f"max {max(ms):.2f} ms (CPU time: median {statistics.median(cpu_ms):.2f} ms, "
              f"p99 {pct(cpu_ms, 99):.2f} ms, max {max(cpu_ms):.2f} ms)\n")
    out.write(f"board {w}x{h} zooming and panning all along, {len(zms)} frames: "
              f"median {statistics.median(zms):.2f} ms, p99 {pct(zms, 99):.2f} ms, "
              f"max {max(zms):.2f} ms (CPU time: median {statistics.median(zcpu_ms):.2f} ms, "
              f"p99 {pct(zcpu_ms, 99):.2f} ms, max {max(zcpu_ms):.2f} ms); "
              f"{len(settle)} frames while a new zoom step was drawn sharp, CPU "
              f"median {statistics.median(settle or [0]) * 1000:.1f} ms, "
              f"max {max(settle, default=0) * 1000:.1f} ms\n")
    out.write(f"game end to the scoring scene: slowest frame {end_ms:.2f} ms\n")
    if think:
        tm = [t * 1000 for t in think]
        out.write(f"while '{level}' thinks in the worker ({len(tm)} frames, {moves} moves): "
                  f"median {statistics.median(tm):.2f} ms, worst {max(tm):.2f} ms "
                  f"(CPU time: worst {max(think_cpu) * 1000:.2f} ms)\n")
    else:
        out.write(f"'{level}' never thought in the worker ({moves} moves)\n")
    out.write(f"start to interactive menu: {menu:.2f} s (fresh interpreter, imports included)\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
