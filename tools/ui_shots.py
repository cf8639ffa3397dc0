"""Screenshots of every scene at the four window sizes, to look at side by side.

    python tools/ui_shots.py [--out shots] [--sizes 1024x640,1280x720,1920x1080,3840x2160]

Scenes: menu, setup, settings, how to play, load, replays, statistics, the ticket chooser
(Europe, 5 players), the board mid-game (zoomed too), pause, and the scoring screen of a
finished 5-player Europe game. The frames are the app's own drawing (dummy video driver
by default; run under Xvfb with SDL_VIDEODRIVER=x11 to see a real window's pixels).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from ttr.ui.app import App, default_seats  # noqa: E402
from ttr.ui.scene import NewGame, Scene  # noqa: E402

SIZES = "1024x640,1280x720,1920x1080,3840x2160"


def shoot(app: App, out: Path, name: str, sizes: list[tuple[int, int]]) -> None:
    """Lay the stack out and draw it at each size; save `name_WxH.png`."""
    for size in sizes:
        app.ctx.size = size
        app.ctx.assets.clear_sized()
        app.stack.resize(size)
        app.frame(1 / 60)  # settle what the new size started (e.g. a sharp zoomed map)
        surf = pygame.Surface(size)
        app.stack.draw(surf)
        pygame.image.save(surf, str(out / f"{name}_{size[0]}x{size[1]}.png"))


def frames(app: App, n: int, dt: float = 1 / 60) -> None:
    """Run `n` frames."""
    for _ in range(n):
        app.frame(dt)


def main() -> int:
    """Take the screenshots."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default="shots")
    p.add_argument("--sizes", default=SIZES)
    args = p.parse_args()
    sizes = [(int(w), int(h)) for w, h in (s.split("x") for s in args.sizes.split(","))]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from ttr.ui.scenes.howto import HowToScene
    from ttr.ui.scenes.menu import MenuScene
    from ttr.ui.scenes.pause import PauseScene
    from ttr.ui.scenes.replay import ReplaysScene
    from ttr.ui.scenes.saves import LoadScene
    from ttr.ui.scenes.scoring import ScoringScene
    from ttr.ui.scenes.settings import SettingsScene
    from ttr.ui.scenes.setup import SetupScene
    from ttr.ui.scenes.stats import StatsScene

    app = App(sizes[0], pace=0.0, settings_file=None)
    menus: dict[str, Callable[[], Scene]] = {
        "menu": lambda: MenuScene(app.ctx), "setup": lambda: SetupScene(app.ctx),
        "settings": lambda: SettingsScene(app.ctx), "howto": lambda: HowToScene(app.ctx),
        "load": lambda: LoadScene(app.ctx), "replays": lambda: ReplaysScene(app.ctx),
        "stats": lambda: StatsScene(app.ctx)}
    for name, make in menus.items():
        app.stack.clear_to(make())
        app.stack.apply_pending()
        shoot(app, out, name, sizes)
    seats = tuple(default_seats(["human", "random", "random", "random", "random"]))
    app.start_game(NewGame("europe", "base", seats, 6))
    app.stack.apply_pending()
    frames(app, 3)
    shoot(app, out, "tickets_chooser", sizes)
    app.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                              unicode="", scancode=0))
    from ttr.ui.scenes.board import BoardScene

    board = next(s for s in app.stack.scenes if isinstance(s, BoardScene))
    while sum(o is not None for o in board.shown_view.public.owners) < 30:
        if app.stack.top is not board:  # the human's dialogs: take what is offered
            app.stack.handle_event(pygame.event.Event(
                pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        elif (board.session.to_act == 0 and not board.queue.busy and board.shown_view.legal
              and board.shown_view.viewer == 0):
            board.submit(board.shown_view.legal[0])
        frames(app, 3)
    shoot(app, out, "board", sizes)
    board.camera.level = 2
    shoot(app, out, "board_zoom", sizes)
    board.camera.reset()
    app.stack.push(PauseScene(app.ctx, board))
    app.stack.apply_pending()
    shoot(app, out, "pause", sizes)
    seats = tuple(default_seats(["random"] * 5))
    app.start_game(NewGame("europe", "base", seats, 7))
    app.stack.apply_pending()
    while not isinstance(app.stack.top, ScoringScene):
        frames(app, 5)
    frames(app, 2)
    shoot(app, out, "scoring", sizes)
    for s in list(app.stack.scenes):
        s.on_exit()
    print(f"screenshots in {out}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
