"""Skyjo for the desktop."""

__version__ = "0.1.0"
APP_NAME = "Skyjo"
