"""Whole games by the keyboard alone: from the menu through setup (map, rule set, seats,
levels) to the scoring screen and back, with the announcement stream read throughout.
No mouse event is ever posted."""

from __future__ import annotations

import random
import time
from typing import Any

import pygame
import pytest
from uihelp import frames

from ttr.engine import BuildStation, ClaimRoute, DrawDeck, DrawFaceUp, DrawTickets, Pass
from ttr.ui.announce import Announcer, announcer_of
from ttr.ui.app import App
from ttr.ui.scenes.board import BoardScene
from ttr.ui.scenes.command import CommandScene
from ttr.ui.scenes.handoff import HandoffScene
from ttr.ui.scenes.menu import MenuScene
from ttr.ui.scenes.payment import PaymentScene
from ttr.ui.scenes.scoring import ScoringScene
from ttr.ui.scenes.setup import SetupScene
from ttr.ui.scenes.tickets import TicketsScene
from ttr.ui.scenes.tunnel import TunnelScene

MOUSE = {pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL}


@pytest.fixture
def keys_only(monkeypatch: Any) -> None:
    """Fail on any posted mouse event."""
    real = pygame.event.post

    def post(e: pygame.event.Event) -> bool:
        assert e.type not in MOUSE, "a mouse event was posted"
        return bool(real(e))

    monkeypatch.setattr(pygame.event, "post", post)


def press(app: App, k: int, text: str = "", mod: int = 0, n: int = 1) -> None:
    """Press a key (with its character) and run a frame."""
    for _ in range(n):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text,
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=text,
                                             scancode=0))
        frames(app, 1, 0.3)


def setup_by_keys(app: App, map_name: str) -> SetupScene:
    """Menu -> New game; choose the map, the rule set, seats and levels by keyboard."""
    assert isinstance(app.stack.top, MenuScene)
    press(app, pygame.K_RETURN)  # focus starts on "New game"
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    assert setup.focused() == ("map", -1)
    for _ in range(len(setup.maps)):
        if setup.map_picker.value == map_name:
            break
        press(app, pygame.K_RIGHT)
    assert setup.map_picker.value == map_name
    press(app, pygame.K_TAB)
    assert setup.focused() == ("variant", -1)
    first_variant = setup.variant_picker.value
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_LEFT)  # looked at the next rule set and came back
    assert setup.variant_picker.value == first_variant
    # seats: You (human), Ada, Boris -> remove Boris, make Ada "beginner", add a seat back
    # and remove it again; Shift+Tab walks back
    while setup.focused() != ("remove", 2):
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert len(setup.rows) == 2
    press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    while setup.focused() != ("kind", 1):
        press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    while setup.setup().seats[1].kind != "beginner":
        press(app, pygame.K_RIGHT)
    while setup.focused() != ("add", -1):
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert len(setup.rows) == 3
    while setup.focused() != ("remove", 2):
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert [s.kind for s in setup.setup().seats] == ["human", "beginner"]
    while setup.focused() != ("start", -1):
        press(app, pygame.K_TAB)
    return setup


def my_board(app: App) -> BoardScene | None:
    top = app.stack.top
    if isinstance(top, BoardScene) and not top.queue.busy:
        v = top.shown_view
        if v.viewer == v.public.current and v.legal and v.viewer is not None:
            return top
    return None


