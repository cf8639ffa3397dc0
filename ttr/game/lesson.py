"""Learn to play: a guided first game. The lesson is data (`Step`s: what to do, in one or
two plain sentences, and the kind of move that does it); which moves a step allows is a
filter over the view's legal actions (`allowed`), and the move it marks for the player is
one of them (`target`). Progress (the step reached) lives in a small file in the user's
data folder, written by the store's one writer (`write_atomic`).

A step whose move is not possible yet (no locomotive face up, not enough cards for a
route) lets the player draw cards meanwhile, and marks the deck. The "complete a ticket"
step marks a route on the shortest free path of an unfinished ticket. After the guided
steps the player finishes the game freely (hints on); the lesson then speaks up twice:
when the last round starts and when the game ends (before the scores).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Protocol

from ttr.engine import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    PlayerView,
    Stage,
    WithdrawTunnel,
)
from ttr.engine.cards import LOCO
from ttr.engine.scoring import connected_tickets
from ttr.engine.table import closed_twins, ticket_path
from ttr.game.session import SeatSpec
from ttr.i18n import N_, _
from ttr.store.safefile import FileKind, FileReadError, read_data
from ttr.store.saves import write_atomic

logger = logging.getLogger(__name__)

LESSON_MAP = "usa"
LESSON_SEED = 36
"""The fixed deal of the USA lesson (tests/game/test_lesson.py checks that a player who
does only what each step marks finishes the guided steps)."""
SEEDS: dict[str, int] = {"usa": LESSON_SEED, "europe": 27}
"""Each lesson's map is its name; its fixed deal is this seed."""
# TRANSLATORS: the names of the lesson's two players: the learner, and the computer
LESSON_SEATS: tuple[SeatSpec, ...] = (SeatSpec(N_("You"), "blue"),
                                      SeatSpec(N_("Gus (gentle)"), "red", "beginner"))
"""The lesson's seats (names in English: `lesson_seats` words them; a lesson game is
known by its map, deal, colours and kinds, `lesson_of`, in any language)."""
PROGRESS = FileKind(N_("lesson progress"), 64 * 1024, 4)
PROGRESS_NAME = "lesson.json"


@dataclass(frozen=True, slots=True)
class Step:
    """One thing to do: a title, one or two plain sentences (why it matters), the kind of
    move that does it (`want`, see `matches`; "note": read, then Next), and how the
    marked target is reached by mouse and by keys (`how`, with {key} for the key).
    Title, text and how are English, marked with `N_`: translate them where shown."""

    id: str
    title: str
    text: str
    want: str
    how: str = ""
    show: str = ""
    """What a reading step points at on the map: "closed" (the twin tracks closed now)."""


USA: tuple[Step, ...] = (
    Step("keep_first", N_("Your destination tickets"),
         N_("Each ticket names two cities: join them with your own trains by the end and you "
            "score its points, fail and you lose them. Keep all three for now."),
         "keep", N_("Click Keep (or press Enter).")),
    # TRANSLATORS: in the tutorial's "Click ..." lines, {key} is the key that picks the
    # marked card, route or city ("3", "DEN"); Enter, Next, Keep, Pay name keys and buttons
    Step("faceup", N_("Take a face-up card"),
         N_("Train cards pay for routes. On your turn you may take two cards; start with the "
            "marked face-up card."), "faceup", N_("Click the marked card (or press {key}).")),
    Step("deck", N_("Draw from the deck"),
         N_("Your second card can come from the deck: a surprise, but it never shows your "
            "rival what you collect."), "deck", N_("Click the deck (or press D).")),
    Step("loco", N_("The locomotive rule"),
         N_("A locomotive is wild: it counts as any colour. Taken face up it is your whole "
            "turn, so it costs both draws."), "loco",
         N_("Click the marked locomotive (or press {key}).")),
    Step("claim_color", N_("Claim a coloured route"),
         N_("Pay as many cards of the route's colour as it has spaces (locomotives help): your "
            "trains fill it and it scores at once."), "claim_color",
         N_("Click the marked route (or press C, type {key}, Enter).")),
    Step("double", N_("Double routes"),
         N_("Some cities are joined by two tracks. With only two or three players, once one "
            "track is taken the other closes: it is hatched on the map."), "note",
         N_("Click Next (or press Enter)."), show="closed"),
    Step("claim_gray", N_("Claim a gray route"),
         N_("A gray route takes cards of any one colour, all the same."), "claim_gray",
         N_("Click the marked route (or press C, type {key}, Enter).")),
    Step("tickets", N_("Draw destination tickets"),
         N_("More tickets mean more points to win, and to lose: you draw three and keep at "
            "least one."), "tickets", N_("Click the ticket pile (or press T).")),
    Step("keep_some", N_("Keep some tickets"),
         N_("Keep the ones you think you can finish; the others go back under the pile."),
         "keep", N_("Click the tickets to return, then Keep (or press Enter).")),
    Step("complete", N_("Complete a ticket"),
         N_("Claim the routes that join one of your tickets' cities. The marked route is on "
            "the shortest way; draw cards when you cannot pay it yet."), "complete",
         N_("Click the marked route or card (or press {key}).")),
    Step("free", N_("Finish the game your way"),
         N_("You know the rules now. Hints are on: press G (or the Hint button) for the move "
            "the strongest computer player would make."), "note",
         N_("Click Next (or press Enter) and play on.")),
)
"""The USA lesson, in order."""

