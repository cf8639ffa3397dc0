"""Online server benchmark: one `ttr serve` process, N tables of bot clients playing as
fast as they can, the bots in a second process (this one) on the same machine.

    python tools/net_bench.py [--tables 1,10,50,100] [--seats 3] [--level random]
                              [--think SECONDS --duration SECONDS]

For each N it reports actions/s over the whole run, the latency from an action sent to
every seat's update received (p50, p99, max), lost or reordered updates (each client
must see actions 1, 2, 3, ... exactly once, in order), and the server's memory per
table (resident memory at the busiest moment minus before the tables, over N) and CPU.
The server saves every table after every action (written at once, fsync batched), as in
real use. With `--think`, each bot waits before its move (people's pace instead of as
fast as it can).

It times the `ttr` installed in the Python that runs it (this checkout's sources only
when none is installed), the server too, wherever it is run from, and says which and
which engine build (`TTR_PURE=1` for the pure-Python one of a compiled install).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
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


def rss_kib(pid: int) -> int:
    """Resident memory of a process, KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Table:
    """Latency bookkeeping for one table's bots."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.sent: dict[int, float] = {}
        """seq reached by an action -> when that action was sent."""
        self.arrived: dict[int, list[float]] = {}
        self.latencies: list[float] = []
        self.problems = 0
        self.actions = 0

    def note_sent(self, seq_after: int, t: float) -> None:
        self.sent[seq_after] = t
        self._done(seq_after)

    def note_arrival(self, seq: int, t: float) -> None:
        self.arrived.setdefault(seq, []).append(t)
        self._done(seq)

    def _done(self, seq: int) -> None:
        got = self.arrived.get(seq, [])
        if len(got) == self.seats and seq in self.sent:
            self.latencies.append(max(got) - self.sent.pop(seq))
            self.actions += 1
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


def start_server(n: int, seats: int, data: Path) -> tuple[subprocess.Popen[bytes], int,
                                                         list[str]]:
    spec = "usa:base:" + ",".join(["remote"] * seats)
    cmd = child_command("-m", "ttr", "serve", "--port", "0", "--data", str(data),
                        "--max-per-ip", str(n * seats + 50), "--max-tables", str(n + 10),
                        "--seed", "1")
    for _ in range(n):
        cmd += ["--table", spec]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=child_env())  # the server runs this process's ttr
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


async def run(n: int, seats: int, level: str, think: float, duration: float | None,
              data: Path) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="ttr-bench-", dir=data) as tmp:
        proc, port, codes = start_server(n, seats, Path(tmp))
        try:
            await asyncio.sleep(0.5)
            base_rss, cpu0 = rss_kib(proc.pid), cpu_seconds(proc.pid)
            url = f"ws://127.0.0.1:{port}/v1"
            tables = [Table(seats) for _ in range(n)]
            bots: list[BenchBot] = []
            for t, code in zip(tables, codes, strict=True):
                for s in range(seats):
                    bots.append(BenchBot(t, url, code, f"B{s}", level, s, think))
            peak = [base_rss]

            async def sample() -> None:
                while True:
                    peak[0] = max(peak[0], rss_kib(proc.pid))
                    await asyncio.sleep(0.2)

            sampler = asyncio.create_task(sample())
            t0, mine0 = time.perf_counter(), time.process_time()
            tasks = []
            for b in bots:  # joins are spread a little, as people arrive
                tasks.append(asyncio.create_task(b.run()))
                await asyncio.sleep(0.002)
            if duration is None:
                await asyncio.gather(*tasks)
            else:  # measure this long, then stop (games need not end)
                await asyncio.wait(tasks, timeout=duration)
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
            wall = time.perf_counter() - t0
            sampler.cancel()
            cpu = cpu_seconds(proc.pid) - cpu0
            bots_cpu = time.process_time() - mine0
        finally:
            proc.terminate()
            proc.wait(10)
    lat = sorted(x for t in tables for x in t.latencies)
    actions = sum(t.actions for t in tables)
    return {
        "tables": n, "actions": actions, "wall": wall, "actions_s": actions / wall,
        "p50": 1000 * lat[len(lat) // 2], "p99": 1000 * lat[int(len(lat) * 0.99)],
        "max": 1000 * lat[-1], "problems": sum(t.problems for t in tables),
        "kib_per_table": (peak[0] - base_rss) / n, "server_cpu": cpu / wall,
        "bots_cpu": bots_cpu / wall,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", default="1,10,50,100")
    p.add_argument("--seats", type=int, default=3)
    p.add_argument("--level", default="random", help="the bots' AI (a fast one)")
    p.add_argument("--think", type=float, default=0.0,
                   help="seconds each bot waits before its move (0: as fast as it can)")
    p.add_argument("--duration", type=float, default=None,
                   help="stop after this many seconds instead of at the end of the games")
    p.add_argument("--data", type=Path, default=ROOT,
                   help="where the server keeps its tables (e.g. /dev/shm leaves the disk out)")
    args = p.parse_args()
    print(f"net_bench: usa/base, {args.seats} bot clients per table ({args.level}, think "
          f"{args.think} s), server and bots in two processes on {os.cpu_count()} cores, saves "
          f"in {args.data} (fsync batched); load average before: {os.getloadavg()[0]:.1f}")
    server = subprocess.run(child_command("-m", "ttr", "--version"), env=child_env(),
                            capture_output=True, text=True, check=False).stdout.strip()
    print(f"bots: {describe()}\nserver: {server}")
    print("tables  actions  actions/s  p50 ms  p99 ms  max ms  lost/reordered  "
          "KiB/table  server CPU  bots CPU")
    for n in (int(x) for x in args.tables.split(",")):
        r = asyncio.run(run(n, args.seats, args.level, args.think, args.duration, args.data))
        print(f"{r['tables']:6.0f}  {r['actions']:7.0f}  {r['actions_s']:9.0f}  "
              f"{r['p50']:6.1f}  {r['p99']:6.1f}  {r['max']:6.0f}  {r['problems']:14.0f}  "
              f"{r['kib_per_table']:9.0f}  {r['server_cpu']:10.0%}  {r['bots_cpu']:8.0%}",
              flush=True)
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
