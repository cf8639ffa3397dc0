"""Map editor for ttr: draw a board, check it live, save YAML the game loads.

    python tools/map_editor.py maps/usa.yaml          # edit a map file
    python tools/map_editor.py --new                   # start an empty map
    python tools/map_editor.py --new --trace scan.png  # trace over an image (not copied)

Keys: V select, C city, R route, T ticket; Ctrl+S save, Ctrl+Z/Ctrl+Y undo/redo,
wheel or +/- zoom, drag empty space or middle button to pan, F fit. New maps are saved
to the user maps folder by default, where the game's setup screen finds them. Text follows
the window and the game's text-size setting (--text-size 100/125/150 for one run); the
language is --lang CODE, else the game's setting, else the system's.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tools.editor.controller import Editor  # noqa: E402
from tools.editor.doc import NEW_NAME, Doc  # noqa: E402
from tools.editor.events import handle  # noqa: E402
from tools.editor.model import EditorModel  # noqa: E402
from tools.editor.view import View  # noqa: E402
from ttr import i18n  # noqa: E402
from ttr.engine.errors import MapError  # noqa: E402
from ttr.i18n import _  # noqa: E402
from ttr.store.safefile import SETTINGS, FileReadError, read_data  # noqa: E402
from ttr.ui.display import NoDisplayError, open_display  # noqa: E402
from ttr.ui.prefs import TEXT_SIZES, Settings, settings_path  # noqa: E402

logger = logging.getLogger("map_editor")


def build(argv: list[str] | None = None, size: tuple[int, int] | None = None,
          sync_checks: bool = False) -> tuple[Editor, View, pygame.Surface]:
    """Parse arguments, open the window and create the editor (tests call this too)."""
    settings = game_settings()
    first = argparse.ArgumentParser(add_help=False)
    first.add_argument("--lang", default=None)
    choose_language(first.parse_known_args(argv)[0].lang, settings)
    ap = argparse.ArgumentParser(
        description=_("Map editor for ttr: draw a board, check it live, save YAML the game "
                      "loads."))
    ap.add_argument("map", nargs="?", type=Path, help=_("map file to open"))
    ap.add_argument("--new", action="store_true", help=_("start an empty map"))
    ap.add_argument("--trace", type=Path, default=None,
                    help=_("image shown under the board to trace (not saved into the map)"))
    ap.add_argument("--size", default=None, metavar="WxH",
                    help=_("window size, e.g. 1280x800"))
    ap.add_argument("--text-size", type=int, choices=TEXT_SIZES, default=None,
                    help=_("text size in percent (default: the game's setting)"))
    ap.add_argument("--lang", default=None, metavar="CODE",
                    help=_("language for this run, e.g. de or pt_BR (default: the game's "
                           "setting, else the system's)"))
    args = ap.parse_args(argv)
    opening = args.map is not None and not args.new
    model = EditorModel.open(args.map) if opening else EditorModel()
    if not opening and args.trace is not None:
        # a new board takes the traced image's shape (1 board unit per image pixel)
        w, h = pygame.image.load(str(args.trace)).get_size()
        model = EditorModel(Doc(name=_(NEW_NAME), size=(float(w), float(h))))
    open_display()  # NoDisplayError without a display
    if size is None and args.size:
        w, h = (int(v) for v in args.size.lower().split("x"))
        size = (w, h)
    if size is None:
        desk = pygame.display.get_desktop_sizes()[0] if pygame.display.get_desktop_sizes() \
            else (1280, 800)
        size = (max(1024, int(desk[0] * 0.8)), max(640, int(desk[1] * 0.8)))
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.display.set_caption(_("ttr map editor"))
    pygame.key.start_text_input()
    pygame.key.set_repeat(350, 40)
    ed = Editor(model, screen.get_size(), args.trace, sync_checks,
                args.text_size or settings.text_size)
    return ed, View(), screen


def game_settings() -> Settings:
    """The game's settings (text size, language), read without touching the file: a
    file the game could not use is left for the game to move aside (and say so)."""
    path = settings_path()
    if path is None or not path.is_file():
        return Settings()
    try:
        data = read_data(path, SETTINGS)
    except FileReadError as e:
        logger.warning("the game's settings are not used: %s", e)
        return Settings()
    return Settings.load(path) if isinstance(data, dict) else Settings()


def choose_language(code: str | None, settings: object) -> str:
    """Speak `code` (from --lang), else the game's language setting, else the
    system's; returns the language used."""
    chosen = code or getattr(settings, "language", None) or i18n.system_language()
    return i18n.set_language(str(chosen))


def step(ed: Editor, view: View, screen: pygame.Surface) -> None:
    """Handle pending events, refresh the problems and draw one frame."""
    for e in pygame.event.get():
        handle(ed, e)
    if ed.drag is None:
        ed.watcher.request(ed.model.doc, ed.model.version)
    # TRANSLATORS: the window's title; {star} is " *" when there are unsaved changes
    pygame.display.set_caption(_("ttr map editor - {map}{star}").format(
        map=ed.model.doc.name, star=" *" if ed.model.dirty else ""))
    view.draw(screen, ed)
    pygame.display.flip()


def main(argv: list[str] | None = None) -> int:
    """Run the editor until the window is closed."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        ed, view, screen = build(argv)
    except MapError as e:
        logger.error("%s", e)
        return 1
    except NoDisplayError as e:
        print(_("map editor: {error}").format(error=e), file=sys.stderr)
        return 1
    clock = pygame.time.Clock()
    while not ed.quit:
        step(ed, view, screen)
        screen = pygame.display.get_surface()
        clock.tick(30)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
