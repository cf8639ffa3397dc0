"""A real game window for screenshots of online play (not a test; run under Xvfb).

    python tests/ui/online_window.py --shots DIR [--join ADDRESS --code CODE --name NAME]

Opens the menu (or, with --join, the filled-in Join screen). Menus are driven from
outside (xdotool, like a person); once the board shows, the UI test bot plays this
window's seat through posted clicks and keys until the scoring screen. A screenshot is
saved each time another scene comes on top, and a few during the game; the window
closes a few seconds after the scoring screen.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402
from uibot import act  # noqa: E402

from ttr.ui.app import App  # noqa: E402
from ttr.ui.scenes.menu import MenuScene  # noqa: E402
from ttr.ui.scenes.online_board import OnlineBoardScene, OnlineScoringScene  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--shots", type=Path, required=True)
    p.add_argument("--join", default=None)
    p.add_argument("--code", default="")
    p.add_argument("--name", default="")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--every", type=int, default=40, help="a board shot every N own moves")
    args = p.parse_args()
    args.shots.mkdir(parents=True, exist_ok=True)
    app = App((1280, 800), pace=0.6, settings_file=None)
    app.stack.push(MenuScene(app.ctx))
    if args.join:
        from ttr.ui.scenes.join import JoinScene
        from ttr.ui.scenes.online import OnlineMenuScene

        app.stack.push(OnlineMenuScene(app.ctx))
        app.stack.push(JoinScene(app.ctx, args.join, args.code, args.name))
    app.stack.apply_pending()
    rng = random.Random(args.seed)
    last = None
    moves = 0
    done_at = None
    n = 0
    while app.running:
        dt = min(app.clock.tick(60) / 1000, 0.1)
        top = app.stack.top
        board = next((s for s in app.stack.scenes if isinstance(s, OnlineBoardScene)), None)
        if board is not None and not isinstance(top, OnlineScoringScene):
            did = act(app, rng)
            if did not in ("wait", "curtain"):
                moves += 1
                if moves % args.every == 0:
                    app.frame(dt)
                    n += 1
                    pygame.image.save(app.screen, str(args.shots / f"{n:02d}-board-{moves}.png"))
                    print(f"shot board after {moves} moves", flush=True)
        app.frame(dt)
        if type(top) is not last and top is not None:
            last = type(top)
            app.frame(dt)
            n += 1
            pygame.image.save(app.screen, str(args.shots / f"{n:02d}-{last.__name__}.png"))
            print(f"scene {last.__name__}", flush=True)
        if isinstance(top, OnlineScoringScene) and done_at is None:
            done_at = time.monotonic()
        if done_at is not None and 2 < time.monotonic() - done_at < 2.2:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                                 unicode=" ", scancode=0))  # skip the tally
        if done_at is not None and time.monotonic() - done_at > 4:
            for _ in range(3):
                app.frame(dt)
            n += 1
            pygame.image.save(app.screen, str(args.shots / f"{n:02d}-final.png"))
            print("final scores shown", flush=True)
            break
    for s in list(app.stack.scenes):
        s.on_exit()
    from ttr.ui.scenes.online import stop_hosting

    stop_hosting(app.ctx)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
