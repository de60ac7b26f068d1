"""The setup screen's player cards (issue 40 item 2), as a player sees them at 2 and 8 seats on
1280x720: no empty band on a person's card, a colour that reads (its name in the player's
language beside a swatch of it)."""

from __future__ import annotations

from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.ui.avatars import colour_of

NAMES = ("Ann", "Robin", "Sasha", "Anne-Charlotte", "Bob", "Maximilien", "Bérénice", "Li")


def open_setup(make_app, players: int, language: str = "en", scale: int = 100):
    from game.i18n import set_language
    from scenes.setup import SetupScene

    app = make_app(size=(1280, 720))
    pilot = Pilot(app)
    app.settings.language, app.settings.ui_scale = language, scale
    app.apply_settings()
    set_language(language)
    seats = tuple(SeatConfig(name, HUMAN if seat % 3 == 0 else COMPUTER, "expert")
                  for seat, name in enumerate(NAMES[:players]))
    setup = app.stack.push(SetupScene(app, MatchConfig("classic", seats)))
    pilot.advance(2)
    return app, setup


def test_a_persons_card_spreads_its_rows_over_the_card(make_app):
    """A person's card has no Level row: at 2 seats its name and Human rows sat at the top and
    left a band a third of the card empty below them. Its last row now ends where a computer's
    does."""
    from scenes.seat_cards import card_boxes

    _app, setup = open_setup(make_app, 2)
    cards = card_boxes(3)
    lowest = {seat: max(button.box.bottom for button in setup.buttons.buttons
                        if cards[seat].contains(button.box.x, button.box.y)) for seat in (0, 1)}
    person, computer = setup.config.seats[0], setup.config.seats[1]
    assert person.kind == HUMAN and computer.kind == COMPUTER
    assert abs(lowest[0] - lowest[1]) < 1, f"a person's rows end at {lowest[0]}, a computer's at {lowest[1]}"


def test_the_colour_reads_in_french_beside_its_swatch_at_eight_seats(make_app):
    """At 8 seats in French at 150 % the colour was a strip under the avatar with its name at
    about 8 px. It is now a button of a row's height with a swatch of the colour and its name."""
    from scenes.setup import SWATCH_LEAD

    app, setup = open_setup(make_app, 8, "fr", 150)
    sizes = set()
    for seat in range(8):
        button = setup.buttons.named(f"colour{seat}")
        identity = setup.config.identity(seat)
        assert button is not None and button.label != identity.colour.replace("sky", "sky blue")
        assert setup.buttons.label_px(button, button.label) >= 16, f"seat {seat}: colour at " \
            f"{setup.buttons.label_px(button, button.label)} px"
        sizes.add(setup.buttons.label_px(button, button.label))
        rect = setup.buttons.screen_rect(button)
        swatch_at = (rect.x + round(rect.h * SWATCH_LEAD * 0.6), rect.centery - 1)  # the bar of the colour
        assert tuple(app.screen.get_at(swatch_at))[:3] == colour_of(identity), f"seat {seat}: no swatch"
    assert setup.buttons.named("colour0").label == "ambre"
    assert len(sizes) == 1  # every colour's name at one size (issue 48)


def test_computers_of_one_level_each_wear_a_face_of_their_own():
    """Issue 40 item 1: two "Your level" computers both wore the balloon, and at 8 seats five
    Expert computers all wore the moon. The first of a level keeps its level's avatar; each
    other one wears one nobody at the table wears, the same every time for the same seats."""
    from game.match import level_avatar

    for level, players in (("adaptive", 3), ("expert", 8), ("easy", 4)):
        seats = (SeatConfig("Ann", HUMAN), *(SeatConfig(name, COMPUTER, level) for name in NAMES[1:players]))
        config = MatchConfig("classic", seats)
        avatars = [look.avatar for look in config.identities()]
        assert avatars[1] == level_avatar(level), "the first computer of a level wears its level's face"
        assert len(set(avatars)) == players, f"{level}: {avatars}"
        assert [look.avatar for look in MatchConfig("classic", seats).identities()] == avatars
    chosen = (SeatConfig("Ann", HUMAN), SeatConfig("Robin", COMPUTER, "hard"),
              SeatConfig("Sasha", COMPUTER, "hard", avatar="owl"))
    assert [look.avatar for look in MatchConfig("voyage", chosen).identities()][2] == "owl", "a choice stays"
