"""`state_to_dict` / `state_from_dict`: a full state as plain data (JSON/YAML-ready).

Cards are written as colour names and hands in notation (`red:2,loco:1`), so a test
can write any position by hand.
"""

from __future__ import annotations

from typing import Any

from ttr.engine.board import GameMap
from ttr.engine.cards import CardColor, Hand
from ttr.engine.config import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    RulesConfig,
    kind_name,
    map_problems,
    short_repr,
)
from ttr.engine.errors import TtrError
from ttr.engine.rules import valid_seed
from ttr.engine.state import GameState, PlayerState, Stage, TunnelClaim, check_invariants


def state_to_dict(state: GameState) -> dict[str, Any]:
    """Plain data for a state (the map is referred to by id and content hash)."""
    t = state.tunnel
    return {
        "map": state.game_map.id,
        "map_hash": state.game_map.content_hash,
        "config": state.config.to_dict(),
        "seed": state.seed,
        "shuffles": state.shuffles,
        "players": [
            {
                "hand": str(p.hand), "tickets": list(p.tickets), "offer": list(p.offer),
                "trains": p.trains, "stations": p.stations, "route_points": p.route_points,
            }
            for p in state.players
        ],
        "current": state.current,
        "stage": state.stage.name.lower(),
        "deck": [c.key for c in state.deck],
        "faceup": [None if c is None else c.key for c in state.faceup],
        "discard": str(state.discard),
        "ticket_deck": list(state.ticket_deck),
        "owners": {
            r.id: state.owners[r.index] for r in state.game_map.routes
            if state.owners[r.index] is not None
        },
        "stations": {
            c.id: state.stations[i] for i, c in enumerate(state.game_map.cities)
            if state.stations[i] is not None
        },
        "turns_left": state.turns_left,
        "passes": state.passes,
        "turn": state.turn,
        "tunnel": None if t is None else {
            "route": t.route, "payment": str(t.payment),
            "revealed": [c.key for c in t.revealed], "extra": t.extra,
        },
    }


def _int(data: dict[str, Any], key: str, lo: int = 0, hi: int = 1_000_000) -> int:
    v = data.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise TtrError(f"state: {key!r} must be a whole number from {lo} to {hi}, not {v!r}",
                       "state_not_whole", key=key, lo=lo, hi=hi, value=short_repr(v))
    return v


def _list(data: dict[str, Any], key: str) -> list[Any]:
    v = data.get(key)
    if not isinstance(v, list):
        raise TtrError(f"state: {key!r} must be a list, not {type(v).__name__}",
                       "state_not_list", key=key, kind=kind_name(v))
    return v


