"""The lobby of an online table: who sits where, the invite, ready, Start, chat.

It connects first (starting this computer's server when hosting), then shows the table
as the server describes it; everyone's changes arrive from the server. When the game
starts, the board replaces it. A refused join (wrong code, full table) or a host that
cannot be reached is said here in words, with the way back.

Without a mouse and without sight: the whole table is announced when it arrives (and
again on W), then every change (`lobby_words`), chat lines and messages; Tab or
Up/Down move between the seats, the chat line, Leave and Start (or Ready), Left/Right
change the focused seat (the host: open or an AI level; your own: its colour), Enter
activates, Esc leaves.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pygame

from ttr.engine import TtrError
from ttr.i18n import N_, _, pgettext
from ttr.net.client import NetClient
from ttr.net.link import Credentials
from ttr.net.localfiles import client_tls
from ttr.net.messages import TableInfo, server_url
from ttr.net.protocol import MAX_CHAT, normal_code
from ttr.net.remote import RemoteSession
from ttr.net.words import can_start_text, cannot_save_text, closed_text
from ttr.store.problem_words import error_text
from ttr.ui import theme
from ttr.ui.focus import focus_ring, say_focus
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.common import backdrop, focus_step
from ttr.ui.scenes.lobby_words import seat_words, table_changes, table_summary, table_title
from ttr.ui.scenes.online import creds_path, forget_creds
from ttr.ui.scenes.online_text import block, text_height
from ttr.ui.scenes.textfield import TextField
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import Button, Toast, blit_text, panel, widest, wrap_text

logger = logging.getLogger(__name__)


LEAVE, START = N_("Leave"), N_("Start")
LOST = N_("Connection lost, trying again\u2026")
STATES = (N_("\u2713 ready"), N_("not ready"), N_("away"), N_("waiting"))
"""A human seat's state: ready, not ready, away, waiting for a player."""


def pretty_code(code: str) -> str:
    """`ABCDEFGH` -> `ABCD-EFGH` (easier to read aloud)."""
    return f"{code[:4]}-{code[4:]}" if len(code) == 8 else code


