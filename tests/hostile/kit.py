"""What the hostile suite attacks with: valid files of every kind, and ways to break them.

`mutations(base)` is a hypothesis strategy of broken copies of a plain-data tree (a
save, a record, a map, settings, statistics): values swapped for junk of another type,
keys deleted or added, huge numbers, odd text, deep nesting. `hostile_bytes(text)`
breaks the file itself: truncation, bad UTF-8, NUL bytes, YAML alias bombs, nesting
bombs, a size over every limit. `special_file(path, kind)` puts a FIFO, a link to
/dev/zero, a folder or a dangling link where a file should be.
"""

from __future__ import annotations

import copy
import json
import os
import random
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

from ttr.engine import Sim, Stage, format_action, new_game, results
from ttr.maps.mapfile import find_map
from ttr.store.record import GameRecord, SeatRecord
from ttr.store.saves import SaveGame
from ttr.store.stats import game_summary

SCALE = int(os.environ.get("TTR_HOSTILE_SCALE", "1"))
"""Multiplies every property's example count: 1 in CI (a couple of minutes for the
whole suite), more in the slow run (`test_slow.py` runs the suite with 25)."""


def examples(n: int) -> int:
    """The example count of a property: `n` in CI, `n * SCALE` in the slow run."""
    return n * SCALE


ODD_TEXT = ["", " ", "\x00", "a\x00b", "\ud800", "x\udfff", "\u200b", "\u200b\u200c\u2060",
            "\u0301", "\n\n", "\t", "\x1b[31m", "\ufeff", "\U0001f600", "\u202e" + "evil",
            "a" * 5000, "../../etc/passwd", "CON", "autosave", "%s%n", "{0}"]
JUNK: list[Any] = [None, True, False, 0, -1, 1, 7, 2**31, 10**30, -(10**30), 1.5,
                   float("nan"), float("inf"), [], [1], [[[]]], {}, {"a": 1}, {"1": 2},
                   *ODD_TEXT]


@contextmanager
def another_copy_holding(folder: Path) -> Iterator[None]:
    """Another process holding the data lock of `folder` (a second copy of the game)."""
    root = Path(__file__).resolve().parents[2]
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from pathlib import Path; "
         "from ttr.store.lock import DataLock; "
         "assert DataLock(Path(sys.argv[1])).acquire(); print('held', flush=True); "
         "time.sleep(60)", str(folder)],
        stdout=subprocess.PIPE, text=True, cwd=root, env={**os.environ, "PYTHONPATH": str(root)})
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        yield
    finally:
        holder.kill()
        holder.wait()


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail (instead of hanging the test run) when the block takes longer: a guard
    against hangs, not a timing measurement."""
    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"did not finish within {seconds} s")

    if not hasattr(signal, "setitimer"):  # Windows: no guard, a hang shows as a hang
        yield
        return
    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# ---------------------------------------------------------------- valid originals

SMALL_MAP = """\
schema: 1
id: small
name: Small
board: {size: [400, 300]}
rules: {trains: 12}
cities:
  - {id: a, name: Alpha, pos: [50, 50]}
  - {id: b, name: Bravo, pos: [300, 50]}
  - {id: c, name: Charlie, pos: [300, 250]}
  - {id: d, name: Delta, pos: [50, 250]}
routes:
  - {id: a-b, from: a, to: b, length: 3, color: red}
  - {id: a-b-2, from: a, to: b, length: 3, color: blue}
  - {id: b-c, from: b, to: c, length: 2, color: gray}
  - {id: c-d, from: c, to: d, length: 4, color: green}
  - {id: d-a, from: d, to: a, length: 1, color: gray}
tickets:
  - {id: a-c, from: a, to: c, points: 5}
  - {id: b-d, from: b, to: d, points: 6}
  - {id: a-d, from: a, to: d, points: 2}
  - {id: b-c, from: b, to: c, points: 3}
  - {id: a-b, from: a, to: b, points: 3}
  - {id: c-a, from: c, to: a, points: 5}
  - {id: d-b, from: d, to: b, points: 6}
