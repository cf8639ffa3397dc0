"""The pure rules engine: standard library only, no I/O.

Public API: `new_game`, `legal_actions`, `is_legal`, `apply`, `observe`, `determinize`,
`results`, `sample_legal`, `replay`, action notation and the data types.
"""

from ttr.engine.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    WithdrawTunnel,
    action_sort_key,
    check_action,
    format_action,
    parse_action,
)
from ttr.engine.board import City, CityId, GameMap, Route, RouteId, Seat, Ticket, TicketId
from ttr.engine.cards import COLORS, LOCO, CardColor, Hand
from ttr.engine.config import RulesConfig
from ttr.engine.errors import IllegalActionError, MapError, Param, Problem, TtrError
from ttr.engine.events import (
    CardTaken,
    DeckReshuffled,
    Event,
    FaceUpDealt,
    FaceUpWiped,
    FinalRound,
    GameOver,
    Passed,
    RouteClaimed,
    StationBuilt,
    TicketsKept,
    TicketsOffered,
    TunnelRevealed,
    TunnelWithdrawn,
    TurnPassed,
    redact,
)
from ttr.engine.rules import (
    Transition,
    apply,
    is_legal,
    is_over,
    legal_actions,
    new_game,
    new_sim,
    replay,
    sample_legal,
    to_act,
)
from ttr.engine.scoring import GameResult, PlayerResult, TicketScore, longest_trail, results
from ttr.engine.serial import state_from_dict, state_to_dict
from ttr.engine.sim import Sim
from ttr.engine.state import GameState, PlayerState, Stage, TunnelClaim, check_invariants
from ttr.engine.view import (
    PlayerView,
    PrivateState,
    PublicPlayer,
    PublicState,
    determinize,
    observe,
)

__all__ = [
    "COLORS", "LOCO", "Action", "BuildStation", "CardColor", "CardTaken", "City", "CityId",
    "ClaimRoute", "DeckReshuffled", "DrawDeck", "DrawFaceUp", "DrawTickets", "Event",
    "FaceUpDealt", "FaceUpWiped", "FinalRound", "GameMap", "GameOver", "GameResult",
    "GameState", "Hand", "IllegalActionError", "KeepTickets", "MapError", "Pass", "Passed",
    "Param", "PayTunnel", "PlayerResult", "PlayerState", "PlayerView", "PrivateState", "Problem",
    "PublicPlayer",
    "PublicState", "Route", "RouteClaimed", "RouteId", "RulesConfig", "Seat", "Sim", "Stage",
    "StationBuilt", "Ticket", "TicketId", "TicketScore", "TicketsKept", "TicketsOffered",
    "Transition", "TtrError", "TunnelClaim", "TunnelRevealed", "TunnelWithdrawn",
    "TurnPassed", "WithdrawTunnel", "action_sort_key", "apply", "check_action", "check_invariants",
    "determinize", "format_action", "is_legal", "is_over", "legal_actions", "longest_trail",
    "new_game", "new_sim", "observe", "parse_action", "redact", "replay", "results", "sample_legal",
    "state_from_dict", "state_to_dict", "to_act",
]