LAST_ROUND = Step("last_round", N_("The last round"),
                  N_("Someone has two trains or fewer left: everyone, that player included, "
                     "gets one more turn. Use it well."), "note",
                  N_("Click Next (or press Enter)."))
FINAL = Step("final", N_("Final scoring"),
             N_("Routes already scored as they were claimed. Now each completed ticket adds its "
                "points, each unfinished one takes them away, and the longest unbroken line of "
                "trains wins the bonus."), "note",
             N_("Click Next (or press Enter) for the scores."))

EUROPE: tuple[Step, ...] = (
    Step("keep_first", N_("Your destination tickets"),
         N_("One long ticket and three regular ones: join their cities with your trains by "
            "the end. Keep them all for now."), "keep", N_("Click Keep (or press Enter).")),
    Step("tunnel", N_("Claim a tunnel"),
         N_("Tunnels have dashed edges. Lay down the cards as usual; then three cards are "
            "turned over from the deck."), "claim_tunnel",
         N_("Click the marked route (or press C, type {key}, Enter).")),
    Step("tunnel_pay", N_("Pay for the tunnel"),
         N_("Each turned-over card of your colour, or a locomotive, costs one more card. Pay "
            "it, or take your cards back and end your turn."), "tunnel_pay",
         N_("Click the marked Pay (or press Enter).")),
    Step("ferry", N_("Claim a ferry"),
         N_("Ferry spaces show a locomotive: each one must be paid with a locomotive, the rest "
            "with cards of one colour."), "claim_ferry",
         N_("Click the marked route (or press C, type {key}, Enter).")),
    Step("station", N_("Build a station"),
         N_("A station lets you use one rival route into its city for your tickets at the "
            "end. Each station you do not build is worth 4 points."), "station",
         N_("Click the marked city (or press B, type {key}, Enter).")),
    Step("express", N_("The European Express"),
         N_("The longest unbroken line of your own trains wins 10 points. Stations do not "
            "count for it: only your own routes do."), "note", N_("Click Next (or press Enter).")),
    Step("free", N_("Finish the game your way"),
         N_("You know the European rules now. Hints are on: press G (or the Hint button) for "
            "the move the strongest computer player would make."), "note",
         N_("Click Next (or press Enter) and play on.")),
)
"""The short Europe lesson: stations, tunnels, ferries and the European Express."""

LESSONS: dict[str, tuple[Step, ...]] = {"usa": USA, "europe": EUROPE}


# ---------------------------------------------------------------- moves


def _completes(view: PlayerView, action: Action) -> bool:
    """Whether claiming makes one more of the viewer's tickets complete."""
    if not isinstance(action, ClaimRoute) or view.me is None or view.viewer is None:
        return False
    gm = view.public.game_map
    owners = list(view.public.owners)
    before = sum(connected_tickets(gm, owners, view.viewer, view.me.tickets))
    owners[gm.route(action.route).index] = view.viewer
    return sum(connected_tickets(gm, owners, view.viewer, view.me.tickets)) > before


