"""The hand row: each colour a fan of its cards, inside the row, groups apart, cards as
tall as the row allows until more than six colours are held."""

from __future__ import annotations

import pytest

from ttr.engine import LOCO, CardColor
from ttr.ui.scenes.board_draw import HAND_SLOTS, STACK_SHOWN, hand_stacks
from ttr.ui.viewport import BoardLayout


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("counts", [[1, 1, 1, 1], [3, 2, 4, 1, 2], [9, 1],
                                    [1, 2, 1, 2, 1, 2, 1, 2, 1]])
def test_stacks_fill_the_row_and_stay_inside_it(size: tuple[int, int], counts: list[int]) -> None:
    lay = BoardLayout.compute(size, 5)
    groups: list[tuple[object, int]] = [(c, k) for c, k in zip([*list(CardColor)[:8], LOCO],
                                                               counts, strict=False)]
    stacks = hand_stacks(lay, groups)
    fanned = [len(s) for s in stacks] == [min(k, STACK_SHOWN) for k in counts]
    assert fanned or [len(s) for s in stacks] == [1] * len(counts)  # no room to fan
    row = lay.hand.inflate(2, 2)
    for s in stacks:
        assert all(row.contains(r) for r in s)
        assert len({r.size for r in s}) == 1
        assert all(a.x < b.x for a, b in zip(s, s[1:], strict=False))
    for a, b in zip(stacks, stacks[1:], strict=False):
        assert a[-1].right < b[0].x  # groups apart
    top = lay.hand.y + lay.font + lay.pad
    tallest = lay.hand.bottom - top
    w = stacks[0][0].w
    if len(counts) <= HAND_SLOTS:  # as tall as the row allows, or as wide as six fit
        assert stacks[0][0].h >= min(tallest, round(w * 1.45)) - 1
        assert w >= min(tallest / 1.45, (lay.hand.w - 5 * lay.pad) / 6) - 1
    n, extra = len(counts), sum(min(k, STACK_SHOWN) - 1 for k in counts)
    spare = lay.hand.w - n * w - (n - 1) * lay.pad
    used = stacks[-1][-1].right - stacks[0][0].x
    if not fanned:
        assert spare < 2 * extra
    elif extra * 0.45 * w >= spare:  # enough cards to fan across the whole row: they do
        assert used >= lay.hand.w - n - 2
    else:  # each card shows almost half of itself beside the next
        assert used >= n * w + (n - 1) * lay.pad + extra * (0.45 * w - 1) - n - 2
