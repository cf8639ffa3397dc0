"""AI agents: they see a `PlayerView` only and return one of `view.legal`."""

from ttr.ai.base import AGENTS, Agent, agent_names, make_agent

__all__ = ["AGENTS", "Agent", "agent_names", "make_agent"]  # i18n: no (names)
