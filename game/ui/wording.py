"""The sentences about a player: one place that knows whether a line speaks to the viewer.

Every message about what a seat did or does has two catalogue entries, one addressed to the
viewer ("You complete a column of 12s") and one about somebody else ("Robin completes a
column of 12s"): a name is never pasted into a verb conjugated for another person, in English
or in French. `sentence` and `group_sentence` choose the entry.

The viewer ("addressee" below) is the one human at the table. With nobody's eyes on the
screen (an all-computer table) or several humans taking turns (hot-seat), pass None: every
line then names its player. A seat whose name is the default "You" (in any language the game
offers) is spoken to even then, since its name is the word "you".

Default seat names: the setup shows a human seat as the localised "You" when it is the only
human, and as "Player <seat number>" when several humans play. `is_default_human_name`
recognises those names in every catalogue ("You", "Vous", "Player 3", "Joueur 3"), so that a
default name follows the language and the number of humans, while a typed name is kept.

Numbers in words (`card_words`, `a_card`, `points_words`, `seat_score_words`): one format for
every label and sentence of the table.
- A negative value takes a true minus sign, U+2212 ("−2"), which the game's font draws.
- English "a"/"an" goes by how the number is said: "an" before a vowel sound, that is a number
  said from "eight" or "eleven" or "eighteen" (8, 11, 18, 80-89, 800-899, 8000, 11000, ...);
  "a" before everything else, negative values included ("a −1", said "a minus one"). French
  says "un" before every value ("un 8", "un −2"): both English forms translate to it.
- Points go through ngettext with the number's size (its absolute value), as CLDR counts:
  "1 point", "0 points", "2 points", "−1 point" in English; "0 point", "1 point", "2 points",
  "−1 point" in French, whose catalogue says plural=(n > 1).
- A seat's label joins its facts with " · " and nothing else: "12 points · showing 14 pts · to play".
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from game.i18n import DOMAIN, N_, _, available_languages, locale_dir, ngettext

YOU = N_("You")
PLAYER_NUMBER = N_("Player {number}")


@dataclass(frozen=True)
class EditionWords:
    """What the screens call an edition (game.rules EDITIONS) and say of it, marked for translation."""

    title: str  # as the box calls it: the setup's edition button, the head of its column in How to play
    short: str  # the statistics' games by edition
    cards: str  # How to play's table of the editions, one row each
    players: str
    final_tie: str
    starter_tie: str


# edition name -> its words: a new edition is its entry in game.rules EDITIONS plus its words here
EDITION_WORDS: dict[str, EditionWords] = {
    "voyage": EditionWords(N_("Skyjo Voyage"), N_("Voyage"), N_("105: three -2, eleven 0, seven of each other value"),
                           N_("2 to 4"), N_("shared win (option: a tiebreak round)"),
                           N_("chosen at random among the tied")),
    "classic": EditionWords(N_("Skyjo"), N_("Classic"),
                            N_("150: five -2, ten -1, fifteen 0, ten of each 1 to 12"), N_("2 to 8"),
                            N_("a tiebreak round among the tied (option: shared win)"),
                            N_("the tied flip one more card each, until one is highest")),
}

# kind -> (to the viewer, about another seat); every entry formats {name} and the kind's figures.
# A card value `card` is written "{card}" ("the {card}"), or "{a_card}" with its indefinite
# article ("an 8", "un 8"): `sentence` gives both forms of every whole-number figure.
MESSAGES: dict[str, tuple[str, str]] = {
    "win": (N_("You win!"), N_("{name} wins!")),
    "column": (N_("You complete a column of {value}s: it is removed"),
               N_("{name} completes a column of {value}s: it is removed")),
    "last_turn": (N_("You have no face-down card left: everybody else plays one last turn"),
                  N_("{name} has no face-down card left: everybody else plays one last turn")),
    "starts": (N_("You start ({why})"), N_("{name} starts ({why})")),
    "plays_next": (N_("You play next"), N_("{name} plays next")),
    # the card in hand, captioned (its value shown, or not yet)
    "took_card": (N_("You took {a_card} from the discard"), N_("{name} took {a_card} from the discard")),
    "drew_card": (N_("You drew {a_card}"), N_("{name} drew {a_card}")),
    "took": (N_("You took the discard"), N_("{name} took the discard")),
    "drew": (N_("You drew"), N_("{name} drew")),
    # the short-lived cue by a seat's label after somebody else's turn: where the card came from
    "cue_take": (N_("You took the {card} from the discard"), N_("{name} took the {card} from the discard")),
    "cue_draw": (N_("You drew a card"), N_("{name} drew a card")),
    # the steps of a replayed round
    "flip": (N_("You flip a card ({place})"), N_("{name} flips a card ({place})")),
    "draw": (N_("You draw a card"), N_("{name} draws a card")),
    "take": (N_("You take the discard"), N_("{name} takes the discard")),
    "replace": (N_("You replace a card ({place})"), N_("{name} replaces a card ({place})")),
    "reveal": (N_("You discard and reveal a card ({place})"), N_("{name} discards and reveals a card ({place})")),
    # the hand-off's recap of what the others did since the next player's last turn
    "recap_flip": (N_("You turned over {a_value}"), N_("{name} turned over {a_value}")),
    "recap_take_replace": (N_("You took the {card} from the discard pile and replaced {a_old}"),
                           N_("{name} took the {card} from the discard pile and replaced {a_old}")),
    "recap_draw_replace": (N_("You drew {a_card} and replaced {a_old}"),
                           N_("{name} drew {a_card} and replaced {a_old}")),
    # a card put on a face-down one: the card it replaced was unknown to its player (not a blunder)
    "recap_take_replace_hidden": (
        N_("You took the {card} from the discard pile and put it on a face-down card (it was {a_old})"),
        N_("{name} took the {card} from the discard pile and put it on a face-down card (it was {a_old})")),
    "recap_draw_replace_hidden": (N_("You drew {a_card} and put it on a face-down card (it was {a_old})"),
                                  N_("{name} drew {a_card} and put it on a face-down card (it was {a_old})")),
    "recap_draw_discard": (N_("You drew and discarded {a_card}, revealed {a_value}"),
                           N_("{name} drew and discarded {a_card}, revealed {a_value}")),
    "recap_column": (N_("You completed a column of {value}s"), N_("{name} completed a column of {value}s")),
}

# kind -> (the viewer among the seats, only others); {names} lists the others
GROUP_MESSAGES: dict[str, tuple[str, str]] = {
    "share_win": (N_("You and {names} share the win!"), N_("{names} share the win!")),
    "start_tie": (N_("Tie for the start: you and {names} each flip one more card"),
                  N_("Tie for the start: {names} each flip one more card")),
    "tiebreak_round": (N_("Tiebreak round: you and {names} play for the win"),
                       N_("Tiebreak round: {names} play for the win")),
    "tiebreak_next": (N_("Tie for the lowest total: you and {names} play a tiebreak round."),
                      N_("Tie for the lowest total: {names} play a tiebreak round.")),
}


@cache
def _translations(msgid: str) -> frozenset[str]:
    """`msgid` and its text in every catalogue the game offers."""
    found = {msgid}
    for code, _name in available_languages():
        catalogue = gettext.translation(DOMAIN, locale_dir(), languages=[code], fallback=True)
        found.add(catalogue.gettext(msgid))
    return frozenset(found)


def is_you_name(name: str) -> bool:
    """A seat named the default "You" in some language ("You", "Vous")."""
    return name in _translations(YOU)


@cache
def _player_patterns() -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(re.escape(text).replace(re.escape("{number}"), r"(?P<number>\d+)") + r"\Z")
                 for text in _translations(PLAYER_NUMBER))


def is_default_human_name(name: str) -> bool:
    """A name the setup gave a human seat: "You" or "Player <n>", in any language offered."""
    return is_you_name(name) or any(pattern.match(name) for pattern in _player_patterns())


def default_human_name(seat: int, humans: int) -> str:
    """The name the setup gives a human seat (0-based `seat`) when `humans` humans play."""
    return _(YOU) if humans <= 1 else _(PLAYER_NUMBER).format(number=seat + 1)


def shown_name(name: str) -> str:
    """A seat's name as the screen shows it now: a default name in the current language ("You"
    saved before a switch to French shows "Vous", "Player 2" "Joueur 2"), a typed name as typed."""
    if is_you_name(name):
        return _(YOU)
    for pattern in _player_patterns():
        found = pattern.match(name)
        if found is not None:
            return _(PLAYER_NUMBER).format(number=found.group("number"))
    return name


def speaks_to(seat: int, viewer: int | None, names: Sequence[str]) -> bool:
    """Whether a line about `seat` is addressed to the person at the screen."""
    return seat == viewer or (viewer is None and is_you_name(names[seat]))


MINUS = "\u2212"  # the minus sign of a negative card value, wider and higher than a hyphen
A_CARD = N_("a {card}")  # a card value said from a consonant: "a 5", "a −2"
AN_CARD = N_("an {card}")  # said from a vowel: "an 8", "an 11"
TO_PLAY = N_("to play")
FACTS = " · "  # between the facts of a seat's label


def card_words(value: int) -> str:
    """A card value (or any signed figure) as the table writes it: "5", "0", "−2"."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def takes_an(value: int) -> bool:
    """Whether English says "an" before the number: said from "eight", "eleven" or "eighteen".
    Negative numbers are said from "minus": "a"."""
    if value < 0:
        return False
    digits = str(value)
    group = digits[:len(digits) % 3 or 3]  # the leading group of thousands: 11 000 is "eleven thousand"
    return digits.startswith("8") or group in ("11", "18")


