"""The board of an online game: the local board, plus who is connected, why the game
cannot go on (reconnecting, the server cannot save), chat (Enter types a line; lines
said go to the log and the captions), an online pause menu and the scoring that leads
back to the Online menu. The board itself learns nothing about the network: it plays a
`RemoteSession` through the same calls as a local game.
"""

from __future__ import annotations

import pygame

from ttr.engine import IllegalActionError
from ttr.i18n import N_, _
from ttr.maps.mapfile import MapDefinition
from ttr.net.messages import TableInfo
from ttr.net.protocol import MAX_CHAT
from ttr.net.remote import RemoteSession
from ttr.net.words import cannot_save_text, closed_text
from ttr.store.problem_words import error_text
from ttr.ui import theme
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.board import BoardScene
from ttr.ui.scenes.lobby_words import table_changes
from ttr.ui.scenes.online import OnlinePauseScene, forget_creds
from ttr.ui.scenes.scoring import ScoringScene
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import Button, blit_text, panel, wrap_text

STATUS_HOLD = 0.5
"""The status toast is shown again when less than this is left (seconds)."""


class OnlineBoardScene(BoardScene):
    """`BoardScene` for a `RemoteSession`."""

    def __init__(self, ctx: AppContext, session: RemoteSession, map_def: MapDefinition
                 ) -> None:
        super().__init__(ctx, session, map_def)
        self.remote = session
        self.typing: str | None = None
        """The chat line being typed, or None."""
        self.chat_seen = session.chat_total
        self.lost_shown = False
        self.status_shown: str | None = None
        """The status or typed line the toast shows (it goes when that ends)."""
        self._last_news: tuple[str, TableInfo | None] | None = None
        """(connection status, table) last shown and announced."""
        self.add_note(_("Online game: press Enter to chat"))

    # ------------------------------------------------------------ news

    def update(self, dt: float) -> None:
        s = self.remote
        s.pump()
        self._news()
        if s.closed is not None and not s.over and not self.lost_shown:
            self.lost_shown = True
            self.ctx.stack.push(ConnectionLostScene(self.ctx, s))
            return
        if not self.queue.busy and not self.paused and not self.finished and s.over:
            self.finished = True
            forget_creds(self.ctx)
            self.ctx.stack.clear_to(OnlineScoringScene(self.ctx, s, self.map_def))
            return
        super().update(dt)
        self._status()

    def _news(self) -> None:
        s = self.remote
        for line in s.chat_after(self.chat_seen):
            self.add_note(f"{line.name}: {line.text}")
            self.keys.say(_("{name} says: {text}").format(name=line.name, text=line.text))
        self.chat_seen = s.chat_total
        while s.notices:
            self.toast.show(s.notices.popleft(), 4.0)
            self.dirty = True
        key = (s.status, s.info)
        if key != self._last_news:
            self._say_news(*key)
            self._last_news = key
            self.dirty = True

    def _say_news(self, status: str, info: TableInfo | None) -> None:
        """Announce the connection going and coming back, and the other players'
        presence (away, back, an AI playing for them)."""
        if self._last_news is None:
            return  # the first news: the board's own announcements say the game
        old_status, old_info = self._last_news
        if status != old_status:
            if status == "online":
                self.keys.say(_("Connected again"), "alert")
            elif old_status == "online":
                self.keys.say(_("Connection lost: reconnecting"), "alert")
        if status == "online" and info is not None and old_info is not None:
            for line in table_changes(old_info, info, self.remote.local, False):
                self.keys.say(line)
            if info.paused is None and old_info.paused is not None:
                self.keys.say(_("The server can save again: play goes on"), "alert")

    # ------------------------------------------------------------ input

    def submit(self, action: object) -> None:
        """Send the move; a move the server refuses says why (its words, or the
        client's for a code such as `cannot_save`)."""
        try:
            update = self.remote.submit(action)  # type: ignore[arg-type]
        except IllegalActionError as e:
            self.toast.show(error_text(e), 4.0)
            return
        self.play(update)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if self.typing is not None:
            return self._type(e)
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_p):
            self.ctx.stack.push(OnlinePauseScene(self.ctx, self.remote))
            return True
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and not self.queue.busy:
            self.typing = ""
            pygame.key.start_text_input()
            self.dirty = True
            return True
        return super().handle_event(e)

    def _type(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if e.type == pygame.TEXTINPUT:
            self.typing = ((self.typing or "") + e.text)[:MAX_CHAT]
        elif e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.typing and self.typing.strip():
                    self.remote.send_chat(self.typing)
                self.typing = None
            elif e.key == pygame.K_ESCAPE:
                self.typing = None
            elif e.key == pygame.K_BACKSPACE:
                self.typing = (self.typing or "")[:-1]
        elif e.type == pygame.MOUSEMOTION:
            return super().handle_event(e)
        return True

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._presence(surface)

    def _presence(self, surface: pygame.Surface) -> None:
        """A dot on each player's row: green connected, grey away, 'AI' for a stand-in."""
        s = self.remote
        if s.info is None or s.status != "online":
            return  # while we are away ourselves, we do not know who else is there
        f = self.layout.font
        for seat in s.info.seats:
            if seat.kind == "ai":
                continue
            r = self.layout.player_row(seat.seat)
            c = (r.right - f // 2 - 2, r.y + f // 2 + 2)
            if seat.standin:
                blit_text(surface, self.ctx.assets, _("AI plays"), max(10, int(f * 0.75)),
                          theme.ACCENT, (c[0] + 4, c[1]), "midright", bold=True)
                continue
            pygame.draw.circle(surface, theme.GOOD if seat.connected else (120, 120, 120),
                               c, max(3, f // 4))

    def status_text(self) -> str | None:
        """Why the game cannot go on (the connection is lost, or the server cannot save),
        or None."""
        s = self.remote
        if s.status == "online":
            return None if s.info is None or s.info.paused is None else \
                cannot_save_text(s.info.paused)
        return _("Connection lost \u2014 reconnecting\u2026") if s.status in (
            "reconnecting", "connecting") else _("Not connected")

    def _status(self) -> None:
        """While the game cannot go on, the board's toast says why and stays; while a
        chat line is typed, it shows the line. Its home is the caption strip under the
        map: it covers no city name (the caption gives way)."""
        text = self.status_text()
        if text is None and self.typing is not None:
            # TRANSLATORS: the chat line being typed; | is the cursor
            text = _("Say: {text}|").format(text=self.typing)
        if text is None:
            if self.status_shown is not None and self.toast.text == self.status_shown:
                self.toast.left = 0.0  # back online, or the line was sent: it goes at once
                self.dirty = True
            self.status_shown = None
        elif self.toast.text != text or self.toast.left < STATUS_HOLD:
            self.toast.show(text, STATUS_HOLD * 2, say=False)  # announced elsewhere
            self.status_shown = text
            self.dirty = True


class ConnectionLostScene(Scene):
    """The link to the table ended for good: say why; Rejoin or go to the menu."""

    opaque = False

    def __init__(self, ctx: AppContext, session: RemoteSession) -> None:
        super().__init__(ctx)
        self.session = session
        self.reason = closed_text(session.closed)
        self.rejoin = Button(N_("Rejoin"), primary=True)
        self.menu = Button(N_("Menu"))
        self.on_resize(ctx.size)

    def on_enter(self) -> None:
        from ttr.ui.announce import say_here

        say_here(self.ctx.extras,
                 _("Connection lost: {why}. Enter rejoins, Esc goes to the menu.").format(
                     why=self.reason),
                 "alert")

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.font_px = f = ui_font(size, self.ctx.settings)  # follows the text size
        self.box = pygame.Rect(0, 0, min(w - 40, max(480, w // 3, f * 30)),
                               min(h - 40, max(220, h // 4, f * 13)))
        self.box.center = (w // 2, h // 2)
        bh = max(38, f * 5 // 2)
        half = (self.box.w - 72) // 2
        self.menu.rect = pygame.Rect(self.box.x + 24, self.box.bottom - bh - 20, half, bh)
        self.rejoin.rect = pygame.Rect(self.box.right - 24 - half, self.menu.rect.y, half, bh)
        self.dirty = True

    def handle_event(self, e: pygame.event.Event) -> bool:
        from ttr.ui.scenes.online import saved_creds

        if self.rejoin.clicked(e) or (e.type == pygame.KEYDOWN and e.key == pygame.K_RETURN):
            creds = saved_creds(self.ctx)
            if creds is not None:
                from ttr.ui.scenes.lobby import LobbyScene
                from ttr.ui.scenes.menu import MenuScene

                self.ctx.stack.clear_to(MenuScene(self.ctx))
                self.ctx.stack.push(LobbyScene.rejoin(self.ctx, creds))
            return True
        if self.menu.clicked(e) or (e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE):
            self.ctx.nav.to_menu()
            return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        panel(surface, self.box, theme.PANEL, theme.BAD, 14)
        size = self.font_px
        blit_text(surface, a, _("Connection lost"), size * 5 // 4, theme.BAD,
                  (self.box.centerx, self.box.y + 16), "midtop", bold=True)
        wrap_text(surface, a, self.reason[0].upper() + self.reason[1:], size, theme.TEXT,
                  pygame.Rect(self.box.x + 24, self.box.y + size * 3, self.box.w - 48,
                              self.menu.rect.y - self.box.y - size * 3 - 8))
        self.menu.draw(surface, a)
        self.rejoin.draw(surface, a)


class OnlineScoringScene(ScoringScene):
    """The final tally; the second button goes back to the Online menu."""

    def __init__(self, ctx: AppContext, session: RemoteSession, map_def: MapDefinition
                 ) -> None:
        super().__init__(ctx, session, map_def)
        self.again.label = N_("Online menu")

    def handle_event(self, e: pygame.event.Event) -> bool:
        if self.finished and (self.again.clicked(e) or (
                e.type == pygame.KEYDOWN and e.key == pygame.K_RETURN)):
            from ttr.ui.scenes.online import OnlineMenuScene

            self.ctx.nav.to_menu()
            self.ctx.stack.push(OnlineMenuScene(self.ctx))
            return True
        return super().handle_event(e)
