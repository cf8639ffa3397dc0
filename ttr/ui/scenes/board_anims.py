"""Event -> animation clip table of the board: the screen trails the engine (ARCHITECTURE.md).

Each engine event becomes a clip of sprites flying over the board. Clips only move
sprites and set display overrides (a face-up slot shown empty, a score counting up);
the board switches to the new view in a final `Call`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ttr.engine import (
    CardTaken,
    DeckReshuffled,
    Event,
    FaceUpDealt,
    FaceUpWiped,
    FinalRound,
    GameOver,
    RouteClaimed,
    StationBuilt,
    TicketsKept,
    TicketsOffered,
    TunnelRevealed,
    TunnelWithdrawn,
    TurnPassed,
)
from ttr.i18n import _, ngettext, number
from ttr.ui import geometry as geo
from ttr.ui import theme
from ttr.ui.anim import Call, Clip, Parallel, Sequence, Sprite, Tween, Wait, scaled

if TYPE_CHECKING:
    from ttr.ui.scenes.board_host import BoardHost


def clips_for(board: BoardHost, events: tuple[Event, ...], actor: int) -> list[Clip]:
    """The clips that play `events` on `board`, in order."""
    out: list[Clip] = []
    for e in events:
        maker = _TABLE.get(type(e))
        if maker is not None:
            out.append(maker(board, e))
    return out


def _d(board: BoardHost, seconds: float) -> float:
    return scaled(seconds, board.ctx.settings.animation_speed)


def _card_sprite(board: BoardHost, color: object, rect: object, face: bool = True) -> Sprite:
    x, y = rect.center  # type: ignore[attr-defined]
    s = Sprite(x, y, kind="card", data={"color": color if face else None,
                                         "w": rect.w, "h": rect.h})  # type: ignore[attr-defined]
    return s


def _fly(board: BoardHost, sprite: Sprite, to: tuple[float, float], dur: float,
         end_scale: float = 1.0) -> Clip:
    def add() -> None:
        board.sprites.append(sprite)

    def remove() -> None:
        if sprite in board.sprites:
            board.sprites.remove(sprite)

    return Sequence(Call(add), Parallel(
        Tween(sprite, "x", to[0], dur, "in_out_cubic"),
        Tween(sprite, "y", to[1], dur, "in_out_cubic"),
        Tween(sprite, "scale", end_scale, dur, "in_out_cubic"),
    ), Call(remove))


def _card_taken(board: BoardHost, e: CardTaken) -> Clip:
    lay = board.layout
    src = lay.deck_rect() if e.source == "deck" or e.slot is None else lay.faceup_rect(e.slot)
    cw, ch = lay.faceup_rect(0).size
    from_rect = src.copy()
    from_rect.size = (cw, ch)
    from_rect.center = src.center
    mine = e.seat == board.shown_view.viewer
    face = e.color is not None and (mine or e.source == "faceup")
    sprite = _card_sprite(board, e.color, from_rect, face)
    if mine:
        target = board.hand_target(e.color)
        end_scale = 1.0
    else:
        target = board.layout.player_row(e.seat).center
        end_scale = 0.45
        if e.source == "deck" or not face:
            sprite.data["color"] = None
    clips: list[Clip] = []
    if e.source == "faceup" and e.slot is not None:
        slot = e.slot
        clips.append(Call(lambda: board.overrides.setdefault("faceup", {}).__setitem__(slot, None)))
    clips.append(_fly(board, sprite, target, _d(board, theme.CARD_FLY), end_scale))
    clips.append(Call(lambda: board.sfx("card")))  # as it lands
    return Sequence(*clips)


def _faceup_dealt(board: BoardHost, e: FaceUpDealt) -> Clip:
    lay = board.layout
    dst = lay.faceup_rect(e.slot)
    sprite = _card_sprite(board, e.color, dst)
    d = lay.deck_rect()
    sprite.x, sprite.y = d.center
    slot, color = e.slot, e.color

    def land() -> None:
        board.overrides.setdefault("faceup", {})[slot] = color

    return Sequence(_fly(board, sprite, dst.center, _d(board, theme.SLOT_REFILL)), Call(land))


def _faceup_wiped(board: BoardHost, e: FaceUpWiped) -> Clip:
    def wipe() -> None:
        board.overrides["faceup"] = dict.fromkeys(range(len(board.shown_view.public.faceup)))
        board.toast.show(_("Three locomotives face up: the row is replaced"))

    return Sequence(Call(wipe), Wait(_d(board, 0.4)))


def _route_claimed(board: BoardHost, e: RouteClaimed) -> Clip:
    rgb = board.player_rgb[e.seat]
    quads = board.renderer.slots[e.route]
    clips: list[Clip] = []
    drop = _d(board, theme.CAR_DROP)
    stagger = _d(board, theme.CAR_STAGGER)
    for i, q in enumerate(quads):
        cx, cy = geo.quad_center(q)
        s = Sprite(cx, cy, kind="car", data={"quad": q, "rgb": rgb, "lift": 40.0})
        s.alpha = 0.0

        def add(s: Sprite = s) -> None:
            board.sprites.append(s)

        landed: list[Clip] = [Call(lambda: board.sfx("train"))] if i == 0 else []
        clips.append(Sequence(Wait(stagger * i), Call(add), Parallel(
            Tween(s, "alpha", 255, drop * 0.5, "linear"),
            _lift(s, drop),
        ), *landed))
    counter = board.score_counter(e.seat)
    return Sequence(Parallel(*clips), Call(lambda: board.sfx("score")),
                    Tween(counter, "x", counter.x + e.points, _d(board, theme.SCORE_COUNT),
                          "out_cubic"))


def _lift(s: Sprite, dur: float) -> Clip:
    class _Lift(Clip):
        def __init__(self) -> None:
            self.t, self.done = 0.0, False

        def advance(self, dt: float, queue: object) -> float:
            self.t += dt
            k = 1.0 if dur <= 0 else min(1.0, self.t / dur)
            from ttr.ui.anim import out_bounce
            s.data["lift"] = 40.0 * (1 - out_bounce(k))
            if k >= 1.0:
                self.done = True
                return self.t - dur if dur > 0 else dt
            return 0.0

    return _Lift()


def _tickets_offered(board: BoardHost, e: TicketsOffered) -> Clip:
    lay = board.layout
    src = lay.ticket_deck_rect()
    mine = e.seat == board.shown_view.viewer
    target = lay.tickets.center if mine else lay.player_row(e.seat).center
    clips: list[Clip] = []
    for i in range(e.count):
        s = Sprite(src.centerx, src.centery, kind="ticket", data={"w": src.w // 2, "h": src.h // 2})
        landed: list[Clip] = [Call(lambda: board.sfx("tickets"))] if i == 0 else []
        clips.append(Sequence(Wait(_d(board, 0.08) * i),
                              _fly(board, s, target, _d(board, theme.TICKET_FLY),
                                   1.0 if mine else 0.5), *landed))
    return Parallel(*clips)


def _tickets_kept(board: BoardHost, e: TicketsKept) -> Clip:
    return Wait(_d(board, 0.15))


def _tunnel_revealed(board: BoardHost, e: TunnelRevealed) -> Clip:
    def show() -> None:
        board.revealed = (e.cards, e.extra)

    def hide() -> None:
        board.revealed = None

    return Sequence(Call(show), Wait(_d(board, 1.4)), Call(hide))


def _tunnel_withdrawn(board: BoardHost, e: TunnelWithdrawn) -> Clip:
    name = board.seat_name(e.seat)
    return Call(lambda: board.toast.show(
        _("{player} gave up the tunnel").format(player=name)))


def _station_built(board: BoardHost, e: StationBuilt) -> Clip:
    return Sequence(Call(lambda: board.overrides.setdefault("stations", {}).__setitem__(
        e.city, e.seat)), Call(lambda: board.sfx("train")), Wait(_d(board, 0.35)))


def _final_round(board: BoardHost, e: FinalRound) -> Clip:
    name = board.seat_name(e.seat)
    n = board.shown_view.public.config.end_trigger
    return Sequence(Call(lambda: board.toast.show(
        ngettext("Final round! {player} has {n} train or fewer left: everyone plays once more",
                 "Final round! {player} has {n} or fewer trains left: everyone plays once "
                 "more", n).format(player=name, n=number(n)), 3.5,
        say=False)),  # (the move's announcement says it: board_text.log_line)
        Wait(_d(board, 0.6)))


def _turn_passed(board: BoardHost, e: TurnPassed) -> Clip:
    return Wait(_d(board, 0.1))


def _reshuffled(board: BoardHost, e: DeckReshuffled) -> Clip:
    return Call(lambda: board.toast.show(_("The discards were shuffled into a new deck"),
                                         say=False))  # (so does the move's announcement)


def _game_over(board: BoardHost, e: GameOver) -> Clip:
    return Wait(_d(board, 0.6))


_TABLE: dict[type, Callable[[BoardHost, object], Clip]] = {
    CardTaken: _card_taken,  # type: ignore[dict-item]
    FaceUpDealt: _faceup_dealt,  # type: ignore[dict-item]
    FaceUpWiped: _faceup_wiped,  # type: ignore[dict-item]
    RouteClaimed: _route_claimed,  # type: ignore[dict-item]
    TicketsOffered: _tickets_offered,  # type: ignore[dict-item]
    TicketsKept: _tickets_kept,  # type: ignore[dict-item]
    TunnelRevealed: _tunnel_revealed,  # type: ignore[dict-item]
    TunnelWithdrawn: _tunnel_withdrawn,  # type: ignore[dict-item]
    StationBuilt: _station_built,  # type: ignore[dict-item]
    FinalRound: _final_round,  # type: ignore[dict-item]
    TurnPassed: _turn_passed,  # type: ignore[dict-item]
    DeckReshuffled: _reshuffled,  # type: ignore[dict-item]
    GameOver: _game_over,  # type: ignore[dict-item]
}
