"""New game setup: map, variant, 2-5 seats (human or AI level), names and unique colours."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pygame

from ttr.engine import TtrError
from ttr.game.session import SeatSpec
from ttr.store.problem_words import error_text
from ttr.ui import theme
from ttr.ui.scene import AppContext, NewGame, Scene
from ttr.ui.scenes.common import backdrop
from ttr.ui.viewport import ui_font
from ttr.ui.widgets import Button, Picker, Toast, blit_text, panel, wrap_text
from ttr.ui.words import join_and, no_orphans

logger = logging.getLogger(__name__)
HUMAN = "human"
AI_NAMES = ("Ada", "Boris", "Chen", "Dora", "Emil")


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

    title = "New game"

    def __init__(self, ctx: AppContext, preset: NewGame | None = None) -> None:
        super().__init__(ctx)
        from ttr.ai.base import agent_info

        self.levels = ai_levels()
        self.kind_labels = ["Human"] + [f"AI: {agent_info(n).label}" for n in self.levels]
        self.kinds = [HUMAN, *self.levels]
        self.map_errors: dict[int, str] = {}
        """Errors of broken map files by their place in the list (a broken user file
        named like a bundled map must not block the bundled one)."""
        self.maps = self._maps()
        map_ids = [m[0] for m in self.maps] or ["usa"]
        self.map_picker = Picker("Map", [m[1] for m in self.maps] or ["USA"])
        want_map = preset.map_id if preset else "usa"
        if want_map in map_ids:
            self.map_picker.index = map_ids.index(want_map)
        self.variant_picker = Picker("Rule set", ["base"])
        self._refresh_variants(preset.variant if preset else "base")
        self.rows: list[SeatRow] = []
        if preset:
            for s in preset.seats:
                self._add_row(s.name, s.color, s.kind)
        else:
            lvl = default_level(self.levels)
            self._add_row("You", "red", HUMAN)
            self._add_row(AI_NAMES[0], "blue", lvl)
            self._add_row(AI_NAMES[1], "green", lvl)
        self.seed = preset.seed if preset else None
        self.hints_picker = Picker("Hints", ["On for everyone", "Off for everyone"],
                                   0 if preset is None or preset.hints else 1)
        """A hot-seat table's choice (shown with two or more humans)."""
        self.start = Button("Start game", primary=True)
        self.back = Button("Back")
        self.howto = Button("How to play")
        self.add = Button("+ Add player")
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
                    out.append((m.id, f"{m.name or m.id} (broken)"))
                    continue
                out.append((m.id, m.name))
            return out
        except (ImportError, TtrError) as e:
            logger.warning("cannot list maps: %s", e)
            return []

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
            name = r.name.strip() or ("Player" if kind == HUMAN else "AI")
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
            return "All seats are human: pass the screen between turns (hot-seat)."
        hovered = [r for r in rows if mouse is not None and r.kind_picker.rect.collidepoint(mouse)]
        edited = [self.rows[i] for i in (self.editing, self.edited_level)
                  if i is not None and i < len(self.rows) and self.rows[i] in rows]
        row: SeatRow | None = (hovered or edited)[0] if hovered or edited else None
        levels = {kind(r) for r in rows}
        if row is None and len(levels) == 1:
            info = agent_info(levels.pop())
            who = join_and([r.name.strip() or "AI" for r in rows])
            return f"{who} {'plays' if len(rows) == 1 else 'play'} {info.label}: {info.description}"
        if row is None:
            each = ", ".join(f"{r.name.strip() or 'AI'} plays {agent_info(kind(r)).label}"
                             for r in rows)
            return f"{each}. Point at a level to read what it does."
        info = agent_info(kind(row))
        return f"{row.name.strip() or 'AI'} plays {info.label}: {info.description}"

    # ------------------------------------------------------------ layout

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        cw = min(w - 60, max(980, ui_font(size, self.ctx.settings) * 62))
        x0 = (w - cw) // 2
        rh = max(40, h // 17)
        gap = rh // 4
        y = max(110, h // 6) + 40
        half = (cw - gap) // 2
        self.map_picker.rect = pygame.Rect(x0, y, half, rh)
        self.variant_picker.rect = pygame.Rect(x0 + half + gap, y, half, rh)
        self.desc_rect = pygame.Rect(x0 + half + gap, y + rh + 4, half, rh)
        self.hints_picker.rect = pygame.Rect(x0, y + rh + gap // 2, half, int(rh * 0.8))
        y += rh * 2 + gap + 20
        self.seats_top = y - 4
        for i, r in enumerate(self.rows):
            ry = y + i * (rh + gap)
            r.color_rect = pygame.Rect(x0, ry, rh, rh)
            r.name_rect = pygame.Rect(x0 + rh + gap, ry, int(cw * 0.36), rh)
            kx = r.name_rect.right + gap
            r.kind_picker.rect = pygame.Rect(kx, ry, cw - (kx - x0) - rh - gap, rh)
            r.remove_rect = pygame.Rect(x0 + cw - rh, ry, rh, rh)
        ay = y + len(self.rows) * (rh + gap)
        self.add.rect = pygame.Rect(x0, ay, int(cw * 0.3), rh)
        hx = self.add.rect.right + gap
        self.level_rect = pygame.Rect(hx, ay, x0 + cw - hx, int(rh * 1.3))
        self.add.enabled = len(self.rows) < 5
        by = min(h - rh - 30, ay + rh + 40)
        self.start.rect = pygame.Rect(0, 0, int(cw * 0.34), int(rh * 1.25))
        self.start.rect.topright = (x0 + cw, by)
        self.back.rect = pygame.Rect(x0, by, int(cw * 0.2), int(rh * 1.25))
        self.howto.rect = self.back.rect.move(self.back.rect.w + gap, 0)
        self.dirty = True

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
        self.say_focus("New game. ")

    def say_focus(self, head: str = "") -> None:
        """Announce the focused control and its value (after `head`)."""
        from ttr.ui.focus import say_focus

        kind, i = self.focused()
        labels = {"map": f"Map: {self.map_picker.value}",
                  "variant": f"Rule set: {self.variant_picker.value}", "add": "Add player",
                  "hints": f"Hints: {self.hints_picker.value}",
                  "back": "Back", "howto": "How to play", "start": "Start game"}
        if i >= 0:
            r, seat = self.rows[i], f"Seat {i + 1}"
            labels = {"color": f"{seat} colour: {r.color}",
                      "name": f"{seat} name: {r.name or 'empty'}, Enter edits",
                      "kind": f"{seat}: {r.kind_picker.value}", "remove": f"Remove seat {i + 1}"}
        label = labels[kind]
        say_focus(self.ctx, head + label, self.focus, len(self.controls()))

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
        self.say_focus(f"Seat {i + 1} removed, {len(self.rows)} players. ")

    def _add_seat(self) -> None:
        lvl = default_level(self.levels)
        self._add_row(AI_NAMES[len(self.rows) % len(AI_NAMES)], theme.PLAYER_COLORS[0], lvl)
        self.on_resize(self.ctx.size)

    # ------------------------------------------------------------ input

    def _start(self) -> None:
        if self.map_picker.index in self.map_errors:
            self.toast.show("This map file is broken; fix it in the map editor first.", 4.0)
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
        backdrop(surface, a, self.title)
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
        desc = self.map_errors.get(self.map_picker.index) or self.variant_desc.get(
            self.variant_picker.value, "")
        size = max(12, self.desc_rect.h // 3)
        wrap_text(surface, a, no_orphans(desc), size, theme.TEXT_DIM, self.desc_rect)
        blit_text(surface, a, "Players", size + 2, theme.ACCENT,
                  (self.map_picker.rect.x, self.seats_top), "bottomleft", bold=True)
        for i, r in enumerate(self.rows):
            rgb = theme.PLAYER_RGB[r.color]
            pygame.draw.rect(surface, rgb, r.color_rect, border_radius=8)
            pygame.draw.rect(surface, theme.TEXT, r.color_rect, 2, border_radius=8)
            editing = self.editing == i
            panel(surface, r.name_rect, theme.mix(theme.PANEL_LIGHT, (255, 255, 255), 0.08),
                  theme.HILITE if editing else theme.PANEL_EDGE, r.name_rect.h // 4)
            text = r.name + ("|" if editing else "")
            blit_text(surface, a, text, int(r.name_rect.h * 0.42), theme.TEXT,
                      (r.name_rect.x + 12, r.name_rect.centery), "midleft",
                      max_width=r.name_rect.w - 20)
            r.kind_picker.draw(surface, a)
            if len(self.rows) > 2:
                panel(surface, r.remove_rect, theme.PANEL_LIGHT, theme.PANEL_EDGE, 8)
                blit_text(surface, a, "\u2715", int(r.remove_rect.h * 0.45), theme.BAD,
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
        blit_text(surface, a, "Tab moves, arrows change, Enter activates or starts, Esc goes "
                  "back \u00b7 click a colour to change it, a name to edit it.", size,
                  theme.TEXT_DIM, (w // 2, h - 8), "midbottom", max_width=w - 20)
        self.toast.draw(surface, a, (w // 2, self.start.rect.top - 30))
