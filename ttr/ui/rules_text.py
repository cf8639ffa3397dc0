"""The How to play text for one map and rule set, built from its RulesConfig so the numbers
never drift from the engine's."""

from __future__ import annotations

from ttr.engine import RulesConfig
from ttr.ui.words import counted

Section = tuple[str, str]


def _ordinal_costs(costs: tuple[int, ...]) -> str:
    names = ("first", "second", "third", "fourth", "fifth", "sixth")
    parts = [f"the {names[i] if i < len(names) else f'#{i + 1}'} {counted(c, 'card')}"
             for i, c in enumerate(costs)]
    return ", ".join(parts)


def _title(map_name: str, description: str) -> str:
    if description.lower().startswith(map_name.lower()):
        return description
    return f"{map_name} \u2014 {description}"


def path_bonus_name(map_id: str) -> str:
    """What the longest-path bonus is called on this map."""
    return "European Express" if map_id == "europe" else "Longest path"


def scoring_table(cfg: RulesConfig) -> list[tuple[int, int]]:
    """(route length, points) pairs, shortest first."""
    return sorted(cfg.route_points)


def turn_actions(cfg: RulesConfig) -> str:
    """The actions of a turn."""
    text = (f"Draw two train cards, from the {cfg.faceup_slots} face-up cards or the deck "
            "(a face-up locomotive counts as both draws and cannot be your second). "
            "Or claim a route: pay as many cards as it has spaces, all of its colour (any one "
            "colour for gray routes; locomotives are wild). "
            f"Or draw {counted(cfg.draw_tickets, 'destination ticket')} and keep at least "
            f"{cfg.draw_keep_min}.")
    if cfg.stations:
        text += (" Or build a station in a city nobody has one in "
                 f"({_ordinal_costs(cfg.station_costs)} of one colour).")
    return text


def setup_text(cfg: RulesConfig) -> str:
    """What each player starts with."""
    deal = counted(cfg.deal_regular, "ticket")
    if cfg.deal_long:
        deal = (f"{counted(cfg.deal_long, 'long ticket')} and "
                f"{counted(cfg.deal_regular, 'regular one')}")
    text = (f"Each player has {counted(cfg.trains, 'train')} and "
            f"{counted(cfg.starting_hand, 'train card')}, "
            f"and is dealt {deal}: keep at least {cfg.deal_keep_min}.")
    if cfg.unkept_initial_to_box:
        text += " Tickets not kept at the start leave the game."
    if cfg.faceup_loco_reset:
        text += (f" When {cfg.faceup_loco_reset} locomotives lie face up, the row is "
                 "discarded and dealt again.")
    return text


def bonuses_text(map_id: str, variant: str, cfg: RulesConfig) -> str:
    """End-of-game bonuses."""
    parts = ["Each completed ticket adds its value, each failed one subtracts it."]
    if cfg.longest_path_bonus:
        bonus = counted(cfg.longest_path_bonus, "point")
        parts.append(f"{path_bonus_name(map_id)}: {bonus} to whoever "
                     "has the longest continuous path (ties all score it).")
    if cfg.globetrotter_bonus:
        zero = ("even when nobody completed one (then everybody scores it)"
                if cfg.globetrotter_at_zero else "but nobody scores it when nobody completed one")
        bonus = counted(cfg.globetrotter_bonus, "point")
        parts.append(f"Globetrotter: {bonus} to whoever completed the "
                     f"most tickets (ties all score it), {zero}.")
    if cfg.stations:
        parts.append(f"Each station not built scores {counted(cfg.station_points, 'point')}.")
    ties = "most completed tickets"
    if cfg.stations:
        ties += ", then most stations left"
    parts.append(f"Ties go to the {ties}, then the longest path.")
    if not (cfg.longest_path_bonus or cfg.globetrotter_bonus):
        parts.append("This rule set has no bonus.")
    if variant == "bigcities" or cfg.ticket_set == "bigcities":
        parts.append("Note: sources differ on whether Big Cities keeps the longest path bonus; "
                     "this rule set " + ("does." if cfg.longest_path_bonus else "does not."))
    return " ".join(parts)


