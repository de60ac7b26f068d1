"""A hosted table's computer seat at the adaptive level ("Your level"): it plays a whole game
against a player on another computer, starting at the default strength, since a joiner's
profile is on their own computer (a joiner called Ann is not the host's Ann), and the game
moves no profile of the host's. Loopback only (127.0.0.1); every wait bounded."""

from __future__ import annotations

from net_tools import BotPlayer, HostThread

from game.adapt import DEFAULT_STRENGTH, knob_number
from game.ai import make_bot
from game.ai.players import make_worker
from game.match import ADAPTIVE, COMPUTER, HUMAN, REMOTE, MatchConfig, SeatConfig
from game.rules import GAME_OVER, seat_view
from game.store import Store
from game.table import TableController


def beaten_at_home(store: Store) -> float:
    """This computer's Ann beats the adaptive computer at home: her profile rises above the
    default. Returns her strength."""
    home = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER, ADAPTIVE)), end_score=40)
    for seed in range(40):
        state = home.new_game(seed)
        bots = [make_bot("hard", seed), make_bot("adaptive@0.6/0", seed)]
        while not state.is_terminal:
            if state.phase == "round_over":
                state.deal()
            else:
                state.apply(bots[state.to_act].decide(seat_view(state, state.to_act)))
        if state.winners == [0] or state.winners == (0,):
            store.stats.record_game(home, state)
            return store.stats.profiles.table_strength(["Ann"])
    raise AssertionError("Ann never won in 40 seeds")


def test_a_hosted_adaptive_computer_plays_a_remote_player_to_the_end_from_the_default(tmp_path):
    store = Store(tmp_path)
    home_strength = beaten_at_home(store)
    assert home_strength > DEFAULT_STRENGTH

    asked: list[str] = []  # the computer players the table started, as their specs

    def worker(level: str, seed: int):
        asked.append(level)
        return make_worker(level, seed)

    config = MatchConfig("voyage", (SeatConfig("Ann", REMOTE), SeatConfig("Robin", COMPUTER, ADAPTIVE)),
                         end_score=40, seed=7)
    table = TableController(config, config.new_game(), store, make_worker=worker, speed=0)
    hosted = HostThread(config, table=table).start()
    player = BotPlayer(hosted.url, "normal", seed=1, name="Ann")
    finished = player.join()
    hosted.finish()
    assert finished is True, player.remote.client.status_reason
    assert hosted.winners is not None and len(hosted.winners) == 1
    assert hosted.host.table.state.phase == GAME_OVER
    assert asked and all(spec.startswith(f"adaptive@{knob_number(DEFAULT_STRENGTH):.5f}/0") for spec in asked), asked
    assert store.stats.profiles.table_strength(["Ann"]) == home_strength  # the host's Ann did not play
