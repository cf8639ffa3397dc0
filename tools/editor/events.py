"""pygame events -> editor commands: dialogs first, then shortcuts, buttons and the board."""

from __future__ import annotations

import logging

import pygame

from tools.editor.controller import MODE_KEYS, Editor
from tools.editor.dialogs import Prompt, Question
from tools.editor.panels import (
    SWATCHES,
    Item,
    panel_items,
    question_buttons,
    scroll_room,
    toolbar_items,
)
from ttr.i18n import _

logger = logging.getLogger(__name__)


def handle(ed: Editor, e: pygame.event.Event) -> None:
    """Apply one pygame event to the editor."""
    if e.type == pygame.QUIT:
        if ed.dialog is None:
            ed.request_quit()
        return
    if e.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
        ed.resize(pygame.display.get_surface().get_size() if pygame.display.get_surface()
                  else (e.w, e.h))
        return
    if ed.dialog is not None:
        _dialog(ed, e)
        return
    if e.type == pygame.KEYDOWN:
        _key(ed, e)
    elif e.type == pygame.MOUSEBUTTONDOWN and e.button in (1, 2, 3):
        _press(ed, e)
    elif e.type == pygame.MOUSEMOTION:
        ed.motion(e.pos)
    elif e.type == pygame.MOUSEBUTTONUP:
        ed.release(e.pos)
    elif e.type == pygame.MOUSEWHEEL:
        pos = pygame.mouse.get_pos()
        if ed.in_board(pos):
            ed.camera.zoom_at(pos, 1.15 ** e.y)
        else:
            room = scroll_room(ed)
            if room:
                ed.panel_scroll = max(0, min(room, ed.panel_scroll - 3 * e.y))
            else:
                ed.list_scroll = max(0, ed.list_scroll - 3 * e.y)


def clickable(ed: Editor) -> list[Item]:
    """Every clickable item outside the board."""
    return [i for i in toolbar_items(ed) + panel_items(ed) if i.action is not None]


def _press(ed: Editor, e: pygame.event.Event) -> None:
    if e.button == 1:
        for item in clickable(ed):
            if item.rect.collidepoint(e.pos):
                assert item.action is not None
                item.action()
                return
    if ed.in_board(e.pos):
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        ed.press(e.pos, e.button, shift)


def _key(ed: Editor, e: pygame.event.Event) -> None:
    ctrl = bool(e.mod & pygame.KMOD_CTRL)
    shift = bool(e.mod & pygame.KMOD_SHIFT)
    k = e.key
    name = pygame.key.name(k)
    if ctrl:
        if k == pygame.K_s:
            ed.save_as() if shift else ed.save()
        elif k == pygame.K_z:
            ed.redo() if shift else ed.undo()
        elif k == pygame.K_y:
            ed.redo()
        elif k == pygame.K_o:
            ed.open_prompt()
        elif k == pygame.K_n:
            ed.new_map()
        elif k == pygame.K_q:
            ed.request_quit()
        return
    if name in MODE_KEYS:
        ed.set_mode(MODE_KEYS[name])
    elif k == pygame.K_ESCAPE:
        if ed.pick is not None:
            ed.pick = None
        else:
            ed.select(None)
    elif k in (pygame.K_DELETE, pygame.K_BACKSPACE):
        ed.delete_selected()
    elif k in (pygame.K_F2, pygame.K_RETURN):
        ed.rename_selected()
    elif k == pygame.K_f:
        ed.fit()
    elif k == pygame.K_g:
        ed.show_geography = not ed.show_geography
        if ed.model.doc.geography is None:
            ed.say(_("this map has no geography: python tools/bake_geo.py adds it"))
    elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        ed.camera.zoom_at(_centre(ed), 1.25)
    elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
        ed.camera.zoom_at(_centre(ed), 0.8)
    elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
        step = 60
        dx = {pygame.K_LEFT: step, pygame.K_RIGHT: -step}.get(k, 0)
        dy = {pygame.K_UP: step, pygame.K_DOWN: -step}.get(k, 0)
        ed.camera.pan(dx, dy)
    else:
        _property_key(ed, k, shift)


def _centre(ed: Editor) -> tuple[float, float]:
    x, y, w, h = ed.board_rect
    return (x + w / 2, y + h / 2)


def _property_key(ed: Editor, k: int, shift: bool) -> None:
    m = ed.model
    if (rid := ed.selected("route")) is not None:
        r = m.doc.route(rid)
        if k in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            m.update_route(rid, length=r.length + (1 if k == pygame.K_RIGHTBRACKET else -1))
        elif k in (pygame.K_COMMA, pygame.K_PERIOD):
            i = SWATCHES.index(r.color) + (1 if k == pygame.K_PERIOD else -1)
            m.update_route(rid, color=SWATCHES[i % len(SWATCHES)])
        elif k == pygame.K_d:
            ed.toggle_double()
        elif k == pygame.K_n:
            m.update_route(rid, tunnel=not r.tunnel)
        elif k == pygame.K_l:
            m.update_route(rid, ferry=r.ferry + (-1 if shift else 1))
    elif (tid := ed.selected("ticket")) is not None:
        t = m.doc.ticket(tid)
        if k in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            step = 1 if k == pygame.K_RIGHTBRACKET else -1
            m.update_ticket(tid, points=max(1, t.points + step))


def _dialog(ed: Editor, e: pygame.event.Event) -> None:
    d = ed.dialog
    if isinstance(d, Prompt):
        if e.type == pygame.TEXTINPUT:
            d.type(e.text)
        elif e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                ed.dialog = None
                d.on_ok(d.text)
            elif e.key == pygame.K_ESCAPE:
                ed.dialog = None
            elif e.key == pygame.K_BACKSPACE:
                d.backspace()
    elif isinstance(d, Question):
        if e.type == pygame.KEYDOWN:
            choice = d.by_key(pygame.key.name(e.key))
            if choice is not None:
                ed.dialog = None
                choice.action()
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for rect, choice in question_buttons(ed):
                if rect.collidepoint(e.pos):
                    ed.dialog = None
                    choice.action()
