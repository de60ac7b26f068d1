"""The look of the screens (issue #18, item 11): buttons with hover, pressed, disabled and a
focus ring; one type scale; overlays that hide the table beneath; a cloth made once per size;
soft card shadows; a game-over screen that celebrates the winner, then sleeps."""

from __future__ import annotations

import pygame
from helpers import finished_game
from pilot import Pilot

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig
from game.ui import felt as felt_module
from game.ui.card_art import CardArt, shadow_rect
from game.ui.layout import Box
from game.ui.widgets import ACCENT, BUTTON_SIZE, CAPTION_SIZE, ButtonGroup, screen_viewport
from game.ui.wording import points_words
from scenes.game_over import CELEBRATION_SECONDS, GameOverScene, addressee, podium, winners_line
from scenes.play import PlayScene
from scenes.score_overlay import SHEET_PANEL, ScoreOverlayScene

SEATS = (SeatConfig("You", HUMAN), SeatConfig("Robin", COMPUTER, "normal"), SeatConfig("Sasha", COMPUTER, "normal"))


def pixels(surface: pygame.Surface, rect: pygame.Rect | None = None) -> bytes:
    area = surface.subsurface(rect) if rect is not None else surface
    return pygame.image.tobytes(area, "RGB")


# ---------------------------------------------------------------- buttons
def one_button_group(app) -> tuple[ButtonGroup, pygame.Rect]:
    group = ButtonGroup(app.text)
    group.add(Box(700, 400, 520, 120), "Play", lambda: None, name="play")
    group.add(Box(700, 700, 520, 120), "Off", lambda: None, enabled=False, name="off")
    group.viewport = screen_viewport(*app.screen.get_size())
    return group, group.screen_rect(group.buttons[0])


def drawn(app, group: ButtonGroup) -> pygame.Surface:
    screen = pygame.Surface(app.screen.get_size())
    screen.fill((0, 0, 0))
    group.draw(screen, group.viewport)
    return screen


def test_a_button_looks_different_normal_hovered_pressed_and_disabled(app):
    group, rect = one_button_group(app)
    centre = (rect.centerx, rect.top + rect.h // 4)  # on the face, clear of the label
    looks = {}
    for state, (hover, pressed) in {"normal": (None, None), "hover": (0, None), "pressed": (0, 0)}.items():
        group.hover, group.pressed = hover, pressed
        assert group.state(0) == state
        looks[state] = drawn(app, group).get_at(centre)
    assert len(set(map(tuple, looks.values()))) == 3
    assert group.state(1) == "disabled"


def test_the_mouse_held_down_on_a_button_presses_it_and_letting_go_acts(app):
    pressed = []
    group = ButtonGroup(app.text)
    group.add(Box(700, 400, 520, 120), "Play", lambda: pressed.append(True), name="play")
    group.viewport = screen_viewport(*app.screen.get_size())
    rect = group.screen_rect(group.buttons[0])
    group.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    assert group.state(0) == "pressed" and not pressed  # held: drawn pushed in, nothing done yet
    group.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    assert group.state(0) == "hover" and pressed == [True]
    group.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(0, 0), button=1))
    assert group.pressed is None  # down beside every button presses none
    group.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    group.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0), rel=(0, 0), buttons=(1, 0, 0)))
    assert group.state(0) == "normal"  # dragged off while held: it pops back up...
    group.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1))
    assert pressed == [True]  # ...and letting go there does nothing


def test_the_focus_is_a_ring_around_the_button_not_a_prefix_on_its_label(app):
    group, rect = one_button_group(app)
    rendered = []
    real_render = app.text.render
    app.text.render = lambda words, *args, **kwargs: rendered.append(words) or real_render(words, *args, **kwargs)
    try:
        group.focus = None
        plain = drawn(app, group)
        group.focus = 0
        ringed = drawn(app, group)
    finally:
        del app.text.render
    assert "Play" in rendered and not any(words.startswith(">") for words in rendered)
    above = [(x, y) for x in range(rect.left + 20, rect.right - 20, 10) for y in range(rect.top - 12, rect.top - 1)]
    bright = [spot for spot in above if tuple(ringed.get_at(spot))[:3] == ACCENT]
    assert bright and not any(tuple(plain.get_at(spot))[:3] == ACCENT for spot in above)
    # a gap of another colour between the button and its ring: a shape, not a tint of the button
    gap = (rect.centerx, rect.top - 2)
    assert tuple(ringed.get_at(gap))[:3] != ACCENT


