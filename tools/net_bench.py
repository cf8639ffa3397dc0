"""Online server benchmark: one `ttr serve` process, N tables of bot clients playing as
fast as they can, the bots in a second process (this one) on the same machine.

    python tools/net_bench.py [--tables 1,10,50,100] [--seats 3] [--bots light|full]
                              [--think SECONDS --duration SECONDS] [--warmup SECONDS]
                              [--server-ttr FOLDER] [--profile FILE]

For each N it reports actions/s, the latency from an action sent to every seat's
update received (p50, p99, max), lost or reordered updates (each client must see
actions 1, 2, 3, ... exactly once, in order), the server's memory per table (resident
memory at the busiest moment minus before the tables, over N), and the server's CPU
time per action (user + system of the server process, all its threads, read from
/proc). The rates, latencies and CPU are those of the steady part of the run: from
`--warmup` seconds after the last bot started to the end (joins and starts left out;
the whole run if the games end sooner).
The server saves every table after every action (written at once, fsync batched), as
in real use. With `--think`, each bot waits before its move (people's pace instead of
as fast as it can).

`--bots light` (the default) plays with raw websocket clients (`tools/ws_raw.py`: a
few lines of framing; JSON parsed by the json module, a seeded random legal move):
they cost the shared cores little, so the server's own limits show. `--bots full`
plays `ttr.net.bot.BotClient`s (the real client stack: `Link`, views decoded into
engine objects, the `random` AI), which cost about as much CPU as the server.
`--server-ttr FOLDER` runs the server on the `ttr` package in FOLDER (to time two
versions against each other with the same bots); `--profile FILE` runs it under
`tools/cpu_samples.py` (a sampling profiler of CPU time) and prints where it spent it.

It times the `ttr` installed in the Python that runs it (this checkout's sources only
when none is installed), the server too, wherever it is run from, and says which and
which engine build (`TTR_PURE=1` for the pure-Python one of a compiled install).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if importlib.util.find_spec("ttr") is None:  # none installed: this checkout's sources
    sys.path.insert(0, str(ROOT))

from ttr.engine import PlayerView  # noqa: E402
from ttr.native.where import child_command, child_env, describe  # noqa: E402
from ttr.net.bot import BotClient  # noqa: E402
from ttr.net.link import Credentials  # noqa: E402
from ttr.net.messages import StateUpdate  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
from cpu_samples import report  # noqa: E402
from ws_raw import RawClient  # noqa: E402


def rss_kib(pid: int) -> int:
    """Resident memory of a process, KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User and system CPU time of a process so far (all its threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


class Table:
    """Latency bookkeeping for one table's bots."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.sent: dict[int, float] = {}
        """seq reached by an action -> when that action was sent."""
        self.arrived: dict[int, list[float]] = {}
        self.latencies: list[tuple[float, float]] = []
        """(when the last seat heard of an action, its latency)"""
        self.problems = 0

    def note_sent(self, seq_after: int, t: float) -> None:
        self.sent[seq_after] = t
        self._done(seq_after)

    def note_arrival(self, seq: int, t: float) -> None:
        self.arrived.setdefault(seq, []).append(t)
        self._done(seq)

    def _done(self, seq: int) -> None:
        got = self.arrived.get(seq, [])
        if len(got) == self.seats and seq in self.sent:
            last = max(got)
            self.latencies.append((last, last - self.sent.pop(seq)))
            del self.arrived[seq]


class BenchBot(BotClient):
    """A bot that timestamps its moves and checks the order of what it receives."""

    def __init__(self, table: Table, url: str, code: str, name: str, level: str, seed: int,
                 think: float) -> None:
        super().__init__(Credentials(url), {"kind": "join", "code": code, "name": name}, level,
                         seed, on_state=self._seen, delay=think)
        self.table = table
        self.last_seen = -1
        self.arrival = 0.0
        self.link.tap = self._tap

    def _tap(self, raw: str | bytes) -> None:
        self.arrival = time.perf_counter()

    def _seen(self, bot: BotClient, update: StateUpdate) -> None:
        if self.last_seen >= 0 and update.seq != self.last_seen + 1:
            self.table.problems += 1  # a lost or reordered update
        if update.seq > 0 or self.last_seen >= 0:
            self.table.note_arrival(update.seq, self.arrival)
        self.last_seen = update.seq

    async def _act(self, seat: int, view: PlayerView, seq: int) -> None:
        await super()._act(seat, view, seq)
        if self.last_act is not None and self.last_act["seq"] == seq:
            self.table.note_sent(seq + 1, self.sent.pop(self.last_act["ref"]))


class LightBot(RawClient):
    """A raw websocket client for one seat: `hello`/`join`, and a seeded random legal
    move whenever the seat is to move. Its `done` ends with the game."""

    def __init__(self, table: Table, port: int, code: str, name: str, seed: int,
                 think: float) -> None:
        super().__init__(port, "/v1")
        self.table, self.think = table, think
        self.hello = json.dumps({"t": "hello", "v": 1, "client": "net-bench", "op": {
            "kind": "join", "code": code, "name": name}}).encode()
        self.rng = random.Random(seed)
        self.seats: list[int] = []
        self.last_seen = -1
        self.ref = seed * 1_000_000
        self.done = asyncio.get_running_loop().create_future()

    async def run(self) -> None:
        """Connect, play until the game ends or the connection does."""
        await asyncio.get_running_loop().create_connection(lambda: self, "127.0.0.1",
                                                           self.port)
        try:
            await self.done
        finally:
            if self.transport is not None:
                self.transport.close()

    def opened(self) -> None:
        self.send(self.hello)

    def closed(self) -> None:
        if not self.done.done():
            self.done.set_result(None)

    def on_text(self, payload: bytes, now: float) -> None:
        self.message(json.loads(payload), now)

    def message(self, msg: dict[str, object], now: float) -> None:
        t = msg["t"]
        if t == "welcome":
            self.seats = list(msg["seats"])  # type: ignore[call-overload]
        elif t == "table" and msg["status"] == "done" and not self.done.done():
            self.done.set_result(None)
        elif t == "state":
            seq = msg["seq"]
            assert isinstance(seq, int)
            if self.last_seen >= 0 and seq != self.last_seen + 1:
                self.table.problems += 1  # a lost or reordered update
            if seq > 0 or self.last_seen >= 0:
                self.table.note_arrival(seq, now)
            self.last_seen = seq
            for entry in msg["views"]:  # type: ignore[attr-defined]
                view = entry["view"]
                if view["legal"] and view["public"]["current"] in self.seats:
                    move = self.rng.choice(view["legal"])
                    if self.think:
                        asyncio.get_running_loop().call_later(self.think, self.act, move,
                                                              seq, view["viewer"])
                    else:
                        self.act(move, seq, view["viewer"])

    def act(self, move: str, seq: int, seat: int) -> None:
        if self.transport is None or self.transport.is_closing():
            return
        self.ref += 1
        self.send(json.dumps({"t": "act", "ref": self.ref, "seat": seat, "seq": seq,
                              "action": move}).encode())
        self.table.note_sent(seq + 1, time.perf_counter())


def start_server(n: int, seats: int, data: Path, server_ttr: Path | None,
                 profile: Path | None) -> tuple[subprocess.Popen[bytes], int, list[str]]:
    spec = "usa:base:" + ",".join(["remote"] * seats)
    run = (str(ROOT / "tools" / "cpu_samples.py"), str(profile)) if profile else ()
    cmd = child_command(*run, "-m", "ttr", "serve", "--port", "0", "--data", str(data),
                        "--max-per-ip", str(n * seats + 50), "--max-tables", str(n + 10),
                        "--seed", "1")
    for _ in range(n):
        cmd += ["--table", spec]
    env = child_env()  # the server runs this process's ttr, or the one asked for
    if server_ttr is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(server_ttr.resolve()), env["PYTHONPATH"]])
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    assert proc.stdout is not None
    port, codes = 0, list[str]()
    while len(codes) < n:
        line = proc.stdout.readline().decode()
        if not line:
            raise SystemExit("the server did not start")
        if "listening on" in line:
            port = int(line.split("127.0.0.1:")[1].split("/")[0])
        elif line.startswith("table ") and " code " in line:
            codes.append(line.split(" code ")[1].split()[0])
    return proc, port, codes


async def run(n: int, args: argparse.Namespace, data: Path) -> dict[str, float]:
    seats, think = args.seats, args.think
    with tempfile.TemporaryDirectory(prefix="ttr-bench-", dir=data) as tmp:
        proc, port, codes = start_server(n, seats, Path(tmp), args.server_ttr, args.profile)
        try:
            await asyncio.sleep(0.5)
            base_rss = rss_kib(proc.pid)
            url = f"ws://127.0.0.1:{port}/v1"
            tables = [Table(seats) for _ in range(n)]
            bots: list[BenchBot | LightBot] = []
            for t, code in zip(tables, codes, strict=True):
                for s in range(seats):
                    bots.append(LightBot(t, port, code, f"B{s}", len(bots) + 1, think)
                                if args.bots == "light" else
                                BenchBot(t, url, code, f"B{s}", args.level, s, think))
            peak = [base_rss]

            async def sample() -> None:
                while True:
                    peak[0] = max(peak[0], rss_kib(proc.pid))
                    await asyncio.sleep(0.2)

            sampler = asyncio.create_task(sample())
            tasks = []
            first = time.perf_counter(), cpu_seconds(proc.pid), time.process_time()
            for b in bots:  # joins are spread a little, as people arrive
                tasks.append(asyncio.create_task(b.run()))
                await asyncio.sleep(0.002)
            end = asyncio.gather(*tasks)
            await asyncio.wait([end], timeout=args.warmup)
            t0, cpu0, mine0 = time.perf_counter(), cpu_seconds(proc.pid), time.process_time()
            if end.done():  # the games ended before the warm-up did: measure them all
                t0, cpu0, mine0 = first
            load0 = os.getloadavg()[0]
            if args.duration is None:
                await end
            else:  # measure this long, then stop (games need not end)
                await asyncio.wait([end], timeout=args.duration)
            t1, cpu1, mine1 = time.perf_counter(), cpu_seconds(proc.pid), time.process_time()
            load1 = os.getloadavg()[0]
            end.cancel()
            await asyncio.gather(end, return_exceptions=True)
            sampler.cancel()
        finally:
            proc.terminate()
            proc.wait(30)
    lat = sorted(x for t in tables for done, x in t.latencies if t0 <= done <= t1)
    actions = len(lat)
    lat = lat or [float("nan")]  # (no action in the measured time: the idle cost)
    per = 1000 / actions if actions else float("nan")
    wall, cpu = t1 - t0, sum(cpu1) - sum(cpu0)
    return {
        "tables": n, "actions": actions, "wall": wall, "actions_s": actions / wall,
        "p50": 1000 * lat[len(lat) // 2], "p99": 1000 * lat[int(len(lat) * 0.99)],
        "max": 1000 * lat[-1], "problems": sum(t.problems for t in tables),
        "kib_per_table": (peak[0] - base_rss) / n, "server_cpu": cpu / wall,
        "cpu_ms": per * cpu, "sys_ms": per * (cpu1[1] - cpu0[1]),
        "bots_cpu": (mine1 - mine0) / wall,
        "load0": load0, "load1": load1,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", default="1,10,50,100")
    p.add_argument("--seats", type=int, default=3)
    p.add_argument("--bots", choices=("light", "full"), default="light",
                   help="the bench's raw clients (light) or ttr's BotClient (full)")
    p.add_argument("--level", default="random", help="the full bots' AI (a fast one)")
    p.add_argument("--think", type=float, default=0.0,
                   help="seconds each bot waits before its move (0: as fast as it can)")
    p.add_argument("--duration", type=float, default=None,
                   help="stop after this many seconds instead of at the end of the games")
    p.add_argument("--warmup", type=float, default=3.0,
                   help="seconds after the last bot started that are not measured")
    p.add_argument("--data", type=Path, default=ROOT,
                   help="where the server keeps its tables (e.g. /dev/shm leaves the disk out)")
    p.add_argument("--server-ttr", type=Path, default=None,
                   help="a folder holding the ttr package the server should run")
    p.add_argument("--profile", type=Path, default=None,
                   help="run the server under a CPU sampler, writing the samples here")
    args = p.parse_args()
    if args.server_ttr is not None and not (args.server_ttr / "ttr" / "__init__.py").is_file():
        raise SystemExit(f"--server-ttr {args.server_ttr}: no ttr package in that folder")
    print(f"net_bench: usa/base, {args.seats} {args.bots} bot clients per table (think "
          f"{args.think} s), server and bots in two processes on {os.cpu_count()} cores, saves "
          f"in {args.data} (fsync batched); load average before: {os.getloadavg()[0]:.1f}")
    env = child_env()
    if args.server_ttr is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(args.server_ttr.resolve()), env["PYTHONPATH"]])
    server = subprocess.run(child_command("-m", "ttr", "--version"), env=env,
                            capture_output=True, text=True, check=False).stdout.strip()
    print(f"bots: {describe()}\nserver: {server}")
    print("tables  actions  actions/s  p50 ms  p99 ms  max ms  lost/reordered  "
          "KiB/table  server CPU  CPU/action (system)  bots CPU  load")
    for n in (int(x) for x in args.tables.split(",")):
        r = asyncio.run(run(n, args, args.data))
        print(f"{r['tables']:6.0f}  {r['actions']:7.0f}  {r['actions_s']:9.0f}  "
              f"{r['p50']:6.1f}  {r['p99']:6.1f}  {r['max']:6.0f}  {r['problems']:14.0f}  "
              f"{r['kib_per_table']:9.0f}  {r['server_cpu']:10.1%}  "
              f"{r['cpu_ms']:7.3f} ms ({r['sys_ms']:.3f})  "
              f"{r['bots_cpu']:8.0%}  {r['load0']:.1f}/{r['load1']:.1f}", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    if args.profile is not None:
        print(report(args.profile))
    return 0


if __name__ == "__main__":
    sys.exit(main())
