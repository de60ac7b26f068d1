"""Choose the edition, the seats (human or computer, level, name) and the options, then Start.

Defaults make "New game" then "Start" two clicks: You + 2 computers at your level (the adaptive
level, "Your level", from your profile beside the statistics), Voyage.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import pygame

from game.i18n import N_, _
from game.match import (
    ADAPTIVE,
    AVATARS,
    BOT_LEVELS,
    COLOUR_WORDS,
    COLOURS,
    COMPUTER,
    HUMAN,
    LEVEL_WORDS,
    MAX_NAME,
    REMOTE,
    MatchConfig,
    SeatConfig,
)
from game.rules import EDITIONS, FINAL_TIE_CHOICES, FinalTie, edition_named
from game.store.saves import GameSummary
from game.ui.avatars import colour_of, draw_avatar
from game.ui.widgets import BODY_SIZE, BUTTON_SIZE, CAPTION_SIZE, DIM, INK, TITLE_SIZE, draw_panel, font_px
from game.ui.wording import EDITION_WORDS, PLAYER_NUMBER, YOU, default_human_name, is_default_human_name
from scenes.base import AppScene
from scenes.context import AppContext
from scenes.fields import TextField
from scenes.names import LOBBY, MENU, PLAY, REPLACE_GAME
from scenes.seat_cards import CardPlaces, card_boxes, card_places

END_SCORES = (50, 100, 150, 200, 300)
COMPUTER_NAMES = ("Robin", "Sasha", "Camille", "Alex", "Charlie", "Morgan", "Dominique", "Noa")
TIE_WORDS: dict[str, str] = {FinalTie.SHARE: N_("shared win"), FinalTie.TIEBREAK: N_("tiebreak round")}
KINDS = (HUMAN, COMPUTER, REMOTE)  # the order "Who plays" cycles through (the last with the network on)
KIND_WORDS = {HUMAN: N_("Human"), COMPUTER: N_("Computer"), REMOTE: N_("Another computer")}
CARD = (20, 40, 52)


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

    def __init__(self, app: AppContext, config: MatchConfig | None = None) -> None:
        super().__init__(app)
        self.config = default_names(config or initial_config(app))
        self.typed: set[int] = set()  # seats whose name the player typed into here (typing then adds to it)
        self._network = False  # "Play over the network" chosen (a seat played from another computer says it too)
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
        opening = not self.buttons.buttons
        self.buttons.clear()
        c = self.config
        edition = edition_named(c.edition)
        self.button(100, 130, 640, 64, _("Edition: {title}").format(title=_(EDITION_WORDS[edition.name].title)),
                    self.next_edition, "edition", BUTTON_SIZE)
        network = _("Play over the network: {state}").format(state=_("on") if self.network else _("off"))
        self.button(760, 130, 640, 64, network, self.toggle_network, "network", BUTTON_SIZE)
        boxes = card_boxes(c.players + (c.players < edition.max_players))
        for seat, player in enumerate(c.seats):
            rows = 3 if player.kind == COMPUTER else 2  # (a person has no level)
            self._seat_card(seat, player, card_places(boxes[seat], rows), c.players > edition.min_players)
        if c.players < edition.max_players:  # the last card adds a seat: a person or a computer
            add = boxes[-1]
            half = min(100.0, (add.h - 3 * 14) / 2)
            top = add.y + (add.h - 2 * half - 14) / 2
            self.button(add.x + 14, top, add.w - 28, half, _("+ Person"), partial(self.add_seat, HUMAN), "more_human")
            self.button(add.x + 14, top + half + 14, add.w - 28, half, _("+ Computer"),
                        partial(self.add_seat, COMPUTER), "more")
        self.button(100, 820, 840, 64, _("Game ends at {score} points").format(score=c.end_score), self.next_end_score,
                    "end_score", BUTTON_SIZE)
        tie = c.options.final_tie_for(edition)
        self.button(980, 820, 840, 64, _("Tie at the end: {rule}").format(rule=_(TIE_WORDS[tie])), self.next_final_tie,
                    "final_tie", BUTTON_SIZE)
        self.button(560, 940, 360, 100, _("Back"), self.close, "back")
        self.button(1000, 940, 360, 100, _("Start"), self.start, "start")
        if opening or focus is None or focus >= len(self.buttons.buttons):
            self._focus("start")  # Enter on a new setup starts the game it shows
        else:
            self.buttons.focus = focus  # a change keeps the focus where the player is
        self._label_names()

    def _seat_card(self, seat: int, player: SeatConfig, places: CardPlaces, removable: bool) -> None:
        """A seat's card: its avatar (the next one on a click; a computer wears its level's), its
        name, its colour, who plays it and a computer's level, and a cross to remove it."""
        look = self.config.identity(seat)
        add = self.buttons.add
        add(places.avatar, "", partial(self.next_avatar, seat), player.kind != COMPUTER, name=f"avatar{seat}")
        add(places.name, player.name, partial(self.edit_name, seat), name=f"name{seat}")
        colour = add(places.colour, _(COLOUR_WORDS[look.colour]), partial(self.next_colour, seat), size=CAPTION_SIZE,
                     name=f"colour{seat}")
        colour.lead = places.colour.h  # a swatch of the colour leads its name (drawn with the avatars)
        who = _(KIND_WORDS.get(player.kind, player.kind))
        add(places.kind, who, partial(self.toggle_kind, seat), name=f"kind{seat}")
        if player.kind == COMPUTER:
            level = _("Level: {level}").format(level=_(LEVEL_WORDS.get(player.level, player.level)))
            add(places.level, level, partial(self.next_level, seat), name=f"level{seat}")
        if removable:
            add(places.remove, "x", partial(self.remove_seat, seat), name=f"remove{seat}")

    def _label_names(self) -> None:
        """The name field with the focus shows the typing cursor (the focus moves without a rebuild)."""
        editing = self.editing
        for seat, player in enumerate(self.config.seats):
            button = self.buttons.named(f"name{seat}")
            if button is not None:
                button.label = player.name + ("_" if editing == seat else "")
            chip = self.buttons.named(f"colour{seat}")
            if chip is not None:  # its name where it reads; on a narrow card the swatch alone
                name = _(COLOUR_WORDS[self.config.identity(seat).colour])
                reads = self.buttons.label_px(chip, name) * 4 >= font_px(self.viewport, chip.size) * 3
                chip.label = name if reads else ""

    # ------------------------------------------------------------------ changes
    def next_edition(self) -> None:
        names = tuple(EDITIONS)
        name = names[(names.index(self.config.edition) + 1) % len(names)]
        edition = edition_named(name)
        seats = self.config.seats[: edition.max_players]
        self.config = replace(self.config, edition=name, seats=seats, final_tie=None)
        self.set_players(max(edition.min_players, len(seats)))

    def set_players(self, players: int, kind: str = COMPUTER) -> None:
        """As many seats as `players` (within the edition's limits): new seats are `kind`, a
        computer at "Your level" like a new game's (issue 48)."""
        edition = edition_named(self.config.edition)
        players = max(edition.min_players, min(edition.max_players, players))
        seats = list(self.config.seats[:players])
        while len(seats) < players:
            seats.append(SeatConfig(free_name(seats), COMPUTER, ADAPTIVE) if kind == COMPUTER else
                         SeatConfig(_(YOU), kind))  # (a person's default name follows: default_names)
        self.config = default_names(replace(self.config, seats=tuple(seats)))
        self.build()

    def add_seat(self, kind: str) -> None:
        """The add card: a person (here, or over the network when it is on) or a computer."""
        self.set_players(self.config.players + 1, REMOTE if kind == HUMAN and self.network else kind)
        self._focus(f"name{self.config.players - 1}" if kind == HUMAN else "more")

    def remove_seat(self, seat: int) -> None:
        seats = self.config.seats[:seat] + self.config.seats[seat + 1:]
        self.config = default_names(replace(self.config, seats=seats))
        self.typed = {s - (s > seat) for s in self.typed if s != seat}
        self.build()

    @property
    def network(self) -> bool:
        return self._network or any(seat.is_remote for seat in self.config.seats)

    def toggle_network(self) -> None:
        """Play over the network: the people at other computers get their own seats; off, those
        seats are people here again."""
        turn_on = not self.network
        self._network = turn_on
        seats = list(self.config.seats)
        for index, seat in enumerate(seats):
            if turn_on and index > 0 and seat.kind == HUMAN or not turn_on and seat.is_remote:
                seats[index] = replace(seat, kind=REMOTE if turn_on else HUMAN)
        if turn_on and not any(seat.is_remote for seat in seats):  # a seat for the first friend to join
            first = next((i for i, seat in enumerate(seats) if i > 0 and seat.kind == COMPUTER), None)
            if first is None:
                self.config = replace(self.config, seats=tuple(seats))
                return self.add_seat(HUMAN)
            seats[first] = replace(seats[first], kind=REMOTE, name=_(YOU), avatar="")
        self.config = default_names(replace(self.config, seats=tuple(seats)))
        self.build()

    def toggle_kind(self, seat: int) -> None:
        """Human -> Computer -> Human (with the network on, a person on another computer too)."""
        player = self.config.seats[seat]
        kinds = KINDS if self.network else (HUMAN, COMPUTER)
        kind = kinds[(kinds.index(player.kind) + 1) % len(kinds)] if player.kind in kinds else HUMAN
        if kind == COMPUTER:
            player = replace(player, kind=COMPUTER, avatar="")  # (a computer wears its level's)
        else:  # a computer's own name makes way for a person's default (a typed name stays)
            player = replace(player, kind=kind, name=_(YOU) if player.name in COMPUTER_NAMES else player.name)
        self.config = default_names(self.config.with_seat(seat, player))
        self.build()

    def next_level(self, seat: int) -> None:
        player = self.config.seats[seat]
        if player.level in BOT_LEVELS:  # the next level; after the last, the first again
            level = BOT_LEVELS[(BOT_LEVELS.index(player.level) + 1) % len(BOT_LEVELS)]
        else:
            level = "normal"
        self.config = self.config.with_seat(seat, replace(player, level=level, avatar=""))
        self.build()

    def next_avatar(self, seat: int) -> None:
        now = self.config.identity(seat).avatar
        avatar = AVATARS[(AVATARS.index(now) + 1) % len(AVATARS)]
        self.config = self.config.with_seat(seat, replace(self.config.seats[seat], avatar=avatar))
        self.build()

    def next_colour(self, seat: int) -> None:
        """The next colour no other seat shows."""
        taken = {look.colour for index, look in enumerate(self.config.identities()) if index != seat}
        now = COLOURS.index(self.config.identity(seat).colour)
        colour = next(c for step in range(1, len(COLOURS) + 1)
                      if (c := COLOURS[(now + step) % len(COLOURS)]) not in taken or step == len(COLOURS))
        self.config = self.config.with_seat(seat, replace(self.config.seats[seat], colour=colour))
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
        self.config = replace(self.config, seats=seats).with_identities()  # (the faces shown here, kept)
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

    def _saved_game(self) -> GameSummary | None:
        store = self.app.store
        try:
            return store.saves.summary() if store is not None else None
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
        self.begin_page(surface, _("New game"), TITLE_SIZE, 70)
        edition = edition_named(self.config.edition)
        self.text(surface, _("{count} players").format(count=self.config.players), BODY_SIZE, 1610, 146, color=INK,
                  max_width=400)
        self.text(surface, _("{low}-{high} players").format(low=edition.min_players, high=edition.max_players),
                  CAPTION_SIZE, 1610, 186, color=DIM, max_width=400)
        boxes = card_boxes(self.config.players + (self.config.players < edition.max_players))
        for seat, box in enumerate(boxes):
            rect = self.viewport.rect(box)
            draw_panel(surface, rect, CARD, max(4, rect.h // 20))
            if seat < self.config.players:  # (the add card has no colour of its own)
                edge = colour_of(self.config.identity(seat))
                pygame.draw.rect(surface, edge, rect, width=max(2, round(4 * self.viewport.scale)),
                                 border_radius=max(4, rect.h // 20))
        if self.error:
            self.text(surface, self.error, CAPTION_SIZE, 960, 905, color=(255, 150, 130))
        self._label_names()  # (Tab or an arrow moved the focus since the last frame)
        if self.stack.top is not self:
            return  # a question over the setup: its cards show beneath the veil, not its controls
        self.buttons.draw(surface, self.viewport)
        for seat in range(self.config.players):
            place = self.buttons.named(f"avatar{seat}")
            if place is not None:
                rect = self.viewport.rect(place.box)
                draw_avatar(surface, self.config.identity(seat), rect.center, round(min(rect.w, rect.h) * 0.86))
            place = self.buttons.named(f"colour{seat}")
            if place is not None:
                rect = self.viewport.rect(place.box)
                side = round(rect.h * 0.6)
                swatch = pygame.Rect(0, 0, side, side)
                swatch.center = (rect.x + rect.h // 2 + round(rect.h * 0.1), rect.centery - 1)
                corner = max(2, side // 4)
                pygame.draw.rect(surface, colour_of(self.config.identity(seat)), swatch, border_radius=corner)
                pygame.draw.rect(surface, INK, swatch, width=max(1, side // 12), border_radius=corner)