# ---------------------------------------------------------------- one type scale
def test_every_button_of_every_screen_uses_the_button_size(app):
    import sys

    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from i18n_gallery import screens

    sizes = {}
    for name in screens(app):
        for scene in app.stack.scenes:
            for button in getattr(getattr(scene, "buttons", None), "buttons", ()):
                sizes[f"{name}: {button.name}"] = button.size
    # (setup's colour chips are caption-sized on purpose: a swatch and its name beside the avatar,
    # in a card's corner, where the button size would shrink the name until it no longer reads;
    # at most caption-sized, as the chips of a screen share the size the longest colour's name fits)
    chips = {where for where in sizes if where.split(": ")[1].startswith("colour")}
    odd = {where: size for where, size in sizes.items() if size != BUTTON_SIZE and where not in chips}
    assert all(0 < sizes[where] <= CAPTION_SIZE for where in chips)
    assert sizes and not odd


# ---------------------------------------------------------------- opaque overlays
def table_under_scores(app, seed: int) -> tuple[pygame.Surface, PlayScene]:
    pilot = Pilot(app)
    config = MatchConfig("voyage", SEATS, seed=seed)
    state = config.new_game()
    play = app.stack.reset(PlayScene(app, config, state))
    pilot.advance(3)
    for seat in range(state.players):  # every card face up, so numbers lie under the panel
        state.face_up[seat] = [True] * len(state.face_up[seat])
    play.board.sync(play.table.view(play.viewer))  # the board shows them at once
    pilot.advance(1)
    beneath = app.screen.copy()
    app.stack.push(ScoreOverlayScene(app, play.table))
    pilot.advance(1)
    return beneath, play


def test_nothing_of_the_table_shows_through_the_score_sheet(app):
    beneath_a, _play = table_under_scores(app, seed=1)
    panel = app.stack.top.viewport.rect(SHEET_PANEL).inflate(-20, -20)
    over_a = pixels(app.screen, panel)
    beneath_b, _play = table_under_scores(app, seed=2)
    over_b = pixels(app.screen, panel)
    assert pixels(beneath_a, panel) != pixels(beneath_b, panel)  # different cards beneath...
    assert over_a == over_b  # ...and not one pixel of the panel changes


# ---------------------------------------------------------------- cloth and shadows
def test_the_cloth_is_the_same_every_time_and_made_once_per_size():
    felt_module._cache.clear()
    first = felt_module.felt((320, 180), (22, 92, 64))
    assert felt_module.felt((320, 180), (22, 92, 64)) is first  # cached: a frame only blits it
    again = felt_module._paint((320, 180), (22, 92, 64))
    assert pixels(again) == pixels(first)  # a fixed seed: identical every run
    centre, corner = first.get_at((160, 70)), first.get_at((2, 2))
    assert sum(centre[:3]) > sum(corner[:3]) + 30  # lit from above the middle, darker at the edges
    grain = {tuple(first.get_at((x, 76)))[:3] for x in range(150, 170)}
    assert len(grain) > 3  # a texture, not a flat fill


def test_confetti_celebrates_a_person_never_a_computers_win(app, pilot):
    """Issue 48: confetti fell when a computer beat the family; it celebrates the people."""
    app.speed_override = 1.0
    games = [finished_game(seed) for seed in range(1, 12)]
    person = next(game for game in games if game[1].winners == [0])  # Ann (the person) won
    computer = next(game for game in games if game[1].winners == [1])  # the computer won alone
    for (config, state), falls in ((person, True), (computer, False)):
        app.stack.reset(GameOverScene(app, config, state))
        pilot.advance(1)
        assert app.stack.wants_frames() is falls


