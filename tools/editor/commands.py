"""File and map commands of the editor: save, save as, open, new, quit (with the
unsaved-work prompt), map name and board size. Mixed into `Editor`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tools.editor.dialogs import Choice, Prompt, Question
from tools.editor.model import EditorModel, slug
from ttr.engine.errors import MapError
from ttr.i18n import _
from ttr.store import paths

if TYPE_CHECKING:
    from tools.editor.camera import Camera


class FileCommands:
    """Commands that work on the whole map; expects the attributes of `Editor`."""

    model: EditorModel
    dialog: Prompt | Question | None
    quit: bool
    pick: str | None
    camera: Camera

    def say(self, text: str) -> None:  # pragma: no cover - provided by Editor
        raise NotImplementedError

    def select(self, kind: str | None, ref: str | None = None) -> None:  # pragma: no cover
        raise NotImplementedError

    def fit(self) -> None:  # pragma: no cover - provided by Editor
        raise NotImplementedError

    def default_save_path(self) -> Path:
        """Where a new map is saved: the user maps folder, named after the id."""
        return paths.user_maps_dir() / f"{self.model.doc.map_id}.yaml"

    def save(self, path: Path | None = None, then: object = None) -> bool:
        """Save (asking for a file name when the map has none)."""
        if path is None and self.model.path is None:
            self.save_as(then)
            return False
        try:
            p = self.model.save(path)
        except (MapError, OSError, ValueError) as e:
            self.say(_("save failed: {error}").format(error=e))
            return False
        self.say(_("saved {path}").format(path=p))
        if callable(then):
            then()
        return True

    def save_as(self, then: object = None) -> None:
        """Ask for a file name and save there."""
        start = str(self.model.path or self.default_save_path())
        self.dialog = Prompt(_("Save map as"), start, lambda t: self._save_to(t, then),
                             _("Maps in the user maps folder appear in the game's setup screen"))

    def _save_to(self, text: str, then: object) -> None:
        p = Path(text.strip()).expanduser()
        if p.suffix != ".yaml":
            p = p.with_suffix(".yaml")
        if p.stem != self.model.doc.map_id:
            self.model.set_meta(map_id=slug(p.stem))
            self.say(_("map id set to '{id}' to match the file name").format(
                id=self.model.doc.map_id))
        self.save(p, then)

    def guard(self, action: object, question: str) -> None:
        """Run `action` now, or after asking `question` when there are unsaved changes."""
        assert callable(action)
        if not self.model.dirty:
            action()
            return
        # TRANSLATORS: the letter in brackets is the key that answers (keep it)
        self.dialog = Question(_("Unsaved changes"), question,
                               [Choice(_("Save (S)"), "s", lambda: self.save(then=action)),
                                Choice(_("Discard (D)"), "d", action),
                                Choice(_("Cancel (Esc)"), "escape")])

    def request_quit(self) -> None:
        """Quit, asking first if there are unsaved changes."""
        self.guard(self._do_quit, _("Save the map before you quit?"))

    def _do_quit(self) -> None:
        self.quit = True

    def open_prompt(self) -> None:
        """Ask for a map file to open."""
        def go() -> None:
            self.dialog = Prompt(_("Open map file"), str(self.model.path or "maps/usa.yaml"),
                                 self.open_file, _("Path of a .yaml map file"))
        self.guard(go, _("Save the map before you open another map?"))

    def open_file(self, text: str) -> None:
        """Open a map file, replacing the current one."""
        try:
            self.model = EditorModel.open(Path(text.strip()).expanduser())
        except MapError as e:
            self.say(str(e))
            return
        self.select(None)
        self.pick = None
        self.fit()
        self.say(_("opened {path}").format(path=self.model.path))

    def new_map(self) -> None:
        """Start an empty map (asking first if there are unsaved changes)."""
        def go() -> None:
            self.model = EditorModel()
            self.select(None)
            self.fit()
            self.say(_("new map"))
        self.guard(go, _("Save the map before you start a new map?"))

    def rename_map(self) -> None:
        """Ask for the map's display name (the id follows it for a new map)."""
        def done(text: str) -> None:
            if text.strip():
                new_id = slug(text) if self.model.path is None else None
                self.model.set_meta(name=text.strip(), map_id=new_id)
        self.dialog = Prompt(_("Map name"), self.model.doc.name, done)

    def resize_board(self) -> None:
        """Ask for the board size in board units."""
        def done(text: str) -> None:
            try:
                w, h = (float(v) for v in text.replace(",", " ").replace("x", " ").split())
            except ValueError:
                self.say(_("type the size as: width height"))
                return
            if w > 0 and h > 0:
                self.model.set_meta(size=(w, h))
                self.fit()
        w, h = self.model.doc.size
        self.dialog = Prompt(_("Board size (width height)"), f"{w:g} {h:g}", done)
