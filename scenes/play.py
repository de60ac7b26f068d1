"""The table screen: input and drawing over a `Table` (game/table/shape.py): a table run here
(`TableController`: engine, computer seats, think pauses, autosave, statistics, hot-seat
turns), one served to other computers too, or a seat at one hosted elsewhere. The screen
knows only the contract, never which kind it holds.

The screen sends the player's actions in (`apply`) and observes the table's messages:
engine events are animated, notices shown, a hand-off or the round's scoring pushed. It
lets the table advance only while no animation plays, so every move is seen. What a click
or a key means, the cursor and the pending click kept while an animation plays:
scenes/table_input.py; the one notice line: scenes/table_notice.py; the H key: scenes/hints.py;
what the table said since the last frame: scenes/table_news.py. The overlays over the table
(pause, score sheet, round scoring) are given the table, not this screen.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from game.i18n import _
from game.match import MatchConfig
from game.rules import (
    GAME_OVER,
    ROUND_OVER,
    Action,
    GameState,
    PublicView,
    SeatView,
)
from game.rules import events as ev
from game.table import (
    GameOver,
    HandoffDue,
    Notice,
    RoundOver,
    Table,
    TableController,
    TableEvents,
    TableMessage,
    TakenBack,
)
from game.ui.guide import Guide, topic_text
from game.ui.ink import inside, note_button
from game.ui.recap import by_player, draw_recap
from game.ui.refusals import word_refusal
from game.ui.table_anim import Animator
from game.ui.table_view import Board, TableView
from game.ui.targets import Target
from scenes.away import AwaySeats
from scenes.base import AppScene, wake_the_app
from scenes.context import AppContext
from scenes.doubling_question import WarnedSeats, profile_strength, question_words
from scenes.hints import TableHints
from scenes.names import DOUBLING, GAMEOVER, HANDOFF, MENU, PAUSE, ROUND, SCORES
from scenes.score_overlay import draw_scores_button, scores_button_box
from scenes.table_input import Command, Hover, Intent, Play, Say, TableInput
from scenes.table_news import TableNews
from scenes.table_notice import NoticeLine
from scenes.table_prompt import table_prompt
from scenes.table_recap import TableRecap
from scenes.table_speech import TableSpeech

HANDOFF_PAUSE = 0.8  # seconds (at speed 1) the result of a move stays visible before "Pass to ..." covers it
# Without the pass screen (settings.pass_screen off) the table turns to the next player and the
# recap of the others' moves shows in the table's free corner (clear of the grids, the piles and
# the prompt) until that player's first move of the turn: it tells what changed while they
# decide, a timer would take it from a slow reader, and once they have moved it is history.


@dataclass
class Pace:
    """How long the animations have run, and how long the table has rested since: the prompt
    offers to skip a long run, and a hand-off waits until the move's result was seen."""

    settled: float = 0.0  # seconds (of animation time) the table has rested since the last move's animation
    animating: float = 0.0  # seconds (real time) the animations have run without a rest

    def tick(self, dt: float, busy: bool, speed: float) -> None:
        self.settled = 0.0 if busy else self.settled + dt * speed
        self.animating = self.animating + dt if busy else 0.0

    def moved(self) -> None:
        """A move was announced: its result is still to be seen."""
        self.settled = 0.0


