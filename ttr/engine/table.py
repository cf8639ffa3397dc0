"""What the table shows that follows from the rules: twin tracks closed to everyone, who
holds the longest-path bonus right now. Pure queries on the public state (no secrets)."""

from __future__ import annotations

from ttr.engine.board import Seat
from ttr.engine.scoring import longest_trail, route_edges
from ttr.engine.view import PublicState


def closed_twins(public: PublicState) -> frozenset[int]:
    """Indices of open routes nobody may claim any more: the twin of a claimed route when
    fewer seats play than the rules need to open both tracks."""
    if len(public.players) >= public.config.double_routes_min_players:
        return frozenset()
    twin = public.game_map.twin
    owners = public.owners
    return frozenset(i for i, o in enumerate(owners)
                     if o is None and twin[i] >= 0 and owners[twin[i]] is not None)


def path_lengths(public: PublicState) -> tuple[int, ...]:
    """Each seat's longest continuous path now, in trains (as final scoring counts it)."""
    return tuple(longest_trail(route_edges(public.game_map, public.owners, seat))
                 for seat in range(len(public.players)))


def path_leaders(public: PublicState) -> tuple[Seat, ...]:
    """The seats that would take the longest-path bonus if the game ended now (ties share
    it, as in final scoring; nobody before the first claim)."""
    lengths = path_lengths(public)
    best = max(lengths, default=0)
    return tuple(s for s, n in enumerate(lengths) if n == best and n > 0)
