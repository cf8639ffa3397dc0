"""`TableSession`: what a game screen needs of a game in progress.

The board, its dialogs and the scoring screen depend on this protocol, not on where the
game runs: `GameSession` (the local game with its AI worker) implements it, and a
session played over the network can too. Everything a screen shows comes from
`screen_view()` / `Update.view` (redacted for the seat at the screen); saving and
undo are local features, offered only for a `GameSession`.
"""

from __future__ import annotations

from typing import Protocol

from ttr.engine import Action, GameResult, PlayerView, RulesConfig, Seat
from ttr.game.session import SeatSpec, Update


class TableSession(Protocol):
    """A game in progress as the screen sees it."""

    screen_owner: Seat | None
    """The seat at the screen (None: nobody yet, or a spectator)."""

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        """Names, colours and kinds of the seats, in turn order."""

    @property
    def config(self) -> RulesConfig:
        """The rules of the game."""

    @property
    def hot_seat(self) -> bool:
        """True with two or more humans at this screen."""

    @property
    def to_act(self) -> Seat | None:
        """The seat that decides next, or None once the game is over."""

    @property
    def over(self) -> bool:
        """True once the game has ended."""

    def is_human(self, seat: Seat) -> bool:
        """Whether a person at this screen plays `seat`."""

    def view_for(self, seat: Seat | None) -> PlayerView:
        """What `seat` may see now (None: the public view), with its game log."""

    def screen_view(self) -> PlayerView:
        """The view of the seat at the screen (the public view when nobody owns it)."""

    @property
    def hints_allowed(self) -> bool:
        """Whether the table lets the coach give hints in this game."""

    def count_hint(self, seat: Seat) -> object:
        """Count a hint the coach showed `seat`'s player, in the game's record."""

    def pending_handoff(self) -> Seat | None:
        """The human who must get the screen (behind a curtain) before acting, or None."""

    def take_screen(self, seat: Seat | None) -> PlayerView:
        """`seat` now sits at the screen (a curtain was dismissed); returns its view."""

    def submit(self, action: Action) -> Update:
        """Play a human's action (raises IllegalActionError if it is not legal now)."""

    def poll_ai(self) -> Update | None:
        """Advance a computer seat: None while it thinks."""

    def ai_thinking(self) -> bool:
        """True while a computer seat is thinking."""

    def results(self) -> GameResult:
        """The final result (a provisional tally mid-game)."""

    def close(self) -> None:
        """Stop any background work."""
