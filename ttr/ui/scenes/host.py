"""Host a game: the New game screen with seats for friends who join over the network."""

from __future__ import annotations

import logging

from ttr.engine import TtrError
from ttr.i18n import N_, _
from ttr.store.problem_words import error_text
from ttr.ui.scene import AppContext, NewGame
from ttr.ui.scenes.setup import HUMAN, SetupScene
from ttr.ui.widgets import Button

logger = logging.getLogger(__name__)

REMOTE = "remote"
ONLINE = N_("Online: a friend joins")


class HostSetupScene(SetupScene):
    """Map, rules and seats (here, a friend who joins, or an AI); Enter opens the table,
    on this computer's server or (`server`: its address) on a dedicated one."""

    def __init__(self, ctx: AppContext, preset: NewGame | None = None,
                 server: str = "") -> None:
        self.server = server
        self.title = self.title_words()
        super().__init__(ctx, preset)
        self.kind_labels[0] = N_("Here: at this screen")
        self.kind_labels.insert(1, ONLINE)
        self.kinds.insert(1, REMOTE)
        for r in self.rows:  # the pickers were built before "Online" existed
            r.kind_picker.options = self.kind_labels
            r.kind_picker.index = self.kinds.index(r.kind) if r.kind in self.kinds else 0
        if preset is None:  # others see these names: "You" would mean them
            # TRANSLATORS: default player names at an online table
            self.rows[0].name = str(ctx.extras.get("online_name", _("Host")))
            self.rows[1].name, self.rows[1].kind = _("Friend"), REMOTE
            self.rows[1].kind_picker.index = 1
        self.start = Button(N_("Open table"), primary=True)
        self.on_resize(ctx.size)

    def title_words(self) -> str:
        """The screen's title in the current language."""
        return _("Host on {server}").format(server=self.server) if self.server else \
            _("Host a game")

    def on_resize(self, size: tuple[int, int]) -> None:
        self.title = self.title_words()  # the language may have changed
        super().on_resize(size)

    def seat_specs(self) -> list[dict[str, str]]:
        """The seats as the server's `create` wants them."""
        specs = []
        for r in self.rows:
            kind = self.kinds[r.kind_picker.index]
            name = r.name.strip() or _("Player")
            if kind == HUMAN:
                specs.append({"kind": "local", "name": name, "color": r.color})
            elif kind == REMOTE:
                specs.append({"kind": "open", "color": r.color})
            else:
                specs.append({"kind": "ai", "level": kind, "name": name, "color": r.color})
        return specs

    def hints_offered(self) -> bool:
        """Online tables always have people at other computers: the host chooses."""
        return True

    def level_hint(self, mouse: tuple[int, int] | None = None) -> str:
        kinds = [self.kinds[r.kind_picker.index] for r in self.rows]
        if REMOTE not in kinds:
            return _("Give at least one seat to a friend online ({online}).").format(
                online=_(ONLINE))
        if kinds.count(HUMAN) >= 2:
            return _("Two people here share this screen: a curtain hides each hand.")
        return super().level_hint(mouse)

    def _start(self) -> None:
        if self.map_picker.index in self.map_errors:
            self.toast.show(_("This map file is broken; fix it in the map editor first."), 4.0)
            return
        specs = self.seat_specs()
        if not any(s["kind"] == "open" for s in specs):
            self.toast.show(_("Give at least one seat to a friend ({online})").format(
                online=_(ONLINE)), 4.0)
            return
        from ttr.ui.scenes.lobby import LobbyScene

        hints = self.hints_picker.index == 0
        try:
            if self.server:
                lobby = LobbyScene.creating(self.ctx, self.server, self.map_id,
                                            self.variant_picker.value, specs, hints)
            else:
                lobby = LobbyScene.hosting(self.ctx, self.map_id, self.variant_picker.value,
                                           specs, hints)
        except (TtrError, OSError, ValueError) as e:
            logger.warning("cannot host: %s", e)
            self.toast.show(_("Cannot host: {why}").format(why=error_text(e)), 4.0)
            return
        self.ctx.stack.push(lobby)
