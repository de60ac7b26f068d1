"""Issue 40 item 9: while a joined table reconnects to its host, the table does not say a stale
"X plays next" (the turn may have moved on at the host): it says the connection is being
found again. (The table is a local one told it is offline, as a RemoteTable is while its
connection status is "reconnecting": tests/test_net_rejoin.py covers that status.)"""

from __future__ import annotations

from pilot import Pilot

from game.match import HUMAN, REMOTE, MatchConfig, SeatConfig
from scenes.play import PlayScene
from scenes.table_prompt import table_prompt


def test_while_reconnecting_the_table_says_so_not_who_plays_next(make_app, monkeypatch):
    app = make_app(size=(1280, 720))
    pilot = Pilot(app)
    config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Bob", REMOTE)), seed=4)
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    assert pilot.wait_until(lambda: play.position().to_act is not None and not play.anim.busy)
    for _flip in range(2):  # Ann's opening, then Bob (on another computer) is to act
        if play.acting_human() == 0:
            pilot.click(sorted(play.legal_targets())[0])
            assert pilot.wait_for_animations()
    assert pilot.wait_until(lambda: play.acting_human() is None and play.position().to_act == 1)
    assert table_prompt(play) == "Bob plays next"
    monkeypatch.setattr(type(play.table.link), "offline", True)
    assert table_prompt(play) == "Connection lost: reconnecting…"


def test_while_reconnecting_no_stale_cue_of_the_last_move_stays_up(make_app, monkeypatch):
    """Issue 48: "Robin drew a card" stayed by the table while it reconnected to its host."""
    app = make_app(size=(1280, 720))
    pilot = Pilot(app)
    config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN), SeatConfig("Bob", REMOTE)), seed=4)
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    assert pilot.wait_for_animations()
    play.anim.cues.show(1, "Bob drew a card")
    pilot.advance()
    assert play.board.cues == {1: "Bob drew a card"}  # (it shows for a few seconds)
    monkeypatch.setattr(type(play.table.link), "offline", True)
    pilot.advance()
    assert play.board.cues == {}
