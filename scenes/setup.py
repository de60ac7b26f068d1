"""Choose the edition, the seats (human or computer, level, name) and the options, then Start.

Defaults make "New game" then "Start" two clicks: You + 2 computers at your level (the adaptive
level, "Your level", from your profile beside the statistics), Voyage.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

import pygame

from game.i18n import N_, _
from game.match import BOT_LEVELS, COMPUTER, HUMAN, LEVEL_WORDS, MAX_NAME, REMOTE, MatchConfig, SeatConfig
from game.rules import EDITIONS, FINAL_TIE_CHOICES, edition_named
from game.ui.widgets import BODY_SIZE, BUTTON_SIZE, CAPTION_SIZE, DIM, INK, SMALL_SIZE, TITLE_SIZE
from game.ui.wording import EDITION_WORDS, PLAYER_NUMBER, YOU, default_human_name, is_default_human_name
from scenes.base import AppScene
from scenes.context import AppContext
from scenes.fields import TextField
from scenes.names import LOBBY, MENU, PLAY, REPLACE_GAME

END_SCORES = (50, 100, 150, 200, 300)
COMPUTER_NAMES = ("Robin", "Sasha", "Camille", "Alex", "Charlie", "Morgan", "Dominique", "Noa")
TIE_WORDS = {"share": N_("shared win"), "tiebreak": N_("tiebreak round")}
ROW_H = 78
KINDS = (HUMAN, COMPUTER, REMOTE)  # the order "Who plays" cycles through
KIND_WORDS = {HUMAN: N_("Human"), COMPUTER: N_("Computer"), REMOTE: N_("Another computer")}


def free_name(seats: list[SeatConfig]) -> str:
    """A computer's name no other seat has."""
    taken = {seat.name for seat in seats}
    return next((n for n in COMPUTER_NAMES if n not in taken), _(PLAYER_NUMBER).format(number=len(seats) + 1))


def default_names(config: MatchConfig) -> MatchConfig:
    """`config` with its default-named seats following their kind, the language and how many
    humans play: the one human is "You" ("Vous"), several are "Player <seat number>"
    ("Joueur 2"); a computer seat left with a human's default takes a computer's name.
    A default is recognised in any language offered (game.ui.wording); typed names stay."""
    # people who see each other's names: the humans here and the players on other computers
    humans = len(config.human_seats) + sum(1 for seat in config.seats if seat.is_remote)
    seats = list(config.seats)
    for index, seat in enumerate(seats):
        if is_default_human_name(seat.name):
            if seat.is_human:
                name = default_human_name(index, humans)
            elif seat.kind == REMOTE:  # (the player who joins brings a name)
                name = _(PLAYER_NUMBER).format(number=index + 1)
            else:
                name = free_name(seats)
            seats[index] = replace(seat, name=name)
    return replace(config, seats=tuple(seats))


def initial_config(app: AppContext) -> MatchConfig:
    """The last setup the player used (from the settings), else the defaults."""
    return app.settings.last_match() or MatchConfig()


