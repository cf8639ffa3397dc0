"""Colours, sizes and animation durations of the game's look."""

from __future__ import annotations

from ttr.engine import CardColor
from ttr.i18n import N_

RGB = tuple[int, int, int]

# table and panels
BG: RGB = (28, 36, 44)
PANEL: RGB = (40, 50, 60)
PANEL_LIGHT: RGB = (56, 68, 80)
PANEL_EDGE: RGB = (86, 100, 114)
TEXT: RGB = (236, 232, 220)
TEXT_DIM: RGB = (160, 166, 170)
TEXT_DARK: RGB = (40, 34, 28)
ACCENT: RGB = (232, 178, 60)
GOOD: RGB = (90, 190, 100)
BAD: RGB = (220, 80, 70)
HILITE: RGB = (255, 236, 120)
FOCUS: RGB = (255, 236, 120)
"""The keyboard focus ring (`ttr.ui.focus`); white in high contrast."""

# the map
PAPER: RGB = (233, 221, 190)
PAPER_DARK: RGB = (208, 192, 152)
SEA: RGB = (150, 184, 196)
SEA_SHALLOW: RGB = (184, 208, 212)
LAND: RGB = (234, 222, 188)
LAKE: RGB = (158, 192, 204)
COAST: RGB = (96, 124, 134)
LABEL_INK: RGB = (40, 28, 18)
LABEL_HALO: RGB = (252, 248, 236)
CITY_FILL: RGB = (196, 52, 40)
CITY_RING: RGB = (250, 244, 228)
LABEL_BG: RGB = (250, 244, 226)
SLOT_EDGE: RGB = (52, 44, 36)
TUNNEL_EDGE: RGB = (30, 24, 20)
SLOT_TINT = 0.58
"""How much of the land's colour an open route space's fill takes (printed, not a train)."""
SLOT_LINE: RGB | None = None
"""An open route space's outline: None for its own colour darkened; light in high contrast,
where the ground is dark (`ttr.ui.contrast`)."""
SLOT_LINE_PX = 0
"""A rim of `SLOT_LINE` at least that many pixels wide around open route spaces (tunnels
keep their dashes); 0: none."""
MAP_PALETTE = "paper"
"""Names the map's colours above ("dark" in high contrast): the map's cached layers are
drawn again when it changes."""
STRONG_EDGES = False
"""High contrast (`ttr.ui.contrast`): controls get 2 px light outlines."""

CARD_RGB: dict[CardColor, RGB] = {
    CardColor.PURPLE: (208, 110, 186),
    CardColor.WHITE: (240, 240, 234),
    CardColor.BLUE: (46, 116, 206),
    CardColor.YELLOW: (242, 204, 48),
    CardColor.ORANGE: (236, 134, 38),
    CardColor.BLACK: (44, 44, 50),
    CardColor.RED: (206, 48, 48),
    CardColor.GREEN: (70, 160, 72),
    CardColor.LOCOMOTIVE: (150, 150, 156),
}
GRAY_ROUTE: RGB = (160, 158, 154)
CARD_NAMES: dict[CardColor, str] = {
    CardColor.PURPLE: "pink", CardColor.WHITE: "white", CardColor.BLUE: "blue",
    CardColor.YELLOW: "yellow", CardColor.ORANGE: "orange", CardColor.BLACK: "black",
    CardColor.RED: "red", CardColor.GREEN: "green", CardColor.LOCOMOTIVE: "locomotive",
}
RAINBOW: tuple[RGB, ...] = ((206, 48, 48), (236, 134, 38), (242, 204, 48), (70, 160, 72),
                            (46, 116, 206), (208, 110, 186))

PLAYER_NAMES: dict[str, str] = {
    "red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow"),
    "black": N_("black"),
}
"""The players' colours in words (translate with `_` where said)."""
PLAYER_RGB: dict[str, RGB] = {
    "red": (210, 20, 20),
    "blue": (70, 70, 245),
    "green": (30, 190, 160),
    "yellow": (245, 210, 15),
    "black": (36, 36, 40),
}
"""Chosen so every pair stays apart (CIE76 above 40) for normal vision and simulated
protanopia, deuteranopia and tritanopia (tests/ui/test_colour_vision.py)."""
PLAYER_COLORS: tuple[str, ...] = tuple(PLAYER_RGB)

# fonts
FONT = "DejaVuSans.ttf"
FONT_BOLD = "DejaVuSans-Bold.ttf"
FONT_COND = "DejaVuSansCondensed.ttf"
FONT_COND_BOLD = "DejaVuSansCondensed-Bold.ttf"
FONT_MONO = "DejaVuSansMono.ttf"

# animation durations in seconds (times the animation-speed setting)
CARD_FLY = 0.45
SLOT_REFILL = 0.25
CAR_DROP = 0.12
CAR_STAGGER = 0.07
SCORE_COUNT = 0.5
TICKET_FLY = 0.5
AI_PAUSE = 0.35
TOAST = 2.2
TALLY_STEP = 0.55

WINDOW_MIN = (1024, 640)
WINDOW_MAX = (3840, 2160)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Blend two colours, t=0 gives a, t=1 gives b."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def outline_for(rgb: RGB) -> RGB:
    """An edge that sets a piece of colour `rgb` off from dark panels and dark routes: light
    around dark colours (the black player), dark around the rest."""
    lum = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return (226, 222, 212) if lum < 70 else (24, 20, 16)


def text_on(bg: RGB) -> RGB:
    """Dark or light text, whichever reads on `bg`."""
    lum = 0.299 * bg[0] + 0.587 * bg[1] + 0.114 * bg[2]
    return TEXT_DARK if lum > 150 else (250, 250, 250)
