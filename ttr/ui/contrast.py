"""The high-contrast theme (Settings): near-black panels, white text and strong outlines;
the map goes dark too (dark land and sea, light coasts, white city names with black halos,
route spaces in their full colour inside white outlines).

It swaps the colour constants of `ttr.ui.theme` in place, so every scene picks them up
on its next frame; `use_high_contrast(False)` puts the normal look back.
"""

from __future__ import annotations

from ttr.ui import theme

HIGH_CONTRAST: dict[str, object] = {
    "BG": (0, 0, 0),
    "PANEL": (12, 12, 16),
    "PANEL_LIGHT": (28, 28, 34),
    "PANEL_EDGE": (140, 140, 140),  # the white focus ring is 3.4:1 brighter than edges
    "TEXT": (255, 255, 255),
    "TEXT_DIM": (225, 225, 225),
    "TEXT_DARK": (0, 0, 0),
    "ACCENT": (255, 205, 0),
    "GOOD": (80, 230, 100),
    "BAD": (255, 150, 140),
    "HILITE": (0, 230, 255),
    "FOCUS": (255, 255, 255),
    "PAPER": (44, 44, 40),
    "PAPER_DARK": (200, 200, 200),
    "LAND": (44, 44, 40),
    "SEA": (6, 18, 40),
    "SEA_SHALLOW": (14, 34, 62),
    "LAKE": (10, 28, 56),
    "COAST": (215, 215, 215),
    "LABEL_INK": (255, 255, 255),
    "LABEL_HALO": (0, 0, 0),
    "LABEL_BG": (0, 0, 0),
    "CITY_RING": (255, 255, 255),
    "CITY_FILL": (210, 30, 20),
    "SLOT_EDGE": (220, 220, 220),
    "TUNNEL_EDGE": (255, 255, 255),
    "SLOT_TINT": 0.0,
    "SLOT_LINE": (255, 255, 255),
    "SLOT_LINE_PX": 1,
    "MAP_PALETTE": "dark",
    "STRONG_EDGES": True,
}
_NORMAL: dict[str, object] = {k: getattr(theme, k) for k in HIGH_CONTRAST}


def use_high_contrast(on: bool) -> None:
    """Switch the theme's colours to the high-contrast set, or back."""
    for k, v in (HIGH_CONTRAST if on else _NORMAL).items():
        setattr(theme, k, v)


def contrast_ratio(a: theme.RGB, b: theme.RGB) -> float:
    """WCAG contrast ratio of two sRGB colours (1 to 21)."""
    def lum(c: theme.RGB) -> float:
        lin = [x / 255 / 12.92 if x / 255 <= 0.04045 else ((x / 255 + 0.055) / 1.055) ** 2.4
               for x in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
