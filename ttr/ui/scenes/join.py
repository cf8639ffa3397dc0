"""The screens that ask for an address: Join a game (the host's address and invite
code, your name) and Host on a server (the server's address). Games on the local
network are listed (found by service discovery) and fill in the address: a click, or
Up/Down. Everything is announced: the screen and its field, Tab's field, the games found,
the messages."""

from __future__ import annotations

import logging

import pygame

from ttr.i18n import N_, _, ngettext, number, pgettext
from ttr.net.discovery import Browser, Found
from ttr.net.protocol import CODE_ALPHABET, MAX_NAME
from ttr.ui import theme
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.common import backdrop
from ttr.ui.scenes.online_text import block, text_height
from ttr.ui.scenes.textfield import TextField, focus_next
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import Button, Toast, blit_text, panel, wrap_text

logger = logging.getLogger(__name__)

ADDRESS_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.:-_[]/"


class AddressScene(Scene):
    """An address field (and the subclass's other fields), the games found on the local
    network, Back and one primary button; Enter or the button calls `submit`."""

    title = ""
    keys_line = ""
    """The title and the keys line, marked with `N_` (worded where drawn and said)."""
    no_address = ""
    """What the toast says when the address field is empty (marked with `N_`)."""

    def __init__(self, ctx: AppContext, address: str, label: str, hint: str,
                 button: str, more: list[TextField]) -> None:
        super().__init__(ctx)
        self.address = TextField(label, address, 80, hint, ADDRESS_CHARS)
        self.fields = [self.address, *more]
        next(f for f in self.fields if not f.text or f is self.fields[-1]).focused = True
        self.join = Button(button, primary=True)
        self.back = Button(N_("Back"))
        self.toast = Toast()
        self.browser = Browser(ctx.extras.get("lan_interfaces"))  # type: ignore[arg-type]
        self.found: list[Found] = []
        self.found_rects: list[pygame.Rect] = []
        self.picked = -1
        """The found game Up/Down last put in the address field."""
        self.toast.on_show = lambda text: self.say(text, "alert")
        self.on_resize(ctx.size)

    def submit(self) -> None:
        """Enter or the primary button: go on with what the fields say."""
        raise NotImplementedError

    def say(self, text: str, kind: str = "reply") -> None:
        """Announce (captions, and speech when it is on)."""
        from ttr.ui.announce import say_here

        say_here(self.ctx.extras, text, kind)

    def field_words(self) -> str:
        """The focused field as said: `Invite code: empty` or `Your name: Ann`."""
        f = next((f for f in self.fields if f.focused), self.fields[0])
        return _("{field}: {text}").format(field=_(f.label),
                                             text=f.text or pgettext("text field", "empty"))

    def on_enter(self) -> None:
        pygame.key.start_text_input()
        self.browser.start()
        self.say(f"{_(self.title)}. {self.field_words()}. {_(self.keys_line)}.", "alert")

    def on_exit(self) -> None:
        pygame.key.stop_text_input()
        self.browser.close()

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.font_px = px = ui_font(size, self.ctx.settings)
        cw = min(w - 60, max(900, px * 52))  # grows with text
        x0 = (w - cw) // 2
        fh = max(36, px * 5 // 2)  # the fields' text follows the text size
        top = max(90, h // 6) + fh  # below the title band, room for a label
        y = top
        left = int(cw * 0.55)
        for f in self.fields:
            f.rect = pygame.Rect(x0, y, left, fh)
            y += fh * 2
        self.list_rect = pygame.Rect(x0 + left + 24, top - fh // 2, cw - left - 24, fh * 6)
        self.back.rect = pygame.Rect(x0, y + fh // 2, int(cw * 0.2), int(fh * 1.2))
        self.join.rect = pygame.Rect(0, 0, int(cw * 0.3), int(fh * 1.2))
        self.join.rect.topright = (x0 + left, y + fh // 2)
        self.dirty = True

    def address_ok(self) -> bool:
        """Whether the address field holds an address (else a toast says what is wrong)."""
        from ttr.net.messages import server_url

        try:
            server_url(self.address.text)
        except ValueError as e:
            self.toast.show(str(e) if self.address.text else _(self.no_address), 4.0)
            return False
        return True

    def update(self, dt: float) -> None:
        found = self.browser.found()
        if found != self.found:
            if len(found) > len(self.found):
                self.say(ngettext("{n} game on this network; Up or Down puts one in the "
                                  "address: {game}", "{n} games on this network; Up or Down "
                                  "puts one in the address: {game}", len(found)).format(
                    n=number(len(found)), game=_game_words(found[-1])), "event")
            self.found = found
            self.picked = -1
            self.dirty = True
        if self.toast.active:
            self.toast.update(dt)
            self.dirty = True

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()
                return True
            if e.key == pygame.K_ESCAPE:
                self.ctx.stack.pop(self)
                return True
            if e.key == pygame.K_TAB:
                focus_next(self.fields)
                self.say(self.field_words())
                return True
            if e.key in (pygame.K_UP, pygame.K_DOWN) and self.found:
                step = 1 if e.key == pygame.K_DOWN else -1
                self.picked = (self.picked + step) % len(self.found[:5])
                self._use(self.found[self.picked])
                return True
        if self.join.clicked(e):
            self.submit()
            return True
        if self.back.clicked(e):
            self.ctx.stack.pop(self)
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for game, r in zip(self.found, self.found_rects, strict=False):
                if r.collidepoint(e.pos):
                    self._use(game)
                    return True
        used = False
        for f in self.fields:
            used = f.handle(e) or used
        return used

    def _use(self, game: Found) -> None:
        """Put a found game's address in the field; the focus goes on to the next one."""
        self.address.text = game.address
        after = self.fields[min(1, len(self.fields) - 1)]
        for fld in self.fields:
            fld.focused = fld is after
        self.say(_("Address {address}: {game}. {field}").format(
            address=game.address, game=_game_words(game), field=self.field_words()))

    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        backdrop(surface, a, _(self.title))
        w, h = surface.get_size()
        for f in self.fields:
            f.draw(surface, a)
        self.back.draw(surface, a)
        self.join.draw(surface, a)
        r = self.list_rect
        size = self.font_px
        p = max(8, size * 2 // 3)  # the margins grow with the text
        panel(surface, r, theme.PANEL, theme.PANEL_EDGE, p)
        blit_text(surface, a, _("On this network"), size, theme.ACCENT, (r.x + p, r.y + p),
                  bold=True)
        self.found_rects = []
        y = r.y + p * 2 + size * 3 // 2
        if self.browser.problem:
            wrap_text(surface, a, self.browser.problem, size, theme.TEXT_DIM,
                      pygame.Rect(r.x + p, y, r.w - 2 * p, r.bottom - y - p))
        elif not self.found:
            blit_text(surface, a, _("Looking for games\u2026"), size, theme.TEXT_DIM,
                      (r.x + p, y))
        for game in self.found[:5]:  # each line wrapped to the row, never shrunk
            head, tw = f"{game.host}  ({game.address})", r.w - 4 * p  # i18n: no (data)
            h1 = text_height(a, head, size, tw, bold=True)
            offer = found_words(game)
            row = pygame.Rect(r.x + p, y, r.w - 2 * p,
                              h1 + text_height(a, offer, size, tw) + p * 3 // 2)
            if row.bottom > r.bottom - p:
                break
            hover = row.collidepoint(pygame.mouse.get_pos())
            panel(surface, row, theme.PANEL_LIGHT if hover else theme.PANEL, theme.PANEL_EDGE,
                  p // 2)
            wrap_text(surface, a, head, size, theme.TEXT,
                      pygame.Rect(row.x + p, row.y + p // 2, tw, h1), bold=True)
            wrap_text(surface, a, offer, size, theme.TEXT_DIM,
                      pygame.Rect(row.x + p, row.y + p // 2 + h1, tw,
                                  row.bottom - row.y - p // 2 - h1))
            self.found_rects.append(row)
            y = row.bottom + p // 2
        block(surface, a, _(self.keys_line), size, theme.TEXT_DIM, w // 2, h - 8, w - 40,
              bottom=True)
        self.toast.draw(surface, a, (w // 2, self.join.rect.bottom + 40))


def found_words(game: Found) -> str:
    """What a found server offers: `USA: 2 of 4 seats taken`, or that it has no open
    table (a server that does not say more: its detail as sent)."""
    from ttr.ui.scenes.lobby_words import table_title

    if game.seats:
        return ngettext("{table}: {taken} of {seats} seat taken",
                        "{table}: {taken} of {seats} seats taken", game.seats).format(
            table=table_title(game.map_id, game.variant), taken=number(game.taken),
            seats=number(game.seats))
    return game.detail or _("no open table")


def _game_words(game: Found) -> str:
    """A game found on the network, as said: `Ann's computer, USA: 2 of 4 seats taken`."""
    return f"{game.host}, {found_words(game)}"


class JoinScene(AddressScene):
    """Join a game: the host's address, the invite code and your name."""

    title = N_("Join a game")
    keys_line = N_("Tab moves between fields \u00b7 Up/Down picks a game found on this network "
                   "\u00b7 Enter joins \u00b7 Esc goes back")
    no_address = N_("Type the host's address")

    def __init__(self, ctx: AppContext, address: str = "", code: str = "",
                 name: str = "") -> None:
        self.code = TextField(N_("Invite code"), code, 12, "ABCD-EFGH",
                              CODE_ALPHABET + CODE_ALPHABET.lower() + "-")
        self.name = TextField(N_("Your name"), name or str(ctx.extras.get("online_name", "")),
                              MAX_NAME, N_("Player"))
        super().__init__(ctx, address, N_("Address of the host"), "192.168.1.20:8765",
                         N_("Join"), [self.code, self.name])

    def submit(self) -> None:
        from ttr.ui.scenes.lobby import LobbyScene

        if not self.address_ok():
            return
        if len(self.code.text.replace("-", "")) < 8:
            self.toast.show(_("The invite code has 8 letters and digits (like ABCD-EFGH)"), 4.0)
            return
        name = " ".join(self.name.text.split()) or _("Player")
        self.ctx.extras["online_name"] = name
        self.ctx.stack.push(LobbyScene.joining(self.ctx, self.address.text, self.code.text,
                                               name))


class ServerPickScene(AddressScene):
    """Host on a dedicated server (`ttr serve`): its address, then the New game screen;
    the table opens there and friends join it with the invite code."""

    title = N_("Host on a server")
    keys_line = N_("Enter goes on to the table's seats \u00b7 Esc goes back")
    no_address = N_("Type the server's address")

    def __init__(self, ctx: AppContext, address: str = "") -> None:
        super().__init__(ctx, address or str(ctx.extras.get("server_address", "")),
                         N_("Address of the server"), "ttr.example.org:8765", N_("Next"), [])

    def submit(self) -> None:
        from ttr.ui.scenes.host import HostSetupScene

        if not self.address_ok():
            return
        self.ctx.extras["server_address"] = self.address.text.strip()
        self.ctx.stack.push(HostSetupScene(self.ctx, server=self.address.text.strip()))
