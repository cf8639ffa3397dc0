"""ttr: Ticket to Ride for the desktop."""

__version__ = "0.1.0"

# Before anything imports the engine: pick the compiled or the pure-Python build of
# its hot modules for this process (see ttr.native).
from ttr.native import BUILD  # noqa: E402

__all__ = ["BUILD", "__version__"]
