"""Every scene's name, to navigate with: `self.stack.push(PLAY, config=..., state=...)`.

The stack makes a scene by name (skyjo/app.py registers a factory per name and imports a
scene's module when it is first made, so starting the app loads only the menu). A name here
is that string, and to the type checker also the scene it makes: `named` reads the class's
constructor, so mypy checks the arguments a scene is asked for with and `push` returns that
scene's type. The classes are imported for the type checker alone: the lambda that names one
is never called.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Concatenate, ParamSpec, TypeVar

from game.ui.scene import Scene, SceneName

if TYPE_CHECKING:
    from scenes.about import AboutScene
    from scenes.context import AppContext
    from scenes.doubling_question import DoublingQuestionScene
    from scenes.game_over import GameOverScene
    from scenes.handoff import HandoffScene
    from scenes.how_to_play import HowToPlayScene
    from scenes.join import JoinScene
    from scenes.lobby import LobbyScene
    from scenes.menu import MenuScene
    from scenes.menu_offer import MenuOfferScene
    from scenes.online import OnlineScene
    from scenes.pause import PauseScene
    from scenes.play import PlayScene
    from scenes.replace_game import ReplaceGameScene
    from scenes.review import ReviewScene
    from scenes.review_pick import ReviewPickScene
    from scenes.review_step import ReviewStepScene
    from scenes.room import RoomScene
    from scenes.round_replay import RoundReplayScene
    from scenes.round_score import RoundScoreScene
    from scenes.score_overlay import ScoreOverlayScene
    from scenes.settings import SettingsScene
    from scenes.setup import SetupScene
    from scenes.statistics import StatisticsScene

Args = ParamSpec("Args")
S = TypeVar("S", bound=Scene)


def named(name: str, scene: Callable[[], Callable[Concatenate[AppContext, Args], S]]) -> SceneName[Args, S]:
    """The name `name`, typed as the scene class `scene` returns (for the type checker: the
    factory gives the class the app and then these arguments)."""
    return SceneName(name)


MENU = named("menu", lambda: MenuScene)
SETUP = named("setup", lambda: SetupScene)
LOBBY = named("lobby", lambda: LobbyScene)
JOIN = named("join", lambda: JoinScene)
ONLINE = named("online", lambda: OnlineScene)
ROOM = named("room", lambda: RoomScene)
REPLACE_GAME = named("replace_game", lambda: ReplaceGameScene)
PLAY = named("play", lambda: PlayScene)
HANDOFF = named("handoff", lambda: HandoffScene)
PAUSE = named("pause", lambda: PauseScene)
DOUBLING = named("doubling", lambda: DoublingQuestionScene)
SCORES = named("scores", lambda: ScoreOverlayScene)
ROUND = named("round", lambda: RoundScoreScene)
GAMEOVER = named("gameover", lambda: GameOverScene)
REPLAY = named("replay", lambda: RoundReplayScene)
SETTINGS = named("settings", lambda: SettingsScene)
HOWTO = named("howto", lambda: HowToPlayScene)
STATISTICS = named("statistics", lambda: StatisticsScene)
REVIEW = named("review", lambda: ReviewScene)
REVIEW_STEP = named("review_step", lambda: ReviewStepScene)
REVIEW_PICK = named("review_pick", lambda: ReviewPickScene)
ABOUT = named("about", lambda: AboutScene)
MENU_OFFER = named("menu_offer", lambda: MenuOfferScene)
