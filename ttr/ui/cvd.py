"""Colour-vision deficiency simulation and colour difference, in pure Python.

Machado, Oliveira & Fernandes (2009) matrices at severity 1 on linear RGB (as tabulated by
DaltonLens), CIELAB (D65) and the CIE76 colour difference. Used by the colour-blind tests
to check that player and card colours stay apart for protanopia, deuteranopia and
tritanopia (the tritan matrix is indicative: Machado is weakest there).
"""

from __future__ import annotations

import math

RGB = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], ...]

MACHADO: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _lin(c: int) -> float:
    x = c / 255
    return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4


def _enc(x: float) -> int:
    x = min(1.0, max(0.0, x))
    y = 12.92 * x if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055
    return round(y * 255)


def simulate(rgb: RGB, deficiency: str) -> RGB:
    """How `rgb` looks with a dichromacy ("protanopia", "deuteranopia", "tritanopia")."""
    m = MACHADO[deficiency]
    lin = [_lin(c) for c in rgb]
    out = [sum(m[i][j] * lin[j] for j in range(3)) for i in range(3)]
    return (_enc(out[0]), _enc(out[1]), _enc(out[2]))


def lab(rgb: RGB) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_lin(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: RGB, b: RGB) -> float:
    """CIE76 colour difference (about 2.3 is just noticeable; over 5 reads as different)."""
    return math.dist(lab(a), lab(b))
