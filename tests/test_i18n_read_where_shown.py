"""What a person reads is worded in their language where it is shown (issue 31, item 5): the
store's notices (a damaged file moved aside, an older copy restored, a failed write, an older
save...) and the engine's refusals in the play screen's banner. In English every line stays
exactly what it was; in French every one is French, with no `{field}` left unfilled."""

from __future__ import annotations

import ast
import errno
import json
import os
import re
import string
from pathlib import Path

import pytest
from helpers import corrupt_files
from pilot import Pilot

from game import i18n
from game.match import HUMAN, MatchConfig, SeatConfig
from game.rules import Action
from game.rules.reasons import Reason
from game.sentences import Template
from game.store import Settings, Store
from game.store import notices as store_notices
from game.store.lock import LOCK_FILE
from game.store.notices import StoreNotice
from game.ui.refusals import word_refusal
from scenes.names import MENU
from scenes.notices import worded

RULES = Path(__file__).resolve().parents[1] / "game" / "rules"
EXAMPLES = Path(__file__).parent / "data" / "saves"
MATCH = MatchConfig("voyage", (SeatConfig("Ann", HUMAN, "normal"), SeatConfig("Bob", HUMAN, "normal")), seed=3)
UNFILLED = re.compile(r"\{\w*\}")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def in_language(code: str, notice) -> str:
    i18n.set_language(code)
    return worded(notice)


def fail_fsync(monkeypatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.ENOSPC, "full")))


def _saved_twice(folder: Path) -> None:
    """A save and settings with a good backup each (the second write keeps the first)."""
    for volume in (0.3, 0.6):
        Store(folder).saves.save(MATCH, MATCH.new_game())
        Store(folder).settings.save(Settings(volume=volume))


def _load_all(store: Store) -> None:
    store.settings.load(), store.saves.load(), store.stats.load(), store.tokens.get("k")


# what each notice is about: the files the folder holds (written over a saved game and
# settings when `saved` is true)
BAD_FILES = {
    "damaged save and backup, lost": (False, {"save.json": "", "save.json.bak": "{"}),
    "damaged save, backup restored": (True, {"save.json": '{"format": 1, "state": '}),
    "save from a newer version": (False, {"save.json": '{"format": 99}'}),
    "old save that cannot be checked": (False, {"save.json": (EXAMPLES / "save-format2.json").read_text()}),
    "damaged settings": (False, {"settings.json": "volume=0.5"}),
    "damaged settings, backup restored": (True, {"settings.json": "{{{"}),
    "settings reset": (False, {"settings.json": json.dumps({**Settings().to_dict(), "volume": "loud"})}),
    "damaged statistics": (False, {"stats.json": '{"format": 1, "players": {"Ann": {"games": -3}}}'}),
    "a statistics name cleaned": (False, {"stats.json": json.dumps(
        {"format": 1, "recorded": {}, "players": {"Zo\u0007e": {"games": 1}}})}),
    "damaged network seat tokens": (False, {"tokens.json": '{"format": 1, "tokens": {"k\\udfff": "fine"}}'}),
}
FAILED_WRITES = {
    "game not saved": lambda store: store.saves.save(MATCH, MATCH.new_game()),
    "settings not saved": lambda store: store.settings.save(Settings(volume=0.9)),
    "tokens not saved": lambda store: store.tokens.keep("host code", "K7QX2M"),
}


def every_store_notice(root: Path, monkeypatch) -> dict[str, StoreNotice]:
    """Each kind of store notice, made to happen in a folder of its own, by what it is about."""
    said: dict[str, StoreNotice] = {}

    def take(name: str, store: Store) -> None:
        told = store.take_notices()
        assert told, f"{name}: no notice"
        said[name] = told[0]

    for name, (saved, files) in BAD_FILES.items():
        (root / name).mkdir()
        if saved:
            _saved_twice(root / name)
        for file, content in files.items():
            (root / name / file).write_text(content)
        store = Store(root / name)
        _load_all(store)
        take(name, store)
    for name, write in FAILED_WRITES.items():
        (root / name).mkdir()
        store = Store(root / name)
        fail_fsync(monkeypatch)
        write(store)
        monkeypatch.undo()
        take(name, store)
    (root / "lock").mkdir()
    (root / "lock" / LOCK_FILE).symlink_to(root / "elsewhere")
    store = Store(root / "lock")
    try:
        assert store.lock_folder() is True
        take("lock file set right", store)
    finally:
        store.close()
    return said


