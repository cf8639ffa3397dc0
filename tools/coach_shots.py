"""The coach's screens, set up for a screenshot: the board with the Hint button, a hint
shown, the review's list and the replay viewer at a reviewed decision.

    python tools/coach_shots.py SCENE [--size 1280x720] [--out shots] [--hold 6]

SCENE: `board` (the human's turn, the Hint button), `hint` (a real hint shown and
marked), `review` (a real review of a finished game, its list), `replay` (the replay
viewer opened at the review's first decision). The frame the app drew is saved as
`coach_SCENE_WxH.png`; with a real window (SDL_VIDEODRIVER=x11 under Xvfb, driven by a
screenshot script that waits for the line `ready`) the window stays up `--hold` seconds
after it prints `ready`, for the screenshot.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

_HOME = tempfile.mkdtemp(prefix="ttr-shots-")  # the player's own saves stay untouched
os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = _HOME
os.environ["XDG_STATE_HOME"] = os.environ["XDG_CACHE_HOME"] = _HOME
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from ttr.ui.app import App, default_seats  # noqa: E402
from ttr.ui.scene import NewGame  # noqa: E402


def run(app: App, seconds: float) -> None:
    """Run the app's frames for a while (real time)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.frame(1 / 60)
        time.sleep(1 / 60)


def board_at_my_turn(app: App, turns: int) -> object:
    """Start a game against two computers and play the human's first `turns` main turns
    (the first legal claim, else a card from the deck); the board at the next one."""
    from ttr.engine import ClaimRoute, DrawDeck, Stage
    from ttr.ui.scenes.board import BoardScene

    seats = tuple(default_seats(["human", "medium", "medium"]))
    app.start_game(NewGame("usa", "base", seats, 11))
    app.stack.apply_pending()
    played = 0
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="",
                               scancode=0)
    while True:
        board = next(s for s in app.stack.scenes if isinstance(s, BoardScene))
        v = board.shown_view
        if app.stack.top is not board:
            app.stack.handle_event(enter)
        elif (not board.queue.busy and v.viewer == v.public.current and v.legal
              and v.public.stage in (Stage.CHOOSE_ACTION, Stage.SECOND_DRAW)):
            if v.public.stage == Stage.CHOOSE_ACTION and played >= turns:
                return board
            claims = [a for a in v.legal if isinstance(a, ClaimRoute)]
            if v.public.stage == Stage.CHOOSE_ACTION:
                played += 1
            deck = [a for a in v.legal if isinstance(a, DrawDeck)]
            board.submit(claims[0] if claims else deck[0] if deck else v.legal[0])
        app.frame(1 / 60)


def reviewed_game() -> tuple[object, object]:
    """A finished USA game, Medium (the human seat, reviewed) against Greedy."""
    from ttr.ai.base import make_agent
    from ttr.ai.selfplay import play_out
    from ttr.engine import format_action, new_game, observe
    from ttr.maps.mapfile import find_map
    from ttr.store.record import GameRecord, SeatRecord

    map_def = find_map("usa")
    gm = map_def.game_map
    config = gm.rules("base")
    agents = [make_agent("medium"), make_agent("greedy")]
    rng = random.Random(4)
    actions: list[str] = []

    def decide(state: object) -> object:
        a = agents[state.current].choose(observe(state, state.current), rng, 0.0)  # type: ignore[attr-defined]
        actions.append(format_action(a))
        return a

    play_out(new_game(gm, config, 2, 4), decide)  # type: ignore[arg-type]
    seats = (SeatRecord("You", "red", "human"), SeatRecord("Ada", "blue", "greedy"))
    return GameRecord("usa", gm.content_hash, "base", config, 4, seats, actions), map_def


def main() -> int:
    """Set the scene up, save the frame, hold the window."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("scene", choices=("board", "hint", "review", "replay"))
    p.add_argument("--size", default="1280x720")
    p.add_argument("--out", default="shots")
    p.add_argument("--hold", type=float, default=0.0)
    args = p.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    app = App((w, h), pace=0.0, settings_file=None)
    if args.scene in ("board", "hint"):
        board = board_at_my_turn(app, 6)
        if args.scene == "hint":
            board.hint.ask()  # type: ignore[attr-defined]
            while board.hint.job is not None:  # type: ignore[attr-defined]
                app.frame(1 / 60)
                time.sleep(0.02)
            run(app, 3.2)  # past the pulse: the mark steady
        else:
            board.hint.hover(board.hint.button.rect.center)  # type: ignore[attr-defined]
    else:
        from ttr.ui.scenes.review import ReviewScene

        record, map_def = reviewed_game()
        review = ReviewScene(app.ctx, record, map_def)  # type: ignore[arg-type]
        app.stack.clear_to(review)
        app.stack.apply_pending()
        t0 = time.monotonic()
        while review.stage == "running":
            app.frame(1 / 60)
            time.sleep(0.02)
        print(f"review: {review.stage} in {time.monotonic() - t0:.1f} s", flush=True)
        if args.scene == "replay" and review.review and review.review.mistakes:
            review.open_decision(0)
            app.stack.apply_pending()
    run(app, 0.3)
    surf = pygame.Surface((w, h))
    app.stack.draw(surf)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    name = out / f"coach_{args.scene}_{w}x{h}.png"
    pygame.image.save(surf, str(name))
    print(f"ready: {name}", flush=True)
    run(app, args.hold)
    for s in list(app.stack.scenes):
        s.on_exit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
