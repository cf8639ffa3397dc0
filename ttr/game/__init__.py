"""A game being played or replayed: the session, undo, records, replays, game options."""
