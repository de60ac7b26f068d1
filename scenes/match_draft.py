"""The match being set up on the setup screen (scenes/setup.py), apart from the screen: its
seats (who plays each, a computer's level, a name, a face), the edition and the options, each
change the player makes by a click on a card or a button. The screen draws it and rebuilds its
buttons after each change; nothing here draws or knows of the buttons."""

from __future__ import annotations

from dataclasses import replace

from game.i18n import _
from game.match import (
    ADAPTIVE,
    AVATARS,
    BOT_LEVELS,
    COLOURS,
    COMPUTER,
    COMPUTER_NAMES,
    HUMAN,
    REMOTE,
    MatchConfig,
    SeatConfig,
)
from game.rules import EDITIONS, FINAL_TIE_CHOICES, edition_named
from game.ui.wording import PLAYER_NUMBER, YOU, default_human_name, is_default_human_name

END_SCORES = (50, 100, 150, 200, 300)
KINDS = (HUMAN, COMPUTER, REMOTE)  # the order "Who plays" cycles through (the last with the network on)
STRENGTHS = ("easy", "normal", "hard", "expert")  # the fixed levels, from the easiest ("Your level" is Normal's)


def nearest_level(level: str, offered: tuple[str, ...]) -> str:
    """`level` if it is `offered`, else the offered fixed level nearest it in strength (the easier of
    two as near; "Your level" counts as Normal); `level` itself when no fixed level is offered."""
    if level in offered:
        return level
    at = STRENGTHS.index(level) if level in STRENGTHS else STRENGTHS.index("normal")
    near = sorted((abs(STRENGTHS.index(other) - at), STRENGTHS.index(other), other)
                  for other in offered if other in STRENGTHS)
    return near[0][2] if near else level


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


