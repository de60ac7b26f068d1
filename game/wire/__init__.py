"""The wire, declared once: every message of the network protocol (docs/network.md) and of the
bot protocol (docs/bots.md) as a msgspec Struct, and the pieces they share (a seat's view, a
round's scores, the engine's events, an action).

Untrusted text is read once, at the edge (`reading.read`): its size, nesting and numbers are
bounded first, then msgspec decodes it into the declared type, then the checks no schema can
say (a view's consistency, a seat of this game, a card of this edition) run on the result.
"""
