"""City labels that touch. The editor draws each label where the map file puts it (it
edits those offsets, so it never moves one); a label drawn larger than the map's own
scale (the text-size setting's smallest label) gives way where it touches another: it is
drawn a pixel smaller at a time, down to the game's crowded size, inside the place the
full-size label takes, on the side away from what it touches."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

Measure = Callable[[str, int], tuple[int, int]]
"""(text, pixel size) -> the rendered text's width and height."""


def crowded(labels: Sequence[tuple[str, tuple[float, float]]], px: int, least: int,
            measure: Measure) -> list[tuple[int, pygame.Rect]]:
    """The size and text rectangle of each of `labels` (name, centre in pixels): `px`,
    or where it touches another label as little smaller as clears it, not under `least`."""
    full = []
    for name, (cx, cy) in labels:
        r = pygame.Rect((0, 0), measure(name, px))
        r.center = (round(cx), round(cy))
        full.append(r)
    sizes = [px] * len(full)
    rects = list(full)
    near = [(i, j) for i, a in enumerate(full) for j in range(i + 1, len(full))
            if a.colliderect(full[j])]  # a smaller label stays inside its full one
    while least < px:
        away: dict[int, list[int]] = {}
        for i, j in near:
            c = rects[i].clip(rects[j])
            for k, o in ((i, j), (j, i)):
                if c.w and c.h and sizes[k] > least:
                    push = away.setdefault(k, [0, 0])  # weighted by how much it touches
                    push[0] += c.w * c.h * (full[k].centerx - full[o].centerx)
                    push[1] += c.w * c.h * (full[k].centery - full[o].centery)
        if not away:
            break
        for k, (dx, dy) in away.items():
            sizes[k] -= 1
            r = pygame.Rect((0, 0), measure(labels[k][0], sizes[k]))
            r.center = (full[k].centerx + _sign(dx) * ((full[k].w - r.w) // 2),
                        full[k].centery + _sign(dy) * ((full[k].h - r.h) // 2))
            rects[k] = r
    return list(zip(sizes, rects, strict=True))


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)
