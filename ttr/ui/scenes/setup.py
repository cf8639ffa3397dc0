"""New game setup: map, variant, 2-5 seats (human or AI level), names and unique colours."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pygame

from ttr.engine import TtrError
from ttr.game.session import SeatSpec
from ttr.i18n import N_, _, ngettext, number
from ttr.store.problem_words import error_text
from ttr.ui import theme
from ttr.ui.scene import AppContext, NewGame, Scene
from ttr.ui.scenes.common import backdrop, band_bottom, lines
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import Button, Picker, Toast, blit_text, panel, wrap_text, wrapped_height
from ttr.ui.words import join_and, no_orphans

logger = logging.getLogger(__name__)
HUMAN = "human"
AI_NAMES = ("Ada", "Boris", "Chen", "Dora", "Emil")  # i18n: no (names)
KEYS = N_("Tab moves, arrows change, Enter activates or starts, Esc goes back \u00b7 click a "
          "colour to change it, a name to edit it.")


def ai_levels() -> list[str]:
    """Agent names offered as opponent levels (all agents while no level exists)."""
    from ttr.ai.base import agent_info, agent_names

    levels = [n for n in agent_names() if agent_info(n).level]
    return levels or agent_names()


def default_level(levels: list[str]) -> str:
    """Medium if it exists, else greedy, else the first level."""
    for name in ("medium", "greedy"):
        if name in levels:
            return name
    return levels[0]


@dataclass
class SeatRow:
    """One editable seat."""

    name: str
    color: str
    kind: str
    name_rect: pygame.Rect
    color_rect: pygame.Rect
    remove_rect: pygame.Rect
    kind_picker: Picker


class SetupScene(Scene):
    """One click to start: you against two Medium AIs on USA by default."""

    title = N_("New game")

    def __init__(self, ctx: AppContext, preset: NewGame | None = None) -> None:
        super().__init__(ctx)
        self.levels = ai_levels()
        self.kinds = [HUMAN, *self.levels]
        self.kind_labels = self._kind_labels()
        self.map_errors: dict[int, str] = {}
        """Errors of broken map files by their place in the list (a broken user file
        named like a bundled map must not block the bundled one)."""
        self.maps = self._maps()
        map_ids = [m[0] for m in self.maps] or ["usa"]
        self.map_picker = Picker(N_("Map"), self._map_names())
        want_map = preset.map_id if preset else "usa"
        if want_map in map_ids:
            self.map_picker.index = map_ids.index(want_map)
        self.variant_picker = Picker(N_("Rule set"), ["base"])
        self._refresh_variants(preset.variant if preset else "base")
        self.rows: list[SeatRow] = []
        if preset:
            for s in preset.seats:
                self._add_row(s.name, s.color, s.kind)
        else:
            lvl = default_level(self.levels)
            self._add_row(_("You"), "red", HUMAN)
            self._add_row(AI_NAMES[0], "blue", lvl)
            self._add_row(AI_NAMES[1], "green", lvl)
        self.seed = preset.seed if preset else None
        self.hints_picker = Picker(N_("Hints"), [N_("On for everyone"), N_("Off for everyone")],
                                   0 if preset is None or preset.hints else 1)
        """A hot-seat table's choice (shown with two or more humans)."""
        self.start = Button(N_("Start game"), primary=True)
        self.back = Button(N_("Back"))
        self.howto = Button(N_("How to play"))
        self.add = Button(N_("+ Add player"))
        self.editing: int | None = None
        self.edited_level: int | None = None
        """The row whose AI level was changed last (the level line describes it)."""
        self.toast = Toast()
        self.focus = 0
        """Index into `controls()`: the keyboard focus (starts on the first control)."""
        self.on_resize(ctx.size)

    # ------------------------------------------------------------ data

    def _maps(self) -> list[tuple[str, str]]:
        try:
            from ttr.maps.mapfile import list_maps
            out: list[tuple[str, str]] = []
            self.map_errors = {}
            for m in list_maps():
                if m.error:  # listed with its error, never offered to play
                    logger.warning("map %s is broken: %s", m.id, m.error)
                    self.map_errors[len(out)] = m.error
                    out.append((m.id, m.name or m.id))
                    continue
                out.append((m.id, m.name))
            return out
        except (ImportError, TtrError) as e:
            logger.warning("cannot list maps: %s", e)
            return []

    def _map_names(self) -> list[str]:
        """The maps' names as the picker shows them (a broken one says so)."""
        return [_("{map} (broken)").format(map=name) if i in self.map_errors else name
                for i, (_id, name) in enumerate(self.maps)] or ["USA"]

    def _kind_labels(self) -> list[str]:
        """A label for each of `kinds`: "AI: <level>" worded in the language spoken now;
        the others (Human, or what a subclass put there) as they are (marked with `N_`:
        the picker translates them where drawn)."""
        from ttr.ai.base import agent_info

        old = getattr(self, "kind_labels", [])
        return [_("AI: {level}").format(level=_(agent_info(k).label)) if k in self.levels
                else old[i] if i < len(old) else N_("Human") for i, k in enumerate(self.kinds)]

    @property
    def map_id(self) -> str:
        """The chosen map id."""
        return self.maps[self.map_picker.index][0] if self.maps else "usa"

    def _refresh_variants(self, want: str = "base") -> None:
        self.variant_desc: dict[str, str] = {}
        try:
            from ttr.maps.mapfile import find_map
            gm = find_map(self.map_id).game_map
            for name, cfg in gm.variants.items():
                self.variant_desc[name] = cfg.description
        except (ImportError, TtrError) as e:
            logger.warning("cannot read map %s: %s", self.map_id, e)
        names = list(self.variant_desc) or ["base"]
        self.variant_picker.options = names
        self.variant_picker.index = names.index(want) if want in names else 0

    def _add_row(self, name: str, color: str, kind: str) -> None:
        used = {r.color for r in self.rows}
        if color in used:
            color = next(c for c in theme.PLAYER_COLORS if c not in used)
        picker = Picker("", self.kind_labels, self.kinds.index(kind) if kind in self.kinds else 0)
        z = pygame.Rect(0, 0, 1, 1)
        self.rows.append(SeatRow(name, color, kind, z, z, z, picker))

    def _next_color(self, row: SeatRow, d: int = 1) -> str:
        used = {r.color for r in self.rows if r is not row}
        i = theme.PLAYER_COLORS.index(row.color)
        for k in range(1, len(theme.PLAYER_COLORS) + 1):
            c = theme.PLAYER_COLORS[(i + d * k) % len(theme.PLAYER_COLORS)]
            if c not in used:
                return c
        return row.color

    def setup(self) -> NewGame:
        """The game the screen describes."""
        seats = []
        for r in self.rows:
            kind = self.kinds[r.kind_picker.index]
            name = r.name.strip() or (_("Player") if kind == HUMAN else _("AI"))
            seats.append(SeatSpec(name, r.color, None if kind == HUMAN else kind))
        hints = not self.hints_offered() or self.hints_picker.index == 0
        return NewGame(self.map_id, self.variant_picker.value, tuple(seats), self.seed, hints)

    def hot_seat(self) -> bool:
        """Two or more humans share the screen (the table may then turn hints off)."""
        return sum(self.kinds[r.kind_picker.index] == HUMAN for r in self.rows) >= 2

    def hints_offered(self) -> bool:
        """Whether the table's Hints choice is on the screen: when two or more people
        play (here, at a hot-seat table; online, always)."""
        return self.hot_seat()

    def level_hint(self, mouse: tuple[int, int] | None = None) -> str:
        """The AI line: the level of the row under the mouse or changed last, else every
        computer seat's level at once."""
        from ttr.ai.base import agent_info

        def kind(r: SeatRow) -> str:
            return self.kinds[r.kind_picker.index]

        rows = [r for r in self.rows if kind(r) in self.levels]  # computer seats
        if not rows:
            return _("All seats are human: pass the screen between turns (hot-seat).")
        hovered = [r for r in rows if mouse is not None and r.kind_picker.rect.collidepoint(mouse)]
        edited = [self.rows[i] for i in (self.editing, self.edited_level)
                  if i is not None and i < len(self.rows) and self.rows[i] in rows]
        row: SeatRow | None = (hovered or edited)[0] if hovered or edited else None
        levels = {kind(r) for r in rows}
        def name(r: SeatRow) -> str:
            return r.name.strip() or _("AI")

        if row is None and len(levels) == 1:
            info = agent_info(levels.pop())
            who = join_and([name(r) for r in rows])
            # TRANSLATORS: {who} is one name or several ("Ada and Boris"); {level} an AI level
            return ngettext("{who} plays {level}: {description}",
                            "{who} play {level}: {description}", len(rows)).format(
                who=who, level=_(info.label), description=_(info.description))
        if row is None:
            each = ", ".join(_("{name} plays {level}").format(
                name=name(r), level=_(agent_info(kind(r)).label)) for r in rows)
            # TRANSLATORS: {list} is "Ada plays Medium, Boris plays Hard"
            return _("{list}. Point at a level to read what it does.").format(list=each)
        info = agent_info(kind(row))
        return _("{who} plays {level}: {description}").format(
            who=name(row), level=_(info.label), description=_(info.description))

    # ------------------------------------------------------------ layout

    def on_resize(self, size: tuple[int, int]) -> None:
        """Every size from the body text size: rows as high as the window allows (between
        1.7 and 2.6 lines), the notes wrapped at their own width."""
        w, h = size
        a = self.ctx.assets
        self.kind_labels = self._kind_labels()  # worded again: the language may have changed
        self.map_picker.options = self._map_names()
        for row in self.rows:
            row.kind_picker.options = self.kind_labels
        f = self.f = ui_font(size, self.ctx.settings)
        small = self.small = max(11, round(f * 0.9))
        line = a.font(small).get_linesize()
        margin, gap = max(20, f), max(6, f // 2)
        cw = min(w - 2 * margin, max(980, f * 62))
        x0 = (w - cw) // 2
        top = band_bottom(h) + gap
        head = a.font(f, True).get_linesize()
        n = len(self.rows)

        keys_h = max(2 * line, wrapped_height(a, _(KEYS), small, w - 2 * margin))

        def total(rh: int) -> int:
            return (top + rh + gap + max(rh, 2 * line) + gap + head + n * (rh + gap)
                    + max(rh, 3 * line) + 2 * gap + rh + gap + keys_h + gap)

        rh = round(f * 2.6)
        while rh > round(f * 1.7) and total(rh) > h:
            rh -= 1
        self.keys_rect = pygame.Rect(margin, h - keys_h - gap, w - 2 * margin, keys_h)
        for p in (self.map_picker, self.variant_picker, self.hints_picker):
            p.font = f
        for b in (self.start, self.back, self.howto, self.add):
            b.font = f
        half = (cw - gap) // 2
        y = top
        self.map_picker.rect = pygame.Rect(x0, y, half, rh)
        self.variant_picker.rect = pygame.Rect(x0 + half + gap, y, half, rh)
        y += rh + gap
        row2 = max(rh, 2 * line)
        self.desc_rect = pygame.Rect(x0 + half + gap, y, half, row2)
        self.desc_wide = pygame.Rect(x0, y, cw, row2)
        """The rule set's description when there is no Hints choice beside it."""
        self.hints_picker.rect = pygame.Rect(x0, y, half, rh)
        y += row2 + gap + head
        self.seats_top = y - gap // 2
        for i, r in enumerate(self.rows):
            ry = y + i * (rh + gap)
            r.kind_picker.font = f
            r.color_rect = pygame.Rect(x0, ry, rh, rh)
            r.name_rect = pygame.Rect(x0 + rh + gap, ry, int(cw * 0.36), rh)
            kx = r.name_rect.right + gap
            r.kind_picker.rect = pygame.Rect(kx, ry, cw - (kx - x0) - rh - gap, rh)
            r.remove_rect = pygame.Rect(x0 + cw - rh, ry, rh, rh)
        ay = y + n * (rh + gap)
        self.add.rect = pygame.Rect(x0, ay, max(int(cw * 0.3), self._wide(self.add)), rh)
        hx = self.add.rect.right + gap
        self.level_rect = pygame.Rect(hx, ay, x0 + cw - hx, max(rh, 3 * line))
        self.add.enabled = len(self.rows) < 5
        by = min(self.keys_rect.y - gap - rh, self.level_rect.bottom + 2 * gap)
        self.start.rect = pygame.Rect(0, 0, max(int(cw * 0.34), self._wide(self.start)), rh)
        self.start.rect.topright = (x0 + cw, by)
        self.back.rect = pygame.Rect(x0, by, max(int(cw * 0.2), self._wide(self.back)), rh)
        self.howto.rect = pygame.Rect(self.back.rect.right + gap, by,
                                      max(int(cw * 0.2), self._wide(self.howto)), rh)
        self.dirty = True

    def _wide(self, b: Button) -> int:
        """A button wide enough for its label at the body size."""
        return self.ctx.assets.text(_(b.label), self.f, theme.TEXT, True).get_width() + 2 * self.f

    # ------------------------------------------------------------ keyboard focus

    def controls(self) -> list[tuple[str, int]]:
        """Every control in Tab order: (kind, seat row or -1)."""
        out = [("map", -1), ("variant", -1)] + ([("hints", -1)] if self.hints_offered() else [])
        for i in range(len(self.rows)):
            out += [("color", i), ("name", i), ("kind", i)]
            if len(self.rows) > 2:
                out.append(("remove", i))
        if len(self.rows) < 5:
            out.append(("add", -1))
        return out + [("back", -1), ("howto", -1), ("start", -1)]

    def focused(self) -> tuple[str, int]:
        """The control with the keyboard focus."""
        ctl = self.controls()
        self.focus = min(self.focus, len(ctl) - 1)
        return ctl[self.focus]

    def focus_rect(self) -> pygame.Rect:
        """Where the focused control is drawn."""
        kind, i = self.focused()
        if i >= 0:
            r = self.rows[i]
            return {"color": r.color_rect, "name": r.name_rect, "kind": r.kind_picker.rect,
                    "remove": r.remove_rect}[kind]
        return {"map": self.map_picker.rect, "variant": self.variant_picker.rect,
                "hints": self.hints_picker.rect,
                "add": self.add.rect, "back": self.back.rect, "howto": self.howto.rect,
                "start": self.start.rect}[kind]

    def _key(self, e: pygame.event.Event) -> None:
        """Tab/Shift+Tab/Up/Down move the focus, Left/Right change a value, Enter or
        Space activate, Esc goes back."""
        from ttr.ui.scenes.common import focus_step

        kind, i = self.focused()
        k = e.key
        if k == pygame.K_ESCAPE:
            self.ctx.stack.pop(self)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            d = 1 if k == pygame.K_RIGHT else -1
            if kind == "map":
                self.map_picker.step(d)
                self._refresh_variants()
            elif kind == "variant":
                self.variant_picker.step(d)
            elif kind == "hints":
                self.hints_picker.step(d)
            elif kind == "kind":
                self.rows[i].kind_picker.step(d)
                self.edited_level = i
                # a second human adds the table's hints option: the focus stays put
                self.focus = self.controls().index((kind, i))
            elif kind == "color":
                self.rows[i].color = self._next_color(self.rows[i], d)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._activate(kind, i)
            return
        else:
            self.focus = focus_step(self.focus, len(self.controls()), k, getattr(e, "mod", 0))
        if k != pygame.K_ESCAPE:
            self.say_focus()

    def on_enter(self) -> None:
        self.say_focus(_("New game.") + " ")

    def say_focus(self, head: str = "") -> None:
        """Announce the focused control and its value (after `head`)."""
        from ttr.ui.focus import say_focus

        kind, i = self.focused()
        label = self._focus_words(kind, i)
        say_focus(self.ctx, head + label, self.focus, len(self.controls()))

    def _focus_words(self, kind: str, i: int) -> str:
        """What the focused control is, in words."""
        if i < 0:
            return {"map": _("Map: {map}").format(map=_(self.map_picker.value)),
                    "variant": _("Rule set: {rules}").format(rules=_(self.variant_picker.value)),
                    "add": _("Add player"),
                    "hints": _("Hints: {hints}").format(hints=_(self.hints_picker.value)),
                    "back": _("Back"), "howto": _("How to play"), "start": _("Start game")}[kind]
        r, n = self.rows[i], number(i + 1)
        if kind == "color":
            return _("Seat {n} colour: {colour}").format(
                n=n, colour=_(theme.PLAYER_NAMES.get(r.color, r.color)))
        if kind == "name":
            if not r.name:
                return _("Seat {n} name: empty, Enter edits").format(n=n)
            return _("Seat {n} name: {name}, Enter edits").format(n=n, name=r.name)
        if kind == "kind":
            return _("Seat {n}: {kind}").format(n=n, kind=_(r.kind_picker.value))
        return _("Remove seat {n}").format(n=n)

    def _activate(self, kind: str, i: int) -> None:
        if kind == "back":
            self.ctx.stack.pop(self)
        elif kind == "howto":
            from ttr.ui.scenes.howto import HowToScene

            self.ctx.stack.push(HowToScene(self.ctx, self.map_id, self.variant_picker.value))
        elif kind == "add":
            self._add_seat()
        elif kind == "remove":
            self._remove(i)
        elif kind == "name":
            self.editing = i
            pygame.key.start_text_input()
        elif kind == "color":
            self.rows[i].color = self._next_color(self.rows[i])
        else:  # start, or Enter on a value: start the game the screen describes
            self._start()

    def _remove(self, i: int) -> None:
        """Remove seat `i`; say so, and where the focus is now."""
        del self.rows[i]
        self.edited_level = None
        self.on_resize(self.ctx.size)
        self.focus = min(self.focus, len(self.controls()) - 1)
        self.say_focus(ngettext("Seat {seat} removed, {n} player.",
                                "Seat {seat} removed, {n} players.", len(self.rows)).format(
            seat=number(i + 1), n=number(len(self.rows))) + " ")

    def _add_seat(self) -> None:
        lvl = default_level(self.levels)
        self._add_row(AI_NAMES[len(self.rows) % len(AI_NAMES)], theme.PLAYER_COLORS[0], lvl)
        self.on_resize(self.ctx.size)

    # ------------------------------------------------------------ input

    def _start(self) -> None:
        if self.map_picker.index in self.map_errors:
            self.toast.show(_("This map file is broken; fix it in the map editor first."), 4.0)
            return

        def start() -> str | None:
            try:
                self.ctx.nav.start_game(self.setup())
            except (TtrError, ValueError) as e:
                logger.warning("cannot start: %s", e)
                return error_text(e)
            return None

        from ttr.ui.scenes.saves import before_replacing

        error = before_replacing(self.ctx, start)
        if error is not None:
            self.toast.show(error, 4.0)

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if self.editing is not None:
            row = self.rows[self.editing]
            if e.type == pygame.TEXTINPUT:
                row.name = (row.name + e.text)[:16]
                return True
            if e.type == pygame.KEYDOWN:
                if e.key == pygame.K_BACKSPACE:
                    row.name = row.name[:-1]
                elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE,
                               pygame.K_TAB):
                    self.editing = None
                return True
            if e.type == pygame.MOUSEBUTTONDOWN:
                self.editing = None
        if e.type == pygame.KEYDOWN:
            self._key(e)
            return True
        if self.start.clicked(e):
            self._start()
            return True
        if self.back.clicked(e):
            self.ctx.stack.pop(self)
            return True
        if self.howto.clicked(e):
            from ttr.ui.scenes.howto import HowToScene

            self.ctx.stack.push(HowToScene(self.ctx, self.map_id, self.variant_picker.value))
            return True
        if self.add.clicked(e) and len(self.rows) < 5:
            self._add_seat()
            return True
        if self.map_picker.handle(e):
            self._refresh_variants()
            return True
        if self.variant_picker.handle(e):
            return True
        if self.hints_offered() and self.hints_picker.handle(e):
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i, r in enumerate(self.rows):
                if r.kind_picker.handle(e):
                    self.edited_level = i
                    return True
                if r.color_rect.collidepoint(e.pos):
                    r.color = self._next_color(r)
                    return True
                if r.name_rect.collidepoint(e.pos):
                    self.editing = i
                    pygame.key.start_text_input()
                    return True
                if r.remove_rect.collidepoint(e.pos) and len(self.rows) > 2:
                    self._remove(i)
                    return True
        return False

    def update(self, dt: float) -> None:
        if self.toast.active:
            self.toast.update(dt)
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        backdrop(surface, a, _(self.title))
        kind, row = self.focused()
        self.map_picker.focused = kind == "map"
        self.variant_picker.focused = kind == "variant"
        self.hints_picker.focused = kind == "hints"
        for i, r in enumerate(self.rows):
            r.kind_picker.focused = (kind, row) == ("kind", i)
        for b, name in ((self.add, "add"), (self.back, "back"), (self.howto, "howto"),
                        (self.start, "start")):
            b.focused = kind == name
        w, h = surface.get_size()
        self.map_picker.draw(surface, a)
        self.variant_picker.draw(surface, a)
        if self.hints_offered():
            self.hints_picker.draw(surface, a)
        desc = self.map_errors.get(self.map_picker.index) or _(self.variant_desc.get(
            self.variant_picker.value, ""))
        size, f = self.small, self.f
        wrap_text(surface, a, no_orphans(desc), size, theme.TEXT_DIM,
                  self.desc_rect if self.hints_offered() else self.desc_wide)
        blit_text(surface, a, _("Players"), f, theme.ACCENT,
                  (self.map_picker.rect.x, self.seats_top), "bottomleft", bold=True)
        for i, r in enumerate(self.rows):
            rgb = theme.PLAYER_RGB[r.color]
            pygame.draw.rect(surface, rgb, r.color_rect, border_radius=8)
            pygame.draw.rect(surface, theme.TEXT, r.color_rect, 2, border_radius=8)
            editing = self.editing == i
            panel(surface, r.name_rect, theme.mix(theme.PANEL_LIGHT, (255, 255, 255), 0.08),
                  theme.HILITE if editing else theme.PANEL_EDGE, r.name_rect.h // 4)
            text = r.name + ("|" if editing else "")
            blit_text(surface, a, text, f, theme.TEXT,
                      (r.name_rect.x + 12, r.name_rect.centery), "midleft",
                      max_width=r.name_rect.w - 20)
            r.kind_picker.draw(surface, a)
            if len(self.rows) > 2:
                panel(surface, r.remove_rect, theme.PANEL_LIGHT, theme.PANEL_EDGE, 8)
                blit_text(surface, a, "\u2715", f, theme.BAD,
                          r.remove_rect.center, "center")
        if self.add.enabled:
            self.add.draw(surface, a)
        wrap_text(surface, a, no_orphans(self.level_hint(pygame.mouse.get_pos())), size,
                  theme.TEXT_DIM, self.level_rect)
        self.back.draw(surface, a)
        self.howto.draw(surface, a)
        self.start.draw(surface, a)
        if kind in ("color", "name", "remove"):
            from ttr.ui.focus import focus_ring

            focus_ring(surface, self.focus_rect())
        lines(surface, a, _(KEYS), size, theme.TEXT_DIM, self.keys_rect)
        self.toast.draw(surface, a, (w // 2, self.start.rect.top - 2 * f), size=f)
