"""Scene stack lifecycle: deferred changes, callbacks, visibility and input routing."""

from __future__ import annotations

import pygame

from ttr.ui.scene import Scene, SceneStack


class Rec(Scene):
    """Records its lifecycle calls."""

    def __init__(self, name: str, log: list[str], opaque: bool = True) -> None:
        self.name, self.log, self.opaque, self.dirty = name, log, opaque, True
        self.events = 0

    def on_enter(self) -> None:
        self.log.append(f"{self.name}.enter")

    def on_exit(self) -> None:
        self.log.append(f"{self.name}.exit")

    def on_pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def on_resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.events += 1
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"{self.name}.draw")


def test_changes_are_deferred_and_callbacks_ordered() -> None:
    log: list[str] = []
    st = SceneStack()
    a, b, c = Rec("a", log), Rec("b", log, opaque=False), Rec("c", log)
    st.push(a)
    assert st.top is None  # queued until the end of the frame
    st.apply_pending()
    st.push(b)
    st.apply_pending()
    assert log == ["a.enter", "a.pause", "b.enter"]
    st.pop()
    st.apply_pending()
    assert log[-2:] == ["b.exit", "a.resume"]
    st.replace(c)
    st.apply_pending()
    assert log[-2:] == ["a.exit", "c.enter"]
    assert st.scenes == [c]


def test_visible_draws_from_first_opaque_and_only_top_gets_input() -> None:
    log: list[str] = []
    st = SceneStack()
    a, b, m = Rec("a", log), Rec("b", log), Rec("m", log, opaque=False)
    for s in (a, b, m):
        st.push(s)
    st.apply_pending()
    assert st.visible() == [b, m]
    log.clear()
    st.draw(pygame.Surface((10, 10)))
    assert log == ["b.draw", "m.draw"]
    st.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    assert (a.events, b.events, m.events) == (0, 0, 1)


def test_pop_of_a_specific_scene_ignores_others_and_clear_to() -> None:
    log: list[str] = []
    st = SceneStack()
    a, b = Rec("a", log), Rec("b", log)
    st.push(a)
    st.push(b)
    st.pop(a)  # not on top: ignored
    st.apply_pending()
    assert st.scenes == [a, b]
    c = Rec("c", log)
    st.clear_to(c)
    st.apply_pending()
    assert st.scenes == [c] and "a.exit" in log and "b.exit" in log


class Closer(Rec):
    """Closes itself on the first event it gets."""

    def __init__(self, name: str, log: list[str], stack: SceneStack) -> None:
        super().__init__(name, log)
        self.stack = stack

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.events += 1
        self.stack.pop(self)
        return True


def test_an_event_after_a_scene_closed_itself_goes_to_the_scene_below() -> None:
    """Two key presses in one frame (a fast double Enter on a dialog's Keep): the
    dialog gets the first, closes, and the second goes to the scene under it."""
    log: list[str] = []
    st = SceneStack()
    board = Rec("board", log)
    st.push(board)
    st.apply_pending()
    dialog = Closer("dialog", log, st)
    st.push(dialog)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)
    st.handle_event(enter)  # the push is applied first: the dialog gets it
    st.handle_event(enter)  # no frame in between
    assert (dialog.events, board.events) == (1, 1)
    assert st.scenes == [board]
