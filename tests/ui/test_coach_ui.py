"""The coach on screen: the Hint button (and G, the same path), the settings and table
option that turn hints off, and Review my game from the scoring screen and the replay
viewer (progress, cancel, the list, the replay at a reviewed decision)."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from coachhelp import FakeJob, fake_review, finished_record
from uibot import board_of
from uihelp import click, frames, key

from ttr.ai import coach as ai_coach
from ttr.engine import ClaimRoute, DrawDeck, DrawFaceUp, DrawTickets, Hand, Stage
from ttr.game import coach as game_coach
from ttr.game.replays import Timeline
from ttr.game.session import GameSession
from ttr.store.record import GameRecord
from ttr.ui import theme
from ttr.ui.app import App, default_seats
from ttr.ui.prefs import Settings
from ttr.ui.scene import NewGame
from ttr.ui.scenes import board_draw
from ttr.ui.scenes.board import BoardScene
from ttr.ui.scenes.board_hint import outline_move
from ttr.ui.scenes.replay import CoachNote, ReplayScene
from ttr.ui.scenes.review import ReviewScene
from ttr.ui.scenes.scoring import ScoringScene
from ttr.ui.scenes.settings import SettingsScene
from ttr.ui.scenes.setup import SetupScene
from ttr.ui.scenes.tickets import TicketsScene


@pytest.fixture
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints from a small fixed search in the UI process (the same position gives the
    same hint)."""
    real = ai_coach.hint

    def small(view: Any, budget: float = 0.0, workers: int | None = None) -> ai_coach.Hint:
        return real(view, iterations=2, workers=0)

    monkeypatch.setattr(game_coach, "hint", small)


def _my_turn(app: App, kinds: str = "human,random", hints: bool = True) -> BoardScene:
    app.start_game(NewGame("usa", "base", tuple(default_seats(kinds.split(","))), 5, hints))
    app.stack.apply_pending()
    frames(app, 3)
    for _ in range(800):
        board = board_of(app)
        if isinstance(app.stack.top, TicketsScene):
            key(pygame.K_RETURN)  # keep the preselected tickets
        elif board is not None and app.stack.top is not board:
            key(pygame.K_RETURN)  # a hot-seat curtain: take the screen
        elif board is not None and not board.queue.busy:
            v = board.shown_view
            if v.public.stage == Stage.CHOOSE_ACTION and v.viewer == v.public.current:
                frames(app, 1)
                return board
        frames(app, 1)
    raise AssertionError("the human's first main turn never came")


def _wait_hint(app: App, board: BoardScene) -> str:
    deadline = time.monotonic() + 20
    while board.hint.job is not None and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.01)
    assert board.hint.job is None
    return board.toast.text


def test_hint_button_gives_the_same_hint_as_g(app: App, quick_hints: None) -> None:
    board = _my_turn(app)
    assert board.hint.offered()
    frames(app, 1)
    r = board.hint.button.rect
    assert board.layout.banner.contains(r) and not r.colliderect(board.layout.side)
    click(r.center)
    frames(app, 1)
    # the button asked, as G does (a two-iteration hint may be ready, and shown, in the
    # same frame: its thread can finish before the frame polls it)
    assert board.hint.job is not None or board.hint.mark is not None
    by_button = _wait_hint(app, board)
    assert ":" in by_button and not by_button.startswith("Thinking"), by_button
    assert board.hint.mark is not None
    assert isinstance(board.session, GameSession)
    assert board.session.record.seats[0].hints == 1
    board.hint.mark = None
    key(pygame.K_g)
    frames(app, 1)
    assert _wait_hint(app, board) == by_button  # one code path, one hint
    assert board.session.record.seats[0].hints == 2
    # a move drops the hint, its mark and its words (they no longer stay for 10 s)
    assert board.toast.active and board.toast.text == by_button
    board.submit(next(a for a in board.shown_view.legal if isinstance(a, DrawDeck)))
    assert board.hint.mark is None
    assert not (board.toast.active and board.toast.text == by_button)


