"""How to play: the rules in a few paragraphs and the controls."""

from __future__ import annotations

import pygame

from ttr.ui import theme
from ttr.ui.scene import AppContext, Scene
from ttr.ui.scenes.common import backdrop
from ttr.ui.widgets import Button, blit_text, wrap_text

SECTIONS: tuple[tuple[str, str], ...] = (
    ("Goal", "Score the most points: claim routes between cities, complete your destination "
             "tickets, and build the longest continuous path."),
    ("On your turn, do one thing",
     "Draw two train cards (from the five face-up cards or the deck; a face-up locomotive "
     "counts as both draws), or claim a route by paying cards of its colour (any one colour "
     "for gray routes; locomotives are wild), or draw three destination tickets and keep at "
     "least one."),
    ("Scoring", "Routes score as you claim them: 1, 2, 4, 7, 10, 15 points for 1 to 6 cars. "
                "At the end, each completed ticket adds its value and each failed one "
                "subtracts it. The longest continuous path earns a bonus."),
    ("The end", "When someone has two or fewer trains left after a turn, everyone, "
                "that player included, gets one last turn."),
    ("Europe", "Tunnels (dashed edges) may cost extra cards: three cards are turned over and "
               "each matching one costs one more. Ferries need a locomotive per engine mark. "
               "Stations let you borrow one rival route into a city; unused stations score 4."),
    ("Controls", "Click a card or the deck to draw, click a route to claim it, click the "
                 "ticket pile for tickets. Hover a route to see its cost. Space or a click "
                 "skips animations. Esc pauses. F11 toggles fullscreen. Keys: 1-5 take a "
                 "face-up card, D draws from the deck, T draws tickets, U undoes."),
    ("Undo and saving", "Against the computer, U takes back your last move (and the "
                        "computer's replies) only if nothing hidden came to light since: not "
                        "after a blind draw, a face-up card replaced from the deck, new "
                        "tickets, a tunnel, or a rival's claim. Hot-seat games have no undo; "
                        "claims are confirmed instead (Settings). The game is saved after "
                        "every move: Continue picks it up."),
)


class HowToScene(Scene):
    """A page of rules; Esc, Enter or Back returns."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.back = Button("Back", primary=True)
        self.on_resize(ctx.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.back.rect = pygame.Rect(0, 0, max(180, w // 8), max(40, h // 16))
        self.back.rect.midbottom = (w // 2, h - 20)
        self.dirty = True

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.dirty = True
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_RETURN,
                                                  pygame.K_KP_ENTER, pygame.K_BACKSPACE):
            self.ctx.stack.pop(self)
            return True
        if self.back.clicked(e):
            self.ctx.stack.pop(self)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        top = backdrop(surface, a, "How to play")
        w, h = surface.get_size()
        col_w = min(w - 80, 1100)
        x = (w - col_w) // 2
        size = max(13, min(22, h // 48))
        y = top
        for title, body in SECTIONS:
            blit_text(surface, a, title, size + 2, theme.ACCENT, (x, y), bold=True)
            y += size + 8
            y += wrap_text(surface, a, body, size, theme.TEXT,
                           pygame.Rect(x, y, col_w, h - y), ) + size // 2
        self.back.draw(surface, a)
