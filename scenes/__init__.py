"""The desktop game's screens, one module per scene. Nothing happens at import time."""