def test_a_card_shadow_is_soft_below_the_card_and_cached():
    art = CardArt("standard")
    shadow = art.shadow(60, 84)
    assert art.shadow(60, 84) is shadow
    card = pygame.Rect(100, 100, 60, 84)
    place = shadow_rect(card)
    assert place.contains(card.move(0, 1)) and place.bottom > card.bottom and place.centery > card.centery
    alphas = [shadow.get_at((shadow.get_width() // 2, y)).a for y in range(shadow.get_height())]
    assert max(alphas) > 60 and alphas[0] < max(alphas) // 3  # dark under the card, fading at its edge
    assert len(set(alphas)) > 4  # a gradient: soft, not a hard rectangle
    assert shadow_rect(card, lift=20).bottom > place.bottom  # a lifted card casts it further


# ---------------------------------------------------------------- game over
def test_game_over_celebrates_the_winner_for_a_few_seconds_then_sleeps(app, pilot):
    config, state = finished_game(3)
    app.speed_override = 1.0
    over = app.stack.reset(GameOverScene(app, config, state))
    pilot.advance(1)
    assert app.stack.wants_frames()  # the confetti falls
    first = app.screen.copy()
    pilot.advance(20)
    assert pixels(app.screen) != pixels(first)  # it moves
    over.update(CELEBRATION_SECONDS)
    assert not app.stack.wants_frames()  # still: the app may sleep
    pilot.advance()
    still = app.screen.copy()
    pilot.advance()
    assert pixels(app.screen) == pixels(still)
    assert {"again", "menu", "watch", "export"} <= {button.name for button in over.buttons.buttons}


def test_without_motion_game_over_is_still_at_once(app, pilot):
    config, state = finished_game(3)
    app.speed_override = 0.0  # instant animations (reduced motion does the same)
    app.stack.reset(GameOverScene(app, config, state))
    pilot.advance(1)
    assert not app.stack.wants_frames()


def test_the_podium_puts_the_winner_first_then_the_others_by_total(app, pilot):
    config, state = finished_game(3)
    places = podium(state)
    assert places[0] == (state.winners[0], 1)
    assert [seat for seat, _place in places] == sorted(range(state.players), key=lambda s: (s not in state.winners,
                                                                                              state.totals[s]))[:3]
    words = []
    real_render = app.text.render
    app.text.render = lambda text, size, *args, **kwargs: words.append((text, size)) or real_render(text, size, *args,
                                                                                                     **kwargs)
    try:
        app.stack.reset(GameOverScene(app, config, state))
        pilot.advance(1)
    finally:
        del app.text.render
    said = dict(words)
    for seat, _place in places:
        assert config.seats[seat].name in said and points_words(state.totals[seat]) in said
    largest = max(words, key=lambda pair: pair[1])
    assert largest[0] == winners_line(state, [seat.name for seat in config.seats], addressee(config))
    assert largest[1] >= 2 * max(size for text, size in words if text != largest[0] and not text.isdigit())


def test_a_two_player_podium_stands_centred_where_three_steps_would(app, pilot, monkeypatch):
    """Two players: two steps, centred in the podium's place (not the three-step podium with
    its third step missing, which leaves the two off to one side)."""
    import scenes.game_over as game_over

    config, state = finished_game(3)
    assert state.players == 2
    steps: list[pygame.Rect] = []
    real_panel = game_over.draw_panel
    monkeypatch.setattr(game_over, "draw_panel", lambda surface, rect, *args: steps.append(rect) or
                        real_panel(surface, rect, *args))
    over = app.stack.reset(GameOverScene(app, config, state))
    pilot.advance(1)
    assert len(steps) == 2
    xs = [x for x, _height in game_over.PODIUM_STEPS]
    width = game_over.PODIUM_WIDTH
    three = over.viewport.rect(Box(min(xs) - width / 2, 0, max(xs) - min(xs) + width, 1))
    two = steps[0].union(steps[1])
    assert abs(two.centerx - three.centerx) <= 1
    winner, second = steps
    assert winner.height > second.height and winner.bottom == second.bottom  # the winner's step stands highest