def a_card(value: int) -> str:
    """A card value with its indefinite article: "a 5", "an 8", "a −1" ("un 8" in French)."""
    return _(AN_CARD if takes_an(value) else A_CARD).format(card=card_words(value))


def decimal(value: float, places: int = 1, trim: bool = False) -> str:
    """A figure with `places` decimals and the language's decimal mark ("6.5", "6,5"), a true
    minus sign; `trim` drops the decimals of a whole number ("3", not "3.0")."""
    text = f"{abs(value):.{places}f}"
    units, _dot, fraction = text.partition(".")
    sign = "\u2212" if value < 0 and float(text) != 0 else ""
    if not fraction or (trim and not fraction.strip("0")):
        return sign + units
    return sign + _("{units}.{fraction}").format(units=units, fraction=fraction)


def points_words(points: int) -> str:
    """A game total: "1 point", "12 points", "−3 points" (the plural form by the number's size)."""
    return ngettext("{points} point", "{points} points", abs(points)).format(points=card_words(points))


def live_words(face_up_sum: int) -> str:
    """The live round score by a grid, what its face-up cards add up to: "showing 14 pts" (not
    "face up: 14", which read as a count of cards)."""
    return ngettext("showing {sum} pt", "showing {sum} pts", abs(face_up_sum)).format(sum=card_words(face_up_sum))


