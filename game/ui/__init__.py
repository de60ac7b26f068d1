"""Desktop user interface: assets, layouts, card art, text, scenes support.

Nothing here opens a window or touches files at import time.
"""