class SetupScene(AppScene):
    name = "setup"
    scales_text = False

    def __init__(self, app: AppContext, config: MatchConfig | None = None) -> None:
        super().__init__(app)
        self.config = default_names(config or initial_config(app))
        self.typed: set[int] = set()  # seats whose name the player typed into here (typing then adds to it)
        self.error = ""

    @property
    def editing(self) -> int | None:
        """The seat whose name takes the typing: its name field has the focus ring."""
        focus = self.buttons.focus
        name = self.buttons.buttons[focus].name if focus is not None and focus < len(self.buttons.buttons) else ""
        return int(name[4:]) if name.startswith("name") else None

    def enter(self) -> None:
        self.build()

    def build(self) -> None:
        focus = self.buttons.focus
        self.buttons.clear()
        c = self.config
        edition = edition_named(c.edition)
        self.button(560, 150, 420, 64, _("Edition: {title}").format(title=_(EDITION_WORDS[edition.name].title)), self.next_edition, "edition", BUTTON_SIZE)
        self.button(1000, 150, 120, 64, "-", lambda: self.set_players(c.players - 1), "fewer", BUTTON_SIZE,
                    c.players > edition.min_players)
        self.button(1300, 150, 120, 64, "+", lambda: self.set_players(c.players + 1), "more", BUTTON_SIZE,
                    c.players < edition.max_players)
        top = 250
        row_h = min(ROW_H, (760 - top) // c.players)
        for seat, player in enumerate(c.seats):
            y = top + seat * row_h
            h = row_h - 10
            size = BUTTON_SIZE
            self.button(360, y, 520, h, player.name, partial(self.edit_name, seat), f"name{seat}", size)
            kind = _(KIND_WORDS.get(player.kind, player.kind))
            self.button(900, y, 300, h, kind, partial(self.toggle_kind, seat), f"kind{seat}", size)
            computer = player.kind == COMPUTER
            self.button(1220, y, 300, h, _(LEVEL_WORDS.get(player.level, player.level)) if computer else "-",
                        partial(self.next_level, seat), f"level{seat}", size, computer)
        self.button(360, 800, 560, 64, _("Game ends at {score} points").format(score=c.end_score), self.next_end_score, "end_score", BUTTON_SIZE)
        tie = c.options.final_tie_for(edition)
        self.button(960, 800, 560, 64, _("Tie at the end: {rule}").format(rule=_(TIE_WORDS[tie])), self.next_final_tie, "final_tie", BUTTON_SIZE)
        self.button(560, 930, 360, 90, _("Back"), self.close, "back")
        self.button(1000, 930, 360, 90, _("Start"), self.start, "start")
        if focus is not None and focus < len(self.buttons.buttons):
            self.buttons.focus = focus  # a change keeps the focus where the player is
        else:
            self.buttons.focus_first()  # opening: the keyboard starts on the first button
        self._label_names()

    def _label_names(self) -> None:
        """The name field with the focus shows the typing cursor (the focus moves without a rebuild)."""
        editing = self.editing
        for seat, player in enumerate(self.config.seats):
            button = self.buttons.named(f"name{seat}")
            if button is not None:
                button.label = player.name + ("_" if editing == seat else "")

    # ------------------------------------------------------------------ changes
    def next_edition(self) -> None:
        names = tuple(EDITIONS)
        name = names[(names.index(self.config.edition) + 1) % len(names)]
        edition = edition_named(name)
        seats = self.config.seats[: edition.max_players]
        self.config = replace(self.config, edition=name, seats=seats, final_tie=None)
        self.set_players(max(edition.min_players, len(seats)))

    def set_players(self, players: int) -> None:
        edition = edition_named(self.config.edition)
        players = max(edition.min_players, min(edition.max_players, players))
        seats = list(self.config.seats[:players])
        while len(seats) < players:
            seats.append(SeatConfig(free_name(seats), COMPUTER, "normal"))
        self.config = default_names(replace(self.config, seats=tuple(seats)))
        self.build()

    def toggle_kind(self, seat: int) -> None:
        """Human -> Computer -> Player on another computer -> Human."""
        player = self.config.seats[seat]
        kind = KINDS[(KINDS.index(player.kind) + 1) % len(KINDS)] if player.kind in KINDS else HUMAN
        if kind == COMPUTER:
            player = replace(player, kind=COMPUTER)
        else:  # a computer's own name makes way for a person's default (a typed name stays)
            player = replace(player, kind=kind, name=_(YOU) if player.name in COMPUTER_NAMES else player.name)
        self.config = default_names(self.config.with_seat(seat, player))
        self.build()

    def next_level(self, seat: int) -> None:
        player = self.config.seats[seat]
        level = BOT_LEVELS[(BOT_LEVELS.index(player.level) + 1) % len(BOT_LEVELS)] if player.level in BOT_LEVELS else "normal"
        self.config = self.config.with_seat(seat, replace(player, level=level))
        self.build()

    def next_end_score(self) -> None:
        scores = END_SCORES if self.config.end_score in END_SCORES else (self.config.end_score, *END_SCORES)
        score = scores[(scores.index(self.config.end_score) + 1) % len(scores)]
        self.config = replace(self.config, end_score=score)
        self.build()

    def next_final_tie(self) -> None:
        edition = edition_named(self.config.edition)
        current = self.config.options.final_tie_for(edition)
        choice = FINAL_TIE_CHOICES[(FINAL_TIE_CHOICES.index(current) + 1) % len(FINAL_TIE_CHOICES)]
        self.config = replace(self.config, final_tie=None if choice == edition.default_final_tie else choice)
        self.build()

    def edit_name(self, seat: int) -> None:
        """A name clicked (or pressed): the focus ring, and with it the typing, goes there."""
        self._focus(f"name{seat}")

    def _focus(self, name: str) -> None:
        button = self.buttons.named(name)
        if button is not None:
            self.buttons.focus = self.buttons.buttons.index(button)
        self._label_names()

    def _shows_default(self, seat: int) -> bool:
        """The seat's name is one the game gave ("Player 1", "You", a computer's), not one typed."""
        player = self.config.seats[seat]
        return seat not in self.typed and (is_default_human_name(player.name) or (
            player.kind == COMPUTER and player.name in COMPUTER_NAMES))

    def _type(self, event: pygame.event.Event) -> bool:
        """Typing into the focused seat name (TEXTINPUT for letters, KEYDOWN for edits); Enter
        goes on to the next seat's name, after the last to Start."""
        seat = self.editing
        assert seat is not None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._focus(f"name{seat + 1}" if seat + 1 < self.config.players else "start")
            return True
        field = TextField(self.config.seats[seat].name, MAX_NAME, replaces=self._shows_default(seat))
        if not field.take(event):
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            return True  # (the space itself comes as TEXTINPUT: a default it would follow is still replaced)
        self.typed.add(seat)
        self.config = self.config.with_seat(seat, replace(self.config.seats[seat], name=field.value))
        self.build()
        return True

    def start(self, replace_saved: bool = False) -> None:
        """Start the game set up here. A saved game is only replaced once the player says so
        (`replace_saved`): until then nothing is written, not even the remembered setup."""
        names = [seat.name.strip() for seat in self.config.seats]
        if any(not n for n in names):
            self.error = _("Every seat needs a name.")
            return
        seats = tuple(replace(seat, name=n) for seat, n in zip(self.config.seats, names))
        self.config = replace(self.config, seats=seats)
        try:
            state = self.config.new_game()
        except ValueError as error:
            self.error = str(error)
            return
        summary = self._saved_game()
        if summary is not None and not replace_saved:
            self.stack.push(REPLACE_GAME, summary=summary, continue_saved=self.continue_saved,
                            start_new=lambda: self.start(True))
            return
        if self.stack.top is not self and self.stack.top is not None:
            self.stack.remove(self.stack.top)  # the question, answered
        self.app.settings.last_setup = self.config.to_dict()
        self.app.save_settings()
        # seats played from other computers: the lobby opens the table to the network first
        hosted = any(seat.is_remote for seat in self.config.seats)
        if hosted:
            self.stack.replace(LOBBY, config=self.config, state=state)
        else:
            self.stack.replace(PLAY, config=self.config, state=state)

    def _saved_game(self) -> dict[str, Any] | None:
        store = self.app.store
        try:
            return store.game_summary() if store is not None else None
        except Exception:  # noqa: BLE001 - an unreadable save is not a game to protect (its notice says why)
            return None

    def continue_saved(self) -> None:
        """Back to the saved game instead, as the menu's Continue does."""
        stack = self.stack
        menu = stack.find(MENU)
        while stack.top is not menu and stack.top is not None:
            stack.pop()  # the question, then this screen
        if menu is not None:
            menu.continue_game()

    # ------------------------------------------------------------------ input and drawing
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.editing is not None and (event.type == pygame.TEXTINPUT or event.type == pygame.KEYDOWN):
            if self._type(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.begin_page(surface, _("New game"), TITLE_SIZE, 80)
        self.text(surface, _("{count} players").format(count=self.config.players), BODY_SIZE, 1210, 182, color=INK)
        edition = edition_named(self.config.edition)
        self.text(surface, _("{low}-{high} players").format(low=edition.min_players, high=edition.max_players), SMALL_SIZE, 1210, 225, color=DIM)
        self.text(surface, _("Name (click, then type)"), SMALL_SIZE, 620, 232, color=DIM)
        self.text(surface, _("Who plays"), SMALL_SIZE, 1050, 232, color=DIM)
        self.text(surface, _("Computer level"), SMALL_SIZE, 1370, 232, color=DIM)
        step = min(ROW_H, (760 - 250) // self.config.players)
        for seat in range(self.config.players):
            self.text(surface, _("Seat {number}").format(number=seat + 1), SMALL_SIZE, 340, 250 + seat * step + (step - 10) / 2, color=DIM,
                      anchor="midright")
        if self.error:
            self.text(surface, self.error, CAPTION_SIZE, 960, 890, color=(255, 150, 130))
        self._label_names()  # (Tab or an arrow moved the focus since the last frame)
        self.buttons.draw(surface, self.viewport)
