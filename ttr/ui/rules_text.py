"""The How to play text for one map and rule set, built from its RulesConfig so the numbers
never drift from the engine's. Worded when called (in the language spoken then): each
sentence is one translatable unit."""

from __future__ import annotations

from ttr.engine import RulesConfig
from ttr.i18n import N_, _, ngettext, number

Section = tuple[str, str]


def _ordinal_cost(i: int, c: int) -> str:
    n = number(c)
    if i == 0:
        # TRANSLATORS: the cost of a player's first station ("the first 1 card")
        return ngettext("the first {n} card", "the first {n} cards", c).format(n=n)
    if i == 1:
        return ngettext("the second {n} card", "the second {n} cards", c).format(n=n)
    if i == 2:
        return ngettext("the third {n} card", "the third {n} cards", c).format(n=n)
    # TRANSLATORS: the cost of a player's station number {i} (4th and later)
    return ngettext("station {i}: {n} card", "station {i}: {n} cards", c).format(
        i=number(i + 1), n=n)


def _ordinal_costs(costs: tuple[int, ...]) -> str:
    return ", ".join(_ordinal_cost(i, c) for i, c in enumerate(costs))


def _title(map_name: str, description: str) -> str:
    if description.lower().startswith(map_name.lower()):
        return description
    return f"{map_name} \u2014 {description}"


def path_bonus_name(map_id: str) -> str:
    """What the longest-path bonus is called on this map."""
    return _("European Express") if map_id == "europe" else _("Longest path")


def scoring_table(cfg: RulesConfig) -> list[tuple[int, int]]:
    """(route length, points) pairs, shortest first."""
    return sorted(cfg.route_points)


def _fill(text: str, n: int, **more: object) -> str:
    """An `ngettext` text filled in: `{n}` is the number written the language's way."""
    return text.format(n=number(n), **more)


def turn_actions(cfg: RulesConfig) -> str:
    """The actions of a turn."""
    parts = [
        ngettext("Draw two train cards, from the {n} face-up card or the deck (a face-up "
                 "locomotive counts as both draws and cannot be your second).",
                 "Draw two train cards, from the {n} face-up cards or the deck (a face-up "
                 "locomotive counts as both draws and cannot be your second).",
                 cfg.faceup_slots).format(n=number(cfg.faceup_slots)),
        _("Or claim a route: pay as many cards as it has spaces, all of its colour (any one "
          "colour for gray routes; locomotives are wild)."),
        _fill(ngettext("Or draw {n} destination ticket and keep at least {keep}.",
                       "Or draw {n} destination tickets and keep at least {keep}.",
                       cfg.draw_tickets), cfg.draw_tickets, keep=number(cfg.draw_keep_min)),
    ]
    if cfg.stations:
        # TRANSLATORS: {costs} is a list like "the first 1 card, the second 2 cards, ..."
        parts.append(_("Or build a station in a city nobody has one in ({costs} of one "
                       "colour).").format(costs=_ordinal_costs(cfg.station_costs)))
    return " ".join(parts)


def setup_text(cfg: RulesConfig) -> str:
    """What each player starts with."""
    deal = _fill(ngettext("{n} ticket", "{n} tickets", cfg.deal_regular), cfg.deal_regular)
    if cfg.deal_long:
        # TRANSLATORS: the tickets dealt at the start: "1 long ticket and 3 regular ones"
        deal = _("{long} and {regular}").format(
            long=_fill(ngettext("{n} long ticket", "{n} long tickets", cfg.deal_long),
                       cfg.deal_long),
            regular=_fill(ngettext("{n} regular one", "{n} regular ones", cfg.deal_regular),
                          cfg.deal_regular))
    # TRANSLATORS: {trains}: "45 trains"; {cards}: "4 train cards"; {deal}: "3 tickets"
    parts = [_("Each player has {trains} and {cards}, and is dealt {deal}: keep at least "
               "{keep}.").format(
        trains=_fill(ngettext("{n} train", "{n} trains", cfg.trains), cfg.trains),
        cards=_fill(ngettext("{n} train card", "{n} train cards", cfg.starting_hand),
                    cfg.starting_hand),
        deal=deal, keep=number(cfg.deal_keep_min))]
    if cfg.unkept_initial_to_box:
        parts.append(_("Tickets not kept at the start leave the game."))
    if cfg.faceup_loco_reset:
        parts.append(_fill(ngettext("When {n} locomotive lies face up, the row is discarded "
                                    "and dealt again.",
                                    "When {n} locomotives lie face up, the row is discarded "
                                    "and dealt again.", cfg.faceup_loco_reset),
                           cfg.faceup_loco_reset))
    return " ".join(parts)


