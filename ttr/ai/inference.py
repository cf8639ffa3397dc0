"""Guessing the other seats' tickets from their routes, for the searches' samples.

`determinize` deals the hidden tickets uniformly. But a seat's claimed routes show
where it is going: a ticket its network already makes much cheaper to finish than
from scratch is more likely one of its own. `ticket_prior` weighs every ticket the
viewer cannot see, per other seat, by the share of its cost that network saves
(public information only), and
`sample_state` deals the other seats' regular tickets by those weights, putting the
rest back in the ticket deck, so the sampled opponents race for the routes they
probably need.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from ttr.ai.planning import Network, network_from, shortest_path
from ttr.engine import GameState, PlayerView, TicketId, determinize

TicketPrior = dict[int, dict[TicketId, float]]
"""Other seat -> weight of each ticket it might hold (1: no evidence)."""

SHARE_WEIGHT = 5.0
"""A ticket's weight is exp(SHARE_WEIGHT x the share of its cost the seat's network
saves): 1 with nothing saved, about 150 for a finished ticket. Fitted on the tickets
seats really held in strong-policy games (docs/AI.md): it gives the true tickets twice
the share the earlier weight (the saving in points, capped) gave them."""


def ticket_prior(view: PlayerView) -> TicketPrior:
    """Per other seat that owns routes, a weight for each unseen regular ticket."""
    pub = view.public
    gm = pub.game_map
    mine = set() if view.me is None else {*view.me.tickets, *view.me.offer}
    unseen = [t for t in gm.ticket_deck(pub.config)
              if t not in mine and not gm.ticket_by_id[t].long]
    double_open = len(pub.players) >= pub.config.double_routes_min_players
    prior: TicketPrior = {}
    for p in pub.players:
        if p.seat == view.viewer or p.tickets == 0:
            continue
        net = network_from(gm, pub.owners, p.seat, double_open)
        if not net.owned:
            continue
        scratch = Network(gm, frozenset(), net.open | net.owned)
        weights: dict[TicketId, float] = {}
        for tid in unseen:
            t = gm.ticket_by_id[tid]
            a, b = gm.city_index[t.a], gm.city_index[t.b]
            fresh = shortest_path(scratch, a, b)
            now = shortest_path(net, a, b)
            if fresh is None or now is None:
                weights[tid] = 0.2 if now is None else 1.0  # blocked for it: unlikely kept
                continue
            share = (fresh[0] - now[0]) / max(1, fresh[0])
            weights[tid] = math.exp(SHARE_WEIGHT * min(1.0, share))
        prior[p.seat] = weights
    return prior


def sample_state(view: PlayerView, rng: random.Random, prior: TicketPrior) -> GameState:
    """`determinize(view, rng)`, with the other seats' regular tickets dealt by `prior`."""
    state = determinize(view, rng)
    if not prior:
        return state
    gm = state.game_map
    seats = [s for s in prior if state.players[s].tickets]
    pool = [t for s in seats for t in state.players[s].tickets if not gm.ticket_by_id[t].long]
    pool += state.ticket_deck
    players = list(state.players)
    for s in seats:
        held = players[s].tickets
        keep_long = [t for t in held if gm.ticket_by_id[t].long]
        dealt: list[TicketId] = []
        weights = prior[s]
        for _ in range(len(held) - len(keep_long)):
            total = sum(weights.get(t, 1.0) for t in pool)
            x = rng.random() * total
            for i, t in enumerate(pool):
                x -= weights.get(t, 1.0)
                if x <= 0 or i == len(pool) - 1:
                    dealt.append(pool.pop(i))
                    break
        players[s] = replace(players[s], tickets=tuple(keep_long + dealt))
    rng.shuffle(pool)
    return replace(state, players=tuple(players), ticket_deck=tuple(pool))
