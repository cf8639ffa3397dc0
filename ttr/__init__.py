"""ttr: Ticket to Ride for the desktop."""

__version__ = "0.1.0"