"""


def finished_record(seed: int = 1, steps: int | None = None) -> tuple[GameRecord, Any]:
    """A USA record of a random game (finished, or cut after `steps` actions) and the
    state it reaches."""
    gm = find_map("usa").game_map
    cfg = gm.rules("base")
    sim = Sim.thaw(new_game(gm, cfg, 3, seed))
    rng = random.Random(seed)
    actions: list[str] = []
    while sim.stage != Stage.GAME_OVER and (steps is None or len(actions) < steps):
        a = sim.sample(rng)
        actions.append(format_action(a))
        sim.step(a)
    seats = (SeatRecord("Ana", "red", "human"), SeatRecord("Bo", "blue", "medium"),
             SeatRecord("Cy", "green", "random"))
    return GameRecord("usa", gm.content_hash, "base", cfg, seed, seats, actions), sim.freeze()


def valid_save(seed: int = 1, steps: int = 40, name: str = "Tuesday") -> SaveGame:
    """A save of a game in progress."""
    record, _ = finished_record(seed, steps)
    return SaveGame(record, screen_owner=0, saved_at="2026-01-02T10:00:00", name=name)


def valid_stats(games: int = 3) -> dict[str, Any]:
    """The plain data of a statistics file with `games` finished games."""
    out = []
    for seed in range(games):
        record, state = finished_record(seed)
        out.append(game_summary(record, results(state), f"2026-01-0{seed + 1}T10:00:00"))
    return {"version": 1, "games": out}


def to_yaml(data: Any) -> str:
    """YAML text of plain data, with libyaml when there is one (the pure-Python emitter
    takes seconds per megabyte, which would be the harness's time, not the program's)."""
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(data, Dumper=dumper)


def dump(data: Any) -> str:
    """JSON text of plain data (non-finite floats and lone surrogates allowed)."""
    return json.dumps(data, indent=1)


# ---------------------------------------------------------------- breaking data


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value in a tree of dicts and lists."""
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node[:12]):
            out += paths(v, (*prefix, i))
    return out


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    node = data
    for key in path[:-1]:
        node = node[key]
    return node


def _enlarge(value: Any, junk: Any) -> Any:
    """A much bigger value of the same type (numbers far out of range, texts of up to
    3 million characters, lists of up to 100,000 items), or `junk` for other types."""
    if isinstance(value, bool) or not isinstance(value, int | str | list):
        return junk
    if isinstance(value, int):
        return value * 10**6 + 10**6
    times = (3_000_000 if isinstance(value, str) else 100_000) // max(1, len(value))
    return value * max(2, min(2000, times))  # bigger than any limit, never gigabytes


def _nest(value: Any, depth: int) -> Any:
    for _ in range(depth):
        value = [value]
    return value


EDITS: dict[str, Callable[[Any, Any, Any], None]] = {
    "replace": lambda parent, key, junk: parent.__setitem__(key, junk),
    "delete": lambda parent, key, junk: parent.__delitem__(key),
    "wrap": lambda parent, key, junk: parent.__setitem__(key, [parent[key]]),
    "stringify": lambda parent, key, junk: parent.__setitem__(key, str(parent[key])),
    "nest": lambda parent, key, junk: parent.__setitem__(key, _nest(parent[key], 60)),
    "add_key": lambda parent, key, junk: parent.__setitem__(
        "zz_extra" if isinstance(parent, dict) else key, junk)
    if isinstance(parent, dict) else parent.append(junk),
    "negate": lambda parent, key, junk: parent.__setitem__(
        key, -parent[key] - 1 if isinstance(parent[key], int) else junk),
    "enlarge": lambda parent, key, junk: parent.__setitem__(key, _enlarge(parent[key], junk)),
}


@st.composite
def mutations(draw: st.DrawFn, base: Any) -> Any:
    """A copy of `base` with one to three random edits."""
    data = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        every = paths(data)
        if not every:
            break
        path = draw(st.sampled_from(every))
        edit = draw(st.sampled_from(sorted(EDITS)))
        junk = copy.deepcopy(draw(st.sampled_from(JUNK)))  # never edit the shared junk
        try:
            EDITS[edit](_parent(data, path), path[-1], junk)
        except (KeyError, IndexError, TypeError, MemoryError, OverflowError, ValueError):
            continue
    return data


# ---------------------------------------------------------------- breaking files

ALIAS_BOMB = 'a: &a ["x","x","x","x","x","x","x","x","x"]\n' + "".join(
    f"{chr(97 + i)}: &{chr(97 + i)} [{','.join(['*' + chr(96 + i)] * 9)}]\n"
    for i in range(1, 12))
"""9**12 strings once expanded (a "billion laughs" in 1.2 kB)."""
DEPTH_BOMB = "a: " + "[" * 100_000 + "]" * 100_000 + "\n"
JSON_DEPTH_BOMB = "[" * 100_000 + "]" * 100_000