def test_every_store_notice_is_worded_in_french_and_stays_english_in_english(tmp_path, monkeypatch):
    said = every_store_notice(tmp_path, monkeypatch)
    for name, notice in said.items():
        english, french = in_language("en", notice), in_language("fr", notice)
        assert french != english, f"{name}: not translated: {french}"
        assert not UNFILLED.search(french) and not UNFILLED.search(english), f"{name}: {french}"
    # the English is the very text of before, character for character
    lost = corrupt_files(tmp_path / "damaged save and backup, lost")
    moved = [path for path in lost if path.name.startswith("save.json.corrupt")]
    moved_bak = [path for path in lost if path.name.startswith("save.json.bak")]
    assert in_language("en", said["damaged save and backup, lost"]) == (
        f"Your saved game was damaged: the file is empty. It was moved to {moved[0]}. The backup of your saved "
        f"game was damaged: it is cut short (incomplete JSON). It was moved to {moved_bak[0]}. "
        "It could not be recovered.")
    assert in_language("fr", said["damaged save and backup, lost"]) == (
        f"Votre partie sauvegardée était endommagée : le fichier est vide. Le fichier a été déplacé vers {moved[0]}. "
        "La copie de secours de votre partie sauvegardée était endommagée : il est tronqué (JSON incomplet). "
        f"Le fichier a été déplacé vers {moved_bak[0]}. Elle n'a pas pu être récupérée.")
    assert in_language("en", said["old save that cannot be checked"]) == (
        "This game comes from an older version; it cannot be checked.")
    assert in_language("en", said["game not saved"]) == (
        f"The game could not be saved in {tmp_path / 'game not saved'}: the disk is full. The previous save is kept.")
    assert in_language("fr", said["game not saved"]) == (
        f"La partie n'a pas pu être sauvegardée dans {tmp_path / 'game not saved'} : le disque est plein. "
        "La sauvegarde précédente est conservée.")


def test_every_declared_store_sentence_has_its_french():
    """Those too rare to make happen above (a file that cannot be moved aside, a save that
    cannot be removed...) are declared like the rest: each has a French text with its fields."""
    declared = [value for value in vars(store_notices).values() if isinstance(value, Template)]
    for kind in [value for value in vars(store_notices).values() if isinstance(value, store_notices.Kind)]:
        declared += [getattr(kind, name) for name in kind.__dataclass_fields__]
    assert len(declared) >= 40
    for template in declared:
        args = {name: 7 for name in template.fields}
        notice = StoreNotice((template.say(**args),))
        english, french = in_language("en", notice), in_language("fr", notice)
        assert english == template.text.format(**args)
        assert french != english and not UNFILLED.search(french), template.key


def test_a_notice_said_in_english_reads_in_french_after_the_switch(make_app, tmp_path):
    """Worded where it is drawn: the damaged-save notice of an English start-up shows in French
    on the menu once the player picks French."""
    (tmp_path / "save.json").write_text("")
    app = make_app(data_dir=tmp_path)
    pilot = Pilot(app)
    app.settings.language = "en"
    app.apply_settings()
    menu = app.stack.push(MENU)
    pilot.advance(1)
    english = menu._notice_lines()
    assert any("Your saved game was damaged" in line for line in english)
    app.settings.language = "fr"
    app.apply_settings()
    pilot.advance(1)
    french = " ".join(menu._notice_lines())
    assert "Votre partie sauvegardée était endommagée" in french and "Your saved game" not in french


def declared_reasons() -> list[str]:
    """Every refusal template the engine marks with N_ (its only words a player may read)."""
    found = []
    for source in RULES.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "N_":
                found.append(ast.literal_eval(node.args[0]))
    return found


def test_every_engine_refusal_reads_in_french_and_keeps_its_english():
    templates = declared_reasons()
    assert len(templates) >= 13
    for template in templates:
        fields = {name for _text, name, _spec, _conv in string.Formatter().parse(template) if name}
        reason = Reason(template, **{name: 2 for name in fields})
        i18n.set_language("en")
        assert word_refusal(reason) == str(reason) == template.format(**{name: 2 for name in fields})
        i18n.set_language("fr")
        french = word_refusal(reason)
        assert french != str(reason) and not UNFILLED.search(french), template


def test_the_banner_says_a_refusal_in_the_players_language(make_app):
    app = make_app()

    def refused_banner(code: str) -> str:
        app.settings.language = code
        app.apply_settings()
        play = app.stack.push("play", config=MATCH, state=MATCH.new_game())
        seat = play.state.to_act
        assert play.apply(Action(seat, "draw")) is False  # the opening: two cards are flipped first
        app.stack.pop()
        return play.board.banner

    seat = MATCH.new_game().to_act
    assert refused_banner("en") == f"the round has not started: seat {seat} must first flip two cards"
    assert refused_banner("fr") == f"la manche n'a pas commencé : la place {seat} doit d'abord retourner deux cartes"
