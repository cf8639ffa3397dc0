"""Screenshots of every scene at the four window sizes, to look at side by side.

    python tools/ui_shots.py [--out shots] [--sizes 1024x640,1280x720,1920x1080,3840x2160]
    python tools/ui_shots.py --readme      # the README's pictures, in docs/images/

Scenes: menu, setup, settings, how to play, load, replays, statistics, the ticket chooser
(Europe, 5 players), the board mid-game (zoomed too), pause, and the scoring screen of a
finished 5-player Europe game. The frames are the app's own drawing (dummy video driver
by default; run under Xvfb with SDL_VIDEODRIVER=x11 to see a real window's pixels).
`--readme` takes the board and setup scenes and the map editor at 1280x720 as
`docs/images/<name>.png`, made small with pngquant (Debian package pngquant).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
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
ROOT = Path(__file__).resolve().parents[1]
README_SHOTS = ("board", "setup")
README_SIZE = (1280, 720)
ONLY: set[str] = set()
"""With --readme: the scenes to save (and no size in their file names)."""


def shoot(app: App, out: Path, name: str, sizes: list[tuple[int, int]]) -> None:
    """Lay the stack out and draw it at each size; save `name_WxH.png`."""
    if ONLY and name not in ONLY:
        return
    for size in sizes:
        app.ctx.size = size
        app.ctx.assets.clear_sized()
        app.stack.resize(size)
        app.frame(1 / 60)  # settle what the new size started (e.g. a sharp zoomed map)
        surf = pygame.Surface(size)
        app.stack.draw(surf)
        suffix = "" if ONLY else f"_{size[0]}x{size[1]}"
        pygame.image.save(surf, str(out / f"{name}{suffix}.png"))


def shoot_editor(out: Path, size: tuple[int, int]) -> None:
    """The map editor with the USA map open, its checks done, as `map_editor.png`."""
    sys.path.insert(0, str(ROOT / "tools"))
    import map_editor

    os.chdir(ROOT)  # the editor shows the file's name as given: no build machine path
    ed, view, screen = map_editor.build(["maps/usa.yaml"], size=size, sync_checks=True)
    for _ in range(3):
        map_editor.step(ed, view, screen)
    pygame.image.save(pygame.display.get_surface(), str(out / "map_editor.png"))


def optimise(paths: list[Path]) -> None:
    """Quantise the PNGs to 256 colours with pngquant (the pictures stay sharp)."""
    tool = shutil.which("pngquant")
    if tool is None:
        raise SystemExit("ui_shots: pngquant is not installed (apt install pngquant); "
                         "the pictures were saved unoptimised")
    subprocess.run([tool, "--force", "--ext", ".png", "--speed", "1", "--quality", "70-95",
                    *map(str, paths)], check=True)


def frames(app: App, n: int, dt: float = 1 / 60) -> None:
    """Run `n` frames."""
    for _ in range(n):
        app.frame(dt)


def main() -> int:
    """Take the screenshots."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default="shots")
    p.add_argument("--sizes", default=SIZES)
    p.add_argument("--readme", action="store_true",
                   help="only the README's pictures, at 1280x720, into docs/images/")
    args = p.parse_args()
    sizes = [(int(w), int(h)) for w, h in (s.split("x") for s in args.sizes.split(","))]
    out = Path(args.out)
    if args.readme:
        ONLY.update(README_SHOTS)
        sizes, out = [README_SIZE], ROOT / "docs" / "images"
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
    from ttr.engine.actions import ClaimRoute
    from ttr.ui.scenes.board import BoardScene

    board = next(s for s in app.stack.scenes if isinstance(s, BoardScene))
    while sum(o is not None for o in board.shown_view.public.owners) < 30:
        if app.stack.top is not board:  # the human's dialogs: take what is offered
            app.stack.handle_event(pygame.event.Event(
                pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        elif (board.session.to_act == 0 and not board.queue.busy and board.shown_view.legal
              and board.shown_view.viewer == 0):
            legal = board.shown_view.legal
            claims = [a for a in legal if isinstance(a, ClaimRoute)]  # a busier board
            board.submit((claims or legal)[0])
        frames(app, 3)
    shoot(app, out, "board", sizes)
    board.camera.level = 2
    shoot(app, out, "board_zoom", sizes)
    board.camera.reset()
    app.stack.push(PauseScene(app.ctx, board))
    app.stack.apply_pending()
    shoot(app, out, "pause", sizes)
    if not args.readme:  # the README has no scoring picture
        seats = tuple(default_seats(["random"] * 5))
        app.start_game(NewGame("europe", "base", seats, 7))
        app.stack.apply_pending()
        while not isinstance(app.stack.top, ScoringScene):
            frames(app, 5)
        frames(app, 2)
        shoot(app, out, "scoring", sizes)
    for s in list(app.stack.scenes):
        s.on_exit()
    if args.readme:
        shoot_editor(out, README_SIZE)
        optimise([out / f"{name}.png" for name in (*README_SHOTS, "map_editor")])
    print(f"screenshots in {out}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
