"""Sentences about a player (game/ui/wording.py): every message kind, spoken to the viewer and
about another seat, in English and French, against the sentences written out here; the
default seat names of the setup; the lines of the screens that use them."""

import pytest

from game import i18n
from game.match import COMPUTER, HUMAN, REMOTE, MatchConfig, SeatConfig
from game.rules import Action
from game.ui.wording import GROUP_MESSAGES, MESSAGES, group_sentence, is_default_human_name, sentence

NAMES = ["Alice", "Robin", "Sasha"]
VIEWER, OTHER = 0, 1

# kind, figures, (English to the viewer, about Robin), (French to the viewer, about Robin)
SENTENCES = [
    ("win", {}, ("You win!", "Robin wins!"), ("Vous gagnez !", "Robin gagne !")),
    ("column", {"value": 12},
     ("You complete a column of 12s: it is removed", "Robin completes a column of 12s: it is removed"),
     ("Vous complétez une colonne de 12 : elle est retirée", "Robin complète une colonne de 12 : elle est retirée")),
    ("last_turn", {},
     ("You have no face-down card left: everybody else plays one last turn",
      "Robin has no face-down card left: everybody else plays one last turn"),
     ("Vous n'avez plus de carte cachée : tous les autres jouent un dernier tour",
      "Robin n'a plus de carte cachée : tous les autres jouent un dernier tour")),
    ("starts", {"why": "highest cards"},
     ("You start (highest cards)", "Robin starts (highest cards)"),
     ("Vous commencez (highest cards)", "Robin commence (highest cards)")),
    ("plays_next", {}, ("You play next", "Robin plays next"), ("Vous jouez ensuite", "Robin joue ensuite")),
    ("took_card", {"card": 7},
     ("You took a 7 from the discard", "Robin took a 7 from the discard"),
     ("Vous avez pris un 7 dans la défausse", "Robin a pris un 7 dans la défausse")),
    ("drew_card", {"card": -2}, ("You drew a −2", "Robin drew a −2"),  # a true minus sign (U+2212)
     ("Vous avez pioché un −2", "Robin a pioché un −2")),
    ("took", {}, ("You took the discard", "Robin took the discard"),
     ("Vous avez pris la défausse", "Robin a pris la défausse")),
    ("drew", {}, ("You drew", "Robin drew"), ("Vous avez pioché", "Robin a pioché")),
    ("cue_take", {"card": 5},
     ("You took the 5 from the discard", "Robin took the 5 from the discard"),
     ("Vous avez pris le 5 dans la défausse", "Robin a pris le 5 dans la défausse")),
    ("cue_draw", {}, ("You drew a card", "Robin drew a card"),
     ("Vous avez pioché une carte", "Robin a pioché une carte")),
    ("flip", {"place": "c1"}, ("You flip a card (c1)", "Robin flips a card (c1)"),
     ("Vous retournez une carte (c1)", "Robin retourne une carte (c1)")),
    ("draw", {}, ("You draw a card", "Robin draws a card"), ("Vous piochez une carte", "Robin pioche une carte")),
    ("take", {}, ("You take the discard", "Robin takes the discard"),
     ("Vous prenez la défausse", "Robin prend la défausse")),
    ("replace", {"place": "c1"}, ("You replace a card (c1)", "Robin replaces a card (c1)"),
     ("Vous remplacez une carte (c1)", "Robin remplace une carte (c1)")),
    ("reveal", {"place": "c1"},
     ("You discard and reveal a card (c1)", "Robin discards and reveals a card (c1)"),
     ("Vous défaussez et retournez une carte (c1)", "Robin défausse et retourne une carte (c1)")),
    ("recap_flip", {"value": 5},
     ("You turned over a 5", "Robin turned over a 5"),
     ("Vous avez retourné un 5", "Robin a retourné un 5")),
    ("recap_take_replace", {"card": 3, "old": 10},
     ("You took the 3 from the discard pile and replaced a 10",
      "Robin took the 3 from the discard pile and replaced a 10"),
     ("Vous avez pris le 3 de la défausse et remplacé un 10", "Robin a pris le 3 de la défausse et remplacé un 10")),
    ("recap_draw_replace", {"card": 1, "old": 9},
     ("You drew a 1 and replaced a 9", "Robin drew a 1 and replaced a 9"),
     ("Vous avez pioché un 1 et remplacé un 9", "Robin a pioché un 1 et remplacé un 9")),
    ("recap_take_replace_hidden", {"card": 3, "old": -1},
     ("You took the 3 from the discard pile and put it on a face-down card (it was a −1)",
      "Robin took the 3 from the discard pile and put it on a face-down card (it was a −1)"),
     ("Vous avez pris le 3 de la défausse et l'avez posé sur une carte cachée (c'était un −1)",
      "Robin a pris le 3 de la défausse et l'a posé sur une carte cachée (c'était un −1)")),
    ("recap_draw_replace_hidden", {"card": 3, "old": -1},
     ("You drew a 3 and put it on a face-down card (it was a −1)",
      "Robin drew a 3 and put it on a face-down card (it was a −1)"),
     ("Vous avez pioché un 3 et l'avez posé sur une carte cachée (c'était un −1)",
      "Robin a pioché un 3 et l'a posé sur une carte cachée (c'était un −1)")),
    ("recap_draw_discard", {"card": 12, "value": 5},
     ("You drew and discarded a 12, revealed a 5", "Robin drew and discarded a 12, revealed a 5"),
     ("Vous avez pioché et défaussé un 12, retourné un 5", "Robin a pioché et défaussé un 12, retourné un 5")),
    ("recap_column", {"value": 7},
     ("You completed a column of 7s", "Robin completed a column of 7s"),
     ("Vous avez complété une colonne de 7", "Robin a complété une colonne de 7")),
]