def path_routes(view: PlayerView) -> set[str]:
    """Routes still to claim on the shortest free way of the viewer's nearest unfinished
    ticket (the routes anybody may still claim, plus the viewer's own)."""
    if view.me is None or view.viewer is None:
        return set()
    pub = view.public
    gm = pub.game_map
    closed = closed_twins(pub)
    usable = {r.id for r in gm.routes if (pub.owners[r.index] is None and r.index not in closed)
              or pub.owners[r.index] == view.viewer}
    joined = connected_tickets(gm, pub.owners, view.viewer, view.me.tickets)
    best: set[str] = set()
    for t, ok in zip(view.me.tickets, joined, strict=True):
        if ok:
            continue
        ticket = gm.ticket_by_id[t]
        todo = {rid for rid in ticket_path(gm, usable, ticket.a, ticket.b)
                if pub.owners[gm.route(rid).index] is None}
        if todo and (not best or len(todo) < len(best)):
            best = todo
    return best


def matches(step: Step, view: PlayerView, action: Action) -> bool:
    """Whether `action` is the move `step` asks for."""
    want = step.want
    pub = view.public
    if want == "keep":
        return isinstance(action, KeepTickets)
    if want in ("faceup", "loco"):
        return isinstance(action, DrawFaceUp) and \
            (pub.faceup[action.slot] == LOCO) == (want == "loco")
    if want == "deck":
        return isinstance(action, DrawDeck)
    if want == "tickets":
        return isinstance(action, DrawTickets)
    if want in ("claim_color", "claim_gray"):
        return isinstance(action, ClaimRoute) and \
            (pub.game_map.route(action.route).color is None) == (want == "claim_gray")
    if want == "claim_tunnel":
        return isinstance(action, ClaimRoute) and pub.game_map.route(action.route).tunnel
    if want == "claim_ferry":
        return isinstance(action, ClaimRoute) and pub.game_map.route(action.route).ferry > 0
    if want == "tunnel_pay":
        return isinstance(action, PayTunnel | WithdrawTunnel)
    if want == "station":
        return isinstance(action, BuildStation)
    if want == "complete":
        return _completes(view, action)
    return False


def _meanwhile(step: Step, view: PlayerView) -> list[Action]:
    """Moves allowed while the step's own move is not possible: drawing cards (and, on
    the way to a ticket, claiming its routes); a ticket choice or a pass that the game
    asks for now."""
    path = path_routes(view) if step.want == "complete" else set()
    out: list[Action] = [a for a in view.legal
                         if isinstance(a, DrawDeck | DrawFaceUp | KeepTickets | Pass | PayTunnel
                                       | WithdrawTunnel)
                         or (isinstance(a, ClaimRoute) and a.route in path)]
    return out or list(view.legal)


def allowed(step: Step, view: PlayerView) -> list[Action]:
    """The legal moves the step lets the player make now."""
    if step.want == "note":
        return []
    own = [a for a in view.legal if matches(step, view, a)]
    return own or _meanwhile(step, view)


def target(step: Step, view: PlayerView) -> Action | None:
    """The move the step marks: one of `allowed`, the step's own kind first (a route with a
    twin for the coloured claim, the longest claim, all offered tickets kept)."""
    moves = allowed(step, view)
    if not moves:
        return None
    gm = view.public.game_map
    own = [a for a in moves if matches(step, view, a)]
    if own:
        if isinstance(own[0], KeepTickets):
            return max(own, key=lambda a: len(a.keep) if isinstance(a, KeepTickets) else 0)
        claims = [a for a in own if isinstance(a, ClaimRoute)]
        if claims and step.want == "claim_tunnel" and view.me is not None:
            hand = view.me.hand.counts

            def spare(a: ClaimRoute) -> tuple[int, int]:
                """Cards left that could pay a tunnel's extra (so the reveal can be paid)."""
                paid = a.payment.counts
                colour = max(range(8), key=lambda c: paid[c])
                return (hand[colour] - paid[colour] + hand[LOCO] - paid[LOCO], -paid[LOCO])
            return max(claims, key=spare)
        if claims:
            def rank(a: ClaimRoute) -> tuple[bool, int]:
                r = gm.route(a.route)
                return (gm.twin[r.index] >= 0, r.length)
            return max(claims, key=rank)
        return own[0]
    path = path_routes(view) if step.want == "complete" else set()
    for a in moves:
        if isinstance(a, ClaimRoute) and a.route in path:
            return a
    for kind in (KeepTickets, PayTunnel, DrawDeck, DrawFaceUp, Pass):
        for a in moves:
            if isinstance(a, kind):
                return a
    return moves[0]


