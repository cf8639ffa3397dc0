"""Learn to play: a bot that sees only what the lesson shows (the marked target of each
step, and the keys its panel names) completes the guided steps by mouse and by keys, in
a small and a large window; a wrong move at each step is refused and explained;
quitting half-way and coming back resumes the step."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from uibot import board_of
from uihelp import click, frames

from ttr.engine import DrawTickets
from ttr.game import lesson as ls
from ttr.store.autosave import Folders
from ttr.ui.app import App
from ttr.ui.scenes.board import BoardScene
from ttr.ui.scenes.learn import LearnScene
from ttr.ui.scenes.lesson_overlay import progress_path
from ttr.ui.scenes.menu import MenuScene
from ttr.ui.scenes.payment import PaymentScene


def _app(tmp_path: Path, size: tuple[int, int]) -> App:
    a = App(size, pace=0.0, settings_file=None)
    a.ctx.extras["folders"] = Folders(tmp_path / "saves", tmp_path / "records",
                                      tmp_path / "stats.json")
    return a


@pytest.fixture
def small(tmp_path: Path) -> Iterator[App]:
    a = _app(tmp_path, (1024, 640))
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()


def _press(k: int, ch: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=ch, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=ch, scancode=0))


def _menu_lesson(app: App, lesson: int = 0) -> BoardScene:
    """From the menu: the lesson is offered on the first start; Up, Up, Enter opens Learn
    to play, where Enter starts the basics (Down first: the Europe lesson)."""
    app.stack.push(MenuScene(app.ctx))
    frames(app, 2)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert "Learn to play" in menu.message
    _press(pygame.K_UP, "")
    _press(pygame.K_UP, "")
    frames(app, 1)
    assert menu.buttons[menu.focus].label == "Learn to play"
    _press(pygame.K_RETURN, "\r")
    frames(app, 2)
    assert isinstance(app.stack.top, LearnScene)
    for _ in range(lesson):
        _press(pygame.K_DOWN, "")
    _press(pygame.K_RETURN, "\r")
    frames(app, 3)
    board = board_of(app)
    assert board is not None and board.lesson is not None
    return board


def _follow(app: App, board: BoardScene, by: str, until: int | None = None,
            wrong: bool = False) -> int:
    """Do what the lesson marks until step `until` (default: the guided part's end);
    with `wrong`, first try a move the step does not allow, by the board's own path.
    Returns the number of moves the bot made."""
    assert board.lesson is not None
    end = len(board.lesson.progress.steps()) if until is None else until
    moves = 0
    tried: set[int] = set()
    for _ in range(3000):
        frames(app, 1)
        ov = board.lesson
        assert ov is not None
        if ov.progress.step >= end:
            return moves
        top = app.stack.top
        if isinstance(top, PaymentScene):  # the dialog says: choose, then Claim (Enter)
            if by == "mouse":
                click(top.ok.rect.center)
            else:
                _press(pygame.K_RETURN, "\r")
            continue
        rect = ov.target_rect()
        step = ov.step()
        if rect is None or step is None or board.queue.busy:
            continue
        if wrong and ov.progress.step not in tried and top is board:
            tried.add(ov.progress.step)
            _refused(board, step)
        if by == "mouse":
            click(rect.center)
        else:
            for k, ch in ov.target_keys():
                _press(k, ch)
        moves += step.want != "note"
        frames(app, 2)
    raise AssertionError(f"the lesson did not get past step {board.lesson.progress.step}")


def _refused(board: BoardScene, step: ls.Step) -> None:
    """A move the step does not allow is refused (nothing played) and explained."""
    v = board.shown_view
    ok = ls.allowed(step, v)
    wrong = next((a for a in v.legal if a not in ok), None)
    if wrong is None:
        return  # every legal move is allowed (the game asks for this one move now)
    before = len(board.session.record.actions)
    board.submit(wrong)
    assert len(board.session.record.actions) == before, (step.id, wrong)
    said = board.toast.text
    assert "Not that one yet" in said or "First read" in said, (step.id, said)


@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_the_lesson_by_mouse_and_keys_small_window(small: App, by: str) -> None:
    board = _menu_lesson(small)
    moves = _follow(small, board, by, wrong=by == "mouse")
    assert board.lesson is not None and board.lesson.step() is None  # free play now
    assert moves <= 20, moves
    assert ls.Progress.load(progress_path(small.ctx)).step == len(ls.USA)


@pytest.mark.parametrize(("by", "lesson"), [("mouse", 0), ("keys", 0), ("mouse", 1)])
def test_the_lesson_in_a_4k_window(tmp_path: Path, by: str, lesson: int) -> None:
    """The USA lesson by mouse and by keys, the Europe lesson by mouse, at 3840x2160."""
    app = _app(tmp_path, (3840, 2160))
    try:
        board = _menu_lesson(app, lesson)
        _follow(app, board, by)
        assert board.lesson is not None and board.lesson.step() is None
    finally:
        for s in list(app.stack.scenes):
            s.on_exit()


def test_quitting_half_way_resumes_the_step(small: App) -> None:
    board = _menu_lesson(small)
    _follow(small, board, "mouse", until=6)
    actions = len(board.session.record.actions)
    small.ctx.nav.to_menu()
    frames(small, 3)
    assert board_of(small) is None
    menu = small.stack.top
    assert isinstance(menu, MenuScene)
    menu.activate([b.label for b in menu.buttons].index("Learn to play"))
    frames(small, 2)
    learn = small.stack.top
    assert isinstance(learn, LearnScene)
    assert "resume at step 7" in learn.buttons[0].label
    learn.activate(0)
    frames(small, 3)
    again = board_of(small)
    assert again is not None and again is not board and again.lesson is not None
    assert again.lesson.progress.step == 6
    assert len(again.session.record.actions) >= actions
    assert again.lesson.step() is ls.USA[6]
    _follow(small, again, "keys", until=8)


def test_skip_and_the_last_round_and_final_notes(small: App) -> None:
    board = _menu_lesson(small)
    ov = board.lesson
    assert ov is not None
    _follow(small, board, "keys", until=2)
    actions = len(board.session.record.actions)
    _press(pygame.K_u, "u")  # no undo during the guided steps
    frames(small, 2)
    assert len(board.session.record.actions) == actions and "Undo waits" in board.toast.text
    _press(pygame.K_F3, "")
    frames(small, 2)
    assert board.lesson is None
    assert ls.Progress.load(progress_path(small.ctx)).state == "skipped"
    # the steps are data: a step's allowed moves are a filter over the legal ones
    v = board.shown_view
    deck = ls.USA[2]
    assert ls.allowed(deck, v) and all(a in v.legal for a in ls.allowed(deck, v))
    assert not any(isinstance(a, DrawTickets) for a in ls.allowed(deck, v))


@pytest.mark.parametrize("lesson", [0, 1])
def test_the_lesson_panel_fits_at_every_size_and_text_size(small: App, lesson: int) -> None:
    """Each guided step's panel at each window and text size: its text is not clipped,
    stays inside the panel and the map, and no two of its strings overlap."""
    from fitcheck import problems
    from textrects import Panel, recording

    from ttr.ui.viewport import ui_font

    board = _menu_lesson(small, lesson)
    assert board.lesson is not None
    bad: list[str] = []
    for step in range(len(board.lesson.progress.steps())):
        if step:
            _follow(small, board, "keys", until=step)
        frames(small, 3)
        for size, pct in (((1024, 640), 100), ((1024, 640), 150), ((3840, 2160), 150)):
            small.ctx.settings.text_size = pct
            small.ctx.size = size
            small.ctx.assets.clear_sized()
            small.stack.resize(size)
            surf = pygame.Surface(size)
            ov = board.lesson
            assert ov is not None
            panels: list[Panel] = []
            with recording(panels) as got:
                ov.draw(surf)
            texts = [t for t in got if t.surface is surf and t.text != "HERE"]
            where = f"step {step + 1} {size} {pct}%"
            assert texts, where
            body = ui_font(size, small.ctx.settings)
            bad += [f"{where}: {kind} {p}" for kind, p in problems(
                texts, [p for p in panels if p.surface is surf], size, body)]
            box = ov.box.inflate(2, 2)
            bad += [f"{where}: outside the panel {t.text!r}" for t in texts
                    if not box.contains(t.rect)]
            if not board.layout.map.contains(ov.box):
                bad.append(f"{where}: the panel leaves the map {ov.box}")
        small.ctx.settings.text_size = 100
        small.ctx.size = (1024, 640)
        small.ctx.assets.clear_sized()
        small.stack.resize((1024, 640))
    assert not bad, "\n".join(bad[:20])


def test_free_play_then_the_last_round_and_final_scoring_notes(small: App) -> None:
    """After the guided steps the game goes on freely; the lesson speaks up when the last
    round starts and holds the scores until its final-scoring step is read."""
    from ttr.engine import ClaimRoute, DrawDeck, DrawFaceUp
    from ttr.ui.scenes.scoring import ScoringScene

    board = _menu_lesson(small)
    _follow(small, board, "keys")
    ov = board.lesson
    assert ov is not None
    seen: list[str] = []
    for _ in range(20000):
        frames(small, 1)
        if isinstance(small.stack.top, ScoringScene):
            break
        st = ov.step()
        if st is not None and (not seen or seen[-1] != st.id):
            seen.append(st.id)
        if st is ls.FINAL:
            assert not board.finished  # the scores wait for the step
            _press(pygame.K_RETURN, "\r")
            continue
        if st is ls.LAST_ROUND and not board.queue.busy:
            _press(pygame.K_RETURN, "\r")
            continue
        v = board.shown_view
        if small.stack.top is not board or board.queue.busy or v.viewer != v.public.current:
            continue
        claims = [a for a in v.legal if isinstance(a, ClaimRoute)]
        draws = [a for a in v.legal if isinstance(a, DrawDeck | DrawFaceUp)]
        pick = max(claims, key=lambda a: v.public.game_map.route(a.route).length,
                   default=draws[0] if draws else v.legal[0])
        board.submit(pick)
    assert isinstance(small.stack.top, ScoringScene)
    assert seen[-2:] == ["last_round", "final"], seen
    assert ls.Progress.load(progress_path(small.ctx)).state == "done"


@pytest.mark.parametrize("by", ["mouse", "keys"])
def test_the_europe_lesson(small: App, by: str) -> None:
    """Tunnels (the reveal paid), a ferry, a station and the European Express."""
    from ttr.engine.events import RouteClaimed, StationBuilt, TunnelRevealed

    board = _menu_lesson(small, lesson=1)
    assert board.lesson is not None and board.lesson.progress.lesson == "europe"
    _follow(small, board, by, wrong=by == "keys")
    assert board.lesson is not None and board.lesson.step() is None
    log = board.shown_view.log
    gm = board.shown_view.public.game_map
    reveal = next(e for e in log if isinstance(e, TunnelRevealed) and e.seat == 0)
    assert reveal.extra > 0  # the fixed deal makes the reveal cost more: it was paid
    mine = [gm.route(e.route) for e in log if isinstance(e, RouteClaimed) and e.seat == 0]
    assert any(r.tunnel and r.id == reveal.route for r in mine)
    assert any(r.ferry for r in mine)
    assert any(isinstance(e, StationBuilt) and e.seat == 0 for e in log)


def test_the_lesson_speaks_the_players_language(small: App,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """With a pseudo-language (every message bracketed), the step's spoken line, its
    "what to click" line and the lesson chooser's buttons are worded in it (when spoken,
    drawn and laid out, not when the lesson was built)."""
    import ttr.i18n as i18n
    from tests.ai.test_words_language import Pseudo, leftover

    board = _menu_lesson(small)
    ov = board.lesson
    assert ov is not None
    monkeypatch.setattr(i18n, "_current", Pseudo())
    said: list[str] = []
    monkeypatch.setattr(board.keys, "say", lambda text, kind="event": said.append(text))
    ov.say()
    assert said and said[-1].startswith("\u00ab") and not leftover(said[-1]), said
    assert ov.how().startswith("\u00ab") and not leftover(ov.how())
    frames(small, 2)  # the panel draws in the pseudo-language
    small.stack.push(LearnScene(small.ctx))
    frames(small, 1)
    learn = small.stack.top
    assert isinstance(learn, LearnScene)
    assert all(b.label.startswith("\u00ab") for b in learn.buttons[:-1]), \
        [b.label for b in learn.buttons]