# kind, (English with the viewer among Alice and Robin, Robin and Sasha), (the same in French)
GROUP_SENTENCES = [
    ("share_win", ("You and Robin share the win!", "Robin and Sasha share the win!"),
     ("Vous et Robin gagnez ensemble !", "Robin et Sasha gagnent ensemble !")),
    ("start_tie", ("Tie for the start: you and Robin each flip one more card",
                   "Tie for the start: Robin and Sasha each flip one more card"),
     ("Égalité pour commencer : vous et Robin retournez chacun une carte de plus",
      "Égalité pour commencer : Robin et Sasha retournent chacun une carte de plus")),
    ("tiebreak_round", ("Tiebreak round: you and Robin play for the win",
                        "Tiebreak round: Robin and Sasha play for the win"),
     ("Manche décisive : vous et Robin jouez la victoire", "Manche décisive : Robin et Sasha jouent la victoire")),
    ("tiebreak_next", ("Tie for the lowest total: you and Robin play a tiebreak round.",
                       "Tie for the lowest total: Robin and Sasha play a tiebreak round."),
     ("Égalité au plus petit total : vous et Robin jouez une manche décisive.",
      "Égalité au plus petit total : Robin et Sasha jouent une manche décisive.")),
]


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


def test_the_tables_cover_every_message_kind():
    assert [row[0] for row in SENTENCES] == list(MESSAGES)
    assert [row[0] for row in GROUP_SENTENCES] == list(GROUP_MESSAGES)


@pytest.mark.parametrize(("kind", "figures", "english", "french"), SENTENCES, ids=[row[0] for row in SENTENCES])
def test_every_message_to_the_viewer_and_about_another_seat(language, kind, figures, english, french):
    for code, (to_viewer, about_other) in (("en", english), ("fr", french)):
        language(code)
        assert sentence(kind, VIEWER, VIEWER, NAMES, **figures) == to_viewer
        assert sentence(kind, OTHER, VIEWER, NAMES, **figures) == about_other
        assert sentence(kind, VIEWER, None, NAMES, **figures) == about_other.replace("Robin", "Alice")  # nobody's view


