"""The table screen: input and drawing over a `TableController` (game/table), which runs the
game itself (engine, computer seats, think pauses, autosave, statistics, hot-seat turns).

The screen sends the player's actions in (`apply`) and observes the controller's messages:
engine events are animated, notices shown, a hand-off or the round's scoring pushed. It
lets the controller advance only while no animation plays, so every move is seen.

Input is never lost, and never applied twice or to a stale position: a click (or Enter on
the cursor) while an animation plays skips it and becomes the one pending target (the latest
wins), together with the engine's position then. Once the board has caught up, it is played
if it is still a legal choice for the acting human and nothing else was played in between;
otherwise it is dropped silently. Space only skips. A guide tip is dismissed by the next key
or click, and that input is also played when it is a move.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from game.i18n import _
from game.match import MatchConfig
from game.rules import (
    COLS,
    DRAW,
    FLIP,
    GAME_OVER,
    OPENING,
    REPLACE,
    REVEAL,
    ROUND_OVER,
    ROWS,
    SOURCE_DISCARD,
    SOURCE_DRAW,
    TAKE,
    Action,
    GameState,
    PublicView,
    ScoreView,
    SeatView,
    score_view,
)
from game.rules import events as ev
from game.table import GameOver, HandoffDue, Notice, RoundOver, Table, TableController, TableEvents, TableMessage
from game.ui.guide import Guide
from game.ui.ink import inside, note_button
from game.ui.recap import recap_lines
from game.ui.table_anim import Animator
from game.ui.table_view import Board, TableView
from game.ui.targets import DISCARD_PILE, DISCARD_TARGET, DRAW_PILE, DRAW_TARGET, HAND, Target, grid_targets
from game.ui.wording import sentence
from scenes.base import AppScene, wake_the_app
from scenes.context import AppContext
from scenes.hints import TableHints
from scenes.names import GAMEOVER, HANDOFF, MENU, PAUSE, ROUND, SCORES
from scenes.score_overlay import draw_scores_button, scores_button_box, scores_button_hit

PILES_SPLIT = COLS // 2  # the keyboard cursor: columns left of this are under the draw pile, the rest under the discard
SKIP_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
STAND_IN_LEVEL = "normal"  # plays for a player on another computer who lost the connection, if the host asks
HANDOFF_PAUSE = 0.8  # seconds (at speed 1) the result of a move stays visible before "Pass to ..." covers it
CURSOR_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


class PlayScene(AppScene):
    name = "play"

    def __init__(self, app: AppContext, config: MatchConfig | None = None, state: GameState | None = None,
                 resumed: bool = False, table: Table | None = None, host: Any = None) -> None:
        """A table run here (`config` and `state`: a TableController with the app's store), or
        any other `table` of the same shape (a table hosted on another computer). `host`: the
        network host serving this table's remote seats (game.net.NetHost), pumped each frame."""
        super().__init__(app)
        self.host = host
        if table is None:
            if config is None or state is None:
                raise ValueError("a table needs a config and a state, or a table")
            table = TableController(config, state, app.store, resumed=resumed, speed=app.speed)
        self.table = table
        self.config, self.names = table.config, table.names
        self.hotseat = self.table.hotseat
        humans = [seat for seat in range(self.config.players) if table.is_human(seat)]
        self.viewer: int | None = humans[0] if humans else None  # whose eyes the screen shows (None: a spectator's)
        self.view = TableView(self.config.players, self.names, app.art, app.text)
        self.view.viewer = self.viewer
        # the seat the lines speak to as "you": the one human; in hot-seat every line names its player
        self.addressee: int | None = self.viewer if not self.hotseat else None
        self.view.speaks_to_viewer = not self.hotseat
        self.board = Board.from_view(self.table.view(self.viewer))
        self.anim = Animator(self.board, self.view, app.speed)
        self.anim.viewer = self.viewer
        self.anim.on_idle = self.resync
        self.anim.on_sound = app.sound.play_event
        self.discard_mode = False  # holding a drawn card and chose to discard it: pick a card to reveal
        self.message = ""  # a notice (save failure, bot problem, hint), shown in the banner line
        self.hints = TableHints(self)  # H: what the Hard computer player would do, and why
        self.guide = Guide(app.settings, app.save_settings)  # first game: explain each decision once
        self.guide.enabled = self.guide.enabled and app.guide_next
        app.guide_next = False
        self._cursor_opening: tuple[int, int] | None = None  # (round, seat) whose opening placed the cursor
        self._position = 0  # engine actions and deals announced so far (a pending target is for one of them)
        self._pending: tuple[Target, int] | None = None  # clicked during an animation: (target, position then)
        self._log: list[ev.Event] = []  # this round's engine events (the hand-off's recap tells them)
        self._read: dict[int, int] = {}  # human seat -> length of the log at its last hand-off
        self._settled = 0.0  # seconds (of animation time) the table has rested since the last move's animation
        self._changed = False  # the table said something since the last frame drawn
        self._away: set[int] = set()  # (hosting) remote seats whose player lost the connection
        self._views: dict[int | None, SeatView | PublicView] = {}  # the table's views since its last message
        for source in (self.host, self.table):  # a message from the network wakes a sleeping app
            if hasattr(source, "wake_with"):
                source.wake_with(wake_the_app)
        self.table.subscribe(self._on_table)
        self.table.start()  # a new game's deal is animated; a resumed game shows as it is
        if resumed:
            self.resync()

    @property
    def state(self) -> GameState:
        """The engine's state of a table run here (the round's replay and the record need it);
        a table hosted elsewhere has none: use `position()`."""
        state = getattr(self.table, "state", None)
        if state is None:
            raise AttributeError("this table is played on another computer: its state is not here")
        return state

    @property
    def seed(self) -> int:
        """The game's seed where it is known here (the hint bot's own chance derives from it)."""
        return self.state.seed if self.local else (self.config.seed or 0)

    @property
    def hosting(self) -> bool:
        """This screen serves players on other computers."""
        return self.host is not None

    def _watch_absent(self) -> None:
        """Say when a player on another computer loses the connection or comes back."""
        away = set(self.host.away)
        for seat in sorted(away - self._away):
            self.message = self.board.banner = _(
                "{name} lost the connection: the table waits (Esc: let a computer play)").format(name=self.names[seat])
        for seat in sorted(self._away - away):
            self.message = self.board.banner = _("{name} is back.").format(name=self.names[seat])
        if away != self._away:
            self._away, self._changed = away, True

    @property
    def stand_in(self) -> bool:
        """A computer plays for each absent player on another computer (hosting only)."""
        return self.host is not None and self.host.stand_in is not None

    @stand_in.setter
    def stand_in(self, on: bool) -> None:
        if self.host is not None:
            self.host.stand_in = STAND_IN_LEVEL if on else None

    @property
    def local(self) -> bool:
        """The engine runs here (not on another computer hosting the table)."""
        return getattr(self.table, "state", None) is not None

    def scoring(self) -> ScoreView | None:
        """The scores as the scoring screens read them: the public facts of the last round
        scored (None: a table hosted elsewhere that has scored no round yet)."""
        return score_view(self.state) if self.local else self.table.score_view()  # type: ignore[attr-defined]

    def position(self) -> SeatView | PublicView:
        """The engine's position (not the board, which lags behind while animations play) as
        the acting human may see it, else as the viewer sees it: what the screen decides on."""
        seat = self.table.acting_human()
        return self._view_of(self.viewer if seat is None else seat)

    def _view_of(self, seat: int | None) -> SeatView | PublicView:
        """The table's view for `seat`, made once per table message: prompts, targets and the
        frame loop ask for it many times a frame, and it changes only with a message."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.table.view(seat)
        return view

    @property
    def moves(self) -> int:
        """Engine actions and deals announced so far: a position's number."""
        return self._position

    @property
    def handoffs(self) -> int:
        """How many hand-off screens were shown (tests count them)."""
        return self.table.handoffs

    @property
    def scored_round(self) -> int:
        """The last round whose scoring screen was shown."""
        return self.table.scored_round

    @scored_round.setter
    def scored_round(self, value: int) -> None:  # a screen gallery pushes the scoring by hand
        self.table.scored_round = value

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.view.prepare(self.app.screen, self.board)  # loading: card art and table for this window

    def exit(self) -> None:
        self.hints.close()
        for source in (self.host, self.table):
            if hasattr(source, "wake_with"):
                source.wake_with(None)
        self.table.close()
        if self.host is not None:  # the players of a finished game stop; of an unfinished one, wait to rejoin
            self.host.close(final=self.position().phase == GAME_OVER)

    def resume(self) -> None:
        self.anim.speed = self.app.speed

    def resync(self) -> None:
        """The queue ran dry: the board shows exactly the engine's state for the viewer."""
        self.board.sync(self.table.view(self.viewer))
        self.board.banner = self.message

    # ------------------------------------------------------------------ the flow
    def update(self, dt: float) -> None:
        speed = self.app.speed
        self.anim.speed = self.table.speed = speed
        self.anim.reduced_motion = self.app.reduced_motion
        self.view.ui_scale = self.app.ui_scale
        if self.host is not None:
            self.host.pump()  # the remote seats' actions, played on this thread
            self._watch_absent()
        broken = getattr(self.table, "host_at_fault", None)
        if broken:  # a host that broke the protocol: nothing it said can be shown; say why at the menu
            self.app.notices.append(_("The network game stopped: {reason}").format(reason=broken))
            self.stack.reset(MENU)
            return
        self.anim.update(dt)
        self._settled = 0.0 if self.anim.busy else self._settled + dt * speed
        if not self.anim.busy:
            self._play_pending()
            self.hints.update()
            self.guide.watch(self.position(), self.acting_human(), watching=self.viewer is not None)
            scoring_tip = self.position().phase in (ROUND_OVER, GAME_OVER) and self.guide.holds("scoring")
            # a hand-off waits until the move's result (a card face up, a column gone) was seen
            shown = not self.table.handoff_due or self._settled >= HANDOFF_PAUSE or not speed
            if not scoring_tip and shown:  # (the scoring screen waits until the guide's tip is read)
                self.table.update(dt)
        self._opening_cursor()
        self._set_prompt()

    def wants_frames(self) -> bool:
        """Frames while something moves or the table has work: an animation, the hint bot
        thinking, a cue fading, a computer's turn, a hand-off or the round's end to announce.
        Idle while a human is to act (or a guide tip waits to be read): nothing changes until
        they do."""
        if self.anim.busy or self.anim.cueing or self.hints.thinking or self._changed:
            return True
        position = self.position()
        if position.phase in (ROUND_OVER, GAME_OVER):
            return self.scored_round != position.round and not self.guide.holds("scoring")
        # a computer here thinks (frames) / a player on another computer is to act (sleep: their
        # move wakes the app)
        return self.acting_human() is None and not self.table.waits_for_network

    def _on_table(self, message: TableMessage) -> None:
        """What the controller tells the screen, in the order it happens."""
        self._changed = True
        self._views.clear()
        match message:
            case TableEvents(events=events, action=action):
                self._position += 1  # a pending target chosen before this is stale now
                self._settled = 0.0
                for event in events:
                    if isinstance(event, ev.RoundDealt):
                        self._log, self._read = [], {}
                    self._log.append(event)
                if action is not None:
                    self.discard_mode = False
                    self.message = ""  # an action clears the last notice
                self.anim.add_events(list(events))
                if not events and action is None:  # where the game stands (a rejoined network seat)
                    self.resync()
            case Notice(sentence=said):
                self.message = self.board.banner = said.worded()
            case HandoffDue(seat=seat):
                recap = recap_lines(self._log[self._read.get(seat, 0):], seat, self.names)
                self._read[seat] = len(self._log)
                self.stack.push(HANDOFF, player=self.names[seat], recap=recap, on_done=lambda: self._set_viewer(seat))
            case RoundOver():
                self.stack.push(ROUND, play=self)
            case GameOver():
                if self.guide.enabled:
                    self.guide.finish()  # one guided game is enough
                if self.local:
                    self.stack.replace(GAMEOVER, config=self.config, state=self.state)
                else:
                    seats = tuple(replace(seat, name=name) for seat, name in zip(self.config.seats, self.names, strict=True))
                    self.stack.replace(GAMEOVER, config=replace(self.config, seats=seats), scores=self.scoring(),
                                       viewer=self.addressee)  # (with the names of those who joined since)

    def _set_viewer(self, seat: int) -> None:
        self.viewer = seat
        self.view.viewer = seat
        self.anim.viewer = seat
        self.view.cursor = None
        self._pending = None  # (input from the player before is not this player's)
        self._cursor_opening = None  # a hand-off at the opening: the cursor starts on this player's grid
        self.resync()

    def apply(self, action: Action) -> bool:
        """Play an action through the controller (it autosaves, and its events come back to be
        animated); a refused one is said in the notice line."""
        reason = self.table.play(action)
        if reason is not None:
            self.message = self.board.banner = reason
        return reason is None

    def next_round(self) -> None:
        """Called by the scoring overlay: deal the next round (or show the final results)."""
        self.table.next_round()

    # ------------------------------------------------------------------ human input
    def acting_human(self) -> int | None:
        """The seat whose human may act now (none while an animation plays)."""
        return None if self.anim.busy else self.table.acting_human()

    def action_for(self, target: Target | None) -> Action | None:
        """The action a click on `target` means for the acting human (None: nothing legal)."""
        return self._action(self.acting_human(), target)

    def _action(self, seat: int | None, target: Target | None) -> Action | None:
        """The action a click on `target` means for `seat` on the engine's position."""
        if seat is None or target is None:
            return None
        position = self._view_of(seat)
        if target.on_grid_of(seat):
            verb = FLIP if position.phase == OPENING else REVEAL if self.discard_mode else REPLACE
            action = Action(seat, verb, target.col, target.row)
        elif target.kind == DRAW_PILE:
            action = Action(seat, DRAW)
        elif target.kind == DISCARD_PILE and position.holding is None:
            action = Action(seat, TAKE)
        else:
            return None
        return action if isinstance(position, SeatView) and action in position.legal else None

    def _holding_drawn(self) -> bool:
        position = self.position()
        return position.holding is not None and position.source == SOURCE_DRAW

    def _face_down(self, seat: int) -> int:
        """How many of `seat`'s cards are face down in the engine's position."""
        return sum(1 for cell in self.position().grids[seat] if cell == "?")

    def _would_play(self, target: Target | None) -> bool:
        """Whether a click on `target` does something for the human to act on the engine's
        position, the table as it is once the board has caught up (a move, or choosing to
        discard the drawn card)."""
        seat = self.table.acting_human()
        if seat is None or target is None:
            return False
        if self._holding_drawn() and target.kind in (DISCARD_PILE, HAND):
            return target.kind == HAND or self._face_down(seat) > 0
        return self._action(seat, target) is not None

    def _queue(self, target: Target | None) -> None:
        """A click or Enter on `target` while an animation plays: skip the animation and keep
        the target for the position the engine is in (played by `_play_pending`)."""
        self.anim.skip()
        self._pending = None if target is None else (target, self._position)

    def _play_pending(self) -> None:
        """The board caught up: play the pending target if it is still a legal choice for the
        acting human on the position it was chosen for; else drop it silently."""
        pending, self._pending = self._pending, None
        if pending is None:
            return
        target, position = pending
        if position == self._position and self.acting_human() is not None and self._would_play(target):
            self.activate(target)

    def _is_move(self, event: pygame.event.Event) -> bool:
        """Whether a click or Enter/Space is a move on the table (played even when it
        dismisses a guide tip)."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if scores_button_hit(self, event.pos):
                return False
            return self._would_play(self.view.target_at(event.pos, self.board))
        if event.type == pygame.KEYDOWN and event.key in SKIP_KEYS:
            return (not self.anim.busy or event.key != pygame.K_SPACE) and self._would_play(self.view.cursor)
        return False

    def activate(self, target: Target | None) -> None:
        """A click or Enter on `target`."""
        seat = self.acting_human()
        if seat is None or target is None:
            return
        if self._holding_drawn() and target.kind in (DISCARD_PILE, HAND):
            self.discard_mode = not self.discard_mode if target.kind == DISCARD_PILE else False
            return
        action = self.action_for(target)
        if action is not None:
            self.apply(action)
        elif target.on_grid_of(seat):
            self.message = _("That card cannot be chosen now.") if not self.discard_mode else \
                _("Reveal a face-down card (or click the discard pile again to keep the card).")
            self.board.banner = self.message

    def legal_targets(self) -> set[Target]:
        seat = self.acting_human()
        if seat is None:
            return set()
        targets = {target for target in (*grid_targets(seat), DRAW_TARGET, DISCARD_TARGET)
                   if self.action_for(target) is not None}
        if self._holding_drawn() and self._face_down(seat):
            targets.add(DISCARD_TARGET)  # discard the drawn card (then reveal one)
        return targets

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.guide.handle_event(event, self._is_move):
            return True  # the key or click that dismisses a tip does nothing else, unless it is a move
        clicked = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        if clicked or (event.type == pygame.KEYDOWN and event.key not in CURSOR_KEYS and event.key != pygame.K_h):
            self._pending = None  # one pending target: a later decision replaces (or cancels) it
        if clicked and scores_button_hit(self, event.pos):
            self.show_scores()
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEMOTION:
            self.view.hover = self.view.target_at(event.pos, self.board)
            return True
        if clicked:
            if self.anim.busy:
                self._queue(self.view.target_at(event.pos, self.board))
            else:
                self.activate(self.view.target_at(event.pos, self.board))
            return True
        return False

    def _key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE:
            self.stack.push(PAUSE, play=self)
            return True
        if self.anim.busy and key in SKIP_KEYS:
            self._queue(self.view.cursor if key != pygame.K_SPACE else None)  # Space only skips
            return True
        if key in SKIP_KEYS:
            self.activate(self.view.cursor)
            return True
        if key in CURSOR_KEYS:
            self._move_cursor(*CURSOR_KEYS[key])
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
        self.stack.push(SCORES, play=self)

    def _move_cursor(self, dx: int, dy: int) -> None:
        """The cursor walks the acting (or watching) player's grid; above row 0 are the piles."""
        acting = self.acting_human()
        seat = acting if acting is not None else (self.viewer or 0)
        cursor = self.view.cursor
        if cursor is None or (cursor.is_cell and cursor.seat != seat):
            self.view.cursor = DRAW_TARGET
        elif cursor.col is not None and cursor.row is not None:  # a cell of the seat's grid
            col, row = cursor.col, cursor.row
            if row + dy < 0:
                self.view.cursor = DRAW_TARGET if col < PILES_SPLIT else DISCARD_TARGET
            else:
                self.view.cursor = Target.cell(seat, max(0, min(COLS - 1, col + dx)), max(0, min(ROWS - 1, row + dy)))
        elif dy > 0:
            self.view.cursor = Target.cell(seat, 0 if cursor.kind == DRAW_PILE else PILES_SPLIT, 0)
        elif dx:
            on_draw = cursor.kind == DRAW_PILE
            self.view.cursor = DISCARD_TARGET if on_draw and dx > 0 else DRAW_TARGET if dx < 0 else cursor

    def _opening_cursor(self) -> None:
        """When a human's opening flips begin (each round), the cursor starts on their own grid,
        on the first card they may flip: Enter flips it, the arrows pick another."""
        seat = self.acting_human()
        position = self.position()
        if seat is None or seat != self.viewer or position.phase != OPENING:
            return  # (hot-seat: not before the hand-off turned the screen to this player)
        turn = (position.round, seat)
        if self._cursor_opening == turn:
            return  # placed once: after that the cursor stays where the player moves it
        self._cursor_opening = turn
        self.view.cursor = next((t for t in grid_targets(seat) if self.action_for(t) is not None), self.view.cursor)

    # ------------------------------------------------------------------ words and drawing
    def _set_prompt(self) -> None:
        self.view.busy = self.anim.busy
        self.view.prompt = self.prompt()
        self.view.targets = self.legal_targets()

    def prompt(self) -> str:
        """What the player on screen may do now, in words."""
        state = self.position()
        seat = state.to_act
        if self.anim.busy:
            return _("Click or press Space to skip the animation")
        if seat is None:
            return _("The round is over")
        name = self.names[seat]
        last = _(" (last turn!)") if state.trigger is not None else ""
        if self.acting_human() is None:
            player = self.config.seats[seat]
            if player.is_human or player.is_remote:  # a person (here or on another computer) is not "thinking"
                return sentence("plays_next", seat, self.addressee, self.names)
            return _("{name} is thinking...").format(name=name)
        you = _("You") if not self.hotseat else name
        if state.phase == OPENING:
            up = sum(1 for cell in state.grids[seat] if cell != "?")
            if up >= 2:  # (the opening asks for two: a third is a tie's flip)
                return _("{you}: flip one more card to settle who starts").format(you=you)
            return (_("{you}: flip two of your cards") if up == 0 else _("{you}: flip one more card")).format(you=you)
        if state.holding is None:
            return _("{you}: take the discard ({card}) or draw a card").format(you=you, card=state.discard_top) + last
        if state.source == SOURCE_DISCARD:
            return _("{you}: place the {card} on one of your cards").format(you=you, card=state.holding) + last
        if self.discard_mode:
            return _("{you}: the {card} goes to the discard; pick a face-down card to reveal").format(
                you=you, card=state.holding) + last
        if self._face_down(seat) == 0:
            return _("{you}: place the {card} on one of your cards").format(you=you, card=state.holding) + last
        return _("{you}: place the {card}, or click the discard pile to discard it and reveal a card").format(
            you=you, card=state.holding) + last

    def draw(self, surface: pygame.Surface) -> None:
        self._changed = False
        self.view.notice_shown = self.guide.current is None  # a tip and a notice share the table's free corner
        self.view.draw(surface, self.board, self.anim.sprites)
        self.fit(surface)
        with inside(scores := self.viewport.rect(scores_button_box())):  # its label must stay on it
            draw_scores_button(self, surface)
        note_button(scores, "Scores (S)")
        self.guide.draw(self, surface, self.app.text, self.view.layout.tip, self.app.ui_scale)
