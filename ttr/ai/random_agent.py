"""Uniformly random over the legal actions."""

from __future__ import annotations

import random

from ttr.engine import Action, PlayerView


class RandomAgent:
    """Picks any legal action with equal probability."""

    name = "random"

    def choose(self, view: PlayerView, rng: random.Random, budget: float = 0.0) -> Action:
        """A uniformly random member of `view.legal`."""
        return view.legal[int(rng.random() * len(view.legal))]