def shown_routes(step: Step, view: PlayerView) -> list[str]:
    """The routes a reading step points at (see `Step.show`): for "closed", the twins of
    the viewer's own claims that are closed now (else one closed by a rival's claim)."""
    if step.show != "closed":
        return []
    pub = view.public
    gm = pub.game_map
    closed = sorted(closed_twins(pub))
    mine = [gm.routes[i].id for i in closed if pub.owners[gm.twin[i]] == view.viewer]
    return mine or [gm.routes[i].id for i in closed[:1]]


def moot(step: Step, view: PlayerView) -> bool:
    """A step that does not apply now and is passed over: paying for a tunnel whose
    turned-over cards asked for nothing more (the claim went through at once)."""
    return step.want == "tunnel_pay" and view.public.stage != Stage.TUNNEL_PAY


def waiting(step: Step, view: PlayerView) -> bool:
    """True when the step's own move is not possible now (the player draws meanwhile)."""
    return step.want != "note" and view.public.stage != Stage.GAME_OVER and \
        not any(matches(step, view, a) for a in view.legal)


# ---------------------------------------------------------------- progress


@dataclass(slots=True)
class Progress:
    """How far the player got: the lesson, the step reached (the number of steps: the
    guided part is over, the game goes on freely), and its state: "new" (never offered),
    "offered", "running", "done" or "skipped"."""

    lesson: str = LESSON_MAP
    step: int = 0
    state: str = "new"
    last_round_told: bool = False

    @staticmethod
    def load(path: Path) -> Progress:
        """Read the progress file (defaults when it is missing or unreadable)."""
        p = Progress()
        if not path.exists():
            return p
        try:
            data = read_data(path, PROGRESS)
        except FileReadError as e:
            logger.warning("cannot read the lesson progress: %s", e)
            return p
        if not isinstance(data, dict):
            return p
        lesson, state = data.get("lesson"), data.get("state")
        if isinstance(lesson, str) and lesson in LESSONS:
            p.lesson = lesson
        step = data.get("step")
        if isinstance(step, int) and not isinstance(step, bool) and \
                0 <= step <= len(LESSONS[p.lesson]):
            p.step = step
        if isinstance(state, str) and state in ("new", "offered", "running", "done", "skipped"):
            p.state = state
        p.last_round_told = data.get("last_round_told") is True
        return p

    def save(self, path: Path) -> None:
        """Write the progress (errors are logged: a lesson is never worth a crash)."""
        try:
            write_atomic(path, json.dumps(asdict(self)))
        except OSError as e:
            logger.warning("cannot write the lesson progress %s: %s", path, e)

    def steps(self) -> Sequence[Step]:
        """The steps of this lesson."""
        return LESSONS[self.lesson]


def lesson_seats() -> tuple[SeatSpec, ...]:
    """The lesson's seats with their names in the player's language (a new lesson game)."""
    return tuple(SeatSpec(_(s.name), s.color, s.agent) for s in LESSON_SEATS)


class _Seat(Protocol):
    @property
    def color(self) -> str: ...
    @property
    def kind(self) -> str: ...


def lesson_of(map_id: str, seed: object, seats: Sequence[_Seat]) -> str | None:
    """The lesson a game is (its map, deal, and its seats' colours and kinds: the names
    were worded in the language of the day), or None."""
    if map_id in SEEDS and seed == SEEDS[map_id] and \
            [(s.color, s.kind) for s in seats] == [(s.color, s.kind) for s in LESSON_SEATS]:
        return map_id
    return None
