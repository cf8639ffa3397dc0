"""On the online board nothing of the network covers the map: why the game cannot go
on (reconnecting) and the chat line being typed show as the board's toast in the
caption strip under the map, and go as soon as that ends; a chat line said goes to the
log and the captions."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pygame
from textrects import Panel, recording
from uihelp import frames, key

from ttr.ui.app import App
from ttr.ui.scenes.lobby import LobbyScene
from ttr.ui.scenes.online_board import OnlineBoardScene

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from netkit import ServerThread  # noqa: E402


def _texts(app: App, board: OnlineBoardScene) -> dict[str, pygame.Rect]:
    surf = pygame.Surface(app.ctx.size)
    panels: list[Panel] = []
    with recording(panels) as got:
        board.draw(surf)
    return {t.text: t.rect for t in got}


def test_the_status_and_the_typed_line_show_under_the_map_and_go(app: App) -> None:
    with ServerThread() as st:
        table, _seat, _token = st.add_table("usa", "base", [{"kind": "open"},
                                                            {"kind": "ai", "level": "easy"}])
        port = st.server.port  # type: ignore[union-attr]
        app.stack.push(LobbyScene.joining(app.ctx, f"127.0.0.1:{port}", table.code, "Ann"))
        app.stack.apply_pending()
        end = time.time() + 30
        while not any(isinstance(s, OnlineBoardScene) for s in app.stack.scenes):
            assert time.time() < end, "no board"
            frames(app, 1)
            time.sleep(0.01)
        board = next(s for s in app.stack.scenes if isinstance(s, OnlineBoardScene))
        settled = 0
        while settled < 20:  # the ticket chooser (it comes a moment later): keep
            assert time.time() < end, "the tickets"
            if app.stack.top is not board:
                key(pygame.K_RETURN)
                settled = 0
            settled += 1
            frames(app, 2)
        if board.typing is not None:  # an Enter that reached the board
            key(pygame.K_ESCAPE)
            frames(app, 1)
        m = board.layout.map

        board.remote.status = "reconnecting"
        frames(app, 1)
        lost = "Connection lost \u2014 reconnecting\u2026"
        shown = _texts(app, board)
        assert lost in shown and not shown[lost].colliderect(m)
        assert shown[lost].top >= m.bottom  # in the caption strip, under the map
        board.remote.status = "online"
        frames(app, 1)
        assert lost not in _texts(app, board) and not board.toast.active

        key(pygame.K_RETURN)  # chat
        frames(app, 1)
        assert board.typing == ""
        for ch in "gl hf":
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        frames(app, 1)
        shown = _texts(app, board)
        assert "Say: gl hf|" in shown and not shown["Say: gl hf|"].colliderect(m)
        key(pygame.K_RETURN)  # sent
        frames(app, 1)
        assert "Say: gl hf|" not in _texts(app, board)
        while not board.remote.chat_total:
            assert time.time() < end + 10, "the chat line did not come back"
            frames(app, 1)
            time.sleep(0.01)
        frames(app, 2)
        assert any(text == "Ann: gl hf" for _n, text in board.notes)  # in the log
        assert all(not r.colliderect(m) for t, r in _texts(app, board).items()
                   if "gl hf" in t)  # said in the captions, never over the map
        board.remote.close()


def test_a_found_game_is_worded_by_its_map_and_seats_not_its_ids() -> None:
    from ttr.net.discovery import Found
    from ttr.ui.scenes.join import found_words

    assert found_words(Found("ttr", "10.0.0.7:8765", "Ann's computer", "europe/base 2/5",
                             "europe", "base", 2, 5)) == "Europe: 2 of 5 seats taken"
    assert found_words(Found("ttr", "10.0.0.7:8765", "Ann's computer", "")) == \
        "no open table"