@st.composite
def hostile_bytes(draw: st.DrawFn, text: str) -> bytes:
    """A broken version of a file's text."""
    raw = text.encode("utf-8", "surrogatepass")
    kind = draw(st.sampled_from(["truncate", "garble", "nul", "bad_utf8", "alias_bomb",
                                 "depth_bomb", "json_depth_bomb", "bom", "empty", "spaces",
                                 "repeat"]))
    if kind == "truncate":
        return raw[:draw(st.integers(0, max(0, len(raw) - 1)))]
    if kind == "garble":
        at = draw(st.integers(0, max(0, len(raw) - 1)))
        junk = draw(st.binary(min_size=1, max_size=40))
        return raw[:at] + junk + raw[at + len(junk):]
    if kind == "nul":
        at = draw(st.integers(0, len(raw)))
        return raw[:at] + b"\x00" + raw[at:]
    if kind == "bad_utf8":
        at = draw(st.integers(0, len(raw)))
        return raw[:at] + b"\xff\xfe\xc3" + raw[at:]
    if kind == "alias_bomb":
        return ALIAS_BOMB.encode()
    if kind == "depth_bomb":
        return DEPTH_BOMB.encode()
    if kind == "json_depth_bomb":
        return JSON_DEPTH_BOMB.encode()
    if kind == "bom":
        return b"\xef\xbb\xbf" + raw
    if kind == "empty":
        return b""
    if kind == "spaces":
        return b" \n\t " * 10
    return raw * draw(st.integers(2, 4))


POSIX = hasattr(os, "mkfifo") and Path("/dev/zero").exists()
"""FIFOs, /dev/zero and symbolic links for everyone: the special-file attacks need them."""
SPECIAL = ("fifo", "dev_zero", "folder", "dangling_link", "loop_link", "huge_sparse") \
    if POSIX else ("folder", "huge_sparse")


def special_file(path: Path, kind: str) -> None:
    """Put something that is not a regular file of sane size at `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev_zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("x")
    elif kind == "dangling_link":
        path.symlink_to(path.parent / "nowhere-at-all")
    elif kind == "loop_link":
        path.symlink_to(path)
    elif kind == "huge_sparse":
        with open(path, "wb") as f:
            f.truncate(200 * 1024 * 1024)  # 200 MB of zeros, no disk used
    else:
        raise ValueError(kind)


def snapshot(folder: Path) -> dict[str, bytes]:
    """The bytes of every regular file under `folder` (to show nothing good changed)."""
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file() and not p.is_symlink() and p.stat().st_size < 10**7:
            out[str(p.relative_to(folder))] = p.read_bytes()
    return out


# ---------------------------------------------------------------- huge maps


def chain_map_text(cities: int = 1000) -> str:
    """A valid map of `cities` cities in a row (6-space gray routes), with tickets from
    end to end: plans thousands of spaces long."""
    rows = ["schema: 1", "id: chain", "name: Chain", f"board: {{size: [{cities}, 10]}}",
            "cities:"]
    rows += [f"  - {{id: c{i}, name: C{i}, pos: [{i}, {i % 7}]}}" for i in range(cities)]
    rows.append("routes:")
    rows += [f"  - {{id: r{i}, from: c{i}, to: c{i + 1}, length: 6, color: gray}}"
             for i in range(cities - 1)]
    rows.append("tickets:")
    rows += [f"  - {{id: t{k}, from: c{k}, to: c{cities - 1 - k}, points: 20}}"
             for k in range(20)]
    return "\n".join(rows) + "\n"


def grid_map_text(side: int = 32, seed: int = 1) -> str:
    """A valid `side` x `side` grid map (1,024 cities for 32), random lengths and colours,
    300 random tickets."""
    rng = random.Random(seed)
    colors = ["red", "blue", "green", "yellow", "black", "white", "orange", "pink", "gray"]
    rows = ["schema: 1", "id: grid", "name: Grid",
            f"board: {{size: [{20 + side * 30}, {20 + side * 30}]}}", "cities:"]
    rows += [f"  - {{id: c{i}-{j}, name: C {i} {j}, pos: [{10 + j * 30}, {10 + i * 30}]}}"
             for i in range(side) for j in range(side)]
    rows.append("routes:")
    for i in range(side):
        for j in range(side):
            for di, dj in ((0, 1), (1, 0)):
                if i + di < side and j + dj < side:
                    a, b = f"c{i}-{j}", f"c{i + di}-{j + dj}"
                    rows.append(f"  - {{id: {a}-{b}, from: {a}, to: {b}, "
                                f"length: {rng.randint(1, 6)}, color: {rng.choice(colors)}}}")
    rows.append("tickets:")
    for k in range(300):
        a = f"c{rng.randrange(side)}-{rng.randrange(side)}"
        b = f"c{rng.randrange(side)}-{rng.randrange(side)}"
        if a != b:
            rows.append(f"  - {{id: t{k}, from: {a}, to: {b}, points: {rng.randint(1, 30)}}}")
    return "\n".join(rows) + "\n"