@pytest.mark.parametrize("action", [DrawTickets(), DrawDeck(), DrawFaceUp(2)])
def test_a_draw_hint_marks_its_pile_or_card(app: App, action: Any) -> None:
    board = _my_turn(app)
    board.hint.mark, board.hint.marked_at = action, -100.0  # steady (not pulsing)
    surf = pygame.Surface(app.ctx.size)
    board.draw(surf)
    lay = board.layout
    rect = {DrawTickets: lay.ticket_deck_rect(), DrawDeck: lay.deck_rect(),
            DrawFaceUp: lay.faceup_rect(2)}[type(action)]
    w = max(4, lay.font // 4)
    ring = rect.inflate(2 * w + 4, 2 * w + 4)
    assert surf.get_at((ring.x + w // 2, ring.centery))[:3] == theme.HILITE
    board.hint.mark = None
    board.draw(surf)
    assert surf.get_at((ring.x + w // 2, ring.centery))[:3] != theme.HILITE


def test_a_route_hint_is_outlined_on_the_map(app: App) -> None:
    board = _my_turn(app)
    rid = next(a.route for a in board.shown_view.legal if isinstance(a, ClaimRoute))
    surf = pygame.Surface(app.ctx.size)
    board.draw(surf)
    before = pygame.image.tobytes(surf, "RGB")
    board.hint.mark, board.hint.marked_at = ClaimRoute(rid, next(
        a.payment for a in board.shown_view.legal if isinstance(a, ClaimRoute))), -100.0
    board.draw(surf)
    assert pygame.image.tobytes(surf, "RGB") != before


def _changed(before: pygame.Surface, after: pygame.Surface) -> list[pygame.Rect]:
    """The bounding boxes of the pixels that differ between two frames."""
    diff = after.copy()
    diff.blit(before, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    back = before.copy()
    back.blit(after, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(back, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    changed = pygame.mask.from_threshold(diff, (0, 0, 0), (1, 1, 1, 255))
    changed.invert()
    return changed.get_bounding_rects()


def test_a_route_chosen_away_from_the_pointer_has_its_tooltip_by_the_route(app: App) -> None:
    """A hint (or a dialog) shows a route's tooltip by the route, not by a pointer that
    is elsewhere; a route under the pointer keeps its tooltip by the pointer."""
    board = _my_turn(app)
    rid = next(a.route for a in board.shown_view.legal if isinstance(a, ClaimRoute))
    mid = board.renderer.route_anchor(rid)
    assert mid is not None and board.layout.map.collidepoint(mid)
    assert board.renderer.route_at(mid) == rid
    corner = board.layout.map.bottomright
    board.mouse = (corner[0] - 2, corner[1] - 2)
    board.hover_route = None
    surf = pygame.Surface(app.ctx.size)
    board.draw(surf)
    before = surf.copy()
    board.hover_route = rid
    board.draw(surf)
    box = _changed(before, surf)
    assert box and any(r.collidepoint(mid[0] + 20, mid[1] + 20) for r in box)  # the tip
    mx, my = board.mouse
    assert all(surf.get_at((x, y)) == before.get_at((x, y))
               for x in range(mx - 10, mx + 2) for y in range(my - 10, my + 2))
    assert board_draw._tip_anchor(board, rid) == mid
    board.mouse = mid
    assert board_draw._tip_anchor(board, rid) == mid


def test_a_hinted_routes_tooltip_keeps_clear_of_the_hint_tag(app: App) -> None:
    board = _my_turn(app)
    claims = [a for a in board.shown_view.legal if isinstance(a, ClaimRoute)]
    corner = board.layout.map.bottomright
    board.mouse = (corner[0] - 2, corner[1] - 2)
    surf = pygame.Surface(app.ctx.size)
    checked = 0
    for claim in claims[:12]:
        board.hint.mark, board.hint.marked_at = claim, -100.0
        board.hover_route = None
        board.draw(surf)
        tag, before = board.hint.tag, surf.copy()
        if tag is None:
            continue
        board.hover_route = claim.route
        board.draw(surf)
        panel = max(_changed(before, surf), key=lambda r: r.w * r.h)  # the tooltip
        assert not panel.colliderect(tag), (claim.route, panel, tag)
        checked += 1
    assert checked >= 5


def test_settings_hide_the_hint_and_g_says_why(app: App) -> None:
    app.ctx.settings.hints = False
    board = _my_turn(app)
    assert not board.hint.offered()
    click(board.hint.button.rect.center)  # where the button would be: nothing asked
    key(pygame.K_g)
    frames(app, 1)
    assert board.hint.job is None and "Settings" in board.toast.text


def test_a_table_without_hints_keeps_it_through_save_and_resume(app: App,
                                                                  tmp_path: Path) -> None:
    board = _my_turn(app, "human,human", hints=False)
    s = board.session
    assert isinstance(s, GameSession) and not s.record.hints_allowed
    assert not board.hint.offered()
    key(pygame.K_g)
    frames(app, 1)
    assert board.hint.job is None and "off at this table" in board.toast.text
    assert game_coach.can_hint(s) is None
    with pytest.raises(Exception, match="hint"):
        game_coach.start_hint(s)
    s.save(tmp_path / "game.yaml")
    record = GameRecord.load(tmp_path / "game.yaml")
    assert not record.hints_allowed
    again = GameSession.resume(s.game_map, record)
    assert not again.record.hints_allowed
    assert not Timeline(record, s.game_map).record.hints_allowed  # replays keep it too


def test_records_without_the_table_option_load_with_hints_on() -> None:
    record, _ = finished_record()
    data = record.to_dict()
    assert "hints_allowed" not in data  # the default is not written: old readers see it
    assert GameRecord.from_dict(data).hints_allowed
    data["hints_allowed"] = "no"
    with pytest.raises(Exception, match="hints_allowed"):
        GameRecord.from_dict(data)


def test_the_hint_setting_is_saved(app: App, tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    app.ctx.settings_file = path
    scene = SettingsScene(app.ctx)
    app.stack.push(scene)
    app.stack.apply_pending()
    assert scene.hints.value == "Shown"
    scene.focus = scene.items.index(scene.hints)
    key(pygame.K_RIGHT)
    frames(app, 1)
    assert not app.ctx.settings.hints
    assert Settings.load(path).hints is False
    path.write_text("hints: maybe\n")
    assert Settings.load(path).hints is True  # a bad value: the default


def test_setup_offers_the_table_option_only_for_hot_seat(app: App) -> None:
    scene = SetupScene(app.ctx)
    assert ("hints", -1) not in scene.controls() and scene.setup().hints
    scene.rows[1].kind_picker.index = 0  # a second human
    assert ("hints", -1) in scene.controls()
    scene.hints_picker.index = 1
    assert scene.setup().hints is False
    scene.rows[1].kind_picker.index = 1  # back to a computer: hints are the player's
    assert scene.setup().hints is True
    # by keys: the focus stays on the seat's kind while the option comes and goes
    scene.focus = scene.controls().index(("kind", 1))
    for _ in range(len(scene.kinds)):
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0,
                                              unicode="", scancode=0))
        assert scene.focused() == ("kind", 1)


# ---------------------------------------------------------------- review


def _scoring(app: App, kinds: tuple[str, ...] = ("human", "greedy")) -> ScoringScene:
    record, map_def = finished_record(kinds)
    session = GameSession.resume(map_def.game_map, record)
    assert session.over
    app.ctx.nav.show_scoring(session, map_def)
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, ScoringScene)
    scene.queue.finish_all()
    frames(app, 1)
    return scene


def test_review_from_scoring_runs_on_workers_and_cancels(app: App) -> None:
    scene = _scoring(app)
    assert scene.can_review()
    surf = pygame.Surface(app.ctx.size)
    scene.draw(surf)
    click(scene.review.rect.center)
    frames(app, 1)
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.stage == "running"
    job = review.job
    assert job is not None and job.progress()[1] > 10
    workers = list(job._pool._processes.values())  # type: ignore[union-attr]
    assert workers and all(p.is_alive() for p in workers)
    review.draw(surf)  # the progress bar and Cancel
    key(pygame.K_ESCAPE)
    frames(app, 1)
    assert app.stack.top is scene and review.job is None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(p.is_alive() for p in workers):
        time.sleep(0.1)
    assert not any(p.is_alive() for p in workers)  # cancelled: the workers exited


def test_review_lists_decisions_and_opens_the_replay_there(app: App,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    record, map_def = finished_record()
    canned = fake_review(record, map_def)
    jobs: list[FakeJob] = []

    def fake_start(*args: Any, **kw: Any) -> FakeJob:
        jobs.append(FakeJob(canned))
        return jobs[-1]

    monkeypatch.setattr("ttr.ui.scenes.review.start_review", fake_start)
    scene = ReviewScene(app.ctx, record, map_def)
    app.stack.push(scene)
    app.stack.apply_pending()
    surf = pygame.Surface(app.ctx.size)
    frames(app, 2)
    scene.draw(surf)
    assert scene.stage == "running" and 0 < jobs[0].progress()[0] < jobs[0].total
    frames(app, 10)
    assert scene.stage == "done" and jobs[0].closed
    scene.draw(surf)
    assert len(scene.rows) == len(canned.mistakes) >= 3
    pick = 1
    click(scene.rows[pick].center)
    frames(app, 1)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.note is not None
    m = canned.mistakes[pick]
    assert replay.step == m.step  # the position before the decision:
    assert replay.frame.view.public.current == 0  # the reviewed seat is to decide,
    assert replay.timeline.frame(m.step + 1).turn == m.turn  # and its move is that turn's
    replay.draw(surf)
    key(pygame.K_RIGHT)
    frames(app, 1)
    replay.draw(surf)  # away from it: a line to come back
    key(pygame.K_c)
    frames(app, 1)
    assert replay.step == m.step
    key(pygame.K_ESCAPE)
    frames(app, 1)
    assert app.stack.top is scene


def test_several_people_choose_whose_game(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    record, map_def = finished_record(("human", "greedy", "human"))
    seats: list[int] = []

    def fake_start(rec: Any, gm: Any, seat: int, *args: Any) -> FakeJob:
        seats.append(seat)
        return FakeJob(fake_review(record, map_def, seat))

    monkeypatch.setattr("ttr.ui.scenes.review.start_review", fake_start)
    scene = ReviewScene(app.ctx, record, map_def)
    app.stack.push(scene)
    app.stack.apply_pending()
    assert scene.stage == "choose" and [b.label for b in scene.seat_buttons] == ["P1", "P3"]
    scene.draw(pygame.Surface(app.ctx.size))
    click(scene.seat_buttons[1].rect.center)
    frames(app, 20)
    assert seats == [2] and scene.stage == "done" and scene.seat == 2


def test_the_replay_viewer_reviews_its_human_seat(app: App,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    record, map_def = finished_record()
    monkeypatch.setattr("ttr.ui.scenes.review.start_review",
                        lambda *a, **k: FakeJob(fake_review(record, map_def)))
    replay = ReplayScene(app.ctx, Timeline(record, map_def.game_map), map_def)
    app.stack.push(replay)
    app.stack.apply_pending()
    assert replay.can_review()
    replay.draw(pygame.Surface(app.ctx.size))
    click(replay.review.rect.center)
    frames(app, 1)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.seat == 0
    assert scene.timeline is replay.timeline  # the game is not replayed again
    robots, _ = finished_record(("greedy", "greedy"))
    other = ReplayScene(app.ctx, Timeline(robots, map_def.game_map), map_def)
    assert not other.can_review()


def test_a_note_marks_both_moves_on_the_map(app: App) -> None:
    record, map_def = finished_record()
    m = fake_review(record, map_def).mistakes[0]
    replay = ReplayScene(app.ctx, Timeline(record, map_def.game_map), map_def)
    surf = pygame.Surface(app.ctx.size)
    replay.go(m.step)
    replay.draw(surf)
    plain = pygame.image.tobytes(surf, "RGB")
    replay.show_decision(CoachNote(0, m))
    replay.draw(surf)
    assert pygame.image.tobytes(surf, "RGB") != plain
    assert m.turn > 0
    assert replay.status().startswith(f"Before turn {m.turn} \u00b7")  # the reviewed turn
    replay.go(m.step + 1)
    assert replay.status().startswith("Turn ")
    replay.show_decision(CoachNote(0, replace(m, turn=0, step=1)))  # an opening keep
    assert replay.status().startswith("Opening tickets \u00b7 move 1 of ")


@pytest.mark.slow
def test_a_real_review_finishes_with_its_list(app: App) -> None:
    record, map_def = finished_record()
    scene = ReviewScene(app.ctx, record, map_def, workers=1, iterations=2)
    app.stack.push(scene)
    app.stack.apply_pending()
    deadline = time.monotonic() + 120
    while scene.stage == "running" and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.05)
    assert scene.stage == "done", scene.error
    assert scene.review is not None and scene.review.decisions > 10
    scene.draw(pygame.Surface(app.ctx.size))
    assert len(scene.rows) == len(scene.review.mistakes)


def test_a_route_tag_keeps_off_city_names(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The HINT/PLAYED/BETTER pill goes on the side of the track that hides fewer city
    names: never more than the default side, and for some routes clear of a name the
    default side would cover."""
    board = _my_turn(app)
    surf = pygame.Surface(app.ctx.size)
    board.draw(surf)
    r, assets = board.renderer, app.ctx.assets
    names = [rect for _, rect in r.label_boxes()]
    assert names

    def hidden(tag: pygame.Rect | None) -> int:
        assert tag is not None
        return sum(tag.clip(n).w * tag.clip(n).h for n in names)

    claims = [ClaimRoute(route.id, Hand((0,) * 9)) for route in r.gm.routes]
    tags = [outline_move(surf, r, c, theme.HILITE, 4, ("HINT", assets, 12)) for c in claims]
    monkeypatch.setattr(r, "label_boxes", lambda: [])  # the default side, names unseen
    plain = [outline_move(surf, r, c, theme.HILITE, 4, ("HINT", assets, 12)) for c in claims]
    assert all(hidden(t) <= hidden(p) for t, p in zip(tags, plain, strict=True))
    assert sum(hidden(t) < hidden(p) for t, p in zip(tags, plain, strict=True)) > 0