def act(app: App, rng: random.Random, did: list[str]) -> None:
    """One decision of the human, by keys."""
    top = app.stack.top
    if isinstance(top, HandoffScene | TicketsScene | PaymentScene):
        press(app, pygame.K_RETURN)
        did.append(type(top).__name__)
        return
    if isinstance(top, TunnelScene):
        if rng.random() < 0.3:  # give it up: Withdraw is the last choice
            press(app, pygame.K_UP)
            did.append("withdraw")
        else:
            did.append("pay tunnel")
        press(app, pygame.K_RETURN)
        return
    board = my_board(app)
    if board is None:
        frames(app, 1, 0.3)
        return
    v = board.shown_view
    if rng.random() < 0.1:
        press(app, rng.choice((pygame.K_h, pygame.K_i, pygame.K_s, pygame.K_l,
                               pygame.K_RIGHT, pygame.K_r)))
        did.append("query")
        return
    claims = [a for a in v.legal if isinstance(a, ClaimRoute)]
    builds = [a for a in v.legal if isinstance(a, BuildStation)]
    if builds and (rng.random() < 0.15 or not claims):
        press(app, pygame.K_b)
        cmd = app.stack.top
        assert isinstance(cmd, CommandScene) and cmd.kind == "station"
        press(app, pygame.K_DOWN, n=rng.randrange(len(cmd.entries())))
        press(app, pygame.K_RETURN)
        did.append("station")
        return
    if claims and rng.random() < 0.7:
        press(app, pygame.K_c)
        cmd = app.stack.top
        assert isinstance(cmd, CommandScene)
        target = rng.choice(claims)
        gm = v.public.game_map
        city = gm.city_name(gm.route(target.route).a)
        for ch in city[:3]:
            press(app, ord(ch.lower()) if ch.isalpha() else pygame.K_SPACE, ch)
        keys = [e.key for e in cmd.entries()]
        assert target.route in keys, (city, keys)
        press(app, pygame.K_DOWN, n=keys.index(target.route))
        press(app, pygame.K_RETURN)
        did.append("claim " + ("tunnel" if gm.route(target.route).tunnel else "route"))
        return
    faceups = [a for a in v.legal if isinstance(a, DrawFaceUp)]
    if faceups and rng.random() < 0.4:
        press(app, pygame.K_1 + rng.choice(faceups).slot)
        did.append("faceup")
    elif DrawDeck() in v.legal:
        press(app, pygame.K_d)
        did.append("deck")
    elif faceups:
        press(app, pygame.K_1 + faceups[0].slot)
        did.append("faceup")
    elif DrawTickets() in v.legal:
        press(app, pygame.K_t)
        did.append("tickets")
    elif Pass() in v.legal:
        press(app, pygame.K_RETURN)
        did.append("pass")
    else:
        frames(app, 1, 0.3)


def _keyboard_game(app: App, map_name: str) -> tuple[Announcer, SetupScene]:
    """Instant pace, the announcements kept; from the menu to a set-up game by keys."""
    app.ctx.settings.ai_pace = 0.0
    app.ctx.settings.animation_speed = 0.0
    ann = announcer_of(app.ctx.extras)
    ann.keep_stream = True
    app.to_menu()
    app.stack.apply_pending()
    return ann, setup_by_keys(app, map_name)


@pytest.mark.parametrize(("map_name", "seed"), [("USA", 3), ("Europe", 4)])
def test_a_whole_game_by_keyboard_alone(app: App, keys_only: None, map_name: str,
                                        seed: int) -> None:
    ann, setup = _keyboard_game(app, map_name)
    setup.seed = seed
    said = [a.text for a in ann.stream]
    assert said[0].startswith("Main menu. New game, 1 of ")  # each focus is spoken
    assert any(t.startswith("Rule set: ") for t in said)
    assert any(t.startswith("Seat 2: AI: Beginner, ") for t in said)
    press(app, pygame.K_RETURN)  # Start game
    assert isinstance(app.stack.top, BoardScene | TicketsScene)
    rng = random.Random(seed)
    did: list[str] = []
    deadline = time.time() + 240
    while not isinstance(app.stack.top, ScoringScene) and time.time() < deadline:
        act(app, rng, did)
    scoring = app.stack.top
    assert isinstance(scoring, ScoringScene), did[-30:]
    assert any(d.startswith("claim") for d in did)
    if map_name == "Europe":
        assert "station" in did and any("tunnel" in d for d in did), sorted(set(did))
    # the announcement stream: one per shown move, short, and the end of the game
    texts = [a.text for a in ann.stream]
    moves = [t for t in texts if " claimed " in t]
    assert len(moves) >= 10
    assert any(t.startswith("Game over.") for t in texts)
    assert any("Your turn:" in t for t in texts)
    assert any(t.startswith("Hand,") or "ticket" in t for t in texts)
    assert not any(" 0 ways" in t for t in texts)  # an unpayable tunnel says why instead
    press(app, pygame.K_SPACE, n=3)  # finish the tally
    press(app, pygame.K_ESCAPE)  # back to the menu
    assert isinstance(app.stack.top, MenuScene)