def seat_score_words(total: int, face_up_sum: int | None, acting: bool) -> str:
    """A seat's points line: "12 points · showing 14 pts", "· to play" after it for the seat to
    act; without the live score (None) where it has no room on that line."""
    facts = [points_words(total)]
    if face_up_sum is not None:
        facts.append(live_words(face_up_sum))
    if acting:
        facts.append(_(TO_PLAY))
    return FACTS.join(facts)


def _worded(figures: dict[str, object]) -> dict[str, object]:
    """The figures with every card value written out, and each also as "a_<name>" with its article."""
    worded = dict(figures)
    for name, value in figures.items():
        if isinstance(value, int) and not isinstance(value, bool):
            worded[name], worded[f"a_{name}"] = card_words(value), a_card(value)
    return worded


def sentence(kind: str, seat: int, viewer: int | None, names: Sequence[str], **figures: object) -> str:
    """The line of `kind` about `seat`, in the current language: to the viewer in the second
    person, about anybody else by name."""
    you, other = MESSAGES[kind]
    figures = _worded(figures)
    if speaks_to(seat, viewer, names):
        return _(you).format(**figures)
    return _(other).format(name=names[seat], **figures)


def group_sentence(kind: str, seats: Sequence[int], viewer: int | None, names: Sequence[str],
                   **figures: object) -> str:
    """The line of `kind` about several seats; the viewer among them is "you"."""
    you, other = GROUP_MESSAGES[kind]
    addressed = [s for s in seats if speaks_to(s, viewer, names)]
    others = _(" and ").join(names[s] for s in seats if s not in addressed[:1])
    if addressed:
        return _(you).format(names=others, **figures)
    return _(other).format(names=others, **figures)