@pytest.mark.parametrize(("kind", "english", "french"), GROUP_SENTENCES, ids=[row[0] for row in GROUP_SENTENCES])
def test_every_message_about_several_seats(language, kind, english, french):
    for code, (with_viewer, without) in (("en", english), ("fr", french)):
        language(code)
        assert group_sentence(kind, [0, 1], VIEWER, NAMES) == with_viewer
        assert group_sentence(kind, [1, 2], VIEWER, NAMES) == without
        assert group_sentence(kind, [1, 0], VIEWER, NAMES) == with_viewer  # the viewer first, whatever the seat order


def test_a_seat_named_you_is_spoken_to_even_without_a_viewer(language):
    """An old save or a watched replay has no viewer: "You" still never takes a third-person verb."""
    names = ["You", "Robin"]
    assert sentence("flip", 0, None, names, place="c1") == "You flip a card (c1)"
    assert group_sentence("share_win", [0, 1], None, names) == "You and Robin share the win!"
    language("fr")
    assert sentence("win", 0, None, ["Vous", "Robin"]) == "Vous gagnez !"
    assert sentence("win", 1, None, ["Vous", "Robin"]) == "Robin gagne !"


def test_the_game_over_line_speaks_to_the_viewer_who_won(language):
    from scenes.game_over import addressee, winners_line

    class Won:
        winners = [0]

    config = MatchConfig(
        "voyage", (SeatConfig("Alice", HUMAN), SeatConfig("Robin", COMPUTER), SeatConfig("Sasha", COMPUTER)))
    assert winners_line(Won(), NAMES, addressee(config)) == "You win!"
    Won.winners = [1]
    assert winners_line(Won(), NAMES, addressee(config)) == "Robin wins!"
    language("fr")
    Won.winners = [0]
    assert winners_line(Won(), NAMES, addressee(config)) == "Vous gagnez !"
    hotseat = MatchConfig(
        "voyage", (SeatConfig("Alice", HUMAN), SeatConfig("Robin", HUMAN), SeatConfig("Sasha", COMPUTER)))
    assert addressee(hotseat) is None
    assert winners_line(Won(), NAMES, addressee(hotseat)) == "Alice gagne !"


def test_the_replay_captions_each_step(language):
    from scenes.round_replay import describe

    flip = Action(1, "flip", col=2, row=1)
    assert describe(flip, NAMES) == "Robin flips a card (column 3, row 2)"
    assert describe(Action(0, "draw"), NAMES, viewer=0) == "You draw a card"
    assert describe(Action(0, "draw"), ["You", "Robin"]) == "You draw a card"  # not "You draws"
    language("fr")
    assert describe(Action(0, "take"), NAMES, viewer=0) == "Vous prenez la défausse"


def test_default_names_are_recognised_in_every_language():
    for name in ("You", "Vous", "Player 1", "Joueur 4", "Player 12"):
        assert is_default_human_name(name)
    for name in ("Alice", "Robin", "Player", "Player one", "Joueur 1 bis", "you"):
        assert not is_default_human_name(name)


def seat_names(setup):
    return [seat.name for seat in setup.config.seats]


def make_kind(setup, seat: int, kind: str) -> None:
    """Click "Who plays" of `seat` until it says `kind` (it cycles Human, Computer, and Another
    computer once the network is on)."""
    if kind == REMOTE and not setup.draft.network:
        setup.press("network")
    for _ in range(3):
        if setup.config.seats[seat].kind == kind:
            return
        setup.press(f"kind{seat}")
    raise AssertionError(f"seat {seat} never became {kind}")


def test_one_human_is_you_and_several_are_numbered_players(app, language):
    from scenes.setup import SetupScene

    setup = app.stack.push(SetupScene(app, MatchConfig()))
    assert seat_names(setup) == ["You", "Robin", "Sasha"]
    make_kind(setup, 1, HUMAN)
    assert seat_names(setup) == ["Player 1", "Player 2", "Sasha"]
    make_kind(setup, 1, COMPUTER)  # back to one human: the computer takes a computer's name again
    assert seat_names(setup) == ["You", "Robin", "Sasha"]
    make_kind(setup, 1, REMOTE)  # a player on another computer sees the names: nobody is "You"
    assert seat_names(setup) == ["Player 1", "Player 2", "Sasha"]
    make_kind(setup, 1, COMPUTER)
    make_kind(setup, 0, COMPUTER)
    assert seat_names(setup) == ["Camille", "Robin", "Sasha"]  # no human: "You" was a default, not a name

    language("fr")
    setup = app.stack.push(SetupScene(app, MatchConfig()))
    assert seat_names(setup) == ["Vous", "Robin", "Sasha"]
    make_kind(setup, 1, HUMAN)
    assert seat_names(setup) == ["Joueur 1", "Joueur 2", "Sasha"]
    language("en")  # a default name saved in French follows the language
    setup = app.stack.push(SetupScene(app, setup.config))
    assert seat_names(setup) == ["Player 1", "Player 2", "Sasha"]


