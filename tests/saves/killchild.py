"""A headless game process for the SIGKILL test: resume the autosave (or start), play on.

Usage: python -m tests.saves.killchild HOME SEED [SLOW_FSYNC_SECONDS]
Prints the number of recorded actions after each action has been autosaved.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from ttr.game.resume import resume
from ttr.game.session import GameSession, SeatSpec
from ttr.maps.mapfile import find_map
from ttr.store import saves
from ttr.store.autosave import Autosaver, Folders, peek_autosave

SEATS = [SeatSpec("Ann", "red", "random"), SeatSpec("Bob", "blue", "random"),
         SeatSpec("Cat", "green", "random")]


def folders(home: Path) -> Folders:
    return Folders(home / "saves", home / "records", home / "stats.json")


def new_session(seed: str) -> GameSession:
    gm = find_map("usa").game_map
    return GameSession(gm, gm.rules("base"), list(SEATS), seed, map_id="usa")


def main() -> None:
    home, seed = Path(sys.argv[1]), sys.argv[2]
    slow = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    if slow:
        real = os.fsync

        def slow_fsync(fd: int) -> None:
            real(fd)
            time.sleep(slow)

        saves.os.fsync = slow_fsync  # type: ignore[attr-defined]
    f = folders(home)
    save, err = peek_autosave(f)
    assert err is None, err
    session = resume(save)[0] if save is not None else new_session(seed)
    Autosaver(f).attach(session)
    print(len(session.actions), flush=True)
    while not session.over:
        session.poll_ai()
        print(len(session.actions), flush=True)


if __name__ == "__main__":
    main()
