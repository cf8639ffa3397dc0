"""The scoring screen by keyboard: the result announced, Tab over the scores (each read
with its breakdown) and the buttons with a visible focus, Enter, F1."""

from __future__ import annotations

import pygame
from test_scoring_sums import _to_scoring
from uihelp import frames, key

from ttr.ui.announce import announcer_of
from ttr.ui.app import App
from ttr.ui.keys import SCORING_KEYS
from ttr.ui.scenes.keyhelp import KeyHelpScene
from ttr.ui.scenes.menu import MenuScene


def tab(shift: bool = False) -> None:
    mod = pygame.KMOD_SHIFT if shift else 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=mod,
                                         unicode="", scancode=0))


def test_scoring_screen_by_keys(app: App) -> None:
    sc = _to_scoring(app, "greedy,greedy", "usa")
    ann = announcer_of(app.ctx.extras)
    first = ann.last(8)
    final = next(t for t in first if t.startswith("Final scores: "))
    a, b = (sc.names[s] for s in sc.result.ranking)
    assert f"{a} {sc._total(sc.result.ranking[0])}, {b}" in final
    assert final.endswith("Play again, 3 of 4")  # 2 scores, Play again, Menu (no review:
    assert sc.again.focused and not sc.menu.focused  # no human played)
    tab()
    frames(app, 1)
    assert sc.menu.focused and ann.last(1)[0] == "Menu, 4 of 4"
    tab()
    frames(app, 1)
    said = ann.last(1)[0]  # the winner's whole breakdown
    top = sc.result.ranking[0]
    assert said.startswith(f"{a}, first, {sc._total(top)} points: Routes +")
    p = next(p for p in sc.result.players if p.seat == top)
    for t in p.tickets:
        gm = sc.public.game_map
        tk = gm.ticket_by_id[t.ticket]
        assert (f"{gm.city_name(tk.a)} \u2013 {gm.city_name(tk.b)} {t.value:+d}, "
                f"{'completed' if t.completed else 'failed'}") in said
    assert said.endswith("Enter shows the whole list, 1 of 4")
    surface = pygame.Surface(app.ctx.size)
    sc.draw(surface)  # the ring is drawn around the focused box: HILITE pixels at its edge
    box = sc.boxes[top]
    ring = [surface.get_at((box.centerx, box.y - d))[:3] for d in range(1, 6)]
    from ttr.ui import theme

    assert theme.FOCUS in ring
    key(pygame.K_RETURN)
    frames(app, 1)
    assert sc.expanded == top
    key(pygame.K_ESCAPE)
    frames(app, 1)
    assert sc.expanded is None and app.stack.top is sc
    key(pygame.K_F1)
    frames(app, 1)
    assert isinstance(app.stack.top, KeyHelpScene) and app.stack.top.rows == SCORING_KEYS
    assert ann.last(1)[0].startswith("Keys. Space or Enter: during the tally")
    key(pygame.K_ESCAPE)
    frames(app, 1)
    tab(shift=True)  # from the first score back round to Menu
    frames(app, 1)
    assert sc.menu.focused and ann.last(1)[0] == "Menu, 4 of 4"
    key(pygame.K_RETURN)
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene)