def test_typed_names_are_kept(app):
    from scenes.setup import SetupScene

    config = MatchConfig(
        "voyage", (SeatConfig("Zoé", HUMAN), SeatConfig("Robin", COMPUTER), SeatConfig("Sasha", COMPUTER)))
    setup = app.stack.push(SetupScene(app, config))
    make_kind(setup, 2, HUMAN)
    assert seat_names(setup) == ["Zoé", "Robin", "Player 3"]
    make_kind(setup, 0, COMPUTER)
    assert seat_names(setup) == ["Zoé", "Robin", "You"]


def test_hot_seat_lines_name_the_acting_player(app):
    from scenes.play import PlayScene

    config = MatchConfig("voyage", (SeatConfig("Player 1", HUMAN), SeatConfig("Player 2", HUMAN)), seed=3)
    play = app.stack.push(PlayScene(app, config, config.new_game()))
    assert play.addressee is None and play.view.addressee is None
    play._set_viewer(1)
    assert play.view.addressee is None  # the screen shows Player 2's cards, the lines still name them
    line = sentence("column", 1, play.view.addressee, play.names, value=5)
    assert line == "Player 2 completes a column of 5s: it is removed"

    single = MatchConfig(seed=3)
    play = app.stack.push(PlayScene(app, single, single.new_game()))
    assert play.addressee == 0 and play.view.addressee == 0


def test_the_table_announces_to_its_viewer_and_names_the_others(app, language):
    """The animator's banners and the card-in-hand caption, as the table shows them."""
    from game.rules import GameState, seat_view
    from game.rules import events as ev
    from game.ui.table_anim import Animator
    from game.ui.table_view import Board, TableView

    state = GameState.new_game("voyage", 3, 5)
    view = TableView(3, NAMES, app.art, app.text)
    view.viewer = VIEWER
    board = Board.from_view(seat_view(state, VIEWER))
    anim = Animator(board, view, 1.0)

    def banner(event):
        anim.add_events([event])
        anim.update(0.01)
        shown = board.banner
        anim.skip()
        return shown

    assert banner(ev.EndTriggered(seat=0)) == "You have no face-down card left: everybody else plays one last turn"
    assert banner(ev.ColumnRemoved(seat=2, col=1, value=4)) == "Sasha completes a column of 4s: it is removed"
    assert banner(ev.StartTieFlips(seats=(0, 2))) == "Tie for the start: you and Sasha each flip one more card"
    language("fr")
    assert banner(ev.ColumnRemoved(seat=0, col=1, value=4)) == "Vous complétez une colonne de 4 : elle est retirée"
    assert banner(ev.StarterChosen(seat=1, reason="highest")) == "Robin commence (cartes les plus hautes)"
    view.speaks_to_viewer = False  # hot-seat or nobody's view: every line names its player
    assert banner(ev.EndTriggered(seat=0)) == "Alice n'a plus de carte cachée : tous les autres jouent un dernier tour"

    board.holding, board.holder, board.source = 9, 0, "discard"
    view.draw(app.screen, board, [])
    assert any(words == "Alice a pris un 9 dans la défausse" for words, _rect in view.words.text_rects)
    view.speaks_to_viewer = True
    view.prepare(app.screen, board)
    view.draw(app.screen, board, [])
    assert any(words == "Vous avez pris un 9 dans la défausse" for words, _rect in view.words.text_rects)
