"""The table: humans act by mouse or keyboard, computers through BotWorkers, the engine's
events are animated, and every completed action is autosaved.

Input while an animation plays is never queued: a click or Space skips the animation and
the next one acts, so an action can never be applied twice.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ai.players import make_worker
from game.i18n import _
from game.match import MatchConfig
from game.rules import COLS, DRAW, FLIP, GAME_OVER, REPLACE, REVEAL, ROUND_OVER, TAKE, Action, GameState, seat_view
from game.ui.guide import Guide
from game.ui.table_anim import Animator
from game.ui.table_view import Board, TableView
from scenes.base import AppScene
from scenes.hints import TableHints
from scenes.score_overlay import draw_scores_button, scores_button_hit

THINK_FIRST = 0.7  # seconds before a computer's first action of a turn (at normal speed)
THINK_NEXT = 0.45  # ... and between its draw and its placing


class PlayScene(AppScene):
    name = "play"

    def __init__(self, app: Any, config: MatchConfig, state: GameState, resumed: bool = False) -> None:
        super().__init__(app)
        self.config = config
        self.state = state
        self.names = [seat.name for seat in config.seats]
        humans = config.human_seats
        self.hotseat = len(humans) >= 2
        self.viewer: int | None = humans[0] if humans else None
        self.last_human: int | None = None if self.hotseat else self.viewer
        self.handoffs = 0  # how many hand-off screens were shown (tests count them)
        self.view = TableView(state.players, self.names, app.art, app.text)
        self.view.viewer = self.viewer
        self.board = Board.from_view(seat_view(state, self.viewer if self.viewer is not None else 0))
        self.anim = Animator(self.board, self.view, app.speed)
        self.anim.viewer = self.viewer
        self.anim.on_idle = self.resync
        sound = getattr(app, "sound", None)
        self.anim.on_sound = sound.play_event if sound is not None else None
        events = state.take_events()
        if not resumed:
            self.anim.add_events(events)
        self.workers: dict[int, Any] = {}
        self.thinking: int | None = None  # seat whose worker is deciding
        self.think_left = 0.0
        self.acted_this_turn: int | None = None
        self.discard_mode = False  # holding a drawn card and chose to discard it: pick a card to reveal
        self.scored_round = 0  # the last round whose scoring screen was shown
        self.message = ""  # a notice (save failure, bot problem), shown in the banner line
        self.hints = TableHints(self)  # H: what the Hard computer player would do, and why
        self.guide = Guide(app.settings, app.save_settings)  # first game: explain each decision once
        self.guide.enabled = self.guide.enabled and getattr(app, "guide_next", False)
        app.guide_next = False
        if resumed:
            self.resync()

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.view.prepare(self.app.screen, self.board)  # loading: card art and table for this window

    def exit(self) -> None:
        self.hints.close()
        for worker in self.workers.values():
            worker.close()
        self.workers.clear()

    def resume(self) -> None:
        self.anim.speed = self.app.speed

    def resync(self) -> None:
        """The queue ran dry: the board shows exactly the engine's state for the viewer."""
        viewer = self.viewer if self.viewer is not None else 0
        self.board.sync(seat_view(self.state, viewer))
        if self.viewer is None and self.board.source == "draw":
            self.board.holding = "?"  # nobody watching may see a computer's drawn card
        self.board.banner = self.message

    # ------------------------------------------------------------------ the flow
    def update(self, dt: float) -> None:
        self.anim.speed = self.app.speed
        self.anim.reduced_motion = getattr(self.app, "reduced_motion", False)
        self.view.ui_scale = getattr(self.app, "ui_scale", 1.0)
        self.anim.update(dt)
        if self.anim.busy:
            self._set_prompt()
            return
        state = self.state
        self.hints.update()
        self.guide.watch(self)
        if state.phase in (ROUND_OVER, GAME_OVER):
            self._set_prompt()
            if self.guide.holds("scoring"):
                return  # the scoring screen waits until the guide's tip is read
            if self.scored_round != state.round:
                self.scored_round = state.round
                self._round_over()
            return
        seat = state.to_act
        if seat is None:
            return
        if self.config.seats[seat].is_human:
            if self.hotseat and seat != self.last_human:
                self._hand_off(seat)
        else:
            self._computer(seat, dt)
        self._set_prompt()

    def _hand_off(self, seat: int) -> None:
        from scenes.handoff import HandoffScene

        self.last_human = seat
        self.handoffs += 1
        self.stack.push(HandoffScene(self.app, self.names[seat], lambda: self._set_viewer(seat)))

    def _set_viewer(self, seat: int) -> None:
        self.viewer = seat
        self.view.viewer = seat
        self.anim.viewer = seat
        self.view.cursor = None
        self.resync()

    def _computer(self, seat: int, dt: float) -> None:
        if self.thinking != seat:
            worker = self.workers.get(seat)
            if worker is None:
                worker = self.workers[seat] = self._make_worker(seat)
            worker.start(seat_view(self.state, seat))
            self.thinking = seat
            pause = THINK_NEXT if self.acted_this_turn == seat else THINK_FIRST
            self.think_left = pause / self.app.speed if self.app.speed else 0.0
            return
        self.think_left -= dt
        worker = self.workers[seat]
        action = worker.result()
        if action is None and worker.error is None:
            return
        if self.think_left > 0:
            return
        self.thinking = None
        if worker.error is None and self.state.is_legal(action):
            self.apply(action)
            return
        problem = worker.error or f"{action} is not allowed now"
        worker.close()
        self.workers[seat] = make_worker("normal", (self.state.seed * 31 + seat) % (2**31))
        self.apply(self.state.legal_actions()[0])
        self.message = _("{name}'s computer player failed ({problem}); Normal plays for it from now on.").format(
            name=self.names[seat], problem=problem)

    def _make_worker(self, seat: int) -> Any:
        seed = (self.state.seed * 31 + seat) % (2**31)
        level = self.config.seats[seat].level
        try:
            return make_worker(level, seed)
        except Exception as error:  # noqa: BLE001 - e.g. a cmd: bot that will not start; the game goes on
            self.message = _("{name}'s computer player could not start ({error}); Normal plays instead.").format(
                name=self.names[seat], error=error)
            return make_worker("normal", seed)

    def apply(self, action: Action) -> bool:
        """Play an action through the engine; animate and autosave what happened."""
        if not self.state.is_legal(action):
            self.message = self.state.why_illegal(action) or ""
            self.board.banner = self.message
            return False
        self.state.apply(action)
        self.acted_this_turn = action.seat
        self.discard_mode = False
        self.message = ""
        self.anim.add_events(self.state.take_events())
        self._autosave()
        return True

    def _autosave(self) -> None:
        store = self.app.store
        if store is None:
            return
        try:
            store.save_game(self.config, self.state)
        except Exception as error:  # noqa: BLE001 - a failed save is told, never raised into the frame loop
            self.message = _("The game could not be saved: {error}").format(error=error)
            return
        problem = getattr(store, "last_error", None)  # e.g. a full disk: the previous save is kept
        if problem:
            self.message = problem

    def _round_over(self) -> None:
        from scenes.round_score import RoundScoreScene

        store = self.app.store
        if store is not None:
            try:
                store.record_round(self.config, self.state)
            except Exception as error:  # noqa: BLE001 - statistics must not stop the game
                self.message = _("Statistics could not be saved: {error}").format(error=error)
        self.stack.push(RoundScoreScene(self.app, self))

    def next_round(self) -> None:
        """Called by the scoring overlay: deal the next round (or show the final results)."""
        from scenes.game_over import GameOverScene

        if self.state.phase == GAME_OVER:
            if self.guide.enabled:
                self.guide.finish()  # one guided game is enough
            self.stack.replace(GameOverScene(self.app, self.config, self.state))
            return
        self.state.deal()
        self.acted_this_turn = None
        self.anim.add_events(self.state.take_events())
        self._autosave()

    # ------------------------------------------------------------------ human input
    def acting_human(self) -> int | None:
        seat = self.state.to_act
        if seat is None or self.anim.busy or not self.config.seats[seat].is_human:
            return None
        if self.hotseat and seat != self.last_human:
            return None
        return seat

    def action_for(self, target: tuple | None) -> Action | None:
        """The action a click on `target` means for the acting human (None: nothing legal)."""
        seat = self.acting_human()
        if seat is None or target is None:
            return None
        state = self.state
        kind = target[0]
        if kind == "cell":
            if target[1] != seat:
                return None
            verb = FLIP if state.phase == "opening" else REVEAL if self.discard_mode else REPLACE
            action = Action(seat, verb, target[2], target[3])
        elif kind == "draw":
            action = Action(seat, DRAW)
        elif kind == "discard" and state.holding is None:
            action = Action(seat, TAKE)
        else:
            return None
        return action if state.is_legal(action) else None

    def activate(self, target: tuple | None) -> None:
        """A click or Enter on `target`."""
        seat = self.acting_human()
        if seat is None or target is None:
            return
        holding_drawn = self.state.holding is not None and self.state.source == "draw"
        if holding_drawn and target[0] in ("discard", "hand"):
            self.discard_mode = not self.discard_mode if target[0] == "discard" else False
            return
        action = self.action_for(target)
        if action is not None:
            self.apply(action)
        elif target[0] == "cell" and target[1] == seat:
            self.message = _("That card cannot be chosen now.") if not self.discard_mode else \
                _("Reveal a face-down card (or click the discard pile again to keep the card).")
            self.board.banner = self.message

    def legal_targets(self) -> set[tuple]:
        seat = self.acting_human()
        if seat is None:
            return set()
        targets: set[tuple] = set()
        for row in range(3):
            for col in range(COLS):
                if self.action_for(("cell", seat, col, row)) is not None:
                    targets.add(("cell", seat, col, row))
        for name in ("draw", "discard"):
            if self.action_for((name,)) is not None:
                targets.add((name,))
        if self.state.holding is not None and self.state.source == "draw" and self.state.face_down_count(seat):
            targets.add(("discard",))
        return targets

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.guide.handle_event(event):
            return True  # the key or click that dismisses a tip does nothing else
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and scores_button_hit(self, event.pos):
            self.show_scores()
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEMOTION:
            self.view.hover = self.view.target_at(event.pos, self.board)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.anim.busy:
                self.anim.skip()
            else:
                self.activate(self.view.target_at(event.pos, self.board))
            return True
        return False

    def _key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE:
            from scenes.pause import PauseScene

            self.stack.push(PauseScene(self.app, self))
            return True
        if self.anim.busy and key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.anim.skip()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.activate(self.view.cursor)
            return True
        moves = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if key in moves:
            self._move_cursor(*moves[key])
            return True
        if key == pygame.K_h:
            self.hints.ask()
            return True
        if key in (pygame.K_s, pygame.K_TAB):
            self.show_scores()
            return True
        return False

    def show_scores(self) -> None:
        """The score sheet over the table (S, Tab or the Scores button)."""
        from scenes.score_overlay import ScoreOverlayScene

        self.stack.push(ScoreOverlayScene(self.app, self))

    def _move_cursor(self, dx: int, dy: int) -> None:
        """The cursor walks the acting (or watching) player's grid; above row 0 are the piles."""
        seat = self.acting_human() if self.acting_human() is not None else (self.viewer or 0)
        cursor = self.view.cursor
        if cursor is None or (cursor[0] == "cell" and cursor[1] != seat):
            self.view.cursor = ("draw",)
            return
        if cursor[0] == "cell":
            col, row = cursor[2], cursor[3]
            if row + dy < 0:
                self.view.cursor = ("draw",) if col < 2 else ("discard",)
                return
            self.view.cursor = ("cell", seat, max(0, min(COLS - 1, col + dx)), max(0, min(2, row + dy)))
            return
        if dy > 0:
            self.view.cursor = ("cell", seat, 0 if cursor[0] == "draw" else 2, 0)
        elif dx:
            self.view.cursor = ("discard",) if cursor[0] == "draw" and dx > 0 else ("draw",) if dx < 0 else cursor

    # ------------------------------------------------------------------ words and drawing
    def _set_prompt(self) -> None:
        self.view.busy = self.anim.busy
        self.view.prompt = self.prompt()
        self.view.targets = self.legal_targets()

    def prompt(self) -> str:
        """What the player on screen may do now, in words."""
        state = self.state
        seat = state.to_act
        if self.anim.busy:
            return _("Click or press Space to skip the animation")
        if seat is None:
            return _("The round is over")
        name = self.names[seat]
        last = _(" (last turn!)") if state.trigger is not None else ""
        if self.acting_human() is None:
            return (_("{name} is thinking...") if not self.config.seats[seat].is_human else _("{name} plays next")).format(
                name=name)
        you = _("You") if not self.hotseat else name
        if state.phase == "opening":
            up = sum(1 for cell in seat_view(state, seat).grid() if isinstance(cell, int))
            if state.tie_seats:
                return _("{you}: flip one more card to settle who starts").format(you=you)
            return (_("{you}: flip two of your cards") if up == 0 else _("{you}: flip one more card")).format(you=you)
        if state.holding is None:
            return _("{you}: take the discard ({card}) or draw a card").format(you=you, card=state.discard_top) + last
        if state.source == "discard":
            return _("{you}: place the {card} on one of your cards").format(you=you, card=state.holding) + last
        if self.discard_mode:
            return _("{you}: the {card} goes to the discard; pick a face-down card to reveal").format(
                you=you, card=state.holding) + last
        if state.face_down_count(seat) == 0:
            return _("{you}: place the {card} on one of your cards").format(you=you, card=state.holding) + last
        return _("{you}: place the {card}, or click the discard pile to discard it and reveal a card").format(
            you=you, card=state.holding) + last

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.board, self.anim.sprites)
        draw_scores_button(self, surface)
        self.guide.draw(self, surface)
