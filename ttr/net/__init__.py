"""Online play: the protocol, the server, the client session, discovery and bot clients.

The server holds the only `GameState` of each table; a client receives its own seats'
views and redacted events, nothing else. See docs/PROTOCOL.md.
"""
