"""Final scoring: an animated tally per player with paths highlighted on the map."""

from __future__ import annotations

import logging
from collections import deque
from functools import partial

import pygame

from ttr.engine import GameMap, GameResult
from ttr.game.table import TableSession
from ttr.maps.mapfile import MapDefinition
from ttr.ui import theme
from ttr.ui.anim import AnimationQueue, Call, Sequence, Sprite, Tween, Wait, scaled
from ttr.ui.maprender import MapRenderer
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.scoring_draw import Step
from ttr.ui.viewport import Viewport
from ttr.ui.widgets import Button
from ttr.ui.words import counted

logger = logging.getLogger(__name__)


def ticket_path(gm: GameMap, routes: set[str], a: str, b: str) -> frozenset[str]:
    """Routes of a shortest path a->b through `routes` (empty if not connected)."""
    adj: dict[str, list[tuple[str, str]]] = {}
    for rid in sorted(routes):
        r = gm.route_by_id[rid]
        adj.setdefault(r.a, []).append((r.b, rid))
        adj.setdefault(r.b, []).append((r.a, rid))
    prev: dict[str, tuple[str, str]] = {}
    seen, todo = {a}, deque([a])
    while todo:
        c = todo.popleft()
        if c == b:
            break
        for nb, rid in adj.get(c, []):
            if nb not in seen:
                seen.add(nb)
                prev[nb] = (c, rid)
                todo.append(nb)
    if b not in prev:
        return frozenset()
    out, c = set(), b
    while c != a:
        c, rid = prev[c]
        out.add(rid)
    return frozenset(out)


def longest_trail_routes(gm: GameMap, routes: set[str]) -> frozenset[str]:
    """The routes of one longest trail (each route once) through `routes`."""
    ids = sorted(routes)
    adj: dict[str, list[tuple[str, str, int]]] = {}
    for rid in ids:
        r = gm.route_by_id[rid]
        adj.setdefault(r.a, []).append((r.b, rid, r.length))
        adj.setdefault(r.b, []).append((r.a, rid, r.length))
    best: tuple[int, frozenset[str]] = (0, frozenset())
    used: list[str] = []

    def dfs(city: str, length: int) -> None:
        nonlocal best
        if length > best[0]:
            best = (length, frozenset(used))
        for nb, rid, w in adj.get(city, []):
            if rid not in used:
                used.append(rid)
                dfs(nb, length + w)
                used.pop()

    for start in sorted(adj):
        dfs(start, 0)
    return best[1]


