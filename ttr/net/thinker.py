"""AI decisions for server seats, made in worker processes.

The server sends a worker the seat's view as protocol data (the same `observe` the
seat's player would get), never the state; the worker rebuilds it on its own copy of
the map (loaded once per process) and answers with action notation.
"""

from __future__ import annotations

import random
from typing import Any

from ttr.ai.base import agent_info, make_agent
from ttr.engine import RulesConfig, format_action
from ttr.net.codec import view_from_dict
from ttr.net.messages import same_map


def think(map_id: str, map_hash: str, config: dict[str, Any], view: dict[str, Any],
          agent: str, seed: str) -> str:
    """One decision of `agent` for the seat whose view this is (worker entry point)."""
    gm = same_map(map_id, map_hash)
    v = view_from_dict(view, gm, RulesConfig.from_dict(config))
    info = agent_info(agent)
    return format_action(make_agent(agent).choose(v, random.Random(seed), info.budget))
