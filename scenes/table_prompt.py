"""The play screen's prompt: what the player on screen may do now, in words. It follows what the
table shows: while a move still animates, it names no later turn than the plates do."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _
from game.rules import HIDDEN, OPENING, SOURCE_DISCARD
from game.ui.wording import card_words, sentence

if TYPE_CHECKING:
    from scenes.play import PlayScene

SKIP_HINT_AFTER = 1.5  # seconds of one unbroken run of animations before the prompt offers to skip them


def table_prompt(play: PlayScene) -> str:  # noqa: C901 - one sentence per moment of a turn, the first that applies
    """What the player on screen may do now, in words."""
    state = play.position()
    seat = state.to_act
    animating = _while_animating(play, seat)
    if animating is not None:
        return animating
    if seat is None:
        return _("The round is over")
    if play.table.link.offline:  # whose turn it is may have moved on at the host meanwhile
        return _("Connection lost: reconnecting…")
    name = play.names[seat]
    last = _(" (last turn!)") if state.trigger is not None else ""
    if play.table.acting_human() is None:  # (during an animation: what comes once it ends)
        player = play.config.seats[seat]
        if player.is_human or player.is_remote:  # a person (here or on another computer) is not "thinking"
            return sentence("plays_next", seat, play.addressee, play.names)
        return _("{name} is thinking...").format(name=name)
    you = _("You") if not play.table.hotseat else name
    if state.phase == OPENING:
        up = sum(1 for cell in state.grids[seat] if cell != HIDDEN)
        if up >= 2:  # (the opening asks for two: a third is a tie's flip)
            return _("{you}: flip one more card to settle who starts").format(you=you)
        return (_("{you}: flip two of your cards") if up == 0 else _("{you}: flip one more card")).format(you=you)
    if state.holding is None:
        choice = _("{you}: take the discard ({card}) or draw a card")
        return choice.format(you=you, card=_card(state.discard_top)) + last
    if state.source == SOURCE_DISCARD:
        if play.table.can_take_back:
            return _("{you}: place the {card}, or click the discard pile to put it back").format(
                you=you, card=_card(state.holding)) + last
        return _("{you}: place the {card} on one of your cards").format(you=you, card=_card(state.holding)) + last
    if play.input.discard_mode:
        return _("{you}: the {card} goes to the discard; pick a face-down card to reveal").format(
            you=you, card=_card(state.holding)) + last
    if play.input.face_down(seat) == 0:
        return _("{you}: place the {card} on one of your cards").format(you=you, card=_card(state.holding)) + last
    return _("{you}: place the {card}, or click the discard pile to discard it and reveal a card").format(
        you=you, card=_card(state.holding)) + last


def _while_animating(play: PlayScene, seat: int | None) -> str | None:
    """The prompt while a move animates, if it is not the position's: the offer to skip a long
    run (a deal, the final reveal), or the words as they were while the table still shows the
    turn before (a card in the air, the plate saying "to play"): they wait for it rather than
    run ahead ("Alex is thinking..." over Camille's move)."""
    if not play.anim.busy:
        return None
    if play.pace.animating >= SKIP_HINT_AFTER:
        return _("Click or press Space to skip the animation")
    return play.view.marks.prompt if play.board.to_act != seat else None


def _card(value: object) -> str:
    """A card's value as said on the table (with its minus sign); anything else as it is."""
    return card_words(value) if isinstance(value, int) else str(value)
