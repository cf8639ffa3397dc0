"""Menu -> Online: Host a game, Join a game, Rejoin the game in progress.

Also what the online scenes share: the credentials file that lets a crashed or closed
window come back to its seat, and the pause menu of an online game.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from ttr.i18n import N_, _, pgettext
from ttr.net.link import Credentials
from ttr.net.remote import RemoteSession
from ttr.store.saves import SaveError
from ttr.ui import theme
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.common import backdrop
from ttr.ui.scenes.menu import MenuScene
from ttr.ui.scenes.online_text import block
from ttr.ui.scenes.pause import PauseScene
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import Button, wrap_text

logger = logging.getLogger(__name__)


def creds_path(ctx: AppContext) -> Path:
    """Where the window keeps how to get back to its online game (tests may override)."""
    p = ctx.extras.get("online_path")
    if isinstance(p, Path):
        return p
    from ttr.store.paths import online_path

    return online_path()


def saved_creds(ctx: AppContext) -> Credentials | None:
    """The online game to rejoin, if any (a broken file is ignored, and said in the log)."""
    path = creds_path(ctx)
    if not path.exists():
        return None
    try:
        creds = Credentials.load(path)
    except SaveError as e:
        logger.warning("cannot use %s: %s", path, e)
        return None
    return creds if creds.resumable else None


def forget_creds(ctx: AppContext) -> None:
    """The online game is over (or left for good): nothing to rejoin."""
    try:
        creds_path(ctx).unlink(missing_ok=True)
    except OSError as e:
        logger.warning("cannot remove the online credentials: %s", e)


def stop_hosting(ctx: AppContext) -> None:
    """Stop this computer's game server, if Host started one."""
    from ttr.net.hosting import HostedServer

    hosted = ctx.extras.pop("hosted", None)
    if isinstance(hosted, HostedServer):
        hosted.stop()


HOST, HOST_SERVER, JOIN, REJOIN = (N_("Host a game"), N_("Host on a server"),
                                   N_("Join a game"), N_("Rejoin"))


class OnlineMenuScene(MenuScene):
    """Host, Join, Rejoin; arrows + Enter or the mouse (the main menu's handling)."""

    def __init__(self, ctx: AppContext) -> None:
        self.creds: Credentials | None = None
        Scene.__init__(self, ctx)
        self.buttons = [Button(HOST, primary=True), Button(HOST_SERVER), Button(JOIN),
                        Button(REJOIN, enabled=False), Button(N_("Back"))]
        self.rejoin = self.buttons[3]
        self.focus = 0
        self.message = ""
        self.check_autosave()
        self.layout(ctx.size)

    def check_autosave(self) -> None:
        """Enable Rejoin when there is an online game to go back to."""
        self.creds = saved_creds(self.ctx)
        self.rejoin.enabled = self.creds is not None

    def activate(self, i: int) -> None:
        """Run button `i`."""
        b = self.buttons[i]
        if not b.enabled:
            return
        if b.label == HOST:
            from ttr.ui.scenes.host import HostSetupScene

            self.ctx.stack.push(HostSetupScene(self.ctx))
        elif b.label == HOST_SERVER:
            from ttr.ui.scenes.join import ServerPickScene

            self.ctx.stack.push(ServerPickScene(self.ctx))
        elif b.label == JOIN:
            from ttr.ui.scenes.join import JoinScene

            self.ctx.stack.push(JoinScene(self.ctx))
        elif b.label == REJOIN and self.creds is not None:
            from ttr.ui.scenes.lobby import LobbyScene

            self.ctx.stack.push(LobbyScene.rejoin(self.ctx, self.creds))
        else:
            self.ctx.stack.pop(self)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.ctx.stack.pop(self)
            return True
        return super().handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        backdrop(surface, a, pgettext("menu", "Online"), _("Play with friends on other computers"))
        for b in self.buttons:
            b.draw(surface, a)
        w, h = surface.get_size()
        size = ui_font((w, h), self.ctx.settings)  # follows the text size
        rejoin = self.rejoin
        note = (self.creds.label or _("your game in progress")) if self.creds else \
            _("no game to rejoin")
        room = w - rejoin.rect.right - 24
        wrap_text(surface, a, note, size, theme.TEXT_DIM,
                  pygame.Rect(rejoin.rect.right + 12, rejoin.rect.centery - size * 3 // 4,
                              room, rejoin.rect.h * 2))
        lines = (_("Host: this computer runs the game; friends join with its address and the "
                   "invite code."),
                 _("Host on a server: the table opens on a server that runs ttr serve."),
                 _("Join: type the address and code your host gives you."))
        y = self.buttons[-1].rect.bottom + size
        for line in lines:  # wrapped, never shrunk
            y = block(surface, a, line, size, theme.TEXT_DIM, w // 2, y, w - 40).bottom
            y += size // 3


class OnlinePauseScene(PauseScene):
    """The pause menu of an online game: no saving (the server does), Leave instead of
    Quit (the seat stays yours: Online -> Rejoin); the host can let an AI play for
    players who are away."""

    STANDIN = N_("AI for absent players")
    LEAVE = N_("Leave (rejoin later)")

    def __init__(self, ctx: AppContext, session: RemoteSession | None = None) -> None:
        super().__init__(ctx, None)
        self.session = session
        self.buttons = [Button(N_("Resume"), primary=True), Button(N_("Settings")),
                        Button(N_("How to play")), Button(self.LEAVE)]
        away = self.absent()
        if session is not None and session.host:
            self.buttons.insert(1, Button(self.STANDIN, enabled=bool(away),
                                          tip=N_("Everyone is connected") if not away else ""))
        self.on_resize(ctx.size)

    def absent(self) -> list[int]:
        """Human seats whose player is away and has no AI playing for them."""
        s = self.session
        if s is None or s.info is None:
            return []
        return [x.seat for x in s.info.seats
                if x.kind == "human" and not x.connected and not x.standin]

    def activate(self, i: int) -> None:
        """Run button `i` (the stand-in button here, the rest as in the pause menu)."""
        if self.buttons[i].label == self.STANDIN and self.session is not None:
            for seat in self.absent():
                self.session.send({"t": "assign", "seat": seat, "kind": "ai",
                                   "level": "medium"})
            self.ctx.stack.pop(self)
            return
        if self.buttons[i].label == self.LEAVE:  # the seat stays ours: Online -> Rejoin
            self.ctx.nav.to_menu()
            return
        super().activate(i)