def test_the_telling_keys_work_in_the_dialogs_over_the_board(app: App, keys_only: None) -> None:
    """F1, H, S, ... are heard while choosing tickets (and paying, in a tunnel): a dialog
    passes on the keys that only tell; its own keys (digits, Enter, Esc) stay its own."""
    from ttr.ui.scenes.keyhelp import KeyHelpScene

    ann, _ = _keyboard_game(app, "USA")
    press(app, pygame.K_RETURN)  # Start game: the first tickets to choose
    chooser = app.stack.top
    assert isinstance(chooser, TicketsScene)
    press(app, pygame.K_F1)
    assert isinstance(app.stack.top, KeyHelpScene)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is chooser
    for key, start in ((pygame.K_h, "Hand,"), (pygame.K_s, "You 0 points")):
        press(app, key)
        assert ann.stream[-1].text.startswith(start), ann.stream[-1].text
    board = my_board(app) or next(sc for sc in app.stack.scenes if isinstance(sc, BoardScene))
    board.last_flash = -100.0
    press(app, pygame.K_l)  # the last moves, and the last claim shown on the map again
    assert board.last_flash > 0  # (set when L was pressed, a frame ago)
    press(app, pygame.K_1)  # still the chooser's: return the first ticket
    assert len(chooser.selected) == len(chooser.offer) - 1
    press(app, pygame.K_1)
    press(app, pygame.K_RETURN)  # keep them all
    # the payment dialog passes them on too (its own keys stay its own)
    deadline = time.time() + 60
    while time.time() < deadline:
        board = my_board(app)
        if board is not None and any(isinstance(a, ClaimRoute) for a in board.shown_view.legal):
            break
        if isinstance(app.stack.top, TicketsScene | HandoffScene):
            press(app, pygame.K_RETURN)
        frames(app, 1, 0.3)
    assert board is not None
    claim = next(a for a in board.shown_view.legal if isinstance(a, ClaimRoute))
    app.stack.push(PaymentScene(app.ctx, board, [a for a in board.shown_view.legal
                                                 if isinstance(a, ClaimRoute)
                                                 and a.route == claim.route]))
    frames(app, 1)
    pay = app.stack.top
    assert isinstance(pay, PaymentScene)
    press(app, pygame.K_h)
    assert ann.stream[-1].text.startswith("Hand,") and app.stack.top is pay
    press(app, pygame.K_F1)
    assert isinstance(app.stack.top, KeyHelpScene)


def test_every_key_is_in_how_to_play_and_the_readme_lists_keys_that_exist() -> None:
    """How to play (and F1) list every key; the README's short table takes its rows from
    `ttr.ui.keys` word for word, F1 among them."""
    import re
    from pathlib import Path

    from ttr.ui.keys import BOARD_KEYS, DIALOG_KEYS, MENU_KEYS
    from ttr.ui.rules_text import keyboard_text

    for k, what in (*BOARD_KEYS, *DIALOG_KEYS, *MENU_KEYS):
        assert f"{k}: {what}" in keyboard_text(), k
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (.+?) \| (.+?) \|$", readme.split("**Keys in short**", 1)[1],
                      re.M)
    listed = [r for r in rows if r != ("Key", "What it does") and not r[0].startswith("---")]
    assert len(listed) >= 6 and ("F1 or ?", "this list of keys") in listed
    assert set(listed) <= set(BOARD_KEYS), set(listed) - set(BOARD_KEYS)
    access = readme.split("## Accessibility", 1)[1].split("\n## ", 1)[0]
    assert "pip install 'ttr[speech]'" in access and "espeak-ng" in access