class PlayScene(AppScene):
    name = "play"

    def __init__(self, app: AppContext, config: MatchConfig | None = None, state: GameState | None = None,
                 resumed: bool = False, table: Table | None = None) -> None:
        """A table run here (`config` and `state`: a TableController with the app's store), or
        any other `table` (one also served to other computers, a seat at one hosted elsewhere)."""
        super().__init__(app)
        if table is None:
            if config is None or state is None:
                raise ValueError("a table needs a config and a state, or a table")
            table = TableController(config, state, app.store, resumed=resumed, speed=app.speed)
        self.table = table
        humans = [seat for seat in range(self.config.players) if table.is_human(seat)]
        viewer = humans[0] if humans else None  # whose eyes the screen shows (None: a spectator's)
        self.view = TableView(self.config.players, self.names, app.art, app.text, self.config.identities())
        self.view.viewer = viewer
        # the seat the lines speak to as "you": the one human; in hot-seat every line names its player
        self.addressee: int | None = viewer if not table.hotseat else None
        self.view.speaks_to_viewer = not table.hotseat
        self.board = Board.from_view(self.table.view(viewer))
        self.anim = Animator(self.board, self.view, app.speed)  # (it sees through the view's eyes)
        self.anim.on_idle = self._resync
        self.anim.on_sound = app.sound.play_event
        self.notice = NoticeLine(self.board)  # a save failure, a bot problem, a refusal, a hint
        self.news = TableNews(table)  # what the table said: the moves so far, its views now
        self.pace = Pace()
        # what a click or a key means, the cursor, the discard choice (it reads this screen, and
        # returns what to do: `_carry_out`)
        self.input = TableInput(self, lambda pos: self.view.target_at(pos, self.board))
        self.hints = TableHints(self, self.notice, self.input.point_at)  # H: what Hard would do, and why
        self.guide = Guide(app.settings, app.save_settings)  # first game: explain each decision once
        # a new game explains to each of its people new to the guide (none new: the pause menu says it is off)
        self.guide.enabled = app.guide_next and any(self.guide.explains_to(self.names[seat]) for seat in humans)
        app.guide_next = False
        # the warning before a doubled round: each person by their own profile (issue 48)
        profiles = None if app.store is None else app.store.stats.profiles.strengths
        people = profile_strength(profiles, [self.names[seat] for seat in humans])
        self.warned = WarnedSeats(lambda: app.settings.warn_doubling, self.guide, people)
        self.recap = TableRecap(humans if resumed else ())  # what each hand-off tells, or the table beside it
        self._away = AwaySeats()  # (hosting) remote seats whose player lost the connection, as last said
        self.speech = TableSpeech(self, app.voice, lambda: self.input.cursor)  # Read aloud (issue 50)
        self.table.link.wake_with(wake_the_app)  # a message from another computer wakes a sleeping app
        self.table.subscribe(self._on_table)
        self.table.start()  # a new game's deal is animated; a resumed game shows as it is
        if resumed:
            self._resync()

    @property
    def config(self) -> MatchConfig:
        return self.table.config

    @property
    def names(self) -> list[str]:
        """The players' names by seat (the table's own list: a name taken by a joining player shows at once)."""
        return self.table.names

    @property
    def state(self) -> GameState:
        """The engine's state of a game played here (tests and the self-test check it)."""
        record = self.table.record
        if record is None:
            raise AttributeError("this table is played on another computer: its state is not here")
        return record

    @property
    def viewer(self) -> int | None:
        """Whose eyes the screen shows (None: a spectator's)."""
        return self.view.viewer

    def position(self) -> SeatView | PublicView:
        """The engine's position (not the board, which lags behind while animations play) as
        the acting human may see it, else as the viewer sees it: what the screen decides on."""
        seat = self.table.acting_human()
        return self.view_of(self.viewer if seat is None else seat)

    def view_of(self, seat: int | None) -> SeatView | PublicView:
        """The table's view for `seat` (made once per table message: scenes/table_news.py)."""
        return self.news.view_of(seat)

    @property
    def moves(self) -> int:
        """Engine actions and deals announced so far: a position's number."""
        return self.news.moves

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.view.prepare(self.app.screen, self.board)  # loading: card art and table for this window

    def exit(self) -> None:
        self.hints.close()
        self.table.link.wake_with(None)
        self.table.close()  # (a finished game's players on other computers stop; of an unfinished one, wait to rejoin)
        self.view.close()  # the table's pictures go with it

    def resume(self) -> None:
        self.anim.speed = self.app.speed

    def _resync(self) -> None:
        """The queue ran dry: the board shows exactly the engine's state for the viewer."""
        self.board.sync(self.table.view(self.viewer))
        self.notice.show()

    # ------------------------------------------------------------------ the flow
    def update(self, dt: float) -> None:
        speed = self.app.speed
        self.anim.speed = self.table.speed = speed
        self.anim.reduced_motion = self.app.reduced_motion
        self.view.ui_scale = self.app.ui_scale
        self.table.link.receive()  # the actions of players on other computers, played on this thread
        self._watch_absent()
        broken = self.table.link.broken
        if broken:  # a host that broke the protocol: nothing it said can be shown; say why at the menu
            self.app.notices.append(_("The network game stopped: {reason}").format(reason=broken))
            self.stack.reset(MENU)
            return
        if self.table.link.offline and self.board.cues:
            # reconnecting: "Robin drew a card" is from before the connection broke, and stayed up
            # (issue 48); the prompt says what is going on
            self.anim.cues.forget()
        self.anim.update(dt)
        self.pace.tick(dt, self.anim.busy, speed)
        if not self.anim.busy:
            self._carry_out(self.input.play_pending())
            self.hints.update()
            self.guide.watch(self.position(), self.acting_human(), watching=self.viewer is not None,
                             player=self._at_screen())
            # the scoring screen waits until the guide's tip is read: the scoring one, or one still up
            # from the last turns (under the scores it would go unread, then show over the next deal)
            tip_to_read = self.position().phase in (ROUND_OVER, GAME_OVER) and self.guide.current is not None
            # a hand-off waits until the move's result (a card face up, a column gone) was seen
            shown = not self.table.handoff_due or self.pace.settled >= HANDOFF_PAUSE or not speed
            if not tip_to_read and shown and not self.speech.holds(speed):  # (each move heard, with Read aloud)
                self.table.update(dt)
        self.input.opening_cursor()
        self._set_prompt()
        tip = topic_text(self.guide.current) if self.guide.current is not None else ""
        self.speech.update(self.anim.busy, self.notice.line, tip, on_top=self.on_stack and self.stack.top is self)

    def _watch_absent(self) -> None:
        """Say when a player on another computer loses the connection or comes back."""
        line = self._away.news(self.table.link.away_seats, self.names)
        if line is not None:
            self.notice.say(line)
            self.news.changed = True  # (a frame to show it)

    def wants_frames(self) -> bool:
        """Frames while something moves or the table has work: an animation, the hint bot
        thinking, a cue fading, a computer's turn, a hand-off or the round's end to announce.
        Idle while a human is to act (or a guide tip waits to be read): nothing changes until
        they do."""
        if self.anim.busy or self.anim.cueing or self.hints.thinking or self.news.changed or self.speech.holds(1.0):
            return True
        position = self.position()
        if position.phase in (ROUND_OVER, GAME_OVER):
            return self.table.scored_round != position.round and self.guide.current is None
        # a computer here thinks (frames) / a player on another computer is to act (sleep: their
        # move wakes the app)
        return self.acting_human() is None and not self.table.waits_for_network

    def _on_table(self, message: TableMessage) -> None:
        """What the controller tells the screen, in the order it happens."""
        self.news.heard()
        self.speech.heard(message)
        match message:
            case TableEvents(events=events, action=action):
                self._moved(events, action)
            case TakenBack(seat=seat, card=card):
                self._taken_back(seat, card)
            case Notice(sentence=said):
                self.notice.say(said.worded())
            case HandoffDue(seat=seat):
                self._hand_off(seat)
            case RoundOver():
                self.stack.push(ROUND, table=self.table, addressee=self.addressee)
            case GameOver():
                self._game_over()

    def _moved(self, events: tuple[ev.Event, ...], action: Action | None) -> None:
        """Engine events to animate (`action`: a player's move; none: the table's own, a deal)."""
        self.news.moved()  # a pending target chosen before this is stale now
        self.pace.moved()
        self.recap.heard(events)
        if action is not None:
            self.recap.moved()
            self.input.moved()
            self.notice.clear()  # an action clears the last notice
        self.anim.add_events(list(events))
        if not events and action is None:  # where the game stands (a rejoined network seat)
            self._resync()

    def _hand_off(self, seat: int) -> None:
        """The next human at this screen is `seat`'s player: "Pass to ...", or the table turns at once."""
        recap = self.recap.handed_to(seat, self.names)
        if self.app.settings.pass_screen:
            self.stack.push(HANDOFF, player=self.names[seat], recap=recap, identity=self.config.identity(seat),
                            on_done=lambda: self._set_viewer(seat))
        else:  # Skyjo hides no hand: the table turns to them at once, the recap beside it
            self._set_viewer(seat)
            self.recap.beside(recap)

    def _game_over(self) -> None:
        if self.guide.enabled:  # one guided game is enough for each of its players
            self.guide.finish([self.names[seat] for seat in range(self.config.players) if self.table.is_human(seat)])
        # the record where the game was played here, else its public scores (with the names of
        # those who joined since)
        seats = tuple(replace(seat, name=name) for seat, name in zip(self.config.seats, self.names, strict=True))
        self.stack.replace(GAMEOVER, config=replace(self.config, seats=seats), state=self.table.record,
                           scores=self.table.score_view(), viewer=self.addressee)

    def _at_screen(self) -> str:
        """The name of the person at the screen (the acting human's, else the viewer's): whom the guide speaks to."""
        seat = self.acting_human()
        seat = self.viewer if seat is None else seat
        return "" if seat is None else self.names[seat]

    def _set_viewer(self, seat: int) -> None:
        self.view.viewer = seat  # (the animations see through the view's eyes)
        self.input.forget()
        self._resync()

    def apply(self, action: Action) -> bool:
        """Play an action through the table (a table run here autosaves; its events come back
        to be animated); a refused one is said in the notice line."""
        reason = self.table.play(action)
        if reason is not None:
            self.notice.say(word_refusal(reason))  # the player's language
        return reason is None

    def _taken_back(self, seat: int, card: int) -> None:
        """The card flies back to the discard pile and the turn starts over; the recap forgets
        the take (the game record never held it)."""
        self.news.moved()  # a pending target chosen while holding the card is stale now
        self.pace.moved()
        self.recap.taken_back()
        self.input.moved()
        self.notice.clear()
        self.anim.add_events([ev.CardDiscarded(seat, card)])

    # ------------------------------------------------------------------ human input (scenes/table_input.py)
    def acting_human(self) -> int | None:
        """The seat whose human may act now (none while an animation plays)."""
        return None if self.anim.busy else self.table.acting_human()

    @property
    def busy(self) -> bool:
        """An animation plays (the table waits; a click or a key skips it)."""
        return self.anim.busy

    def activate(self, target: Target | None) -> None:
        """A click or Enter on `target`."""
        self._carry_out(self.input.activate(target))

    def legal_targets(self) -> set[Target]:
        return self.input.legal_targets()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.speech.ask(event):
            return True  # a key that asks (Read aloud: scenes/table_speech.py) is answered, a tip left up
        if self.guide.handle_event(event, self.input.passes_tip):
            return True  # the key or click that dismisses a tip does nothing else, unless it means something
        intents = self.input.read(event)
        if intents is None:
            return False
        self._carry_out(intents)
        return True

    def _carry_out(self, intents: tuple[Intent, ...]) -> None:
        """Do what the input asks (scenes/table_input.py reads the keys and clicks; this screen acts)."""
        for intent in intents:
            match intent:
                case Play(action=action):
                    self._play(action)
                case Say(line=line):
                    self.notice.say(line)
                case Hover(pos=pos):
                    self.view.point_at(pos, self.board)
                case Command.SKIP:
                    self.anim.skip()
                case Command.TAKE_BACK:
                    self._take_back()
                case Command.PAUSE:
                    self.stack.push(PAUSE, table=self.table, guide=self.guide)
                case Command.SCORES:
                    self.stack.push(SCORES, table=self.table)
                case Command.HINT:
                    self.hints.ask()

    def _play(self, action: Action) -> None:
        """A person's chosen move: asked about first when it would end the round with their
        score doubled (scenes/doubling_question.py), else played at once."""
        warning = self.warned.warning(self.view_of(action.seat), action, self.names[action.seat])
        if warning is None:
            self.apply(action)
            return
        question, go = question_words(warning, action, self.names)
        self.stack.push(DOUBLING, question=question, go=go, on_go=lambda: self.apply(action),
                        on_back=self.input.choose_again, player="" if self.addressee is not None else
                        self.names[action.seat])

    def _take_back(self) -> None:
        """Put the discard just taken back on its pile; a refusal is said in the notice line."""
        reason = self.table.take_back()
        if reason is not None:
            self.notice.say(word_refusal(reason))  # the player's language

    # ------------------------------------------------------------------ words and drawing
    def _set_prompt(self) -> None:
        """The prompt and the legal targets as the table stands after this update, handed to the view."""
        self.view.marks = replace(self.view.marks, prompt=self.prompt(), busy=self.anim.busy,
                                  targets=frozenset(self.legal_targets()))

    def prompt(self) -> str:
        """What the player on screen may do now, in words (scenes/table_prompt.py)."""
        return table_prompt(self)

    def draw(self, surface: pygame.Surface) -> None:
        self.news.changed = False
        # a tip, the recap and a notice share the table's free corner (a tip first, then the recap)
        # (a hint asked for with H takes the corner from the recap until the move: it was asked for)
        hinting = self.notice.hinting
        recap = self.recap.shown and not hinting
        # the corner's owner and the cursor (the input's) as they are now, even under an overlay
        self.view.marks = replace(self.view.marks, notice_shown=self.guide.current is None and not recap,
                                  cursor=self.input.cursor)
        self.view.draw(surface, self.board, self.anim.sprites)
        self.fit(surface)
        if recap and self.guide.current is None:
            draw_recap(surface, self.app.text, self.viewport.rect(self.view.layout.tip),
                       self.viewport.scale * self.app.ui_scale, _("Since your last turn:"),
                       by_player(self.recap.shown, self.names), self.app.ui_scale)
        with inside(scores := self.viewport.rect(scores_button_box())):  # its label must stay on it
            draw_scores_button(self, surface)
        note_button(scores, "Scores (S)")
        self.guide.draw(self, surface, self.app.text, self.view.layout.tip, self.app.ui_scale)