def state_from_dict(data: Any, game_map: GameMap,
                    config: RulesConfig | None = None) -> GameState:
    """Rebuild a state written by `state_to_dict` (or by hand) on `game_map`.

    Missing `config` is read from the data. The result is checked for conservation
    and for consistency (see `_consistency`), so every state it returns can be played.

    Raises:
        TtrError: the data is malformed or describes an impossible state.
    """
    if not isinstance(data, dict):
        raise TtrError("state: expected a mapping", "state_not_mapping")
    if not isinstance(game_map, GameMap) or not isinstance(config, RulesConfig | None):
        raise TtrError("state_from_dict needs a GameMap and a RulesConfig (or None)", "internal")
    try:
        cfg = config or RulesConfig.from_dict(data.get("config") or {})
        n_routes = len(game_map.routes)
        owners: list[int | None] = [None] * n_routes
        raw_owners = data.get("owners") or {}
        if not isinstance(raw_owners, dict):
            raise TtrError("state: 'owners' must map route ids to seats", "state_owners")
        players = []
        for i, p in enumerate(_list(data, "players")):
            if not isinstance(p, dict):
                raise TtrError(f"state: players[{i}] must be a mapping", "state_player", index=i)
            players.append(PlayerState(
                hand=Hand.parse(str(p.get("hand", "-"))),
                tickets=tuple(str(t) for t in p.get("tickets", [])),
                offer=tuple(str(t) for t in p.get("offer", [])),
                trains=_int(p, "trains"),
                stations=_int(p, "stations", 0, 100) if "stations" in p else cfg.stations,
                route_points=_int(p, "route_points"),
            ))
        n = len(players)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise TtrError(f"state: {n} players (a game has {MIN_PLAYERS} to {MAX_PLAYERS})",
                           "state_player_count", n=n, least=MIN_PLAYERS, most=MAX_PLAYERS)
        for rid, seat in raw_owners.items():
            if not isinstance(seat, int) or not 0 <= seat < n:
                raise TtrError(f"state: owner of {rid!r} must be a seat, not {seat!r}",
                               "state_owner", route=short_repr(rid), seat=short_repr(seat))
            owners[game_map.route(str(rid)).index] = seat
        stations: list[int | None] = [None] * len(game_map.cities)
        raw_stations = data.get("stations") or {}
        if not isinstance(raw_stations, dict):
            raise TtrError("state: 'stations' must map city ids to seats", "state_stations")
        for cid, seat in raw_stations.items():
            if cid not in game_map.city_index or not isinstance(seat, int) or not 0 <= seat < n:
                raise TtrError(f"state: bad station {cid!r}: {seat!r}", "state_station",
                               city=short_repr(cid), seat=short_repr(seat))
            stations[game_map.city_index[cid]] = seat
        for p in players:
            for t in (*p.tickets, *p.offer):
                if t not in game_map.ticket_by_id:
                    raise TtrError(f"state: unknown ticket {t!r}", "state_ticket",
                                   ticket=short_repr(t))
        tdata = data.get("tunnel")
        tunnel = None if tdata is None else TunnelClaim(
            route=game_map.route(str(tdata["route"])).id,
            payment=Hand.parse(str(tdata["payment"])),
            revealed=tuple(CardColor.parse(str(c)) for c in tdata["revealed"]),
            extra=int(tdata["extra"]),
        )
        stage_name = str(data.get("stage", "")).upper()
        if stage_name not in Stage.__members__:
            raise TtrError(f"state: unknown stage {data.get('stage')!r}", "state_stage",
                           stage=short_repr(data.get("stage")))
        turns_left = data.get("turns_left")
        if turns_left is not None:
            turns_left = _int(data, "turns_left", 0, 100)
        seed = data.get("seed", 0)
        if not valid_seed(seed):
            raise TtrError("state: 'seed' must be a number below 2**256 or a short text",
                           "state_seed")
        ticket_deck = tuple(str(t) for t in _list(data, "ticket_deck"))
        for t in ticket_deck:
            if t not in game_map.ticket_by_id:
                raise TtrError(f"state: unknown ticket {t!r}", "state_ticket",
                               ticket=short_repr(t))
        state = GameState(
            game_map=game_map,
            config=cfg,
            seed=seed,
            shuffles=_int(data, "shuffles"),
            players=tuple(players),
            current=_int(data, "current", 0, max(n - 1, 0)),
            stage=Stage[stage_name],
            deck=tuple(CardColor.parse(str(c)) for c in _list(data, "deck")),
            faceup=tuple(
                None if c is None else CardColor.parse(str(c)) for c in _list(data, "faceup")
            ),
            discard=Hand.parse(str(data.get("discard", "-"))),
            ticket_deck=ticket_deck,
            owners=tuple(owners),
            stations=tuple(stations),
            turns_left=turns_left,
            passes=_int(data, "passes", 0, 100) if "passes" in data else 0,
            turn=_int(data, "turn") if "turn" in data else 0,
            tunnel=tunnel,
        )
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as e:
        if isinstance(e, TtrError):
            raise
        raise TtrError(f"state: malformed data ({type(e).__name__}: {str(e)[:100]})",
                       "state_malformed") from None
    try:
        check_invariants(state, trains=False)
    except AssertionError as e:
        raise TtrError(f"state: impossible position: {e}", "state_impossible") from None
    problem = _consistency(state)
    if problem:
        raise TtrError(f"state: impossible position: {problem}", "state_impossible")
    return state


def _consistency(state: GameState) -> str | None:
    """What makes `state` unplayable beyond conservation (`check_invariants`), or None:
    the rules fit the map, the stage agrees with the offers and the tunnel, the counters
    are in range, no seat holds both tracks of a double route."""
    cfg, gm, n = state.config, state.game_map, len(state.players)
    problems = map_problems(cfg, gm)
    if problems:
        return problems[0].message
    if len(state.faceup) != cfg.faceup_slots:
        return f"{len(state.faceup)} face-up slots, the rules have {cfg.faceup_slots}"
    stage = state.stage
    if stage != Stage.GAME_OVER and state.passes >= n:
        return f"{state.passes} passes in a row, but the game is not over"
    if state.turns_left is not None and state.turns_left > n:
        return f"turns_left {state.turns_left} is more than the {n} players"
    for seat, p in enumerate(state.players):
        if stage == Stage.KEEP_TICKETS and seat == state.current:
            if not 1 <= len(p.offer) <= cfg.draw_tickets:
                return f"seat {seat} keeps from {len(p.offer)} tickets"
        elif stage == Stage.INITIAL_TICKETS and seat >= state.current:
            if len(p.offer) > cfg.deal_regular + cfg.deal_long:
                return f"seat {seat} is offered {len(p.offer)} tickets"
        elif p.offer:
            return f"seat {seat} holds a ticket offer at stage {stage.name}"
    for r in gm.routes:
        twin = gm.twin[r.index]
        owner = state.owners[r.index]
        if twin > r.index and owner is not None and state.owners[twin] is not None and (
                state.owners[twin] == owner or n < cfg.double_routes_min_players):
            return f"both tracks of the double route {r.id} are claimed"
    t = state.tunnel
    if (t is not None) != (stage == Stage.TUNNEL_PAY):
        return f"a pending tunnel claim does not fit stage {stage.name}"
    if t is not None:
        route = gm.route_by_id[t.route]
        color = next((c for c in range(8) if t.payment.counts[c]), -1)
        demanded = sum(1 for c in t.revealed if c in (CardColor.LOCOMOTIVE, color))
        if not route.tunnel or state.owners[route.index] is not None \
                or t.payment.total != route.length or len(t.revealed) > cfg.tunnel_reveal \
                or not 1 <= t.extra == demanded:
            return f"the pending tunnel claim of {route.id} is impossible"
    return None
