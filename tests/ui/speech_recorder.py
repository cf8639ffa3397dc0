"""A stand-in audio player for the speech tests: reads a WAV stream on its standard
input as `aplay -` does and "plays" it in real time, 10 ms at a time, into
`<dir>/<pid>.raw`, logging each chunk's wall-clock time in `<dir>/<pid>.times`
(the first line: when it started). Killed, it stops where a real player would.
`heard` reads what it played back for the tests."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path


def main(out: Path) -> None:
    import os

    pid = os.getpid()
    times = (out / f"{pid}.times").open("w", buffering=1)
    times.write(f"{time.time()}\n")
    raw = (out / f"{pid}.raw").open("wb", buffering=0)
    src = sys.stdin.buffer
    header = src.read(44)
    rate = int.from_bytes(header[24:28], "little") or 22050
    step = rate * 2 // 100  # 10 ms of 16-bit mono
    clock = time.monotonic()
    while chunk := src.read(step):
        raw.write(chunk)
        times.write(f"{time.time()}\n")
        clock += len(chunk) / (rate * 2)
        time.sleep(max(0.0, clock - time.monotonic()))


@dataclass
class Heard:
    """One line as the stand-in player played it."""

    began: float
    """When the player started."""
    chunks: list[float]
    """When each 10 ms of sound was played."""
    sound: bytes


def heard(folder: Path) -> list[Heard]:
    out = []
    for times in folder.glob("*.times"):
        stamps = [float(x) for x in times.read_text().split()]
        if not stamps:  # (a player this moment starting)
            continue
        raw = times.with_suffix(".raw")
        out.append(Heard(stamps[0], stamps[1:], raw.read_bytes() if raw.exists() else b""))
    return sorted(out, key=lambda h: h.began)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
