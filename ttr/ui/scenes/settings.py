"""Settings: language, speeds, fullscreen, colour-blind mode, sound, confirm-before-claim,
hints; saved at once. A new language shows at once (the app lays every scene out again)."""

from __future__ import annotations

import pygame

from ttr import i18n
from ttr.i18n import N_, _, number
from ttr.ui import theme
from ttr.ui.prefs import SPEEDS, TEXT_SIZES
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.common import backdrop, focus_step
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import Button, Picker, columns, wrap_text


def speed_label(v: float) -> str:
    """0 -> Instant, 1 -> Normal, else 1.5x slower etc. (in the current language)."""
    if v == 0:
        return _("Instant")
    if v == 1:
        return _("Normal")
    # TRANSLATORS: an animation speed; {times} is a factor such as 1.5 (the time taken)
    text = _("faster ({times}\u00d7 time)") if v < 1 else _("slower ({times}\u00d7 time)")
    return text.format(times=number(v, len(f"{v:g}".partition(".")[2])))


OFF_ON = [N_("Off"), N_("On")]


class SettingsScene(Scene):
    """Pickers for the preferences; changes apply at once and are saved on leaving."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        s = ctx.settings
        codes = list(i18n.LANGUAGES)
        here = i18n.language()
        # the languages' names in themselves (never translated), so anyone finds theirs
        self.lang = Picker(N_("Language"), list(i18n.LANGUAGES.values()),
                           codes.index(here) if here in codes else 0)
        self.anim = Picker(N_("Animations"), [], _nearest(s.animation_speed))
        self.pace = Picker(N_("AI pace"), [], _nearest(s.ai_pace))
        self.full = Picker(N_("Fullscreen"), OFF_ON, int(s.fullscreen))
        self.cb = Picker(N_("Colour-blind symbols"), OFF_ON, int(s.colorblind))
        self.hc = Picker(N_("High contrast"), OFF_ON, int(s.high_contrast))
        self.speech = Picker(N_("Speech"), OFF_ON, int(s.speech))
        self.speech_note = ""
        self.sound = Picker(N_("Sound"), OFF_ON, int(s.sound))
        vol = min(range(len(VOLUMES)), key=lambda i: abs(VOLUMES[i] - 100 * s.volume))
        self.volume = Picker(N_("Volume"), [], vol)
        self.confirm = Picker(N_("Confirm claims"), list(CONFIRM.values()),
                              list(CONFIRM).index(s.confirm_claim))
        self.text = Picker(N_("Text size"), [],
                           TEXT_SIZES.index(s.text_size) if s.text_size in TEXT_SIZES else 0)
        self.hints = Picker(N_("Hints"), [N_("Hidden"), N_("Shown")], int(s.hints))
        self.back = Button(N_("Back"), primary=True)
        self.pickers = [self.lang, self.anim, self.pace, self.full, self.cb, self.hc,
                        self.speech, self.sound, self.volume, self.confirm, self.text,
                        self.hints]
        self.items: list[Picker | Button] = [*self.pickers, self.back]
        self.focus = 0
        self.on_resize(ctx.size)

    def _word(self) -> None:
        """The options worded in the current language (numbers, speeds)."""
        labels = [speed_label(v) for v in SPEEDS]
        self.anim.options, self.pace.options = labels, list(labels)
        self.volume.options = [percent(v) for v in VOLUMES]
        self.text.options = [percent(v) for v in TEXT_SIZES]

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay out (again after a resize, a new text size or a new language)."""
        self._word()
        w, h = size
        f = self.f = ui_font(size, self.ctx.settings)  # every text follows the text size
        ih = max(30, int(f * 2.6))
        need = max(p.width(self.ctx.assets, max(12, int(ih * 0.4))) for p in self.pickers)
        top = max(90, h // 6) + f  # just below the title band (`backdrop`)
        room = h - top - f * 4
        iw = max(420, w // 3, f * 27, need)  # the longest label and option whole
        if ih * len(self.items) * 4 // 3 > room:  # two columns (a long option may shrink)
            iw = min(iw, (w - 40 - f * 2) // 2)
        columns(self.items, w, top, room, min(iw, w - 40), ih, f * 2)
        at = self.back.rect.midtop  # Back is half as wide
        self.back.rect.w = iw // 2
        self.back.rect.midtop = at
        self._mark()
        self.dirty = True

    def _mark(self) -> None:
        for i, it in enumerate(self.items):
            it.focused = i == self.focus

    def _apply(self) -> None:
        s = self.ctx.settings
        code = list(i18n.LANGUAGES)[self.lang.index]
        if code != i18n.language():
            s.language = code
            i18n.set_language(code)  # the app lays every scene out again before drawing
            self.on_resize(self.ctx.size)
        s.animation_speed = SPEEDS[self.anim.index]
        s.ai_pace = SPEEDS[self.pace.index]
        want = self.full.index == 1
        if want != s.fullscreen:
            s.fullscreen = want
            self.ctx.nav.toggle_fullscreen()
        s.colorblind = self.cb.index == 1
        if s.high_contrast != (self.hc.index == 1):
            from ttr.ui.contrast import use_high_contrast

            s.high_contrast = self.hc.index == 1
            use_high_contrast(s.high_contrast)
            self.ctx.assets.clear_sized()
        if s.speech != (self.speech.index == 1):
            from ttr.ui.announce import announcer_of, set_speech

            s.speech = self.speech.index == 1
            self.speech_note = set_speech(announcer_of(self.ctx.extras), s.speech)
            if self.speech_note:
                s.speech = False
                self.speech.index = 0
            else:
                ann = announcer_of(self.ctx.extras)
                ann.say(_("Speech on: {voice}").format(voice=ann.voice) if s.speech
                        else _("Speech off"), None, "reply")
        s.sound = self.sound.index == 1
        s.volume = VOLUMES[self.volume.index] / 100
        s.confirm_claim = list(CONFIRM)[self.confirm.index]
        s.hints = self.hints.index == 1
        if s.text_size != TEXT_SIZES[self.text.index]:
            s.text_size = TEXT_SIZES[self.text.index]
            for scene in self.ctx.stack.scenes:  # every scene lays out again at the new size
                scene.on_resize(self.ctx.size)
        s.save(self.ctx.settings_file)  # saved immediately

    def on_enter(self) -> None:
        self._say(_("Settings") + ". ")

    def _say(self, head: str = "") -> None:
        """Announce the focused setting and its value (or why speech is unavailable)."""
        from ttr.ui.focus import say_focus

        it = self.items[self.focus]
        label = (_("{setting}: {value}").format(setting=_(it.label), value=_(it.value))
                 if isinstance(it, Picker) else _(it.label))
        if it is self.speech and self.speech_note:
            label += ". " + self.speech_note
        say_focus(self.ctx, head + label, self.focus, len(self.items))

    def _leave(self) -> None:
        self.ctx.settings.save(self.ctx.settings_file)
        self.ctx.stack.pop(self)

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if e.type == pygame.KEYDOWN:
            it = self.items[self.focus]
            if e.key == pygame.K_ESCAPE:
                self._leave()
            elif e.key in (pygame.K_LEFT, pygame.K_RIGHT) and isinstance(it, Picker):
                it.step(1 if e.key == pygame.K_RIGHT else -1)
                self._apply()
                self._say()
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if it is self.back:
                    self._leave()
                elif isinstance(it, Picker):
                    it.step(1)
                    self._apply()
            else:
                self.focus = focus_step(self.focus, len(self.items), e.key, getattr(e, "mod", 0))
                self._mark()
                self._say()
            return True
        if self.back.clicked(e):
            self._leave()
            return True
        for p in self.pickers:
            if p.handle(e):
                self._apply()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        backdrop(surface, a, _("Settings"))
        for it in self.items:
            it.draw(surface, a)
        w, h = surface.get_size()
        note = self.speech_note or _(
            "Animations: how long cards and trains take to move. AI pace: the pause "
            "between computer moves. Instant skips both.")
        below = max(it.rect.bottom for it in self.items) + self.f
        left = min(it.rect.x for it in self.items)  # under the columns, not the window edge
        right = max(it.rect.right for it in self.items)
        wrap_text(surface, a, note, self.f, theme.TEXT_DIM,
                  pygame.Rect(left, below, max(1, right - left), max(1, h - below)))


VOLUMES = tuple(range(0, 101, 10))
CONFIRM = {"hot-seat": N_("In hot-seat games"), "always": N_("Always"), "never": N_("Never")}


def percent(v: int) -> str:
    """`v` percent, the current language's way (`50 %` in French and German)."""
    # TRANSLATORS: a percentage; write it your language's way (e.g. "{n} %")
    return _("{n}%").format(n=number(v))


def _nearest(v: float) -> int:
    return min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - v))