class ScoringScene(Scene):
    """Reveals everything from `results()`: routes, tickets, bonuses, ranking."""

    def __init__(self, ctx: AppContext, session: TableSession, map_def: MapDefinition) -> None:
        super().__init__(ctx)
        self.session = session
        self.map_def = map_def
        self.result: GameResult = session.results()
        self.public = session.view_for(None).public
        self.names = [s.name for s in session.seats]
        self.rgb = [theme.PLAYER_RGB.get(s.color, (200, 200, 200)) for s in session.seats]
        # the board's renderer below, if any, lends its geometry
        like = next((r for r in (getattr(s, "renderer", None) for s in ctx.stack.scenes)
                     if isinstance(r, MapRenderer)), None)
        self.renderer = MapRenderer(map_def, ctx.assets, like)
        self.totals = [Sprite(x=0) for _ in self.names]
        self.lines: list[list[tuple[str, int]]] = [[] for _ in self.names]
        self.current: Step | None = None
        self.finished = False
        self.queue = AnimationQueue()
        self.again = Button("Play again", primary=True)
        self.menu = Button("Menu")
        self.steps = self._steps()
        self.on_resize(ctx.size)
        d = scaled(theme.TALLY_STEP, ctx.settings.animation_speed)
        for st in self.steps:
            t = self.totals[st.seat]
            self.queue.add(Sequence(Call(partial(self._begin, st)),
                                    Tween(t, "x", st.delta, d * 0.6, "out_cubic", relative=True),
                                    Wait(d * 0.4)))
        self.queue.add(Call(self._end))
        if ctx.settings.animation_speed <= 0:
            self.queue.finish_all()

    def _steps(self) -> list[Step]:
        gm = self.public.game_map
        owned: list[set[str]] = [set() for _ in self.names]
        for r in gm.routes:
            o = self.public.owners[r.index]
            if o is not None:
                owned[o].add(r.id)
        steps: list[Step] = []
        for p in self.result.players:
            steps.append(Step(p.seat, "Routes", p.route_points, frozenset(owned[p.seat])))
        for p in self.result.players:
            net = owned[p.seat] | {rid for _, rid in p.borrowed}
            for t in p.tickets:
                tk = gm.ticket_by_id[t.ticket]
                path = ticket_path(gm, net, tk.a, tk.b) if t.completed else frozenset()
                label = f"{gm.city_name(tk.a)} \u2013 {gm.city_name(tk.b)}"
                steps.append(Step(p.seat, label, t.value, path, (tk.a, tk.b), "ticket"))
        for p in self.result.players:
            if p.longest_bonus:
                steps.append(Step(p.seat, f"Longest path ({counted(p.longest_path, 'train')})",
                                  p.longest_bonus, longest_trail_routes(gm, owned[p.seat])))
            if p.globetrotter_bonus:
                steps.append(Step(p.seat, "Globetrotter (most tickets)", p.globetrotter_bonus))
            if p.station_points:
                steps.append(Step(p.seat, f"Stations kept \u00d7{p.stations_left}",
                                  p.station_points))
        return steps

    def _begin(self, st: Step) -> None:
        self.current = st
        self.lines[st.seat].append((st.label, st.delta))
        if st.delta > 0:
            self.ctx.play_sound("score" if st.kind != "ticket" else "card")

    def _end(self) -> None:
        self.current = None
        self.finished = True
        self.ctx.play_sound("end")
        logger.info("scoring done: %s", ", ".join(
            f"{self.names[s]} {self._total(s)}" for s in self.result.ranking))
        if self.ctx.quit_at_end:
            self.ctx.nav.quit()

    def _total(self, seat: int) -> int:
        return next(p.total for p in self.result.players if p.seat == seat)

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        pad = max(8, w // 120)
        self.map_rect = pygame.Rect(pad, pad, int(w * 0.6), h - 2 * pad)
        self.table = pygame.Rect(self.map_rect.right + pad, pad, w - self.map_rect.right - 2 * pad,
                                 h - 2 * pad)
        self.renderer.resize(Viewport.fit(self.map_def.layout.size, self.map_rect))
        bh = max(38, h // 16)
        bw = (self.table.w - pad * 3) // 2
        self.menu.rect = pygame.Rect(self.table.x + pad, self.table.bottom - bh - pad, bw, bh)
        self.again.rect = pygame.Rect(self.menu.rect.right + pad, self.menu.rect.y, bw, bh)
        self.dirty = True

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if not self.finished:
            if (e.type == pygame.MOUSEBUTTONDOWN and e.button == 1) or (
                    e.type == pygame.KEYDOWN and e.key in (pygame.K_SPACE, pygame.K_RETURN)):
                self.queue.finish_all()
                return True
            return False
        if self.again.clicked(e) or (e.type == pygame.KEYDOWN and e.key == pygame.K_RETURN):
            if self.ctx.last_setup is not None:
                from dataclasses import replace

                self.ctx.nav.start_game(replace(self.ctx.last_setup, seed=None))
            return True
        if self.menu.clicked(e) or (e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE):
            self.ctx.nav.to_menu()
            return True
        return False

    def update(self, dt: float) -> None:
        if self.queue.busy:
            self.queue.update(dt)
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        from ttr.ui.scenes.scoring_draw import draw_scoring

        draw_scoring(self, surface)

    def on_exit(self) -> None:
        self.session.close()
