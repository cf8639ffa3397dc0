"""Finding games on the local network with mDNS/DNS-SD (the optional `zeroconf` package).

A server started with `--announce` (Host in the menu does this) publishes one
`_ttr._tcp.local.` service: its port and, in TXT, the protocol version, the host's
name and its open lobby (map, seats taken). Never the invite code: being on the same
network is not an invitation. The Join screen lists what `Browser` finds; typing an
address always works too. Without zeroconf both do nothing and say so.
"""

from __future__ import annotations

import logging
import socket
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ttr.i18n import N_, _
from ttr.net.protocol import VERSION

if TYPE_CHECKING:
    from ttr.net.server import Server
    from ttr.net.table import Table

logger = logging.getLogger(__name__)

SERVICE = "_ttr._tcp.local."
MISSING = N_("Finding games on the local network needs the zeroconf package "
             "(pip install 'ttr[lan]'); type the address instead.")


def available() -> bool:
    """Whether zeroconf can be imported."""
    try:
        import zeroconf  # noqa: F401
    except ImportError:
        return False
    return True


def lan_address() -> str:
    """This computer's address on its local network (no packet is sent), or 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _summary(server: Server) -> dict[str, str]:
    lobby = [t for t in server.tables.values() if t.status == "lobby" and t.open_seats()]
    out = {"v": str(VERSION), "host": socket.gethostname()[:40], "open": str(len(lobby))}
    if lobby:
        t = lobby[0]
        out["map"] = t.map_id
        out["variant"] = t.config.variant
        out["seats"] = f"{len(t.seats) - len(t.open_seats())}/{len(t.seats)}"
    return out


class Announcer:
    """Publishes a running server on the local network."""

    def __init__(self, server: Server, interfaces: list[str] | None = None) -> None:
        from zeroconf import IPVersion
        from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

        self.server = server
        self.zc = AsyncZeroconf(interfaces=interfaces or _default_interfaces(),
                                ip_version=IPVersion.V4Only)
        address = interfaces[0] if interfaces else lan_address()
        self.props = _summary(server)
        host = "".join(c if c.isalnum() or c == "-" else "-" for c in socket.gethostname())
        name = f"ttr {host[:30]} {server.port}.{SERVICE}"  # i18n: no (a service name)

        def info(props: dict[str, str]) -> AsyncServiceInfo:
            return AsyncServiceInfo(SERVICE, name, port=server.port, properties=props,
                                    parsed_addresses=[address], server=f"{host or 'ttr'}.local.")

        self._make = info
        self.info = info(self.props)
        self._tasks: set[Any] = set()
        self.registered = False

    @classmethod
    def start(cls, server: Server, interfaces: list[str] | None = None) -> Announcer | None:
        """Announce `server`; None (with a log line) when zeroconf is missing or fails."""
        if not available():
            logger.warning(MISSING)
            return None
        try:
            ann = cls(server, interfaces)
        except Exception as e:  # an odd network setup must not stop the server
            logger.warning("cannot announce on the local network: %s", e)
            return None
        import asyncio

        task = asyncio.get_running_loop().create_task(ann._register())
        ann._tasks.add(task)
        task.add_done_callback(ann._tasks.discard)
        server.on_change.append(ann._changed)
        return ann

    async def _register(self) -> None:
        try:
            await (await self.zc.async_register_service(self.info))
            self.registered = True
            logger.info("announced on the local network as %r", self.info.name)
            if _summary(self.server) != self.props:
                self._changed(None)
        except Exception as e:
            logger.warning("cannot announce on the local network: %s", e)

    def _changed(self, table: Table | None) -> None:
        props = _summary(self.server)
        if props == self.props or not self.registered:
            return  # unchanged, or the registration under way looks again when done
        self.props = props
        self.info = self._make(props)
        import asyncio

        async def update() -> None:
            try:
                await (await self.zc.async_update_service(self.info))
            except Exception as e:
                logger.info("announcement update failed: %s", e)

        task = asyncio.get_running_loop().create_task(update())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def stop(self) -> None:
        """Withdraw the announcement."""
        try:
            await self.zc.async_unregister_all_services()
            await self.zc.async_close()
        except Exception as e:
            logger.info("closing the announcement: %s", e)


@dataclass(frozen=True, slots=True)
class Found:
    """A game server seen on the local network."""

    name: str
    address: str
    """`ip:port`, ready for the address field."""
    host: str
    detail: str
    """`usa/base 2/4` for an open lobby, or "" (data: the screen words it)."""
    map_id: str = ""
    variant: str = ""
    taken: int = 0
    seats: int = 0
    """The open lobby's map, rules and seats (0 seats: none open, or not said)."""


class Browser:
    """Watches the local network for servers (zeroconf runs its own thread)."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self.interfaces = interfaces
        self.problem: str | None = None
        self._found: dict[str, Found] = {}
        self._lock = threading.Lock()
        self._zc: Any = None
        self._browser: Any = None

    def start(self) -> bool:
        """Start browsing; False (and `problem` says why) when it cannot."""
        if not available():
            self.problem = _(MISSING)
            return False
        from zeroconf import IPVersion, ServiceBrowser, Zeroconf

        try:
            self._zc = Zeroconf(interfaces=self.interfaces or _default_interfaces(),
                                ip_version=IPVersion.V4Only)
            self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._on_change])
        except Exception as e:
            self.problem = _("Cannot search the local network ({why}); type the address "
                             "instead.").format(why=e)
            return False
        return True

    def _on_change(self, zeroconf: Any, service_type: str, name: str,
                   state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=2000)
        if info is None or not info.parsed_addresses():
            return
        props = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
                 for k, v in (info.properties or {}).items()}
        if props.get("v") != str(VERSION):
            return
        lobby = props.get("open", "0") != "0"
        detail = (f"{props.get('map', '?')}/{props.get('variant', '?')} "
                  f"{props.get('seats', '')}".strip() if lobby else "")
        taken, _slash, seats = props.get("seats", "").partition("/")
        counts = (int(taken), int(seats)) if lobby and taken.isdigit() and seats.isdigit() \
            and len(taken + seats) < 4 else (0, 0)
        found = Found(name, f"{info.parsed_addresses()[0]}:{info.port}",
                      props.get("host", "?")[:40], detail, props.get("map", "")[:40],
                      props.get("variant", "")[:40], *counts)
        with self._lock:
            self._found[name] = found

    def found(self) -> list[Found]:
        """The servers seen so far, by host name."""
        with self._lock:
            return sorted(self._found.values(), key=lambda f: (f.host, f.address))

    def close(self) -> None:
        """Stop browsing."""
        try:
            if self._browser is not None:
                self._browser.cancel()
            if self._zc is not None:
                self._zc.close()
        except Exception as e:
            logger.info("closing the browser: %s", e)
        self._zc = self._browser = None


def _default_interfaces() -> Any:
    from zeroconf import InterfaceChoice

    return InterfaceChoice.Default
