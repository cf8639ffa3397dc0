"""The layout rule every text on every screen meets, and the walk that checks it: a
scene stack is laid out and drawn at each window size and text size, and each text of
the top scene must lie inside the window and inside the panel it is drawn on, overlap no
other text, be neither clipped nor cut with an ellipsis nor shrunk to fit, and be at
least the body size (`SMALLEST` of it; city labels `SMALLEST_LABEL`).

`Walk` gathers the problems of every scene a test reaches; scenes listed in `KNOWN`
(with the reason) are reported as expected failures, all others fail the test.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest
from textrects import Panel, Text, recording

import ttr.i18n as i18n
from ttr.ui.app import App
from ttr.ui.viewport import ui_font

SIZES = ((1024, 640), (1280, 720), (1920, 1080), (3840, 2160))
TEXT_SIZES = (100, 125, 150)
SMALLEST = 0.8
"""Secondary text (a card count, a caption under a panel) may be this much of the body
size; nothing smaller."""
SMALLEST_LABEL = 0.62
"""City labels on the map: this much of the body size (they are drawn at least
`maprender.LABEL_SHARE` of it, and where crowded up to `maprender.SHRINK` px smaller)."""

KNOWN: dict[tuple[str, str], str] = {}
"""(scene, kind of problem) that fail the rule today, with the reason: the test reports
those found as expected failures (with the reasons) and fails on any other problem."""


def lay_out(app: App, size: tuple[int, int], pct: int) -> None:
    """Window `size`, text size `pct`: every scene laid out again."""
    app.ctx.settings.text_size = pct
    app.ctx.size = size
    app.ctx.assets.clear_sized()
    app.stack.resize(size)


def draw_top(app: App, shot: Path | None = None) -> tuple[list[Text], list[Panel]]:
    """Draw the stack (laid out for the current size first: a scene pushed since) and
    return the top scene's texts and panels (a dialog may cover the board's text on
    purpose); save the frame as `shot` if given."""
    size = app.ctx.size
    app.stack.resize(size)
    surf = pygame.Surface(size)
    visible = app.stack.visible()
    for s in visible[:-1]:
        s.draw(surf)
    panels: list[Panel] = []
    with recording(panels) as got:
        visible[-1].draw(surf)
    if shot is not None:
        pygame.image.save(surf, str(shot))
    return [t for t in got if t.surface is surf], [p for p in panels if p.surface is surf]


PROGRESS = re.compile(r"(\w+ing\b[^.:]*|background)\u2026$")
"""An ellipsis that says something is under way ("Thinking\u2026"), not a cut."""
TEMPLATE = Path(__file__).resolve().parents[2] / "ttr" / "i18n" / "locale" / "ttr.pot"
_MEANT: dict[str, set[str]] = {}
ONLY_TEXT_SIZES = "fitcheck: only these text sizes"
"""An app's `ctx.extras` key: walk it at these text sizes whatever a test asks (the fast
suite's other languages take the biggest text only, where longer words break first)."""


def meant_ellipsis(text: str) -> bool:
    """Whether `text` ends as a message whose English ends in an ellipsis too ("Thinking\u2026",
    in the language spoken now; its last line when wrapped): its last word and the
    ellipsis, so it was not cut."""
    code = i18n.language()
    if code not in _MEANT:
        from babel.messages.pofile import read_po

        with TEMPLATE.open("rb") as f:
            template = read_po(f)
        tails: set[str] = set()
        for m in template:
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            if not m.id or not any(i.rstrip().endswith("\u2026") for i in ids):
                continue
            if len(ids) > 1:
                worded = [i18n.npgettext(m.context, ids[0], ids[1], n) if m.context
                          else i18n.ngettext(ids[0], ids[1], n) for n in (1, 2, 5)]
            else:
                worded = [i18n.pgettext(m.context, ids[0]) if m.context else i18n._(ids[0])]
            for w in worded:
                last = w.rstrip().split()[-1]
                if "{" not in last and len(last) > 2:
                    tails.add(last)
        _MEANT[code] = tails
    return any(text.rstrip().endswith(t) for t in _MEANT[code])
KINDS = ("clipped", "outside the window", "ellipsis", "shrunk", "small", "outside its panel",
         "overlap", "window growth", "text-size growth", "board")
"""The kinds of problem (`KNOWN` lists scene and kind)."""


