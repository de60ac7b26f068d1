"""Choose the edition, the seats (human or computer, level, name) and the options, then Start.

Defaults make "New game" then "Start" two clicks: You + 2 computers at your level (the adaptive
level, "Your level", from your profile beside the statistics), Voyage.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial

import pygame

from game.i18n import N_, _
from game.match import COLOUR_WORDS, COMPUTER, HUMAN, LEVEL_WORDS, MAX_NAME, REMOTE, MatchConfig, SeatConfig
from game.rules import FinalTie, edition_named
from game.store.saves import GameSummary
from game.ui.avatars import colour_of, draw_avatar
from game.ui.widgets import BODY_SIZE, BUTTON_SIZE, CAPTION_SIZE, DIM, INK, TITLE_SIZE, draw_panel, font_px
from game.ui.wording import EDITION_WORDS, YOU
from scenes.base import AppScene
from scenes.context import AppContext
from scenes.fields import TextField
from scenes.match_draft import COMPUTER_NAMES, END_SCORES, KINDS, MatchDraft, default_names, free_name
from scenes.names import LOBBY, MENU, PLAY, REPLACE_GAME, ROOM
from scenes.room_offer import RoomOffer
from scenes.seat_cards import CardPlaces, card_boxes, card_places

# (the match's own rules, what each change does to it, are match_draft.py's; tests import some from here)
__all__ = ["COMPUTER_NAMES", "END_SCORES", "KINDS", "SetupScene", "default_names", "free_name", "initial_config"]

TIE_WORDS: dict[str, str] = {FinalTie.SHARE: N_("shared win"), FinalTie.TIEBREAK: N_("tiebreak round")}
KIND_WORDS = {HUMAN: N_("Human"), COMPUTER: N_("Computer"), REMOTE: N_("Another computer")}
ONLINE_KIND_WORDS = {HUMAN: N_("You"), COMPUTER: N_("Computer"), REMOTE: N_("Someone online")}  # a room's seats
ROOM_LEVELS = ("easy", "normal", "hard", "expert")  # what a room's computer seat may be (game/net/protocol's RoomSeat)
CARD = (20, 40, 52)
SWATCH_LEAD = 0.45  # of the colour chip's height: the room at its left where the bar of the colour goes


def room_config(config: MatchConfig, player: str) -> MatchConfig:
    """A room's first seats from a setup here: you in the first person's seat (under `player`, the
    name Play online has), the other people someone online, the computers at a level a room offers."""
    seats, yours = [], False
    for seat in config.seats:
        if seat.kind == COMPUTER:
            seats.append(replace(seat, level=seat.level if seat.level in ROOM_LEVELS else "normal", avatar=""))
        elif not yours:
            yours = True
            seats.append(replace(seat, kind=HUMAN, name=player or seat.name))
        else:
            seats.append(replace(seat, kind=REMOTE))
    if not yours:
        seats[0] = SeatConfig(player or _(YOU), HUMAN)
    return replace(config, seats=tuple(seats), end_score=MatchConfig().end_score, final_tie=None)


def initial_config(app: AppContext) -> MatchConfig:
    """The last setup the player used (from the settings), else the defaults."""
    return app.settings.last_match() or MatchConfig()


class SetupScene(AppScene):
    name = "setup"

    def __init__(self, app: AppContext, config: MatchConfig | None = None, online: str = "", player: str = "",
                 offer: RoomOffer | None = None) -> None:
        """`online`: a room on this server; `offer`: what its computers may do, if known already (else the
        server is asked as the screen opens)."""
        super().__init__(app)
        self.online = online  # a room on this server (Play online), not a table here
        self.offer = offer or RoomOffer()  # (a table here asks nobody)
        self._answer_to_draw = False  # the offer's answer came and is not drawn yet
        if online:
            self.draft = MatchDraft(room_config(config or initial_config(app), player), ROOM_LEVELS, network=True)
            self.draft.offer_levels(self.offer.levels)
        else:
            self.draft = MatchDraft(config or initial_config(app))  # the match as the player changes it
        self.error = ""

    @property
    def config(self) -> MatchConfig:
        """The match as set up so far."""
        return self.draft.config

    @property
    def editing(self) -> int | None:
        """The seat whose name takes the typing: its name field has the focus ring."""
        focus = self.buttons.focus
        name = self.buttons.buttons[focus].name if focus is not None and focus < len(self.buttons.buttons) else ""
        return int(name[4:]) if name.startswith("name") else None

    def enter(self) -> None:
        self.build()
        if self.online and not self.offer.known:
            self._ask_offer()

    def _ask_offer(self) -> None:
        """Ask the server what its rooms' computers may do, off the frame loop (`update` takes the answer)."""
        from game.net.online import CertificateFileProblem, tls_for

        try:
            tls = tls_for(self.online, self.app.cafile or self.app.settings.online_ca_file)
        except CertificateFileProblem as error:  # (the room's screen says it in full if the player goes on)
            self.offer.not_known(str(error))
            return
        self.offer.ask(self.online, tls)

    def update(self, dt: float) -> None:
        if self.offer.arrived():  # the server said which levels it offers (or could not): the seats follow
            self.draft.offer_levels(self.offer.levels)
            self.build()
            self._answer_to_draw = True

    def wants_frames(self) -> bool:
        """While the server is asked, and for the frame its answer came (a still screen is drawn only
        on input or while a scene wants frames: without this it would go on saying "Asking...")."""
        return self.offer.asking is not None or self._answer_to_draw

    def exit(self) -> None:
        self.offer.cancel()

    def build(self) -> None:
        focus = self.buttons.focus
        opening = not self.buttons.buttons
        self.buttons.clear()
        c, draft = self.config, self.draft
        edition = edition_named(c.edition)
        self.button(100, 130, 640, 64, _("Edition: {title}").format(title=_(EDITION_WORDS[edition.name].title)),
                    self._change(draft.next_edition), "edition", BUTTON_SIZE)
        if not self.online:  # (a room is online by nature; the server is said above its seats instead)
            network = _("Play over the network: {state}").format(state=_("on") if draft.network else _("off"))
            self.button(760, 130, 640, 64, network, self._toggle_network, "network", BUTTON_SIZE)
        boxes = card_boxes(c.players + (c.players < edition.max_players))
        for seat, player in enumerate(c.seats):
            rows = 3 if player.kind == COMPUTER else 2  # (a person has no level)
            self._seat_card(seat, player, card_places(boxes[seat], rows), c.players > edition.min_players)
        if c.players < edition.max_players:  # the last card adds a seat: a person or a computer
            add = boxes[-1]
            half = min(100.0, (add.h - 3 * 14) / 2)
            top = add.y + (add.h - 2 * half - 14) / 2
            self.button(add.x + 14, top, add.w - 28, half, _("+ Person"), partial(self._add_seat, HUMAN),
                        "more_human")
            self.button(add.x + 14, top + half + 14, add.w - 28, half, _("+ Computer"),
                        partial(self._add_seat, COMPUTER), "more")
        if not self.online:  # (a room plays its edition's own rulings: the server is asked for no others)
            self.button(100, 820, 840, 64, _("Game ends at {score} points").format(score=c.end_score),
                        self._change(draft.next_end_score), "end_score", BUTTON_SIZE)
            tie = c.options.final_tie_for(edition)
            self.button(980, 820, 840, 64, _("Tie at the end: {rule}").format(rule=_(TIE_WORDS[tie])),
                        self._change(draft.next_final_tie), "final_tie", BUTTON_SIZE)
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
        add, draft = self.buttons.add, self.draft
        add(places.avatar, "", self._change(draft.next_avatar, seat), player.kind != COMPUTER, name=f"avatar{seat}")
        add(places.name, player.name, partial(self._focus, f"name{seat}"), name=f"name{seat}")  # (typing goes there)
        colour = add(places.colour, _(COLOUR_WORDS[look.colour]), self._change(draft.next_colour, seat),
                     size=CAPTION_SIZE, name=f"colour{seat}")
        colour.lead = places.colour.h * SWATCH_LEAD  # a bar of the colour leads its name (drawn with the avatars)
        who = _((ONLINE_KIND_WORDS if self.online else KIND_WORDS).get(player.kind, player.kind))
        add(places.kind, who, self._change(draft.toggle_kind, seat), name=f"kind{seat}")
        if player.kind == COMPUTER:
            level = _("Level: {level}").format(level=_(LEVEL_WORDS.get(player.level, player.level)))
            add(places.level, level, self._change(draft.next_level, seat), name=f"level{seat}")
        if removable:
            add(places.remove, "x", self._change(draft.remove_seat, seat), name=f"remove{seat}")

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

    # ------------------------------------------------------------------ changes (match_draft.py's)
    def _change(self, edit: Callable[..., object], *args: int) -> Callable[[], None]:
        """A button's action: `edit` the draft, then show the match as it is now."""
        def changed() -> None:
            edit(*args)
            self.build()

        return changed

    def _add_seat(self, kind: str) -> None:
        """The add card: a person's new seat takes the typing; after a computer the focus stays on the card."""
        self.draft.add_seat(kind)
        self.build()
        self._focus(f"name{self.config.players - 1}" if kind == HUMAN else "more")

    def _toggle_network(self) -> None:
        if self.draft.toggle_network():  # a seat added for the first friend to join: its name takes the typing
            self.build()
            self._focus(f"name{self.config.players - 1}")
        else:
            self.build()

    def _focus(self, name: str) -> None:
        button = self.buttons.named(name)
        if button is not None:
            self.buttons.focus = self.buttons.buttons.index(button)
        self._label_names()

    def _type(self, event: pygame.event.Event) -> bool:
        """Typing into the focused seat name (TEXTINPUT for letters, KEYDOWN for edits); Enter
        goes on to the next seat's name, after the last to Start."""
        seat = self.editing
        assert seat is not None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._focus(f"name{seat + 1}" if seat + 1 < self.config.players else "start")
            return True
        field = TextField(self.config.seats[seat].name, MAX_NAME, replaces=self.draft.shows_default(seat))
        if not field.take(event):
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            return True  # (the space itself comes as TEXTINPUT: a default it would follow is still replaced)
        self.draft.rename(seat, field.value)
        self.build()
        return True

    def start(self, replace_saved: bool = False) -> None:
        """Start the game set up here. A saved game is only replaced once the player says so
        (`replace_saved`): until then nothing is written, not even the remembered setup."""
        if self.draft.settled() is None:
            self.error = _("Every seat needs a name.")
            return
        if self.online:
            self._make_room()
            return
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

    def _make_room(self) -> None:
        """The room's screen, which asks the server for this room and takes your seat in it."""
        yours = self.config.human_seats
        if len(yours) != 1:
            self.error = _("In a room one seat is yours; the others are someone online or a computer.")
            return
        self.stack.replace(ROOM, server=self.online, name=self.config.seats[yours[0]].name, config=self.config)

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

    def _colours_alike(self) -> None:
        """The colours' names at one size, the size the longest one fits ("menthe" beside "ambre"
        at the size of "bleu ciel"), not each squeezed to its own chip."""
        chips = [button for button in self.buttons.buttons if button.name.startswith("colour")]
        for chip in chips:
            chip.size = CAPTION_SIZE
        fitted = min((self.buttons.label_px(chip, chip.label) for chip in chips), default=0)
        for chip in chips:  # the logical size that the group draws at `fitted` px (its scale undone)
            chip.size = fitted / (self.viewport.scale * self.buttons.scale)

    def draw(self, surface: pygame.Surface) -> None:
        self._answer_to_draw = False
        self.begin_page(surface, _("New room online") if self.online else _("New game"), TITLE_SIZE, 70)
        if self.online:
            self.text(surface, _("On {server}").format(server=self.online.split("://", 1)[-1]), BODY_SIZE, 1080, 162,
                      color=DIM, max_width=600)
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
        if self.online:
            line, colour = self.offer.line()
            self.text(surface, line, CAPTION_SIZE, 960, 850, color=colour, max_width=1720)
        if self.error:
            self.text(surface, self.error, CAPTION_SIZE, 960, 905, color=(255, 150, 130))
        self._label_names()  # (Tab or an arrow moved the focus since the last frame)
        if self.stack.top is not self:
            return  # a question over the setup: its cards show beneath the veil, not its controls
        self._colours_alike()
        self.buttons.draw(surface, self.viewport)
        for seat in range(self.config.players):
            place = self.buttons.named(f"avatar{seat}")
            if place is not None:
                rect = self.viewport.rect(place.box)
                draw_avatar(surface, self.config.identity(seat), rect.center, round(min(rect.w, rect.h) * 0.86))
            place = self.buttons.named(f"colour{seat}")
            if place is not None:
                rect = self.viewport.rect(place.box)
                # a narrow bar, not a square: the colour's name keeps the size of its neighbours ("bleu ciel")
                side, wide = round(rect.h * 0.6), max(4, round(rect.h * 0.2))
                swatch = pygame.Rect(0, 0, wide, side)
                swatch.center = (rect.x + round(rect.h * SWATCH_LEAD * 0.6), rect.centery - 1)
                corner = max(2, wide // 3)
                pygame.draw.rect(surface, colour_of(self.config.identity(seat)), swatch, border_radius=corner)
                pygame.draw.rect(surface, INK, swatch, width=max(1, wide // 6), border_radius=corner)