def bonuses_text(map_id: str, variant: str, cfg: RulesConfig) -> str:
    """End-of-game bonuses."""
    parts = [_("Each completed ticket adds its value, each failed one subtracts it.")]
    if cfg.longest_path_bonus:
        # TRANSLATORS: {name} is "Longest path" or "European Express"
        parts.append(_fill(ngettext("{name}: {n} point to whoever has the longest continuous "
                                    "path (ties all score it).",
                                    "{name}: {n} points to whoever has the longest continuous "
                                    "path (ties all score it).", cfg.longest_path_bonus),
                           cfg.longest_path_bonus, name=path_bonus_name(map_id)))
    if cfg.globetrotter_bonus:
        zero = (_("even when nobody completed one (then everybody scores it)")
                if cfg.globetrotter_at_zero else
                _("but nobody scores it when nobody completed one"))
        # TRANSLATORS: {zero} is "even when nobody completed one (then everybody scores it)"
        # or "but nobody scores it when nobody completed one"
        parts.append(_fill(ngettext(
            "Globetrotter: {n} point to whoever completed the most tickets (ties all score "
            "it), {zero}.",
            "Globetrotter: {n} points to whoever completed the most tickets (ties all score "
            "it), {zero}.", cfg.globetrotter_bonus), cfg.globetrotter_bonus, zero=zero))
    if cfg.stations:
        parts.append(_fill(ngettext("Each station not built scores {n} point.",
                                    "Each station not built scores {n} points.",
                                    cfg.station_points), cfg.station_points))
    if cfg.stations:
        parts.append(_("Ties go to the most completed tickets, then most stations left, then "
                       "the longest path."))
    else:
        parts.append(_("Ties go to the most completed tickets, then the longest path."))
    if not (cfg.longest_path_bonus or cfg.globetrotter_bonus):
        parts.append(_("This rule set has no bonus."))
    if variant == "bigcities" or cfg.ticket_set == "bigcities":
        parts.append(_("Note: sources differ on whether Big Cities keeps the longest path "
                       "bonus; this rule set does.") if cfg.longest_path_bonus else
                     _("Note: sources differ on whether Big Cities keeps the longest path "
                       "bonus; this rule set does not."))
    return " ".join(parts)


SPECIAL_PAGES = {"tunnel": N_("Tunnels"), "ferry": N_("Ferries"), "station": N_("Stations"),
                 "long": N_("Long tickets"), "double": N_("Double routes")}
"""The short page title of each special rule (How to play's pages)."""


def specials(cfg: RulesConfig) -> list[tuple[str, str, str]]:
    """Rules beyond the basic game (Europe's tunnels, ferries and stations; doubles), as
    (key of `SPECIAL_PAGES`, title, text)."""
    out: list[tuple[str, str, str]] = []
    if cfg.stations:
        out.append(("tunnel", _("Tunnels (dashed edges)"), _fill(ngettext(
            "After you lay down the cards, {n} card is turned over from the deck; each one "
            "of the colour you paid with (or a locomotive) costs one more card of that kind. "
            "Pay it, or take your cards back and end your turn.",
            "After you lay down the cards, {n} cards are turned over from the deck; each one "
            "of the colour you paid with (or a locomotive) costs one more card of that kind. "
            "Pay it, or take your cards back and end your turn.", cfg.tunnel_reveal),
            cfg.tunnel_reveal)))
        out.append(("ferry", _("Ferries (engine marks)"),
                    _("Each marked space must be paid with a locomotive; the rest with cards "
                      "of one colour.")))
        # TRANSLATORS: {bonus} is "European Express"
        out.append(("station", _("Stations"), _fill(ngettext(
            "Each player has {n} station. At the end, each station lets its owner use one "
            "rival route into that city for tickets (not for the {bonus}).",
            "Each player has {n} stations. At the end, each station lets its owner use one "
            "rival route into that city for tickets (not for the {bonus}).",
            cfg.stations), cfg.stations, bonus=path_bonus_name("europe"))))
    if cfg.deal_long:
        out.append(("long", _("Long tickets"), _fill(ngettext(
            "{n} long ticket per player is dealt at the start only; the rest go out of the "
            "game.",
            "{n} long tickets per player are dealt at the start only; the rest go out of the "
            "game.", cfg.deal_long), cfg.deal_long)))
    out.append(("double", _("Double routes"), _fill(ngettext(
        "With fewer than {n} player, only one of the two tracks can be claimed.",
        "With fewer than {n} players, only one of the two tracks can be claimed.",
        cfg.double_routes_min_players), cfg.double_routes_min_players)))
    return out


