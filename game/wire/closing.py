"""The WebSocket close codes of network play, once, for the host and the client (docs/network.md)."""

CLOSE_FINAL = 1000  # the games are over: a client stops
CLOSE_AWAY = 1001  # the host stopped (it may come back from its save): a client reconnects
CLOSE_POLICY = 1008  # the other side broke the protocol, sent too much or stopped reading
CLOSE_TRY_LATER = 1013  # too many connections, wrong codes or no hello in time: retrying later may work
CLOSE_REPLACED = 4001  # the seat was taken back by a newer connection with its token
CLOSE_SEAT_GONE = 4003  # this hello can never be seated (wrong code, no open seat, seat taken): do not retry

STOP_CODES = {CLOSE_FINAL: "the host ended the games", CLOSE_REPLACED: "your seat was taken by another connection",
              CLOSE_SEAT_GONE: "the host no longer keeps your seat"}  # a client comes back after any other
