"""Start the window app (dummy video driver) on the current TTR_HOME, visit every screen
that reads files, press Continue, and quit: the check that the program still starts.

Usage: python -m tests.hostile.startapp   (prints the menu's message, exits 0)
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from ttr.ui.app import App  # noqa: E402
from ttr.ui.scenes.menu import MenuScene  # noqa: E402
from ttr.ui.scenes.replay import ReplaysScene  # noqa: E402
from ttr.ui.scenes.saves import LoadScene  # noqa: E402
from ttr.ui.scenes.setup import SetupScene  # noqa: E402
from ttr.ui.scenes.stats import StatsScene  # noqa: E402


def main() -> None:
    app = App((1280, 720), pace=0.0)
    app.stack.push(MenuScene(app.ctx))
    app.stack.apply_pending()
    for _ in range(3):
        app.frame(1 / 60)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    print("menu:", menu.message.encode("ascii", "replace").decode(), flush=True)
    for make in (LoadScene, ReplaysScene, StatsScene, SetupScene):
        app.stack.push(make(app.ctx))
        for _ in range(3):
            app.frame(1 / 60)
        app.stack.pop()
        app.frame(1 / 60)
    cont = next(b for b in menu.buttons if b.label == "Continue")
    if cont.enabled:
        menu.activate(menu.buttons.index(cont))
        for _ in range(5):
            app.frame(1 / 60)
    app.quit()
    app.run()


if __name__ == "__main__":
    main()