def special_sections(cfg: RulesConfig) -> list[Section]:
    """Rules beyond the basic game (Europe's tunnels, ferries and stations; doubles)."""
    out: list[Section] = []
    if cfg.stations:
        out.append(("Tunnels (dashed edges)",
                    "After you lay down the cards, "
                    f"{counted(cfg.tunnel_reveal, 'card')} are turned over from the deck; "
                    "each one of the colour you paid with (or a "
                    "locomotive) costs one more card of that kind. Pay it, or take your cards "
                    "back and end your turn."))
        out.append(("Ferries (engine marks)",
                    "Each marked space must be paid with a locomotive; the rest with cards of "
                    "one colour."))
        out.append(("Stations",
                    f"Each player has {counted(cfg.stations, 'station')}. At the end, each station "
                    "lets its owner use one rival route into that city for tickets (not for "
                    f"the {path_bonus_name('europe')})."))
    if cfg.deal_long:
        long_ones = counted(cfg.deal_long, "long ticket")
        out.append(("Long tickets", f"{long_ones} per player is dealt "
                                    "at the start only; the rest go out of the game."))
    out.append(("Double routes", f"With fewer than {cfg.double_routes_min_players} players, "
                                 "only one of the two tracks can be claimed."))
    return out


CONTROLS = ("Click a card or the deck to draw, click a route to claim it, click the ticket pile "
            "for tickets. Hover a route to see its cost. Space or a click skips animations. "
            "Esc pauses. F11 toggles fullscreen. Keys: 1-5 take a face-up card, D draws from "
            "the deck, T draws tickets, U undoes, G (or the Hint button) asks the coach for a "
            "hint. The map: the mouse wheel or + and - zoom, "
            "drag to move it, 0 or Home shows all of it; L says the last moves and shows the "
            "last one again, K keeps your tickets' cities and your network marked (also "
            "'Show on map').")
def keyboard_text() -> str:
    """Every key of the board, menus and dialogs (`ttr.ui.keys`), as one paragraph."""
    from ttr.ui.keys import BOARD_KEYS, DIALOG_KEYS, MENU_KEYS, keys_text

    return (keys_text(BOARD_KEYS) + " " + keys_text(DIALOG_KEYS) + " Menus and setup: "
            + keys_text(MENU_KEYS) + " Every change is announced in the caption line at the "
            "bottom of the map, and spoken when Speech is on (Settings).")


UNDO = ("Against the computer, U takes back your last move (and the computer's replies) only "
        "if nothing hidden came to light since: not after a blind draw, a face-up card replaced "
        "from the deck, new tickets, a tunnel, or a rival's claim. Hot-seat games have no undo; "
        "claims are confirmed instead (Settings). The game is saved after every move: Continue "
        "picks it up.")


def sections(map_id: str, map_name: str, variant: str, cfg: RulesConfig) -> list[Section]:
    """Titled paragraphs of the rules for one map and rule set."""
    out: list[Section] = [
        ("Goal", f"{_title(map_name, cfg.description)}. Score the most points: claim routes "
                 "between cities, complete your destination tickets"
                 + (", and build the longest continuous path." if cfg.longest_path_bonus
                    else ".")),
        ("Setup", setup_text(cfg)),
        ("On your turn, do one thing", turn_actions(cfg)),
        ("Bonuses and tickets", bonuses_text(map_id, variant, cfg)),
    ]
    out += special_sections(cfg)
    out += [
        ("The end", f"When someone has {counted(cfg.end_trigger, 'train')} or fewer left "
                    "after a turn, everyone, that player included, gets one last turn."),
        ("Controls", CONTROLS),
        ("Keyboard: the whole game without a mouse", keyboard_text()),
        ("Undo and saving", UNDO),
    ]
    return out
