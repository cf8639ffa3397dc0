"""The main menu: New game, Continue, Online, Load, Replays, Statistics, Settings, How to
play, Learn to play (offered in the menu's message on the very first start), Quit. The
first start's message also offers colour-blind symbols: C turns them on (and saves it)."""

from __future__ import annotations

import pygame

from ttr.i18n import N_, _
from ttr.ui import theme
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.common import backdrop, focus_step
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import Button, blit_text, columns, widest, wrap_text, wrapped_height


class MenuScene(Scene):
    """Title screen with keyboard (arrows, Enter, Esc) and mouse navigation."""

    first = False
    """Whether the first start offers something (said on entry after the focused button)."""
    cb_offer = False
    """C turns colour-blind symbols on (offered once, on the first start)."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.buttons = [
            Button(N_("New game"), primary=True),
            Button(N_("Continue"), enabled=False, tip=N_("No saved game yet")),
            Button(N_("Online")),
            Button(N_("Load game")),
            Button(N_("Replays")),
            Button(N_("Statistics")),
            Button(N_("Settings")),
            Button(N_("How to play")),
            Button(N_("Learn to play"),
                   tip=N_("A guided first game against a gentle computer player")),
            Button(N_("Quit")),
        ]
        self.focus = 0
        self.news = ""
        """What happened last (worded then): a problem at start, the autosave's news."""
        self.greeting: list[str] = []
        """The first start's offers, as messages worded where shown (the language may change
        before they are read)."""
        self.told = False
        self.check_autosave()
        from ttr.ui.scenes.learn import LESSON_OFFER, first_start_offer

        if first_start_offer(ctx):
            self.greeting.append(LESSON_OFFER)
        self.cb_offer = not (ctx.settings.colorblind or ctx.settings.colorblind_offered)
        if self.cb_offer:
            ctx.settings.colorblind_offered = True
            ctx.settings.save(ctx.settings_file)
            self.greeting.append(CB_OFFER)
        self.first = bool(self.greeting)
        self.layout(ctx.size)

    @property
    def message(self) -> str:
        """The line under the buttons, in the language spoken now."""
        return " ".join([*(_(m) for m in self.greeting), self.news]).strip()

    @message.setter
    def message(self, text: str) -> None:
        self.news, self.greeting = text, []

    def check_autosave(self) -> None:
        """Enable Continue when the autosave loads; a broken one is reported, moved aside."""
        from ttr.store.autosave import peek_autosave
        from ttr.ui.scenes.saves import folders

        save, err = peek_autosave(folders(self.ctx))
        self.buttons[1].enabled = save is not None
        notice = self.ctx.extras.get("notice")
        startup = "" if self.told else " ".join(
            m for m in (self.ctx.settings.problem, notice) if isinstance(m, str) and m)
        self.told = True  # what went wrong at start is said once, with the autosave's news
        news = " ".join(m for m in (err, startup) if m)
        if news:
            self.news = news

    def on_resume(self) -> None:
        self.check_autosave()
        self.dirty = True
        self.say_focus()

    def on_enter(self) -> None:
        from ttr.ui.announce import say_here

        self.say_focus(_("Main menu.") + " ")
        if self.first:  # after the focus, and not dropped by the next key
            say_here(self.ctx.extras, self.message, "alert")

    def accept_colorblind(self) -> None:
        """The first start's offer taken: colour-blind symbols on, saved, said."""
        from ttr.ui.announce import say_here

        s = self.ctx.settings
        s.colorblind, self.cb_offer = True, False
        s.save(self.ctx.settings_file)
        self.greeting = [CB_ON if m == CB_OFFER else m for m in self.greeting]
        say_here(self.ctx.extras, _(CB_ON))

    def say_focus(self, head: str = "") -> None:
        """Announce the focused button."""
        from ttr.ui.focus import say_focus

        b = self.buttons[self.focus]
        say_focus(self.ctx, head + _(b.label), self.focus, len(self.buttons))

    def layout(self, size: tuple[int, int]) -> None:
        """Place the buttons for this window size."""
        w, h = size
        f = ui_font(size, self.ctx.settings)  # every text follows the text size
        self._laid = self.message
        bh = max(30, int(f * 2.6))
        label = max(12, int(bh * 0.42))
        bw = max(260, w // 5, f * 16, widest(self.ctx.assets, [b.label for b in self.buttons],
                                              label) + label * 2)
        room = h - int(h * 0.3) - f * 3  # above the keys line
        if self.message:  # and above the message, wrapped
            room -= wrapped_height(self.ctx.assets, self.message, f, self._box_w(size)) + 12
        columns(self.buttons, w, int(h * 0.3), room, bw, bh, f * 2)
        self._mark_focus()

    def _box_w(self, size: tuple[int, int]) -> int:
        """The message's width."""
        return min(size[0] - 40, 60 * ui_font(size, self.ctx.settings))

    def _mark_focus(self) -> None:
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout(size)
        self.dirty = True

    def activate(self, i: int) -> None:
        """Run button `i`."""
        from ttr.ui.scenes.howto import HowToScene
        from ttr.ui.scenes.settings import SettingsScene
        from ttr.ui.scenes.setup import SetupScene

        nav = self.ctx.nav
        label = self.buttons[i].label
        if not self.buttons[i].enabled:
            return
        if label == N_("New game"):
            self.ctx.stack.push(SetupScene(self.ctx, self.ctx.last_setup))
        elif label == N_("Continue"):
            from ttr.ui.scenes.saves import continue_game

            self.message = continue_game(self.ctx) or ""
            self.check_autosave()
        elif label == N_("Online"):
            from ttr.ui.scenes.online import OnlineMenuScene

            self.ctx.stack.push(OnlineMenuScene(self.ctx))
        elif label in (N_("Load game"), N_("Replays"), N_("Statistics")):
            from ttr.ui.scenes import replay, saves, stats

            make = {N_("Load game"): saves.LoadScene, N_("Replays"): replay.ReplaysScene,
                    N_("Statistics"): stats.StatsScene}[label]
            self.ctx.stack.push(make(self.ctx))
        elif label == N_("Settings"):
            self.ctx.stack.push(SettingsScene(self.ctx))
        elif label == N_("How to play"):
            self.ctx.stack.push(HowToScene(self.ctx))
        elif label == N_("Learn to play"):
            from ttr.ui.scenes.learn import LearnScene

            self.ctx.stack.push(LearnScene(self.ctx))
        elif label == N_("Quit"):
            nav.quit()

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.activate(self.focus)
            elif e.key == pygame.K_ESCAPE:
                self.ctx.nav.quit()
            elif e.key == pygame.K_c and self.cb_offer:
                self.accept_colorblind()
            else:
                n = len(self.buttons)
                self.focus = focus_step(self.focus, n, e.key, getattr(e, "mod", 0))
                while not self.buttons[self.focus].enabled:
                    self.focus = focus_step(self.focus, n, e.key, getattr(e, "mod", 0))
                self._mark_focus()
                self.say_focus()
            return True
        for i, b in enumerate(self.buttons):
            if b.clicked(e):
                self.activate(i)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        if self.message != self._laid:  # room for the message as it is now
            self.layout(surface.get_size())
        backdrop(surface, a, _("Ticket to Ride"), _("A cross-country train adventure"))
        for b in self.buttons:
            b.draw(surface, a)
        w, h = surface.get_size()
        f = ui_font((w, h), self.ctx.settings)
        cont = self.buttons[1]
        if not cont.enabled:
            none = _("no saved game")
            tw = a.text(none, f, theme.TEXT_DIM).get_width()
            right = pygame.Rect(cont.rect.right + 10, cont.rect.y, tw, cont.rect.h)
            if right.collidelist([b.rect for b in self.buttons]) < 0 and right.right <= w:
                blit_text(surface, a, none, f, theme.TEXT_DIM, right.midleft, "midleft")
            elif cont.rect.x - 10 - tw >= 0:  # two columns: on the left of the button
                blit_text(surface, a, none, f, theme.TEXT_DIM,
                          (cont.rect.x - 10, cont.rect.centery), "midright")
            elif not self.message:  # no room beside it: under the buttons
                blit_text(surface, a, none, f, theme.TEXT_DIM,
                          (w // 2, max(b.rect.bottom for b in self.buttons) + 12), "midtop")
        if self.message:
            size, top = f, max(b.rect.bottom for b in self.buttons) + 12
            box = pygame.Rect(0, top, self._box_w((w, h)), h - top - 3 * size)
            box.centerx = w // 2
            if a.text(self.message, size, theme.BAD).get_width() <= box.w:
                blit_text(surface, a, self.message, size, theme.BAD, box.midtop, "midtop")
            else:
                wrap_text(surface, a, self.message, size, theme.BAD, box)
        blit_text(surface, a, _("Arrows + Enter to choose \u00b7 F11 fullscreen \u00b7 Esc quits"),
                  f, theme.TEXT_DIM, (w // 2, h - f // 2), "midbottom")


CB_OFFER = N_("Colour-blind? Press C to mark every card and route colour with a symbol "
              "(Settings changes it later).")
CB_ON = N_("Colour-blind symbols are on (Settings, Colour-blind symbols, turns them off).")
