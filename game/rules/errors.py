"""Errors raised by the rules engine."""


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; the message names the rule broken."""


class InvalidStateError(ValueError):
    """A serialised game state (or a scenario) that the rules could never produce."""
