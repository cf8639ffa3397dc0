"""Announcements and speech: wording from views, the caption/history per seat, and speech
that degrades to one clear message when the library or the synthesizer is missing."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from uihelp import frames, start

from ttr.ui.announce import (
    Announcer,
    announcer_of,
    hand_words,
    narrate,
    scores_words,
    set_speech,
    ticket_progress,
    tickets_words,
)
from ttr.ui.app import App
from ttr.ui.scenes.board import BoardScene
from ttr.ui.scenes.board_keys import MORE


class FakeSpeaker:
    """Records what would be spoken."""

    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []
        self.stopped = False
        self.problem = ""

    def speak(self, text: str, kind: str) -> None:
        self.said.append((text, kind))

    def silence(self) -> None:
        self.said.append(("", "silence"))

    def cut(self) -> None:
        self.said.append(("", "cut"))

    def stop(self) -> None:
        self.stopped = True


def test_announcer_speaks_captions_and_forgets_on_a_new_screen_owner() -> None:
    sp = FakeSpeaker()
    a = Announcer(sp)
    a.say("Ana drew a red card from the deck", 0)
    a.say("Hand, 5 cards", 0, "reply")
    assert a.caption(2) == ["Ana drew a red card from the deck", "Hand, 5 cards"]
    assert sp.said == [("", "silence"), ("Ana drew a red card from the deck", "event"),
                       ("Hand, 5 cards", "reply")]
    a.silence()
    assert sp.said[-1] == ("", "silence")
    a.say("Pass the screen to Ben", None, "alert")
    assert a.caption(5) == ["Pass the screen to Ben"]  # Ana's lines are gone
    # and so is her speech: silenced before the curtain's line
    assert sp.said[-2:] == [("", "silence"), ("Pass the screen to Ben", "alert")]


def test_a_broken_speaker_never_stops_the_game_and_says_so() -> None:
    class Broken(FakeSpeaker):
        def speak(self, text: str, kind: str) -> None:
            raise RuntimeError("audio device vanished")

    sp = Broken()
    a = Announcer(sp)
    a.say("hello", None)
    a.say("again", None)
    assert a.speaker is None and sp.stopped
    assert a.caption(3) == ["hello", "Speech stopped: RuntimeError: audio device vanished. "
                            "Captions stay on", "again"]
    assert a.problem.startswith("Speech stopped: RuntimeError")


def _no_tools(monkeypatch: Any, present: tuple[str, ...] = ()) -> None:
    """Pretend this system has only the commands in `present` and no speech modules."""
    import importlib.util
    import shutil

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name in (
        "speechd", "accessible_output2") else real(name, *a))
    monkeypatch.setattr(shutil, "which", lambda name, *a: f"/usr/bin/{name}"
                        if name in present else None)
    monkeypatch.delenv("TTR_SPEECH_PLAYER", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")


def test_no_audio_path_says_what_to_install(monkeypatch: Any, caplog: Any) -> None:
    _no_tools(monkeypatch)
    a = Announcer()
    why = set_speech(a, True)
    assert a.speaker is None and a.problem == why
    assert why.startswith("Speech is off: no audio path. Install espeak-ng (the voice) and "
                          "an audio player: alsa-utils (aplay) or pulseaudio-utils (paplay)")
    assert "pip install 'ttr[speech]'" in why and why.endswith("Captions stay on")
    assert why in caplog.text


def test_a_voice_without_an_audio_player_is_no_audio_path(monkeypatch: Any) -> None:
    _no_tools(monkeypatch, ("espeak-ng",))
    why = set_speech(Announcer(), True)
    assert "Install an audio player: alsa-utils (aplay)" in why and "espeak-ng (" not in why


def test_speech_on_says_what_speaks(monkeypatch: Any) -> None:
    _no_tools(monkeypatch, ("espeak-ng", "aplay"))
    a = Announcer()
    assert set_speech(a, True) == ""
    try:
        assert a.voice == "espeak-ng through aplay"
    finally:
        a.close()


def test_speech_setting_off_by_default_and_app_starts_without_it(app: App) -> None:
    assert app.ctx.settings.speech is False
    assert announcer_of(app.ctx.extras).speaker is None


def test_words_for_a_running_game(app: App) -> None:
    start(app, "human,greedy", seed=5)
    frames(app, 3)
    board = next(s for s in app.stack.scenes if isinstance(s, BoardScene))
    v = board.shown_view
    assert v.me is not None
    assert hand_words(v).startswith(f"Hand, {v.me.hand.total} cards: ")
    offer = v.me.offer
    assert offer
    line = ticket_progress(v, offer[0])
    assert ": not connected, " in line and "trains of routes still missing" in line
    assert tickets_words(v) == "You hold no tickets"
    s = scores_words(v, board.names)
    assert "You 0 points, 45 trains left" in s and "Nobody has a path yet" in s
    assert narrate((), v, board.names) == "Your turn: choose your tickets. You hold 4 cards, " \
        "0 tickets."
    ann = announcer_of(app.ctx.extras)
    assert any("Your turn: choose your tickets" in t for t in ann.caption(3))
    assert any(t.startswith("Choose tickets, keep at least") for t in ann.caption(3))


@pytest.mark.parametrize("key_name", ["h", "i", "s", "m", "w", "l"])
def test_query_keys_answer_in_words(app: App, key_name: str) -> None:
    import pygame
    from uihelp import key

    start(app, "human,greedy", seed=5)
    frames(app, 2)
    key(pygame.K_RETURN)  # keep the offered tickets
    frames(app, 5)
    ann = announcer_of(app.ctx.extras)
    before = len(ann.history)
    key(getattr(pygame, f"K_{key_name}"))
    frames(app, 1)
    assert len(ann.history) == before + 1
    text = ann.last(1)[0]
    assert text and len(text) < 600


def test_screens_say_their_name_and_focus_on_entry_and_a_removed_seat(app: App) -> None:
    import pygame
    from uihelp import key

    from ttr.ui.scenes.pause import PauseScene
    from ttr.ui.scenes.settings import SettingsScene
    from ttr.ui.scenes.setup import SetupScene

    ann = announcer_of(app.ctx.extras)
    setup = SetupScene(app.ctx)
    app.stack.push(setup)
    app.stack.apply_pending()
    n = len(setup.controls())
    assert ann.last(1)[0] == f"New game. Map: {setup.map_picker.value}, 1 of {n}"
    while len(setup.rows) < 3:
        setup._add_seat()
    setup.focus = setup.controls().index(("remove", 1))
    key(pygame.K_RETURN)
    frames(app, 1)
    assert len(setup.rows) == 2
    said = ann.last(1)[0]
    assert said.startswith("Seat 2 removed, 2 players. ") and said.endswith(
        f"{setup.focus + 1} of {len(setup.controls())}")
    app.stack.push(SettingsScene(app.ctx))
    app.stack.apply_pending()
    assert ann.last(1)[0].startswith("Settings. Language: English") and ann.last(1)[0].endswith(
        "1 of 13")
    app.stack.push(PauseScene(app.ctx, None))
    app.stack.apply_pending()
    assert ann.last(1)[0] == "Paused. Resume, 1 of 5"


def test_a_long_caption_is_never_cut_but_shown_piece_by_piece(app: App) -> None:
    import pygame
    from textrects import recording

    from ttr.ui.scenes.board_keys import CAPTION_PIECE

    start(app, "human,greedy", seed=5)
    frames(app, 3)
    board = next(s for s in app.stack.scenes if isinstance(s, BoardScene))
    text = " ".join(f"word{i}" for i in range(70))
    board.keys.say(text, "reply")
    surface = pygame.Surface(app.ctx.size)
    board.draw(surface)  # the caption's first piece shows from now on
    t0 = board.keys._cap_since
    shown: list[str] = []
    for k in range(8):
        board.time = t0 + k * CAPTION_PIECE + CAPTION_PIECE / 2
        with recording() as got:
            board.draw(surface)
        piece = next(t for t in got if t.text.startswith("word"))
        assert board.layout.caption.contains(piece.rect) and not piece.clipped
        shown.append(piece.text)
        board.time += CAPTION_PIECE
        assert board.keys.caption_due(board.time)  # the board redraws for the next piece
    n = board.keys._cap_n
    assert 1 < n < 8 and shown[n] == shown[0]  # then it starts again
    assert " ".join(p.removesuffix(MORE) for p in shown[:n]) == text


def test_a_tunnel_that_cannot_be_paid_says_why(app: App) -> None:
    import dataclasses

    from ttr.engine import CardColor, Hand, WithdrawTunnel
    from ttr.engine.state import TunnelClaim
    from ttr.ui.scenes.tunnel import TunnelScene

    start(app, "human,greedy", map_id="europe", seed=5)
    frames(app, 3)
    board = next(s for s in app.stack.scenes if isinstance(s, BoardScene))
    v = board.shown_view
    route = next(r for r in v.public.game_map.routes if r.tunnel)
    paid = [0] * 9
    paid[CardColor.RED] = route.length
    claim = TunnelClaim(route.id, Hand(tuple(paid)), (CardColor.RED,) * 3, 1)
    board.shown_view = dataclasses.replace(
        v, public=dataclasses.replace(v.public, tunnel=claim), legal=(WithdrawTunnel(),))
    TunnelScene(app.ctx, board)
    said = announcer_of(app.ctx.extras).last(1)[0]
    assert said == ("Tunnel: 1 extra card to pay, and you have too few red cards or "
                    "locomotives left: you can only withdraw. Withdraw. Up and Down choose, "
                    "Enter confirms")


def test_a_long_answer_is_read_item_by_item(app: App) -> None:
    import pygame
    from uihelp import key

    def comma(period: bool, shift: bool = False) -> None:
        k = pygame.K_PERIOD if period else pygame.K_COMMA
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, scancode=0, unicode="",
                                             mod=pygame.KMOD_SHIFT if shift else 0))

    start(app, "human,greedy", seed=5)
    frames(app, 2)
    key(pygame.K_RETURN)  # keep the offered tickets
    frames(app, 5)
    ann = announcer_of(app.ctx.extras)
    comma(True)
    frames(app, 1)
    assert ann.last(1)[0].startswith("Nothing to read")
    key(pygame.K_i)
    frames(app, 1)
    whole = ann.last(1)[0]
    items = whole.split(". ")
    assert len(items) == 4 and items[0] == "3 tickets"
    comma(True)
    frames(app, 1)
    assert ann.last(1)[0] == "3 tickets, 1 of 4"
    comma(True)
    comma(True)
    frames(app, 1)
    assert ann.last(1)[0] == f"{items[2]}, 3 of 4"
    comma(False)
    frames(app, 1)
    assert ann.last(1)[0] == f"{items[1]}, 2 of 4"
    comma(True, shift=True)
    frames(app, 1)
    assert ann.last(1)[0] == f"{items[3]}, 4 of 4"


def test_a_toast_for_a_move_is_not_announced_twice(app: App) -> None:
    from ttr.engine import DeckReshuffled
    from ttr.ui.anim import AnimationQueue
    from ttr.ui.scenes.board_anims import clips_for

    start(app, "human,greedy", seed=5)
    frames(app, 3)
    board = next(s for s in app.stack.scenes if isinstance(s, BoardScene))
    ann = announcer_of(app.ctx.extras)
    before = len(ann.history)
    q = AnimationQueue()
    q.add(*clips_for(board, (DeckReshuffled(40),), 1))
    q.finish_all()
    assert board.toast.text == "The discards were shuffled into a new deck"
    assert len(ann.history) == before  # the move's own announcement says it
    board.toast.show("Saved as Game 3")  # a message of its own is announced
    assert ann.last(1) == ["Saved as Game 3"]


def test_settings_says_on_screen_what_speech_needs(app: App, monkeypatch: Any) -> None:
    import pygame
    from textrects import recording
    from uihelp import key

    from ttr.ui.scenes.settings import SettingsScene

    _no_tools(monkeypatch)
    sc = SettingsScene(app.ctx)
    app.stack.push(sc)
    app.stack.apply_pending()
    sc.focus = sc.items.index(sc.speech)
    key(pygame.K_RIGHT)  # Speech: On
    frames(app, 1)
    assert sc.speech.value == "Off" and app.ctx.settings.speech is False
    assert sc.speech_note.startswith("Speech is off: no audio path. Install espeak-ng")
    assert announcer_of(app.ctx.extras).last(1)[0].startswith("Speech: Off. Speech is off: ")
    with recording() as got:
        sc.draw(pygame.Surface(app.ctx.size))
    drawn = " ".join(t.text for t in got)
    assert "no audio path" in drawn and "aplay" in drawn


def test_a_list_screen_says_its_name_and_rows(app: App) -> None:
    import pygame
    from uihelp import key

    from ttr.ui.scenes.listing import ListScene, Row

    class Saves(ListScene):
        title = "Load game"
        empty = "No saved games."
        actions = ("Load", "Delete")

        def refresh(self) -> None:
            self.rows = [Row("Game 1", "usa, 40 moves"), Row("Game 2", "europe, 12 moves")]

    ann = announcer_of(app.ctx.extras)
    app.stack.push(Saves(app.ctx))
    app.stack.apply_pending()
    assert ann.last(1) == ["Load game. Game 1, usa, 40 moves, 1 of 2. Up and Down choose, "
                           "Enter: Load, Delete deletes, Esc: back"]
    key(pygame.K_DOWN)
    frames(app, 1)
    assert ann.last(1) == ["Game 2, europe, 12 moves, 2 of 2"]
    app.stack.top.toast.show("Deleted Game 2")  # type: ignore[attr-defined]
    assert ann.last(1) == ["Deleted Game 2"]


def test_the_replay_viewer_says_itself_and_each_move(app: App) -> None:
    import pygame
    from test_replay_viewer import finished
    from uihelp import key

    from ttr.ui.scenes.replay import ReplayScene

    timeline, map_def = finished("usa", 2)
    sc = ReplayScene(app.ctx, timeline, map_def)
    app.stack.push(sc)
    app.stack.apply_pending()
    ann = announcer_of(app.ctx.extras)
    assert ann.last(1)[0].startswith("Replay. The game begins")
    key(pygame.K_RIGHT)
    frames(app, 1)
    assert ann.last(1)[0] == f"{sc.move_words(1)}. {sc.status()}"
