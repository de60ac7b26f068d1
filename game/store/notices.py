"""What the store tells the player (a damaged file moved aside, an older copy restored, a
failed write...), declared as sentences and worded only where a screen shows it, in the
language of that moment. Paths, OS error descriptions and a file's problem are arguments:
facts, not words (a problem or error description this program wrote is still translated,
see TRANSLATED_FACTS).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_
from game.sentences import MAX_ARG, Sentence, Template, sentence

# arguments holding one of this program's own English phrases (marked N_ where they are
# made: describe_os_error, FileProblem's reasons): translated when shown, if the catalogue has them
TRANSLATED_FACTS = frozenset({"reason"})


def store_sentence(key: str, text: str) -> Template:
    """A store sentence: its `reason` (this program's words for what went wrong) is translated
    where the sentence is worded, like the sentence itself."""
    return sentence(key, text, TRANSLATED_FACTS)


@dataclass(frozen=True)
class StoreNotice:
    """One notice: sentences said together (what was wrong, where the file went, what is
    used instead), each a key and its arguments, worded with `worded()` where it is read."""

    parts: tuple[Sentence, ...]

    def worded(self) -> str:
        return " ".join(part.worded() for part in self.parts)


def fact(value: object) -> str:
    """`value` (a path, an error's description) as a sentence argument: printable, and its
    middle cut out if it is longer than a sentence argument may be."""
    text = "".join(char if char.isprintable() else repr(char)[1:-1] for char in str(value))
    if len(text) > MAX_ARG:
        keep = (MAX_ARG - 1) // 2
        text = text[:keep] + "…" + text[-keep:]
    return text


def notice(template: Template, **args: str | int) -> StoreNotice:
    """A notice of one sentence."""
    return StoreNotice((said(template, **args),))


def said(template: Template, **args: str | int) -> Sentence:
    return template.say(**{name: value if isinstance(value, int) else fact(value) for name, value in args.items()})


@dataclass(frozen=True)
class Kind:
    """How to speak about one kind of file in the notices: its own full sentences, so every
    language can agree them with the subject."""

    damaged: Template  # "Your saved game was damaged: {reason}."
    unusable: Template  # "... could not be used: {reason}." (written by a newer version)
    backup_damaged: Template
    backup_unusable: Template
    restored: Template  # "The previous save was restored."
    lost: Template  # "It could not be recovered."


MOVED_ASIDE = store_sentence("store_moved_aside", N_("It was moved to {moved}."))
NOT_MOVED = store_sentence("store_not_moved", N_("It could not be moved aside ({error}) and is still at {path}."))


def _kind(name: str, *texts: str) -> Kind:
    """Declare a kind's six sentences, keyed store_<name>_<field> in Kind's order."""
    fields = Kind.__dataclass_fields__
    return Kind(*(store_sentence(f"store_{name}_{field}", text) for field, text in zip(fields, texts, strict=True)))


SAVE_KIND = _kind(
    "save",
    N_("Your saved game was damaged: {reason}."),
    N_("Your saved game could not be used: {reason}."),
    N_("The backup of your saved game was damaged: {reason}."),
    N_("The backup of your saved game could not be used: {reason}."),
    N_("The previous save was restored."),
    N_("It could not be recovered."),
)
SETTINGS_KIND = _kind(
    "settings",
    N_("Your settings were damaged: {reason}."),
    N_("Your settings could not be used: {reason}."),
    N_("The backup of your settings was damaged: {reason}."),
    N_("The backup of your settings could not be used: {reason}."),
    N_("The previous settings were restored."),
    N_("The default settings are used."),
)
STATS_KIND = _kind(
    "stats",
    N_("Your statistics were damaged: {reason}."),
    N_("Your statistics could not be used: {reason}."),
    N_("The backup of your statistics was damaged: {reason}."),
    N_("The backup of your statistics could not be used: {reason}."),
    N_("The previous statistics were restored."),
    N_("Statistics start afresh."),
)
TOKENS_KIND = _kind(
    "tokens",
    N_("Your network seat tokens were damaged: {reason}."),
    N_("Your network seat tokens could not be used: {reason}."),
    N_("The backup of your network seat tokens was damaged: {reason}."),
    N_("The backup of your network seat tokens could not be used: {reason}."),
    N_("The previous tokens were restored."),
    N_("Seats in network games must be joined afresh."),
)
PROFILES_KIND = _kind(
    "profiles",
    N_("The computer's profiles of the players were damaged: {reason}."),
    N_("The computer's profiles of the players could not be used: {reason}."),
    N_("The backup of the computer's profiles of the players was damaged: {reason}."),
    N_("The backup of the computer's profiles of the players could not be used: {reason}."),
    N_("The previous profiles were restored."),
    N_("The computer starts again from the statistics and the reviews."),
)

# a failed write, by the file that could not be written (the table tells its players: WRITE_FAILURES)
GAME_NOT_SAVED = store_sentence("store_game_not_saved", N_("The game could not be saved in {folder}: {reason}. "
                                                     "The previous save is kept."))
SETTINGS_NOT_SAVED = store_sentence("store_settings_not_saved",
                                    N_("Your settings could not be saved in {folder}: {reason}."))
STATS_NOT_SAVED = store_sentence("store_stats_not_saved",
                                 N_("Your statistics could not be saved in {folder}: {reason}."))
FILE_NOT_SAVED = store_sentence("store_file_not_saved", N_("{name} could not be saved in {folder}: {reason}."))
WRITE_FAILURES = frozenset(template.key for template in (GAME_NOT_SAVED, SETTINGS_NOT_SAVED, STATS_NOT_SAVED,
                                                         FILE_NOT_SAVED))

SETTINGS_RESET = store_sentence("store_settings_reset",
                                N_("Some settings in {path} were invalid and were reset: {names}."))
GAME_NOT_REMOVED = store_sentence("store_game_not_removed",
                                  N_("The saved game at {path} could not be removed: {reason}."))
# said whenever a save without its game record is loaded (only an older format may lack it):
# nothing shows that its cards lie where the game put them
UNCHECKED_GAME = store_sentence("store_unchecked_game",
                                N_("This game comes from an older version; it cannot be checked."))

# the statistics file, cleaned while read (stats.py says what, STATS_IN where)
STATS_IN = store_sentence("store_stats_in", N_("Your statistics in {path}:"))
NAME_LEFT_OUT = store_sentence("store_name_left_out", N_("a player whose name cannot be shown ({name}) was left out."))
NAME_CLEANED = store_sentence("store_name_cleaned",
                        N_("the name {name} held characters that cannot be shown; it is now {shown}."))

# the folder's lock file set right at start-up (lock.py)
LOCK_WAS_LINK = store_sentence("store_lock_was_link", N_("The lock file {path} was a link; it was moved to {moved} and "
                                                   "made afresh."))
LOCK_NOT_PLAIN = store_sentence("store_lock_not_plain", N_("The lock file {path} was not a plain file; it was moved to "
                                                     "{moved} and made afresh."))

# the store itself failed (the app catches it, so a bad settings file never stops the game)
SETTINGS_UNREADABLE = store_sentence("store_settings_unreadable",
                                     N_("Settings could not be read ({error}); defaults are used."))
SETTINGS_UNSAVED = store_sentence("store_settings_unsaved", N_("Settings could not be saved: {error}"))
