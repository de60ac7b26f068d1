"""The store's one exception type."""


class SaveError(ValueError):
    """A save, settings or statistics document that cannot be used; the message is plain."""