class LobbyScene(Scene):
    """Waiting for everyone; built by `hosting`, `joining` or `rejoin`."""

    def __init__(self, ctx: AppContext, title: str) -> None:
        super().__init__(ctx)
        self.title = title
        self.session: RemoteSession | None = None
        self.hosted: Any = None
        self.pending: tuple[Credentials, dict[str, Any] | None] | None = None
        self.error: str | None = None
        self.refused: str | None = None
        """The server's last refusal, in words (why a join failed, when it closes)."""
        self.address = ""
        """What the host tells friends (`192.168.1.20:8765`)."""
        self.lan = ""
        self.label = ""
        self.leave = Button(LEAVE)
        self.action = Button(START, primary=True)
        self.chat = TextField(N_("Chat"), "", MAX_CHAT, N_("Say something, Enter sends"))
        self.toast = Toast()
        self.seat_rows: list[tuple[int, pygame.Rect, pygame.Rect, pygame.Rect]] = []
        """(seat, row, colour box, kind box) as drawn."""
        self.focus: int | None = None
        """Keyboard focus (an index of `controls()`); None: Start/Ready, where it begins."""
        self.heard: TableInfo | None = None
        """The table as last announced (changes are announced against it)."""
        self.chat_heard = 0
        """Live chat lines announced (`RemoteSession.chat_total`)."""
        self.error_said: str | None = None
        self.toast.on_show = lambda text: self.say(text, "alert")
        self.on_resize(ctx.size)

    # ------------------------------------------------------------ building

    @classmethod
    def hosting(cls, ctx: AppContext, map_id: str, variant: str,
                seats: list[dict[str, str]], hints: bool = True) -> LobbyScene:
        """Start (or reuse) this computer's server, then open a table on it (`hints`:
        may the coach give hints there)."""
        from ttr.net.discovery import lan_address
        from ttr.net.hosting import HostedServer
        from ttr.store.paths import log_dir, server_dir

        scene = cls(ctx, N_("Hosting a game"))
        hosted = ctx.extras.get("hosted")
        if not isinstance(hosted, HostedServer) or hosted.poll() == "failed":
            port = int(str(ctx.extras.get("host_port", 8765)))
            log = ctx.extras.get("server_log")
            hosted = HostedServer(server_dir(), port,
                                  log=log if isinstance(log, Path) else log_dir() / "server.log")
            log_dir().mkdir(parents=True, exist_ok=True)
            hosted.start()
            ctx.extras["hosted"] = hosted
        scene.hosted = hosted
        scene.lan = lan_address()
        op = {"kind": "create", "map": map_id, "variant": variant, "seats": seats,
              "hints": hints}
        scene.pending = (Credentials("", hosted=True), op)
        scene.label = _("{table}, hosted here").format(table=table_title(map_id, variant))
        return scene

    @classmethod
    def creating(cls, ctx: AppContext, address: str, map_id: str, variant: str,
                 seats: list[dict[str, str]], hints: bool = True) -> LobbyScene:
        """Open a table on a dedicated server (`ttr serve`) at `address` (`hints`: may
        the coach give hints there).

        Raises:
            ValueError: not an address.
        """
        scene = cls(ctx, N_("Hosting a game"))
        url = server_url(address)
        scene.address = address.strip()
        op = {"kind": "create", "map": map_id, "variant": variant, "seats": seats,
              "hints": hints}
        scene.pending = (Credentials(url), op)
        scene.label = _("{table} at {address}").format(table=table_title(map_id, variant),
                                                        address=scene.address)
        return scene

    @classmethod
    def joining(cls, ctx: AppContext, address: str, code: str, name: str) -> LobbyScene:
        """Connect to a host with an invite code."""
        scene = cls(ctx, N_("Joining a game"))
        url = server_url(address)
        scene.address = address.strip()
        scene.pending = (Credentials(url), {"kind": "join", "code": normal_code(code),
                                            "name": name})
        scene.label = _("at {address}").format(address=scene.address)
        return scene

    @classmethod
    def rejoin(cls, ctx: AppContext, creds: Credentials) -> LobbyScene:
        """Come back to a seat with its saved tokens (restarting our server if hosted)."""
        if creds.hosted:
            from urllib.parse import urlsplit

            port = urlsplit(creds.url).port
            ctx.extras["host_port"] = port or 8765
            scene = cls.hosting(ctx, "", "", [])
            scene.pending = (creds, None)
            scene.label = creds.label
            return scene
        scene = cls(ctx, N_("Rejoining"))
        scene.pending = (creds, None)
        scene.address = creds.url
        scene.label = creds.label
        return scene

    def _connect(self) -> None:
        assert self.pending is not None
        creds, op = self.pending
        self.pending = None
        if self.hosted is not None:
            creds.url = self.hosted.url
            creds.hosted = True
            self.address = f"{self.lan}:{self.hosted.port}"
        ctx = None
        ca = self.ctx.extras.get("tls_ca")
        if isinstance(ca, Path) and creds.url.startswith("wss://"):
            try:
                ctx = client_tls(ca)  # a self-signed server (checked by `ttr join`)
            except ValueError as e:
                self.error = str(e)
                return
        net = NetClient(creds, op, ctx).start()
        self.session = RemoteSession(net)
        self.session.on_welcome.append(self._welcomed)

    def _welcomed(self, session: RemoteSession) -> None:
        """Keep the tokens (Rejoin), said again once the table's names are known, and
        the decisions made here in the window's memory of the table (a review)."""
        creds = session.net.creds
        if session.spectator:
            return
        if creds.table:  # a review after a rejoin judges the decisions made before it too
            kept: dict[str, dict[int, Any]] = self.ctx.extras.setdefault(  # type: ignore[assignment]
                "online_decisions", {})
            session.keep_decisions_in(kept.setdefault(creds.table, {}))
        names = ", ".join(s.name for s in session.seats) if session.seats else ""
        where = (table_title(session.info.map_id, session.info.variant) if session.info
                 else self.label)
        creds.label = where + (f" with {names}" if names else "")
        try:
            creds.save(creds_path(self.ctx))
        except OSError as e:
            logger.warning("cannot keep the online credentials: %s", e)

    # ------------------------------------------------------------ flow

    def on_enter(self) -> None:
        pygame.key.start_text_input()

    def on_exit(self) -> None:
        pygame.key.stop_text_input()

    def update(self, dt: float) -> None:
        if self.toast.active:
            self.toast.update(dt)
            self.dirty = True
        if self.error is not None and self.error != self.error_said:
            self.error_said = self.error
            self.say(_("{why}. Enter or Esc goes back.").format(why=self.error.rstrip(".")),
                     "alert")
        if self.pending is not None:
            if self.hosted is None:
                self._connect()
            else:
                state = self.hosted.poll()
                if state == "ready":
                    self._connect()
                elif state == "failed":
                    self.error = _("The game server could not start: {why}").format(
                        why=self.hosted.error)
                    self.pending = None
                    self.dirty = True
            return
        s = self.session
        if s is None:
            return
        before = (s.status, s.info, len(s.chat), len(s.notices))
        s.pump()
        if (s.status, s.info, len(s.chat), len(s.notices)) != before:
            self.dirty = True
        while s.notices:
            self.refused = s.notices.popleft()
            self.toast.show(self.refused, 4.0)
        if s.closed is not None and not s.started:
            self.error = self._why(s, self.refused)
            self.session = None
            return
        self._announce(s)
        if s.info is not None and before[1] is None:
            self._welcomed(s)  # now with the map and the names
        if s.started and s.info is not None:
            self._welcomed(s)  # the names as they play
            self._to_board(s)
        if s.info is not None:
            self.label = table_title(s.info.map_id, s.info.variant)

    def say(self, text: str, kind: str = "event") -> None:
        """Announce (captions, and speech when it is on)."""
        from ttr.ui.announce import say_here

        say_here(self.ctx.extras, text, kind)

    def summary(self) -> str:
        """The whole table in words (W says it again)."""
        s = self.session
        if s is None or s.info is None:
            return self.error or _("{title}: connecting\u2026").format(title=_(self.title))
        return table_summary(s.info, s.local, s.host, self.address)

    def _announce(self, s: RemoteSession) -> None:
        """Say the table when it arrives, then what changed, and new chat lines."""
        info = s.info
        if info is None or s.started:
            return
        if self.heard is None:
            self.say(self.summary(), "alert")
        elif info is not self.heard:
            for change in table_changes(self.heard, info, s.local, s.host):
                self.say(change)
        self.heard = info
        for line in s.chat_after(self.chat_heard):
            self.say(_("{name} says: {text}").format(name=line.name, text=line.text))
        self.chat_heard = s.chat_total

    @staticmethod
    def _why(s: RemoteSession, refused: str | None) -> str:
        """Why the table could not be reached: the server's last refusal (a wrong code),
        else why the link closed."""
        reason = refused or closed_text(s.closed)
        return reason[:1].upper() + reason[1:]

    def _to_board(self, s: RemoteSession) -> None:
        from ttr.maps.mapfile import find_map
        from ttr.ui.scenes.online_board import OnlineBoardScene

        assert s.info is not None
        try:
            map_def = find_map(s.info.map_id)
        except (TtrError, ValueError) as e:
            self.error = _("This game's map is not on this computer: {why}").format(
                why=error_text(e))
            s.close()
            self.session = None
            return
        self.ctx.stack.clear_to(OnlineBoardScene(self.ctx, s, map_def))

    # ------------------------------------------------------------ input

    def _my_seats(self) -> tuple[int, ...]:
        return self.session.local if self.session is not None else ()

    def _press(self) -> None:
        s = self.session
        if s is None or s.info is None:
            return
        if s.host:
            if s.info.can_start is not None:
                self.toast.show(can_start_text(s.info.can_start), 4.0)
            else:
                s.send({"t": "start"})
            return
        mine = [x for x in s.info.seats if x.seat in s.local]
        ready = bool(mine) and all(x.ready for x in mine)
        s.send({"t": "ready", "ready": not ready})

    def _leave(self) -> None:
        s = self.session
        if s is not None:
            if s.info is not None and s.info.status == "lobby":
                s.send({"t": "leave"})
                forget_creds(self.ctx)
            s.net.close()
        self.session = None
        self.ctx.stack.pop(self)

    def _click_seat(self, pos: tuple[int, int]) -> bool:
        for seat, _row, color_box, kind_box in self.seat_rows:
            if color_box.collidepoint(pos) and self._recolour(seat):
                return True
            if kind_box.collidepoint(pos) and self._reassign(seat, 1):
                return True
        return False

    def _recolour(self, seat: int) -> bool:
        """Give this computer's `seat` the next free colour; False if it is not ours."""
        from ttr.net.table import SEAT_COLORS

        s = self.session
        if s is None or s.info is None or seat not in s.local:
            return False
        used = {x.color for x in s.info.seats}
        free = [c for c in SEAT_COLORS if c not in used] or list(SEAT_COLORS)
        s.send({"t": "profile", "seat": seat, "color": free[0]})
        return True

    def _reassign(self, seat: int, step: int) -> bool:
        """The host moves an open or AI `seat` to the next (`step` 1) or previous (-1) of
        open, then each AI level; False if that is not the host's to change."""
        from ttr.ui.scenes.setup import ai_levels

        s = self.session
        if s is None or s.info is None or not s.host:
            return False
        info = s.info.seats[seat]
        if info.kind == "human" and info.taken:
            return False
        cycle = ["open", *ai_levels()]
        now = info.level if info.kind == "ai" else "open"
        nxt = cycle[(cycle.index(now) + step) % len(cycle)] if now in cycle else "open"
        msg: dict[str, Any] = {"t": "assign", "seat": seat,
                               "kind": "open" if nxt == "open" else "ai"}
        if nxt != "open":
            msg["level"] = nxt
        s.send(msg)
        return True

    # ------------------------------------------------------------ keyboard focus

    def controls(self) -> list[tuple[str, int]]:
        """Every control in Tab order: (kind, seat or -1)."""
        s = self.session
        seats = [("seat", x.seat) for x in s.info.seats] if s and s.info else []
        return [*seats, ("chat", -1), ("leave", -1), ("action", -1)]

    def focused(self) -> tuple[str, int]:
        """The control with the keyboard focus (Start or Ready until moved)."""
        ctl = self.controls()
        if self.focus is None or self.focus >= len(ctl):
            self.focus = len(ctl) - 1
        return ctl[self.focus]

    def _move_focus(self, index: int) -> None:
        self.focus = index
        kind, _seat = self.focused()
        self.chat.focused = kind == "chat"
        self.say_focus()

    def say_focus(self) -> None:
        """Announce the focused control and what it does."""
        kind, seat = self.focused()
        s = self.session
        if kind == "seat" and s is not None and s.info is not None:
            label = seat_words(s.info.seats[seat], s.local)
            info = s.info.seats[seat]
            if seat in s.local:
                label = _("{seat}; Left or Right changes its colour").format(seat=label)
            elif s.host and not (info.kind == "human" and info.taken):
                label = _("{seat}; Left or Right: open, or an AI level").format(seat=label)
        elif kind == "chat":
            label = _("Chat line: type, Enter sends, Tab leaves it")
        elif kind == "leave":
            label = _(LEAVE)
        else:
            label = _(self.action.label)
        say_focus(self.ctx, label, self.focus or 0, len(self.controls()))

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if self.error is not None or self.session is None:
            if (e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_RETURN)) or \
                    self.leave.clicked(e):
                self._leave()
            return True
        if e.type == pygame.KEYDOWN and self._key(e):
            return True
        if self.leave.clicked(e):
            self._leave()
            return True
        if self.action.clicked(e):
            self._press()
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self._click_seat(e.pos):
            return True
        used = self.chat.handle(e)
        if e.type == pygame.MOUSEBUTTONDOWN:  # a click moves the focus to or off the chat
            chat = self.controls().index(("chat", -1))
            if self.chat.focused:
                self.focus = chat
            elif self.focus == chat:
                self.focus = None
        return used

    def _key(self, e: pygame.event.Event) -> bool:
        """Keys: see the module docstring. True if the key was used."""
        assert self.session is not None
        k = e.key
        kind, seat = self.focused()
        if k == pygame.K_ESCAPE:
            self._leave()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) or (k == pygame.K_SPACE
                                                          and kind != "chat"):
            if kind == "chat":
                if self.chat.text.strip():
                    self.session.send_chat(self.chat.text)
                self.chat.text = ""
            elif kind == "leave":
                self._leave()
            elif kind == "seat":
                self.say_focus()  # nothing to activate: the seat is read again
            else:
                self._press()
        elif k in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            self._move_focus(focus_step(self.focus or 0, len(self.controls()), k,
                                        getattr(e, "mod", 0)))
        elif kind == "chat":
            return False  # typing
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and kind == "seat":
            step = 1 if k == pygame.K_RIGHT else -1
            if not (self._recolour(seat) or self._reassign(seat, step)):
                self.say(_("That seat is not yours to change"), "reply")
        elif k == pygame.K_w:
            self.say(self.summary(), "reply")
        else:
            return False
        return True

    # ------------------------------------------------------------ drawing

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.font_px = f = ui_font(size, self.ctx.settings)  # every text follows the text size
        cw = min(w - 60, max(1100, f * 62))  # grows with text
        self.x0 = (w - cw) // 2
        self.cw = cw
        self.rh = max(40, f * 21 // 10)
        by = h - self.rh * 2 - 20
        self.leave.rect = pygame.Rect(self.x0, by, int(cw * 0.18), int(self.rh * 1.2))
        self.action.rect = pygame.Rect(0, 0, int(cw * 0.3), int(self.rh * 1.2))
        self.action.rect.topright = (self.x0 + cw, by)
        fh = max(36, f * 5 // 2)  # its text and label follow the text size
        self.chat.rect = pygame.Rect(self.x0 + int(cw * 0.52), by - fh - self.rh,
                                     cw - int(cw * 0.52), fh)
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        s = self.session
        below = backdrop(surface, a, _(self.title), self.label)
        w, h = surface.get_size()
        size = self.font_px
        top = below + size * 2
        if self.error is not None:
            box = pygame.Rect(self.x0, top, self.cw, self.rh * 4)
            panel(surface, box, theme.PANEL, theme.BAD, 12)
            wrap_text(surface, a, self.error, size, theme.TEXT, box.inflate(-32, -32))
            self.leave.label = N_("Back")
            self.leave.draw(surface, a)
            return
        if s is None or s.info is None:
            what = _("Starting the game server\u2026") if self.pending and self.hosted else \
                _("Connecting\u2026")
            if s is not None and s.status == "reconnecting":
                what = _(LOST)
            block(surface, a, what, size, theme.TEXT, w // 2, top + self.rh, self.cw)
            self.leave.draw(surface, a)
            return
        info = s.info
        left = pygame.Rect(self.x0, top, int(self.cw * 0.48), self.rh * 7)
        self._draw_seats(surface, left, size)
        right = pygame.Rect(self.x0 + int(self.cw * 0.52), top, self.cw - int(self.cw * 0.52),
                            size * 6)
        panel(surface, right, theme.PANEL, theme.ACCENT, 12)
        if s.host:
            blit_text(surface, a, _("Invite your friends"), size, theme.ACCENT,
                      (right.x + 16, right.y + size // 2), bold=True, max_width=right.w - 32)
            blit_text(surface, a, _("Address: {address}").format(address=self.address), size,
                      theme.TEXT,
                      (right.x + 16, right.y + size * 2), bold=True, max_width=right.w - 32)
            blit_text(surface, a, _("Code: {code}").format(code=pretty_code(info.code)), size,
                      theme.TEXT,
                      (right.x + 16, right.y + size * 7 // 2), bold=True,
                      max_width=right.w - 32)
            hint = _("They choose Online \u2192 Join a game. Over the internet your router "
                     "must forward this port to this computer.") if self.hosted is not None \
                else _("They choose Online \u2192 Join a game and type this address and code.")
        else:
            blit_text(surface, a, _("Waiting for the host to start"), size, theme.ACCENT,
                      (right.x + 16, right.y + size // 2), bold=True, max_width=right.w - 32)
            table = table_title(info.map_id, info.variant)  # the map's name, not its id
            wrap_text(surface, a, (_("{table}, hints on") if info.hints else
                                   _("{table}, hints off")).format(table=table),
                      size, theme.TEXT,
                      pygame.Rect(right.x + 16, right.y + size * 2, right.w - 32, size * 4))
            hint = _("Everyone is ready.") if info.can_start is None else \
                can_start_text(info.can_start)
        if info.paused is not None:
            hint = cannot_save_text(info.paused)
        hint_h = wrap_text(surface, a, hint, size, theme.BAD if info.paused else theme.TEXT_DIM,
                           pygame.Rect(right.x, right.bottom + 8, right.w, size * 5))
        self._draw_chat(surface, size, right.bottom + 8 + hint_h + size // 2)
        mine = [x for x in info.seats if x.seat in s.local]
        if s.host:
            self.action.label = START
            self.action.enabled = info.can_start is None
        else:
            self.action.label = N_("Not ready") if mine and all(x.ready for x in mine) else \
                N_("Ready")
            self.action.enabled = bool(mine)
        self.leave.label = LEAVE
        kind, seat = self.focused()
        self.leave.focused, self.action.focused = kind == "leave", kind == "action"
        self.leave.draw(surface, a)
        self.action.draw(surface, a)
        row = next((r for x, r, _, _ in self.seat_rows if kind == "seat" and x == seat), None)
        if row is not None:
            focus_ring(surface, row)
        if s.status != "online":
            blit_text(surface, a, _(LOST), size, theme.BAD,
                      (w // 2, self.leave.rect.bottom + size // 2), "midtop", bold=True)
        self.toast.draw(surface, a, (w // 2, self.leave.rect.top - 24))

    def _draw_seats(self, surface: pygame.Surface, box: pygame.Rect, size: int) -> None:
        a = self.ctx.assets
        s = self.session
        assert s is not None and s.info is not None
        from ttr.ai.base import agent_info

        blit_text(surface, a, _("Players"), size, theme.ACCENT, (box.x, box.y - 4),
                  "bottomleft", bold=True)
        self.seat_rows = []
        rh, gap = self.rh, self.rh // 4
        state_w = widest(a, STATES, size, bold=False)
        for i, seat in enumerate(s.info.seats):
            row = pygame.Rect(box.x, box.y + i * (rh + gap), box.w, rh)
            mine = seat.seat in s.local
            panel(surface, row, theme.PANEL_LIGHT if mine else theme.PANEL,
                  theme.ACCENT if mine else theme.PANEL_EDGE, 8)
            color_box = pygame.Rect(row.x + 6, row.y + 6, rh - 12, rh - 12)
            pygame.draw.rect(surface, theme.PLAYER_RGB.get(seat.color, (200, 200, 200)),
                             color_box, border_radius=6)
            if seat.kind == "ai":
                who = seat.name
                kind = _("AI: {level}").format(level=_(agent_info(seat.level).label)) \
                    if seat.level else _("AI")
            elif seat.taken:
                who, kind = seat.name, _("Here (you)") if mine else pgettext("seat", "Online")
            else:
                who, kind = _("Open seat"), pgettext("seat", "Online")
            blit_text(surface, a, who, size, theme.TEXT if seat.taken else theme.TEXT_DIM,
                      (color_box.right + 10, row.centery), "midleft", bold=seat.taken,
                      max_width=row.w * 2 // 5 - rh)
            kind_x = row.x + row.w * 2 // 5 + 10  # up to the seat's state, whole
            kind_box = pygame.Rect(kind_x, row.y + 4, row.right - 20 - state_w - kind_x, rh - 8)
            can_change = s.host and not (seat.kind == "human" and seat.taken)
            if can_change:
                panel(surface, kind_box, theme.PANEL, theme.PANEL_EDGE, 6)
            blit_text(surface, a, kind, size, theme.TEXT_DIM, kind_box.center, "center",
                      max_width=kind_box.w - 8)
            state = ""
            if seat.kind == "human" and seat.taken:
                state = _(STATES[0] if seat.ready else STATES[1]) \
                    if seat.connected else _(STATES[2])
            elif seat.kind == "human":
                state = _(STATES[3])
            blit_text(surface, a, state, size,
                      theme.GOOD if seat.ready and seat.connected else theme.TEXT_DIM,
                      (row.right - 10, row.centery), "midright")
            self.seat_rows.append((seat.seat, row, color_box, kind_box))
        if s.host:
            wrap_text(surface, a, _("Click an open or AI seat to change it, your colour box to "
                                    "change colour (or Tab to a seat, then Left/Right). W reads "
                                    "the table."),
                      size, theme.TEXT_DIM,
                      pygame.Rect(box.x, box.y + len(s.info.seats) * (rh + gap) + 4, box.w,
                                  size * 5))

    def _draw_chat(self, surface: pygame.Surface, size: int, top: int) -> None:
        """The last chat lines above the chat field, newest lowest, each wrapped (never
        shrunk); those that do not fit below `top` are left out."""
        a = self.ctx.assets
        s = self.session
        assert s is not None
        r = self.chat.rect
        y = self.chat.label_top() - 6
        for line in reversed(list(s.chat)[-5:]):
            text = f"{line.name}: {line.text}"
            lh = text_height(a, text, size, r.w)
            if y - lh < top:
                break
            y -= lh
            wrap_text(surface, a, text, size, theme.TEXT, pygame.Rect(r.x, y, r.w, lh))
            y -= size // 3
        self.chat.draw(surface, a)
