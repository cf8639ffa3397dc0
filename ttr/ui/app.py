"""The window app: pygame init, the main loop, the scene stack, resize and fullscreen."""

from __future__ import annotations

import argparse
import logging
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING

from ttr import i18n
from ttr.engine import TtrError
from ttr.i18n import _
from ttr.ui import theme

if TYPE_CHECKING:
    from ttr.game.session import SeatSpec

logger = logging.getLogger(__name__)
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

AI_NAMES = ("Ada", "Boris", "Chen", "Dora", "Emil")  # i18n: no (names)


def parse_size(text: str | None) -> tuple[int, int] | None:
    """`1280x720` -> (1280, 720), clamped to the supported range.

    Raises:
        ValueError: not WIDTHxHEIGHT.
    """
    if text is None:
        return None
    w, sep, h = text.lower().partition("x")
    if not sep or not w.strip().isdigit() or not h.strip().isdigit():
        raise ValueError(_("--size expects WIDTHxHEIGHT such as 1280x720, got {text}").format(
            text=repr(text)))
    return clamp_size((int(w), int(h)))


def clamp_size(size: tuple[int, int]) -> tuple[int, int]:
    """Keep a window size within theme.WINDOW_MIN..WINDOW_MAX."""
    (w, h), (mw, mh), (xw, xh) = size, theme.WINDOW_MIN, theme.WINDOW_MAX
    return (min(max(w, mw), xw), min(max(h, mh), xh))


def default_seats(kinds: list[str]) -> list[SeatSpec]:
    """Seat specs for `human`/agent kinds: names, unique colours.

    Raises:
        TtrError: an unknown AI level.
    """
    from ttr.ai.base import agent_info
    from ttr.game.session import SeatSpec

    humans = sum(1 for k in kinds if k == "human")
    out = []
    ai_i = h_i = 0
    for i, kind in enumerate(kinds):
        color = theme.PLAYER_COLORS[i % len(theme.PLAYER_COLORS)]
        if kind == "human":
            h_i += 1
            name = _("You") if humans == 1 else _("Player {n}").format(n=h_i)
            out.append(SeatSpec(name, color, None))
        else:
            info = agent_info(kind)
            out.append(SeatSpec(AI_NAMES[ai_i % len(AI_NAMES)], color, info.name))
            ai_i += 1
    return out