class MatchDraft:
    """The match as the player sets it up: `config` after each change, the seats whose name
    they typed, and whether they chose to play over the network."""

    def __init__(self, config: MatchConfig, levels: tuple[str, ...] = BOT_LEVELS, network: bool = False) -> None:
        self.levels = levels  # the computer levels offered (a room on a server offers no "Your level")
        self.config = default_names(config)
        self.typed: set[int] = set()  # seats whose name the player typed (a default name follows the rest)
        self._network = network  # "Play over the network" chosen (a seat played from another computer says it too)

    @property
    def network(self) -> bool:
        return self._network or any(seat.is_remote for seat in self.config.seats)

    def _seats(self, seats: list[SeatConfig] | tuple[SeatConfig, ...]) -> None:
        """The seats changed: their default names follow (the one human "You", several numbered)."""
        self.config = default_names(replace(self.config, seats=tuple(seats)))

    def _seat(self, seat: int, player: SeatConfig) -> None:
        self.config = self.config.with_seat(seat, player)

    # ------------------------------------------------------------------ the seats
    def set_players(self, players: int, kind: str = COMPUTER) -> None:
        """As many seats as `players` (within the edition's limits): new seats are `kind`, a
        computer at "Your level" like a new game's (issue 48)."""
        edition = edition_named(self.config.edition)
        players = max(edition.min_players, min(edition.max_players, players))
        seats = list(self.config.seats[:players])
        while len(seats) < players:
            seats.append(SeatConfig(free_name(seats), COMPUTER, self.new_level) if kind == COMPUTER else
                         SeatConfig(_(YOU), kind))  # (a person's default name follows: default_names)
        self._seats(seats)

    @property
    def new_level(self) -> str:
        """A new computer's level: "Your level" like a new game's, where it is offered, else Normal."""
        return ADAPTIVE if ADAPTIVE in self.levels else nearest_level("normal", self.levels)

    def offer_levels(self, levels: tuple[str, ...]) -> None:
        """Only `levels` are offered from now on (what a room's server offers): a computer seat at
        another level takes the nearest offered."""
        self.levels = levels
        seats = tuple(replace(seat, level=nearest_level(seat.level, levels), avatar="")
                      if seat.kind == COMPUTER and seat.level not in levels else seat for seat in self.config.seats)
        self.config = replace(self.config, seats=seats)

    def add_seat(self, kind: str) -> None:
        """The add card: a person (here, or over the network when it is on) or a computer."""
        self.set_players(self.config.players + 1, REMOTE if kind == HUMAN and self.network else kind)

    def remove_seat(self, seat: int) -> None:
        self._seats(self.config.seats[:seat] + self.config.seats[seat + 1:])
        self.typed = {s - (s > seat) for s in self.typed if s != seat}

    def toggle_network(self) -> bool:
        """Play over the network: the people at other computers get their own seats; off, those
        seats are people here again. True when a seat was added for the first friend to join
        (no seat could be given to them)."""
        turn_on = not self.network
        self._network = turn_on
        seats = list(self.config.seats)
        for index, seat in enumerate(seats):
            if (turn_on and index > 0 and seat.kind == HUMAN) or (not turn_on and seat.is_remote):
                seats[index] = replace(seat, kind=REMOTE if turn_on else HUMAN)
        if turn_on and not any(seat.is_remote for seat in seats):  # a seat for the first friend to join
            first = next((i for i, seat in enumerate(seats) if i > 0 and seat.kind == COMPUTER), None)
            if first is None:
                self.config = replace(self.config, seats=tuple(seats))
                self.add_seat(HUMAN)
                return True
            seats[first] = replace(seats[first], kind=REMOTE, name=_(YOU), avatar="")
        self._seats(seats)
        return False

    def toggle_kind(self, seat: int) -> None:
        """Human -> Computer -> Human (with the network on, a person on another computer too)."""
        player = self.config.seats[seat]
        kinds = KINDS if self.network else (HUMAN, COMPUTER)
        kind = kinds[(kinds.index(player.kind) + 1) % len(kinds)] if player.kind in kinds else HUMAN
        if kind == COMPUTER:
            level = player.level if player.level in self.levels else self.new_level
            player = replace(player, kind=COMPUTER, level=level, avatar="")  # (a computer wears its level's)
        else:  # a computer's own name makes way for a person's default (a typed name stays)
            player = replace(player, kind=kind, name=_(YOU) if player.name in COMPUTER_NAMES else player.name)
        self.config = default_names(self.config.with_seat(seat, player))

    def next_level(self, seat: int) -> None:
        player = self.config.seats[seat]
        if player.level in self.levels:  # the next level; after the last, the first again
            level = self.levels[(self.levels.index(player.level) + 1) % len(self.levels)]
        else:
            level = nearest_level("normal", self.levels)
        self._seat(seat, replace(player, level=level, avatar=""))

    def next_avatar(self, seat: int) -> None:
        now = self.config.identity(seat).avatar
        self._seat(seat, replace(self.config.seats[seat], avatar=AVATARS[(AVATARS.index(now) + 1) % len(AVATARS)]))

    def next_colour(self, seat: int) -> None:
        """The next colour no other seat shows."""
        taken = {look.colour for index, look in enumerate(self.config.identities()) if index != seat}
        now = COLOURS.index(self.config.identity(seat).colour)
        colour = next(c for step in range(1, len(COLOURS) + 1)
                      if (c := COLOURS[(now + step) % len(COLOURS)]) not in taken or step == len(COLOURS))
        self._seat(seat, replace(self.config.seats[seat], colour=colour))

    def shows_default(self, seat: int) -> bool:
        """The seat's name is one the game gave ("Player 1", "You", a computer's), not one typed."""
        player = self.config.seats[seat]
        return seat not in self.typed and (is_default_human_name(player.name) or (
            player.kind == COMPUTER and player.name in COMPUTER_NAMES))

    def rename(self, seat: int, name: str) -> None:
        """The player typed `seat`'s name: it stays whatever else changes."""
        self.typed.add(seat)
        self._seat(seat, replace(self.config.seats[seat], name=name))

    # ------------------------------------------------------------------ the match
    def settled(self) -> MatchConfig | None:
        """The match to start: its names trimmed and the faces shown kept (a computer's, a
        colour), or None while a seat has no name."""
        names = [seat.name.strip() for seat in self.config.seats]
        if any(not n for n in names):
            return None
        seats = tuple(replace(seat, name=n) for seat, n in zip(self.config.seats, names, strict=True))
        self.config = replace(self.config, seats=seats).with_identities()
        return self.config

    def next_edition(self) -> None:
        names = tuple(EDITIONS)
        name = names[(names.index(self.config.edition) + 1) % len(names)]
        edition = edition_named(name)
        seats = self.config.seats[: edition.max_players]
        self.config = replace(self.config, edition=name, seats=seats, final_tie=None)
        self.set_players(max(edition.min_players, len(seats)))

    def next_end_score(self) -> None:
        scores = END_SCORES if self.config.end_score in END_SCORES else (self.config.end_score, *END_SCORES)
        self.config = replace(self.config, end_score=scores[(scores.index(self.config.end_score) + 1) % len(scores)])

    def next_final_tie(self) -> None:
        edition = edition_named(self.config.edition)
        current = self.config.options.final_tie_for(edition)
        choice = FINAL_TIE_CHOICES[(FINAL_TIE_CHOICES.index(current) + 1) % len(FINAL_TIE_CHOICES)]
        self.config = replace(self.config, final_tie=None if choice == edition.default_final_tie else choice)