def problems(texts: list[Text], panels: list[Panel], size: tuple[int, int], body: int,
             labels: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """Every break of the rule, as (kind, description); `labels`: the map's city names."""
    win = pygame.Rect((0, 0), size).inflate(2, 2)
    shown = [t for t in texts if t.text.strip() and t.rect.w > 0 and t.rect.h > 0]
    out: list[tuple[str, str]] = []
    for t in shown:
        if t.clipped:
            out.append(("clipped", f"{t.text!r} at {t.rect}"))
        if not win.contains(t.rect):
            out.append(("outside the window", f"{t.text!r} {t.rect}"))
        if t.text.rstrip().endswith("...") or (t.text.rstrip().endswith("\u2026")
                                                 and not PROGRESS.search(t.text)
                                                 and not meant_ellipsis(t.text)):
            out.append(("ellipsis", f"{t.text!r}"))
        if t.size < t.asked:
            out.append(("shrunk", f"{t.text!r} {t.asked} -> {t.size} px"))
        least = round(body * (SMALLEST_LABEL if t.text in labels else SMALLEST))
        if t.size < least:
            out.append(("small", f"{t.text!r} {t.size} px < {least} px"))
        home = [p.rect for p in panels if p.order < t.order and (
            p.rect.collidepoint(t.rect.center) or p.rect.collidepoint(t.rect.topleft))]
        if home:
            inner = min(home, key=lambda r: r.w * r.h)
            if not inner.inflate(2, 2).contains(t.rect):
                out.append(("outside its panel", f"{t.text!r} {t.rect} in {inner}"))
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            if a.rect == b.rect and a.text == b.text:
                continue  # the same text drawn twice (a shadow)
            c = a.rect.clip(b.rect)
            small = min(a.rect.w * a.rect.h, b.rect.w * b.rect.h)
            if c.w * c.h > 0.12 * small and c.h > min(a.rect.h, b.rect.h) * 0.3:
                out.append(("overlap", f"{a.text!r} {a.rect} / {b.text!r} {b.rect}"))
    return out


def grows(seen: dict[tuple[int, int, int], list[Text]], labels: frozenset[str] = frozenset()
          ) -> list[tuple[str, str]]:
    """The median text size (city labels aside: they follow the map's scale as well)
    grows with the window and with the text-size setting."""
    def med(key: tuple[int, int, int]) -> int:
        ts = sorted(t.size for t in seen[key] if t.text not in labels) or [0]
        return ts[len(ts) // 2]

    out: list[tuple[str, str]] = []
    pcts = sorted({k[2] for k in seen})
    wins = sorted({k[:2] for k in seen})
    for pct in pcts:
        sizes = [med((*w, pct)) for w in wins if w[0] >= 1280]
        if any(a >= b for a, b in zip(sizes, sizes[1:], strict=False)):
            out.append(("window growth", f"text {pct}%: median sizes {sizes}"))
    for w in wins:
        sizes = [med((*w, p)) for p in pcts]
        if any(a >= b for a, b in zip(sizes, sizes[1:], strict=False)):
            out.append(("text-size growth", f"{w[0]}x{w[1]}: median sizes {sizes}"))
    return out


Rules = Callable[[tuple[int, int], int, list[Text]], list[str]]
"""A scene's own rules: (window size, text size, its texts) -> problems."""


@dataclass
class State:
    """One thing to check: `enter` sets it up on the stack (a dialog pushed, a hint
    marked), `leave` takes it down again."""

    name: str
    enter: Callable[[], None] = lambda: None
    leave: Callable[[], None] = lambda: None
    labels: frozenset[str] = frozenset()
    """The map's city names drawn in this state (they have their own smallest size)."""
    also: Rules | None = None


def family(name: str) -> str:
    """A state's scene: "board: a route's tooltip" is the board's."""
    return name.split(":")[0]


def shot_path(name: str, size: tuple[int, int], pct: int) -> Path | None:
    """Where to save this frame: `TTR_FIT_SHOTS` names a folder to look at every walked
    scene in (`name_WxH_pct.png`); unset, nowhere."""
    folder = os.environ.get("TTR_FIT_SHOTS")
    if not folder:
        return None
    Path(folder).mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^\w.-]+", "_", name)
    return Path(folder) / f"{safe}_{size[0]}x{size[1]}_{pct}.png"


class Walk:
    """The problems of every scene one test checks."""

    def __init__(self, app: App, sizes: tuple[tuple[int, int], ...] = SIZES,
                 text_sizes: tuple[int, ...] = TEXT_SIZES) -> None:
        self.app, self.sizes = app, sizes
        self.text_sizes: tuple[int, ...] = app.ctx.extras.get(ONLY_TEXT_SIZES, text_sizes)
        self.found: dict[str, list[tuple[str, str]]] = {}
        self.seen: dict[str, dict[tuple[int, int, int], list[Text]]] = {}

    def check(self, name: str, labels: frozenset[str] = frozenset(),
              also: Rules | None = None) -> None:
        """Check the stack as it is now."""
        self.walk([State(name, labels=labels, also=also)])

    def walk(self, states: list[State]) -> None:
        """Draw each state at every window size and text size (the sizes outside: the
        map is drawn once per size); note what breaks the rule, and what each state's
        `also` finds (kind "board")."""
        for st in states:
            self.found[st.name], self.seen[st.name] = [], {}
        for pct in self.text_sizes:
            for size in self.sizes:
                lay_out(self.app, size, pct)
                body = ui_font(size, self.app.ctx.settings)
                where = f"{size[0]}x{size[1]} text {pct}%"
                for st in states:
                    st.enter()
                    try:
                        texts, panels = draw_top(self.app, shot_path(st.name, size, pct))
                    finally:
                        st.leave()
                    bad = self.found[st.name]
                    if not texts:
                        bad.append(("board", f"{where}: no text at all"))
                        continue
                    bad += [(k, f"{where}: {p}")
                            for k, p in problems(texts, panels, size, body, st.labels)]
                    if st.also is not None:
                        bad += [("board", f"{where}: {p}") for p in st.also(size, pct, texts)]
                    self.seen[st.name][(*size, pct)] = texts
        self.app.ctx.settings.text_size = 100
        for st in states:
            self.found[st.name] += grows(self.seen[st.name], st.labels)

    def finish(self) -> None:
        """Fail on any problem not in `KNOWN`; then report the known ones found as
        expected failures."""
        report = os.environ.get("TTR_FIT_REPORT")
        if report:  # every problem, for working on them
            with open(report, "a", encoding="utf-8") as f:
                f.writelines(f"{n} | {k} | {p}\n" for n, ps in self.found.items()
                             for k, p in ps)
        bad = [f"{n}: {k}: {p}" for n, ps in self.found.items() for k, p in ps
               if (family(n), k) not in KNOWN]
        assert not bad, f"{len(bad)} problems:\n" + "\n".join(bad[:40])
        hit = sorted({(family(n), k) for n, ps in self.found.items() for k, _ in ps})
        if hit:
            pytest.xfail("; ".join(f"{n}, {k}: {KNOWN[(n, k)]}" for n, k in hit))
