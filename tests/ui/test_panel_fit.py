"""The board's panels keep what a player needs in every language (issue 31): the player
panels show every count (as pictures with numbers where the worded line does not fit),
the tickets panel's heading always says what its numbers count, and the game log's
top entry cut by the panel's edge fades out. The panels are drawn alone (the map is not
placed again for each language and size: that is `test_layout_sizes`' walk)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from pseudo import LONGER, speak
from textrects import Text, recording
from uibot import board_of
from uihelp import frames, key, start

import ttr.i18n as i18n
from ttr.ui.app import App
from ttr.ui.scenes import board_draw
from ttr.ui.scenes.board import BoardScene

SIZES = ((1024, 640), (1280, 720), (1920, 1080), (3840, 2160))
LANGUAGES = (*i18n.LANGUAGES, "longer")
"""Every catalog, and the made-up language two fifths longer than English."""


@pytest.fixture
def board(app: App, monkeypatch: pytest.MonkeyPatch) -> Iterator[BoardScene]:
    """A 5-player Europe board after the opening tickets; laying it out does not place
    the map again (only the panels are drawn here)."""
    start(app, "human,random,random,random,random", map_id="europe", seed=6)
    frames(app, 3)
    key(pygame.K_RETURN)  # keep the opening tickets
    frames(app, 10)
    b = board_of(app)
    assert b is not None and b.shown_view.me is not None
    monkeypatch.setattr(b.renderer, "resize", lambda vp: None)
    yield b
    i18n.set_language("en")


def _speak(code: str) -> None:
    if code == "longer":
        speak(LONGER)
    else:
        i18n.set_language(code)


def _lay_out(app: App, board: BoardScene, size: tuple[int, int], pct: int) -> None:
    app.ctx.settings.text_size = pct
    app.ctx.size = size
    app.ctx.assets.clear_sized()
    board.on_resize(size)


def _drawn(board: BoardScene, *parts: str) -> list[Text]:
    surf = pygame.Surface(board.layout.size)
    with recording() as got:
        for part in parts:
            getattr(board_draw, part)(board, surf)
    return got


def _whole(t: Text) -> bool:
    return not t.clipped and t.size == t.asked


@pytest.mark.parametrize("pct", [125, 150])
def test_every_count_shows_in_every_player_panel(app: App, board: BoardScene,
                                                 pct: int) -> None:
    """Trains, cards and tickets of each of five players, in every language at 1024x640
    (the narrowest side bar) with big text: worded, or as pictures with their numbers in
    that order; none left out, none cut."""
    pub = board.shown_view.public
    for code in LANGUAGES:
        _speak(code)
        _lay_out(app, board, (1024, 640), pct)
        texts = _drawn(board, "_players")
        pictures = board.layout.compact and board_draw.counts_as_pictures(board)
        for p in pub.players:
            row = board.layout.player_row(p.seat)
            mine = sorted((t for t in texts if row.colliderect(t.rect)), key=lambda t: t.rect.x)
            assert all(row.contains(t.rect) and _whole(t) for t in mine), (code, mine)
            counts = (p.trains, p.hand_size, p.tickets)
            if pictures:
                numbers = [t.text for t in mine if t.text.isdigit()  # (not the score)
                           and t.size == board.layout.font and t.rect.centery > row.centery]
                assert numbers == [str(n) for n in counts], (code, numbers)
            else:
                pieces = board_draw.counts_line(*counts).split(board_draw.SEP)
                drawn = " ".join(t.text for t in mine)
                assert all(q in drawn for q in pieces), (code, pieces, drawn)


def test_pictures_where_the_widest_counts_do_not_fit(app: App, board: BoardScene) -> None:
    """English fits its worded line at 1024x640 and 125 %; the language two fifths longer
    takes the pictures there (every panel alike)."""
    _lay_out(app, board, (1024, 640), 125)
    assert board.layout.compact and not board_draw.counts_as_pictures(board)
    speak(LONGER)
    _lay_out(app, board, (1024, 640), 125)
    assert board.layout.compact and board_draw.counts_as_pictures(board)


def test_the_tickets_heading_always_names_what_it_counts(app: App, board: BoardScene) -> None:
    """At every size and text size in every language the heading has a word beside its
    numbers, whole, inside the panel and clear of the Show on map button and the rows."""
    for code in LANGUAGES:
        _speak(code)
        for pct in (100, 125, 150):
            for size in SIZES:
                _lay_out(app, board, size, pct)
                _check_heading(board, f"{code} {size} {pct}")


def test_the_heading_takes_its_own_line_when_the_button_leaves_no_room(
        app: App, board: BoardScene) -> None:
    """With no room beside the button (a language whose words outgrow the panel's widest
    share) the heading goes under it and the ticket rows one line lower."""
    _lay_out(app, board, (1024, 640), 150)
    top = board_draw.ticket_rects(board)[0][1].y
    tog = board.tickets_toggle.rect
    tog.x = board.layout.tickets.x + board.layout.font
    assert board_draw.heading_below(board)
    assert board_draw.ticket_rects(board)[0][1].y == top + board_draw.ticket_row_h(board)
    _check_heading(board, "narrow")


def _check_heading(board: BoardScene, where: str) -> None:
    lay = board.layout
    texts = _drawn(board, "_tickets")
    rows = [r for _, r in board_draw.ticket_rects(board)]
    head = next(t for t in texts if t.rect.x == lay.tickets.x and t.rect.bottom <= rows[0].y)
    assert any(c.isalpha() for c in head.text), (where, head.text)
    assert _whole(head) and lay.tickets.contains(head.rect), (where, head)
    assert not head.rect.colliderect(board.tickets_toggle.rect), (where, head)


def test_a_cut_entry_fades_out_upwards() -> None:
    """The end of a log entry whose start scrolled off is drawn fading: fainter at its
    top edge than at its bottom, and fainter than the text itself."""
    pygame.font.init()
    img = pygame.font.Font(None, 40).render("tunnel", True, (255, 255, 255))
    out = board_draw.faded(img)
    assert out.get_size() == img.get_size()

    def peak(s: pygame.Surface, y0: int, y1: int) -> int:
        return max(s.get_at((x, y)).a for x in range(s.get_width()) for y in range(y0, y1))

    h = img.get_height()
    top, low = peak(out, 0, h // 2), peak(out, h // 2, h)
    assert 0 < top < low < peak(img, h // 2, h)
