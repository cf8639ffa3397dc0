"""Hints: the move the strongest level would make, from the player's own view, and why.

`hint(view)` runs Expert's search (on the worker pool) for the seat whose view it is
given and returns a `Hint`: the action (so a screen can mark the route, card slot,
deck, ticket deck or city), the move in plain words and one plain line of why. It
reads nothing but that view, the same fair-play rule the computer players follow.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ttr.ai.expert import ExpertAgent
from ttr.ai.reasons import reason
from ttr.ai.wording import move_words
from ttr.engine import Action, PlayerView, TtrError
from ttr.i18n import _

HINT_BUDGET = 1.5
"""Seconds of search for a hint (it must be on screen within 2 seconds)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move: the action, the move in words and why."""

    action: Action
    move: str
    """`claim Denver–Omaha with 4 red` (lower case, no notation)."""
    why: str
    """`joins Denver to your network at Omaha: Duluth–El Paso needs 2 more routes`."""

    @property
    def text(self) -> str:
        """One line for the screen: `Claim Denver–Omaha with 4 red: joins ...`."""
        # TRANSLATORS: a hint: the move ("Claim Denver–Omaha with 4 red"), then why
        return _("{move}: {why}").format(move=self.move[:1].upper() + self.move[1:],
                                          why=self.why)


def hint(view: PlayerView, rng: random.Random | None = None, budget: float = HINT_BUDGET,
         iterations: int | None = None, workers: int | None = None) -> Hint:
    """The move Expert would make from `view`, with one line of why.

    `rng` defaults to one seeded from the position, so asking twice gives the same
    hint; `iterations` fixes the search's size (then the clock is ignored); `workers`
    0 searches in this process.

    Raises:
        TtrError: `view` is not the view of the seat to act.
    """
    if view.me is None or view.viewer != view.public.current or not view.legal:
        raise TtrError(_("a hint is for the player whose turn it is, from their own view"))
    if rng is None:
        rng = random.Random(f"hint:{view.public.turn}:{view.me.seat}:{view.public.stage}")
    view = replace(view, log=())  # the search sends the view to its workers: keep it small
    thought = ExpertAgent(iterations, workers).think(view, rng, budget)
    return Hint(thought.action, move_words(view, thought.action),
                reason(thought.ctx, thought.action))
