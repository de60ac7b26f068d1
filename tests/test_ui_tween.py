"""Tweens advanced by hand with a fixed dt: values, easing registry, delays, callbacks, skipping."""

import pytest

from game.ui.tween import EASINGS, Ease, Tween, Tweener, get_easing


class Thing:
    def __init__(self):
        self.x = 0.0
        self.y = 10.0


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_every_easing_starts_at_zero_and_ends_at_one(name):
    function = get_easing(name)
    assert function(0.0) == pytest.approx(0.0, abs=1e-9)
    assert function(1.0) == pytest.approx(1.0, abs=1e-9)


def test_unknown_easing_is_a_plain_error():
    with pytest.raises(ValueError, match="unknown easing 'wobble'"):
        Tween(Thing(), 1.0, "wobble", x=1)


def test_linear_tween_stepped_by_hand():
    thing = Thing()
    tween = Tween(thing, 2.0, "linear", x=100.0, y=0.0)
    tween.step(0.5)
    assert (thing.x, thing.y) == pytest.approx((25.0, 7.5))
    tween.step(1.0)
    assert thing.x == pytest.approx(75.0)
    assert not tween.done
    tween.step(1.0)
    assert (thing.x, thing.y) == (100.0, 0.0) and tween.done


def test_easing_shapes_the_path():
    thing = Thing()
    Tween(thing, 1.0, "in_quad", x=100.0).step(0.5)
    assert thing.x == pytest.approx(25.0)
    other = Thing()
    Tween(other, 1.0, "out_quad", x=100.0).step(0.5)
    assert other.x == pytest.approx(75.0)


def test_delay_reads_start_value_late_and_on_finished_runs_once():
    thing, calls = Thing(), []
    first = Tween(thing, 1.0, "linear", x=10.0)
    second = Tween(thing, 1.0, "linear", delay=1.0, on_finished=lambda: calls.append("done"), x=20.0)
    for _ in range(4):
        first.step(0.5)
        second.step(0.5)
    assert thing.x == pytest.approx(20.0)
    assert calls == ["done"]
    second.step(1.0)
    second.finish()
    assert calls == ["done"]


def test_tweener_drops_finished_and_keeps_tweens_added_by_callbacks():
    thing, tweener = Thing(), Tweener()
    tweener.animate(thing, 0.5, "linear", on_finished=lambda: tweener.animate(thing, 0.5, "linear", x=0.0), x=50.0)
    tweener.step(0.5)
    assert thing.x == 50.0 and tweener.busy and len(tweener.tweens) == 1
    tweener.step(0.25)
    assert thing.x == pytest.approx(25.0)
    tweener.step(0.25)
    assert not tweener.busy and thing.x == 0.0


def test_finish_all_skips_to_the_end_through_chained_callbacks():
    thing, tweener, calls = Thing(), Tweener(), []

    def chain():
        calls.append("first")
        tweener.animate(thing, 3.0, on_finished=lambda: calls.append("second"), y=-5.0)

    tweener.animate(thing, 3.0, on_finished=chain, x=9.0)
    tweener.finish_all()
    assert (thing.x, thing.y) == (9.0, -5.0)
    assert calls == ["first", "second"] and not tweener.busy


def test_negative_duration_is_refused():
    with pytest.raises(ValueError):
        Tween(Thing(), -1.0, x=1)


def test_every_easing_named_has_its_shape():
    """A tween is shaped by an Ease member (or its name); each one has its function."""
    assert set(EASINGS) == set(Ease)
    assert get_easing(Ease.OUT_QUAD) is get_easing("out_quad")
