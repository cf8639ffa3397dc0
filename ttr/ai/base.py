"""The `Agent` protocol and the registry of agents by name."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ttr.engine import Action, PlayerView, TtrError
from ttr.i18n import _


class Agent(Protocol):
    """Chooses an action for the seat whose view it is given.

    `budget` is the thinking time in seconds the agent may use (a level setting);
    agents that do not search ignore it.
    """

    name: str

    def choose(self, view: PlayerView, rng: random.Random, budget: float) -> Action:
        """Return one member of `view.legal`."""
        ...


@dataclass(frozen=True, slots=True)
class AgentInfo:
    """A registered agent: how to build it and how to describe it to a player."""

    name: str
    label: str
    description: str
    factory: Callable[[], Agent]
    budget: float = 0.0
    """Default thinking time in seconds."""
    level: bool = True
    """Offered as an opponent level in the setup screen."""
    fixed_iterations: bool = False
    """Its factory's agent takes a fixed number of search iterations (`name#N`)."""


AGENTS: dict[str, AgentInfo] = {}
"""Registry filled by `ttr.ai.registry` (imported lazily by `make_agent`)."""


def register(info: AgentInfo) -> None:
    """Add an agent to the registry."""
    AGENTS[info.name] = info


def _ensure_loaded() -> None:
    import ttr.ai.registry  # noqa: F401  (fills AGENTS on first import)


def agent_names() -> list[str]:
    """Registered agent names, levels first in registry order."""
    _ensure_loaded()
    return list(AGENTS)


def agent_info(name: str) -> AgentInfo:
    """Registry entry for `name`.

    Raises:
        TtrError: unknown agent name.
    """
    _ensure_loaded()
    try:
        return AGENTS[name.lower()]
    except KeyError:
        # TRANSLATORS: {name} is the agent name asked for, {names} the known ones
        raise TtrError(_("unknown agent {name} (choose from {names})").format(
            name=repr(name), names=", ".join(AGENTS))) from None


def make_agent(name: str) -> Agent:
    """A new agent by registry name.

    Raises:
        TtrError: unknown agent name.
    """
    return agent_info(name).factory()
