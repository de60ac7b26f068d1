"""Saves that never lose a game, settings and statistics (see docs/saves.md).

    from game.store import Store, Settings, SaveError
    store = Store(data_dir=None)          # --data-dir, else $SKYJO_DATA_DIR, else the OS's user data dir
    store.saves.save(match, state)        # after every action; atomic; never raises
    store.saves.load()                    # (MatchConfig, GameState) or None; store.notices say why
"""

from .errors import SaveError
from .paths import ENV_VAR, resolve_data_dir
from .settings import ANIMATION_SPEEDS, Settings
from .stats import PlayerStats, Stats, Tally
from .store import Store

__all__ = [
    "ANIMATION_SPEEDS", "ENV_VAR", "PlayerStats", "SaveError", "Settings", "Stats", "Store", "Tally",
    "resolve_data_dir",
]
