"""Test helper (run as a script): a window game of two Experts, left one way while Expert
thinks with its own playout workers. `python exit_driver.py WAY`, WAY one of:

- `quit`: Esc, then "Quit to menu" clicked, then Esc on the menu (the player's way);
- `close`: the window is closed;
- `raise`: a scene raises an exception;
- `wait`: nothing (the test sends a signal).

It prints "ready" and the ids of the processes below it once Expert's playout workers
run (the game's worker has children),
then leaves the game that way through `App.run`, the loop the game runs in.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tests.procs import descendants  # noqa: E402
from ttr.ui.app import App, default_seats  # noqa: E402
from ttr.ui.scene import NewGame  # noqa: E402
from ttr.ui.scenes.board import BoardScene  # noqa: E402
from ttr.ui.scenes.pause import PauseScene  # noqa: E402

WAYS = ("quit", "close", "raise", "wait")


def playout_workers_running(app: App) -> bool:
    """Whether the game's AI worker has started its own workers."""
    board = next(s for s in app.stack.scenes if isinstance(s, BoardScene))
    pool = board.session._executor
    workers = list(getattr(pool, "_processes", None) or {})
    return any(descendants(pid) for pid in workers)


def click(button: pygame.Rect) -> None:
    """Post a left click in the middle of `button`."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=button.center, button=1))


def leave(app: App, way: str) -> None:
    """Queue the events (or the fault) that leave the game `way`."""
    if way == "close":
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    elif way == "raise":
        def broken(self: BoardScene, dt: float) -> None:
            raise RuntimeError("a scene failed")
        BoardScene.update = broken  # type: ignore[method-assign]
    elif way == "quit":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                                 unicode="\x1b"))
        app.frame(0.0)
        pause = app.stack.top
        assert isinstance(pause, PauseScene), pause
        click(next(b.rect for b in pause.buttons if b.label == "Quit to menu"))
        app.frame(0.0)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                                 unicode="\x1b"))


def main(way: str) -> int:
    """Start the game, wait for Expert's workers, leave `way`."""
    app = App((960, 640), pace=0.0, settings_file=None)
    app.start_game(NewGame("usa", "base", tuple(default_seats(["expert", "expert"])), 5))
    app.stack.apply_pending()
    give_up = time.monotonic() + 60
    while not playout_workers_running(app):
        if time.monotonic() > give_up:
            print("Expert never started its workers", flush=True)
            return 3
        app.frame(1 / 60)
        time.sleep(0.01)
    print("ready", *sorted(descendants(os.getpid())), flush=True)
    leave(app, way)
    return app.run()


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in WAYS:
        sys.exit(f"usage: exit_driver.py {{{','.join(WAYS)}}}")
    sys.exit(main(sys.argv[1]))
