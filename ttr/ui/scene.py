"""`Scene`, `SceneStack` and the `AppContext` every scene is built with.

Stack changes requested during a frame are queued and applied after the updates, before
the drawing (and again at the frame's end). Drawing walks down to the first opaque
scene, then draws bottom-up; only the top scene gets input.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, cast

import pygame

if TYPE_CHECKING:
    from ttr.game.session import SeatSpec
    from ttr.game.table import TableSession
    from ttr.ui.assets import Assets
    from ttr.ui.prefs import Settings

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class NewGame:
    """Everything needed to start (or restart) a game."""

    map_id: str
    variant: str
    seats: tuple[SeatSpec, ...]
    seed: int | str | None = None
    hints: bool = True
    """The table lets the coach give hints (a hot-seat table may turn them off)."""


class Navigator(Protocol):
    """App-level moves between scenes (implemented by the app)."""

    def start_game(self, setup: NewGame) -> None:
        """Replace everything with a board for a new game."""

    def show_board(self, session: TableSession, map_def: object) -> None:
        """Replace everything with the board of a running session."""

    def show_scoring(self, session: TableSession, map_def: object) -> None:
        """Replace the board with the scoring scene."""

    def to_menu(self) -> None:
        """Back to the main menu."""

    def quit(self) -> None:
        """Leave the app."""

    def toggle_fullscreen(self) -> None:
        """Switch between window and fullscreen."""


class SoundPlayer(Protocol):
    """What the scenes need of the sound board."""

    def play(self, name: str) -> None:
        """Play one named sound effect."""


@dataclass
class AppContext:
    """What scenes share: assets, settings, the stack and the app navigator."""

    assets: Assets
    settings: Settings
    stack: SceneStack
    nav: Navigator
    settings_file: Path | None = None
    quit_at_end: bool = False
    last_setup: NewGame | None = None
    size: tuple[int, int] = (1280, 720)
    extras: dict[str, object] = field(default_factory=dict)
    """Optional services: "sound" (a `SoundPlayer`); tests add "folders", "session_hook"."""

    def play_sound(self, name: str) -> None:
        """Play a sound effect, if the app has a sound board."""
        sound = cast("SoundPlayer | None", self.extras.get("sound"))
        if sound is not None:
            sound.play(name)


class Scene:
    """Base scene: override what you need. `opaque` scenes hide what lies below."""

    opaque = True

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.dirty = True

    def on_enter(self) -> None:
        """Pushed onto the stack."""

    def on_exit(self) -> None:
        """Popped or replaced."""

    def on_pause(self) -> None:
        """Another scene was pushed on top."""

    def on_resume(self) -> None:
        """The scene above was popped."""
        self.dirty = True

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""
        self.dirty = True

    def handle_event(self, e: pygame.event.Event) -> bool:
        """React to input; True means consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance time by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw; never changes state."""


class SceneStack:
    """A stack of scenes with deferred push/pop/replace."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []

    @property
    def top(self) -> Scene | None:
        """The scene receiving input."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Queue: put `scene` on top."""
        self._pending.append(lambda: self._push(scene))

    def pop(self, scene: Scene | None = None) -> None:
        """Queue: remove the top scene (only if it is `scene`, when given)."""
        self._pending.append(lambda: self._pop(scene))

    def replace(self, scene: Scene) -> None:
        """Queue: swap the top scene for `scene`."""
        def run() -> None:
            self._pop(None, resume=False)
            self._push(scene)
        self._pending.append(run)

    def clear_to(self, scene: Scene) -> None:
        """Queue: remove every scene, then push `scene`."""
        def run() -> None:
            while self.scenes:
                self._pop(None, resume=False)
            self._push(scene)
        self._pending.append(run)

    def apply_pending(self) -> bool:
        """Apply queued changes (end of frame); True if anything changed."""
        changed = bool(self._pending)
        guard = 0
        while self._pending:
            self._pending.pop(0)()
            guard += 1
            if guard > 1000:
                raise RuntimeError("scene changes keep queueing more changes")
        return changed

    def _push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].on_pause()
        self.scenes.append(scene)
        scene.on_enter()

    def _pop(self, scene: Scene | None, resume: bool = True) -> None:
        if not self.scenes or (scene is not None and self.scenes[-1] is not scene):
            return
        old = self.scenes.pop()
        old.on_exit()
        if resume and self.scenes:
            self.scenes[-1].on_resume()

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom-up (from the topmost opaque one)."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def handle_event(self, e: pygame.event.Event) -> bool:
        """Give an event to the top scene, after the changes earlier events asked for:
        a dialog that closed itself on one key press (Enter on Keep) must not get the
        next one of the same frame (which would play its move twice)."""
        self.apply_pending()
        top = self.top
        return top.handle_event(e) if top is not None else False

    def update(self, dt: float) -> None:
        """Update the visible scenes."""
        for s in self.visible():
            s.update(dt)

    def needs_draw(self) -> bool:
        """True if any visible scene is dirty."""
        return any(s.dirty for s in self.visible())

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the visible scenes bottom-up and clear their dirty flags."""
        for s in self.visible():
            s.draw(surface)
        for s in self.visible():
            s.dirty = False

    def resize(self, size: tuple[int, int]) -> None:
        """Tell every scene the window size changed."""
        for s in self.scenes:
            s.on_resize(size)
