"""Text fields (the Join screen's address, code and name; the setup's seat names) take the
typing while they have the focus ring, however it got there (Tab, arrows, a click); a click
moves the ring; typing over a name the game gave replaces it, over a name typed adds to it."""

import pygame
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from scenes.join import JoinScene
from scenes.menu import MenuScene
from scenes.setup import SetupScene


def type_text(app, text):
    """Type `text` as SDL sends it: a KEYDOWN for a space (the key), then TEXTINPUT per character."""
    for char in text:
        if char == " ":
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    Pilot(app).advance()


def open_join(app, **given):
    app.stack.push(MenuScene(app))
    join = JoinScene(app, **given)
    join.discover = False  # no search of the network: the first button is "Search again"
    app.stack.push(join)
    Pilot(app).advance()
    return join


def focused(scene):
    return scene.buttons.buttons[scene.buttons.focus].name


def test_tab_to_each_join_field_then_type_fills_it(app, pilot):
    join = open_join(app)
    assert focused(join) == "search"
    pilot.press(pygame.K_TAB)
    assert focused(join) == "address"
    type_text(app, "127.0.0.1:50123")
    pilot.press(pygame.K_TAB)
    type_text(app, "k7qx2m")
    pilot.press(pygame.K_TAB)
    type_text(app, "Ann Marie")  # (the space is typed, it does not press the field's button)
    assert join.fields["address"].value == "127.0.0.1:50123"
    assert join.fields["code"].value == "K7QX2M"
    assert join.fields["name"].value == "Ann Marie"
    assert join.buttons.named("name").label == "Ann Marie_"  # the field with the ring shows the cursor
    assert join.buttons.named("address").label == "127.0.0.1:50123"


def test_enter_in_a_join_field_goes_on_to_the_next_then_to_join(app, pilot):
    join = open_join(app)
    pilot.click("address")
    type_text(app, "127.0.0.1:1")
    for expected in ("code", "name", "join"):
        pilot.press(pygame.K_RETURN)
        assert focused(join) == expected
    assert join.fields["address"].value == "127.0.0.1:1" and join.remote is None  # nothing pressed on the way


def test_a_click_moves_the_focus_ring_and_the_typing_with_it(app, pilot):
    join = open_join(app, url="10.0.0.2:5000")
    pilot.click("code")
    assert focused(join) == "code"
    type_text(app, "ab")
    pilot.click("address")
    assert focused(join) == "address"
    type_text(app, "1")
    pilot.click("seat")  # a button that is not a field: the ring goes there, typing goes nowhere
    assert focused(join) == "seat"
    type_text(app, "zz")
    assert join.fields["code"].value == "AB" and join.fields["address"].value == "10.0.0.2:50001"
    assert join.fields["name"].value == ""


def test_join_name_that_is_a_default_is_replaced_by_typing(app, pilot):
    join = open_join(app, player="Player 2")
    pilot.click("name")
    type_text(app, "Zoé")
    assert join.fields["name"].value == "Zoé"


def open_setup(app, *seats):
    app.stack.push(MenuScene(app))
    setup = app.stack.push(SetupScene(app, MatchConfig("voyage", seats)))
    Pilot(app).advance()
    return setup


def test_typing_over_a_default_name_replaces_it_and_then_adds_to_what_was_typed(app, pilot):
    setup = open_setup(app, SeatConfig("Player 1", HUMAN), SeatConfig("Player 2", HUMAN),
                       SeatConfig("Robin", COMPUTER, "easy"))
    pilot.click("name0")
    type_text(app, "An")
    type_text(app, "n")
    assert setup.config.seats[0].name == "Ann"  # not "Player 1Ann"
    pilot.click("name2")  # a computer's given name is a default too
    type_text(app, "Max")
    assert setup.config.seats[2].name == "Max"
    pilot.click("name0")  # back to a name typed here: typing adds to it
    type_text(app, "e")
    assert setup.config.seats[0].name == "Anne"
    assert setup.config.seats[1].name == "Player 2"  # untouched


def test_a_name_started_with_a_space_still_replaces_the_default(app, pilot):
    setup = open_setup(app, SeatConfig("Player 1", HUMAN), SeatConfig("Player 2", HUMAN))
    pilot.click("name1")
    type_text(app, " Jo")
    assert setup.config.seats[1].name == " Jo"  # (Start trims it)


def test_typing_into_a_name_the_player_typed_before_adds_to_it(app, pilot):
    setup = open_setup(app, SeatConfig("Zoé", HUMAN), SeatConfig("Bob", HUMAN))
    pilot.click("name1")
    type_text(app, "by")
    assert setup.config.seats[1].name == "Bobby"


def test_tab_to_a_seat_name_then_type_fills_it(app, pilot):
    setup = open_setup(app, SeatConfig("Player 1", HUMAN), SeatConfig("Player 2", HUMAN))
    for _ in range(len(setup.buttons.buttons)):  # Tab walks the buttons: the name's field is among them
        if focused(setup) == "name1":
            break
        pilot.press(pygame.K_TAB)
    assert focused(setup) == "name1"
    type_text(app, "Cy Li")
    assert setup.config.seats[1].name == "Cy Li"
    assert setup.buttons.named("name1").label == "Cy Li_"
    pilot.press(pygame.K_TAB)  # the ring leaves the name: the cursor goes with it, and typing no longer lands
    type_text(app, "x")
    assert setup.config.seats[1].name == "Cy Li" and setup.buttons.named("name1").label == "Cy Li"
