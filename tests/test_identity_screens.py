"""Issue 40 item 1: a player's colour and avatar wherever the player appears. Each screen of
the gallery (tests/i18n_gallery.py) is drawn with the ink journal on, and the avatars it drew
(game/ui/ink.py records each one, with its colour and figure) are read back: the seat's own,
beside the seat's name."""

from __future__ import annotations

import re
from dataclasses import astuple

import pygame
import pytest
from helpers import journal_inks
from i18n_gallery import screens

from game.match import COMPUTER, HUMAN, MatchConfig, SeatConfig, person_identity
from game.ui.avatars import PALETTE
from game.ui.ink import AVATAR, TEXT

pytestmark = pytest.mark.usefixtures("small_display")

# the gallery's players: Ann (a human, seat 0), Robin (Hard), Sasha (Easy); Bob in the hot-seat games
LOOKS = {"Ann": "amber sun", "Robin": "sky owl", "Sasha": "mint cat", "Bob": "sky star"}
WHERE = {"handoff": ["Ann"], "table_turn": ["Ann", "Robin", "Sasha"], "round_score": ["Ann", "Robin", "Sasha"],
         "score_overlay": ["Ann", "Robin", "Sasha"], "game_over": ["Ann", "Robin", "Sasha"],
         # the review of Ann's game (its title names her) and a decision on its table; the lobby's seats
         "review": ["Ann"], "review_step": ["Robin", "Sasha"], "round_replay": ["Robin", "Sasha"], "lobby": ["Ann"],
         # statistics are per name: a name's own look (game.match.person_identity) where none was kept
         "statistics1": ["Ann"], "statistics3": ["Ann", "Anne-Charlotte", "Bob"]}
KEPT_BY_NAME = ("statistics1", "statistics3")


def drawn(app) -> list:
    scenes = list(app.stack.scenes)
    start = len(scenes) - 1
    while start > 0 and scenes[start].overlay:
        start -= 1
    return journal_inks(app, scenes[start:])


def near(avatar, text) -> bool:
    """The avatar lies beside, above or below the name, within two of its heights."""
    reach = avatar.rect.inflate(4 * avatar.rect.h, 3 * avatar.rect.h)
    return reach.colliderect(text.rect)


def test_each_screen_shows_each_players_avatar_beside_their_name(make_app):
    app = make_app(size=(1280, 720))
    seen = {}
    for name in screens(app):
        if name not in WHERE:
            continue
        inks = drawn(app)
        avatars = [ink for ink in inks if ink.kind == AVATAR]
        for player in WHERE[name]:
            names = [ink for ink in inks if ink.kind == TEXT and re.search(rf"(^|[\s(]){player}\b(?!-)", ink.words)]
            assert names, f"{name}: {player}'s name is not drawn"
            look = LOOKS[player] if name not in KEPT_BY_NAME else "{} {}".format(*astuple(person_identity(player)))
            theirs = [a for a in avatars if a.words == look]
            assert theirs, f"{name}: no {look} avatar for {player} (drawn: {[a.words for a in avatars]})"
            assert any(near(a, t) for a in theirs for t in names), f"{name}: {player}'s avatar is not by their name"
        seen[name] = True
    assert set(seen) == set(WHERE), f"the gallery did not reach {set(WHERE) - set(seen)}"


def test_a_chosen_identity_is_the_one_the_table_draws_in_its_colour(make_app):
    """The player's pick, not their place's default: a pink balloon at seat 0, its plate edged
    and its badge filled in pink (pixels read off the frame)."""
    from scenes.play import PlayScene

    app = make_app(size=(1280, 720))
    app.speed_override = 0.0
    config = MatchConfig("voyage", (SeatConfig("Ann", HUMAN, colour="pink", avatar="balloon"),
                                    SeatConfig("Robin", COMPUTER, "hard")), seed=3)
    app.stack.reset(PlayScene(app, config, config.new_game()))
    inks = drawn(app)
    badge = next(ink for ink in inks if ink.kind == AVATAR and ink.words == "pink balloon")
    frame = app.screen
    pink = PALETTE["pink"]
    ring = [frame.get_at((badge.rect.x + 3, badge.rect.centery + dy))[:3] for dy in range(-3, 4)]
    assert any(sum(abs(a - b) for a, b in zip(pixel, pink)) < 40 for pixel in ring), ring
    assert not any(ink.kind == AVATAR and ink.words.startswith("amber") for ink in inks)
    pygame.event.clear()
