"""The floor under the server's CPU per move: what websockets and asyncio alone cost.

    python tools/net_floor.py [--groups 100] [--think 1.0] [--duration 15]

A websockets server set up as `ttr serve` sets it up (no compression, the same frame
writes) does no game at all: for each message a client sends, it writes a 3 KB text
to each of the three connections of that client's group, as a move's `state`
messages go to a table's three seats. One client per group sends a message every
`--think` seconds. It prints the server's CPU time (user + system, from /proc) per
message, so `tools/net_bench.py`'s CPU per move can be split into this floor and the
game's own work.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
from pathlib import Path

from websockets.asyncio.server import ServerConnection, serve

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]
from ws_raw import RawClient  # noqa: E402

from ttr.net.conn import write_now  # noqa: E402

PAYLOAD = "x" * 3000
"""About a seat's `state` message after a move."""


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (all its threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run_server() -> None:
    """Print the port, then answer each message with PAYLOAD to its group, forever."""
    groups: dict[str, list[ServerConnection]] = {}

    async def handler(ws: ServerConnection) -> None:
        group = groups.setdefault(str(await ws.recv()), [])
        group.append(ws)
        async for _ in ws:
            for c in group:
                if not write_now(c, PAYLOAD):
                    await c.send(PAYLOAD)

    async with serve(handler, "127.0.0.1", 0, compression=None, max_queue=8) as server:
        print(next(iter(server.sockets)).getsockname()[1], flush=True)
        await asyncio.Future()


class Client(RawClient):
    """Joins its group; the mover sends a message every `think` s."""

    def __init__(self, port: int, group: int, mover: bool, think: float,
                 sent: list[int]) -> None:
        super().__init__(port)
        self.group, self.mover, self.think, self.sent = group, mover, think, sent

    def opened(self) -> None:
        self.send(str(self.group).encode())
        if self.mover:
            asyncio.get_running_loop().call_later(random.random() * self.think, self.act)

    def act(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.sent[0] += 1
            self.send(b'{"t":"act"}')
            asyncio.get_running_loop().call_later(self.think, self.act)


async def measure(groups: int, think: float, duration: float) -> str:
    proc = subprocess.Popen([sys.executable, __file__, "--serve"], stdout=subprocess.PIPE)
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline())
        loop = asyncio.get_running_loop()
        sent = [0]
        for g in range(groups):
            for k in range(3):
                await loop.create_connection(
                    lambda g=g, k=k: Client(port, g, k == 0, think, sent), "127.0.0.1",
                    port)
        await asyncio.sleep(min(3.0, think + 1))
        cpu0, n0, load0 = cpu_seconds(proc.pid), sent[0], os.getloadavg()[0]
        await asyncio.sleep(duration)
        cpu, n = cpu_seconds(proc.pid) - cpu0, sent[0] - n0
    finally:
        proc.terminate()
        proc.wait(10)
    return (f"{groups} groups, a message every {think} s each: {n} messages, server CPU "
            f"{1000 * cpu / max(n, 1):.3f} ms a message; load {load0:.1f}/"
            f"{os.getloadavg()[0]:.1f}")


def main() -> int:
    if sys.argv[1:] == ["--serve"]:
        asyncio.run(run_server())
        return 0
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--groups", type=int, default=100)
    p.add_argument("--think", type=float, default=1.0)
    p.add_argument("--duration", type=float, default=15.0)
    args = p.parse_args()
    print(asyncio.run(measure(args.groups, args.think, args.duration)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
