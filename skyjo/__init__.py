"""The composition root: the desktop app (window, frame loop, the scenes registered by name),
the `skyjo` command line and its subcommands, the self-test and the frame benchmark.

It is the only package that may import every layer (scenes -> ui/ai/store -> rules); nothing
inside game/ or scenes/ imports it, except `python -m game` (game/__main__.py), an alias.
"""