def special_sections(cfg: RulesConfig) -> list[Section]:
    """Rules beyond the basic game, as (title, text)."""
    return [(title, text) for _key, title, text in specials(cfg)]


CONTROLS = N_(
    "Click a card or the deck to draw, click a route to claim it, click the ticket pile "
    "for tickets. Hover a route to see its cost. Space or a click skips animations. "
    "Esc pauses. F11 toggles fullscreen. Keys: 1-5 take a face-up card, D draws from "
    "the deck, T draws tickets, U undoes, G (or the Hint button) asks the coach for a "
    "hint. The map: the mouse wheel or + and - zoom, "
    "drag to move it, 0 or Home shows all of it; L says the last moves and shows the "
    "last one again, K keeps your tickets' cities and your network marked (also "
    "'Show on map').")
"""The controls in a paragraph (translate with `_` where shown)."""
ANNOUNCED = N_("Every change is announced in the caption line at the bottom of the map, and "
               "spoken when Speech is on (Settings).")


def keyboard_text() -> str:
    """Every key of the board, menus and dialogs (`ttr.ui.keys`), as one paragraph."""
    from ttr.ui.keys import BOARD_KEYS, DIALOG_KEYS, MENU_KEYS, keys_text

    return " ".join((keys_text(BOARD_KEYS), keys_text(DIALOG_KEYS), _("Menus and setup:"),
                     keys_text(MENU_KEYS), _(ANNOUNCED)))


UNDO = N_("Against the computer, U takes back your last move (and the computer's replies) only "
          "if nothing hidden came to light since: not after a blind draw, a face-up card "
          "replaced from the deck, new tickets, a tunnel, or a rival's claim. Hot-seat games "
          "have no undo; claims are confirmed instead (Settings). The game is saved after "
          "every move: Continue picks it up.")
"""Undo and saving in a paragraph (translate with `_` where shown)."""


def goal_text(map_name: str, cfg: RulesConfig) -> str:
    """The goal of the game on this map and rule set."""
    title = _title(map_name, _(cfg.description))
    if cfg.longest_path_bonus:
        # TRANSLATORS: {title} is the map's name and its rule set's description
        return _("{title}. Score the most points: claim routes between cities, complete your "
                 "destination tickets, and build the longest continuous path.").format(
            title=title)
    return _("{title}. Score the most points: claim routes between cities, complete your "
             "destination tickets.").format(title=title)


def end_text(cfg: RulesConfig) -> str:
    """When the game ends."""
    return _fill(ngettext("When someone has {n} train or fewer left after a turn, everyone, "
                          "that player included, gets one last turn.",
                          "When someone has {n} trains or fewer left after a turn, everyone, "
                          "that player included, gets one last turn.", cfg.end_trigger),
                 cfg.end_trigger)


def sections(map_id: str, map_name: str, variant: str, cfg: RulesConfig) -> list[Section]:
    """Titled paragraphs of the rules for one map and rule set."""
    out: list[Section] = [
        (_("Goal"), goal_text(map_name, cfg)),
        (_("Setup"), setup_text(cfg)),
        (_("On your turn, do one thing"), turn_actions(cfg)),
        (_("Bonuses and tickets"), bonuses_text(map_id, variant, cfg)),
    ]
    out += special_sections(cfg)
    out += [
        (_("The end"), end_text(cfg)),
        (_("Controls"), _(CONTROLS)),
        (_("Keyboard: the whole game without a mouse"), keyboard_text()),
        (_("Undo and saving"), _(UNDO)),
    ]
    return out