class App:
    """Owns the window and the scene stack; `frame(dt)` runs one loop iteration.

    The language is `language`, else the one given for this run (`ttr --lang`,
    `i18n.pinned`), else the one chosen in Settings, else the system's. When it changes
    (Settings -> Language), every scene lays itself out again and the caches of drawn
    text are dropped before the next drawing: no restart."""

    def __init__(self, size: tuple[int, int] | None = None, pace: float | None = None,
                 quit_at_end: bool = False, settings_file: object = "default",
                 language: str | None = None) -> None:
        if sys.platform == "win32":
            os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
        import pygame

        from ttr.ui.assets import Assets
        from ttr.ui.display import open_display
        from ttr.ui.prefs import Settings, settings_path
        from ttr.ui.scene import AppContext, SceneStack

        self.pg = pygame
        open_display()  # raises NoDisplayError; the mixer is the sound board's business
        path = settings_path() if settings_file == "default" else settings_file
        language = language or i18n.pinned()
        i18n.set_language(language or i18n.system_language())  # (a settings problem's words)
        settings = Settings.load(path)  # type: ignore[arg-type]
        i18n.set_language(language or settings.language or i18n.system_language())
        self._language_seen = i18n.generation()
        if pace is not None:
            settings.animation_speed = settings.ai_pace = pace
            path = None  # a command-line pace is not saved
        if size is None and settings.window_size:
            size = clamp_size((settings.window_size[0], settings.window_size[1]))
        if size is None:
            try:
                dw, dh = pygame.display.get_desktop_sizes()[0]
                size = clamp_size((int(dw * 0.8), int(dh * 0.8)))
            except (pygame.error, IndexError):
                size = (1280, 800)
        self.window_size = size
        self.fullscreen = False
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        # TRANSLATORS: the window's title, the game's name (your edition's title, if any)
        pygame.display.set_caption(_("Ticket to Ride"))
        self.stack = SceneStack()
        self.ctx = AppContext(Assets(settings), settings, self.stack, self, path,  # type: ignore[arg-type]
                              quit_at_end=quit_at_end, size=self.screen.get_size())
        from ttr.ui.sound import SoundBoard

        self.ctx.extras["sound"] = SoundBoard(settings)  # played by the animation clips
        self._lock_data_folder()
        from ttr.ui.announce import announcer_of, set_speech
        from ttr.ui.contrast import use_high_contrast

        use_high_contrast(settings.high_contrast)

        why = set_speech(announcer_of(self.ctx.extras), settings.speech)
        if why:
            settings.problem = settings.problem or why
        self.running = True
        self.clock = pygame.time.Clock()
        self.frame_hooks: list[Callable[[], None]] = []
        self.frames = 0
        if settings.fullscreen:
            self.toggle_fullscreen()

    def _lock_data_folder(self) -> None:
        """Take the data folder's lock; a second copy of the game plays without the
        autosave (so neither copy deletes or overwrites the other's) and says so."""
        from ttr.store.autosave import Folders
        from ttr.store.lock import DataLock
        from ttr.store.paths import data_dir

        self.data_lock = DataLock(data_dir())
        if not self.data_lock.acquire():
            logger.warning("another copy of ttr holds %s", self.data_lock.path)
            self.ctx.extras["folders"] = Folders.default(autosave_on=False)
            self.ctx.extras["notice"] = _(
                "Another copy of ttr is running on these saved games, so this one does "
                "not autosave: save from the pause menu (Esc) to keep a game.")

    # ------------------------------------------------------------ navigator

    def start_game(self, setup: object) -> None:
        """Load the map, build the session and show the board.

        Raises:
            TtrError: unknown map/variant/agent.
        """
        from ttr.game.session import GameSession
        from ttr.maps.mapfile import find_map
        from ttr.ui.scenes.saves import start_session

        map_def = find_map(setup.map_id)  # type: ignore[attr-defined]
        config = map_def.game_map.rules(setup.variant)  # type: ignore[attr-defined]
        seed = setup.seed if setup.seed is not None else random.randrange(1 << 30)  # type: ignore[attr-defined]
        session = GameSession(map_def.game_map, config, list(setup.seats), seed,  # type: ignore[attr-defined]
                              map_id=setup.map_id,  # type: ignore[attr-defined]
                              hints_allowed=getattr(setup, "hints", True))
        session.warm_up()
        self.ctx.last_setup = setup  # type: ignore[assignment]
        logger.info("game started: map %s variant %s seed %s seats %s", setup.map_id,  # type: ignore[attr-defined]
                    setup.variant, seed, ",".join(s.kind for s in setup.seats))  # type: ignore[attr-defined]
        start_session(self.ctx, session, map_def)  # autosave attached, board shown

    def show_board(self, session: object, map_def: object) -> None:
        """Replace everything with the board of a running session."""
        from ttr.ui.scenes.board import BoardScene

        self.stack.clear_to(BoardScene(self.ctx, session, map_def))  # type: ignore[arg-type]

    def show_scoring(self, session: object, map_def: object) -> None:
        """Replace the board with the scoring scene."""
        from ttr.ui.scenes.scoring import ScoringScene

        self.stack.clear_to(ScoringScene(self.ctx, session, map_def))  # type: ignore[arg-type]

    def to_menu(self) -> None:
        """Back to the main menu."""
        from ttr.ui.scenes.menu import MenuScene

        self.stack.clear_to(MenuScene(self.ctx))

    def quit(self) -> None:
        """Leave after this frame."""
        self.running = False

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen at the desktop size, or back to the window."""
        pg = self.pg
        if self.fullscreen:
            self.screen = pg.display.set_mode(self.window_size, pg.RESIZABLE)
            self.fullscreen = False
        else:
            self.window_size = self.screen.get_size()
            try:
                self.screen = pg.display.set_mode((0, 0), pg.FULLSCREEN)
                self.fullscreen = True
            except pg.error:
                logger.warning("fullscreen is not available")
        self._resized(self.screen.get_size())

    def _resized(self, size: tuple[int, int]) -> None:
        self.ctx.size = size
        self.ctx.assets.clear_sized()
        self.stack.resize(size)

    def language_changed(self) -> None:
        """After a change of language: drop the drawn text, lay every scene out again
        (their worded texts and widths change), retitle the window."""
        self._language_seen = i18n.generation()
        self.pg.display.set_caption(_("Ticket to Ride"))
        self._resized(self.ctx.size)

    # ------------------------------------------------------------ loop

    def frame(self, dt: float) -> bool:
        """One loop iteration: events, update, draw if needed. True if it drew.

        Scene changes asked for by input or updates take effect before the drawing, so a
        dialog that closed itself (and played its move) is never drawn over the result.
        """
        pg = self.pg
        from ttr.ui.announce import announcer_of
        from ttr.ui.uievents import APP_QUIT

        for e in pg.event.get():
            if e.type in (pg.QUIT, APP_QUIT):
                self.running = False
            elif e.type == pg.VIDEORESIZE and not self.fullscreen:
                size = clamp_size((e.w, e.h))
                if size != (e.w, e.h):
                    self.screen = pg.display.set_mode(size, pg.RESIZABLE)
                self.window_size = size
                self.ctx.settings.window_size = list(size)  # remembered for the next start
                self._resized(self.screen.get_size())
            elif e.type == pg.WINDOWSIZECHANGED:
                if self.screen.get_size() != self.ctx.size:
                    self._resized(self.screen.get_size())
            elif e.type == pg.KEYDOWN and e.key == pg.K_F11:
                self.toggle_fullscreen()
            else:
                if e.type == pg.KEYDOWN and e.key not in (
                        pg.K_LSHIFT, pg.K_RSHIFT, pg.K_LALT, pg.K_RALT, pg.K_LGUI, pg.K_RGUI,
                        pg.K_INSERT, pg.K_CAPSLOCK, pg.K_NUMLOCK):  # (screen readers' keys)
                    announcer_of(self.ctx.extras).key_pressed()  # cuts the speech
                self.stack.handle_event(e)
        if i18n.generation() != self._language_seen:  # (Settings -> Language)
            self.language_changed()
        self.stack.update(dt)
        self.stack.apply_pending()
        drew = False
        if self.stack.needs_draw():
            self.screen = pg.display.get_surface()
            self.stack.draw(self.screen)
            for hook in self.frame_hooks:
                hook()
            pg.display.flip()
            drew = True
        self.stack.apply_pending()
        self.frames += 1
        return drew

    def run(self) -> int:
        """The main loop until quit: the window closed, Quit, SIGTERM or SIGHUP (a
        second one ends the process at once). Every way out, an exception too, leaves
        the scenes and stops every worker process (`shut_down`)."""
        with quit_on_signals(self.quit):
            try:
                while self.running:
                    dt = min(self.clock.tick(60) / 1000, 0.1)
                    self.frame(dt)
            finally:
                self.shut_down()
        return 0

    def shut_down(self) -> None:
        """Leave every scene (a game's session stops its AI worker), save the settings,
        stop any worker process still running (`worker.close_all_pools`) and speech's
        thread and processes, close the window."""
        from ttr.ai.worker import close_all_pools
        from ttr.ui.announce import announcer_of

        try:
            for s in list(self.stack.scenes):
                try:
                    s.on_exit()
                except Exception:  # the next scene, the settings and the workers still
                    logger.exception("leaving %s failed", type(s).__name__)
            self.ctx.settings.save(self.ctx.settings_file)
        finally:
            try:
                close_all_pools()
                announcer_of(self.ctx.extras).close()
            finally:  # the data folder's lock and the window go whatever happened above
                self.data_lock.release()
                self.pg.quit()


@contextmanager
def quit_on_signals(quit: Callable[[], None]) -> Iterator[None]:
    """While in the block, SIGTERM and SIGHUP call `quit` (the main loop then ends the
    way closing the window does) and put the default back, so a second signal ends the
    process at once. Outside the main thread signals cannot be caught: nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def on_signal(signum: int, frame: FrameType | None) -> None:
        signal.signal(signum, signal.SIG_DFL)
        logger.info("signal %d: quitting", signum)
        quit()

    names = ("SIGTERM", "SIGHUP")
    old = {sig: signal.signal(sig, on_signal)
           for sig in (getattr(signal, n) for n in names if hasattr(signal, n))}
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def log_to_file() -> None:
    """Log the window app: everything to the log file (`ttr --paths`), problems (warnings
    and errors) also to the terminal."""
    from logging.handlers import RotatingFileHandler

    from ttr.store.paths import ensure_dir, log_path

    root = logging.getLogger()
    root.setLevel(logging.INFO)
    console = logging.StreamHandler()
    console.setLevel(logging.WARNING)
    console.setFormatter(logging.Formatter("ttr: %(message)s"))
    root.addHandler(console)
    try:
        path = log_path()
        ensure_dir(path.parent)
        file = RotatingFileHandler(path, maxBytes=1_000_000, backupCount=2, encoding="utf-8")
    except OSError as e:
        logger.warning("cannot write the log file: %s", e)
        return
    file.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(file)


def run(args: argparse.Namespace) -> int:
    """`ttr play`: check the options, open the window, run the game.

    Raises:
        ValueError: bad --size or --setup values (TtrError for unknown maps/levels).
    """
    from ttr.ui.scene import NewGame

    t0 = time.perf_counter()
    size = parse_size(getattr(args, "size", None))
    setup = None
    gs = getattr(args, "setup", None)
    if gs is not None:
        from ttr.maps.mapfile import find_map

        map_def = find_map(gs.map_id)
        map_def.game_map.rules(gs.variant)
        for kind in gs.seats:
            if kind != "human":
                from ttr.ai.base import agent_info

                if not agent_info(kind).level and kind not in ("random", "greedy"):
                    raise TtrError(_("{kind} is not an AI level").format(kind=repr(kind)))
        setup = NewGame(gs.map_id, gs.variant, tuple(default_seats(list(gs.seats))),
                        getattr(args, "seed", None))
    elif getattr(args, "autostart", False):
        raise ValueError(_("--autostart needs --setup MAP:VARIANT:SEATS"))
    if not logging.getLogger().handlers:
        log_to_file()
    from ttr.ui.display import NoDisplayError

    try:
        app = App(size, getattr(args, "pace", None), getattr(args, "quit_at_end", False))
    except NoDisplayError as e:
        print(f"ttr: {e}", file=sys.stderr)
        return 1
    if setup is not None and args.autostart:
        from ttr.ui.scenes.saves import keep_unfinished

        kept = keep_unfinished(app.ctx)  # nothing is replaced silently
        if kept is not None:
            logger.warning("your unfinished game was kept as the saved game %r (Load game)",
                           kept.stem)
        try:
            app.start_game(setup)
        except BaseException:
            app.shut_down()  # the session's worker may have started
            raise
    else:
        from ttr.ui.scenes.menu import MenuScene

        app.stack.push(MenuScene(app.ctx))
        if setup is not None:
            from ttr.ui.scenes.setup import SetupScene

            app.stack.push(SetupScene(app.ctx, setup))
    app.stack.apply_pending()
    logger.info("window ready after %.0f ms", (time.perf_counter() - t0) * 1000)
    return app.run()


def run_join_window(address: str, code: str | None, name: str | None,
                    tls_ca: object = None) -> int:
    """`ttr join ADDRESS [--code CODE] [--tls-ca PEM]` without --bot: the window at the
    Join screen, filled in (Enter joins)."""
    from ttr.ui.scenes.join import JoinScene
    from ttr.ui.scenes.menu import MenuScene
    from ttr.ui.scenes.online import OnlineMenuScene

    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
    from ttr.ui.display import NoDisplayError

    try:
        app = App()
    except NoDisplayError as e:
        print(f"ttr: {e}", file=sys.stderr)
        return 1
    if tls_ca is not None:
        app.ctx.extras["tls_ca"] = tls_ca
    app.stack.push(MenuScene(app.ctx))
    app.stack.push(OnlineMenuScene(app.ctx))
    app.stack.push(JoinScene(app.ctx, address, code or "", name or ""))
    app.stack.apply_pending()
    return app.run()
