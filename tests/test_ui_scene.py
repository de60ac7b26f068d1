"""The scene stack: push/pop/replace, lifecycle calls, overlays drawn over the scene
beneath, and events falling through only where a scene lets them."""

import pytest

from game.ui.scene import Scene, SceneStack


class Recorder(Scene):
    def __init__(self, name, log, consume=(), overlay=False, passes=False, updates_below=False):
        super().__init__()
        self.name, self.log, self.consume = name, log, set(consume)
        self.overlay, self.passes_events, self.updates_below = overlay, passes, updates_below

    def enter(self):
        self.log.append((self.name, "enter"))

    def exit(self):
        self.log.append((self.name, "exit"))

    def pause(self):
        self.log.append((self.name, "pause"))

    def resume(self):
        self.log.append((self.name, "resume"))

    def handle_event(self, event):
        self.log.append((self.name, "event", event))
        return event in self.consume

    def update(self, dt):
        self.log.append((self.name, "update", dt))

    def draw(self, surface):
        surface.append(self.name)


def test_push_pop_call_lifecycle_in_order():
    log, stack = [], SceneStack()
    a, b = Recorder("a", log), Recorder("b", log)
    stack.push(a)
    stack.push(b)
    assert stack.top is b
    stack.pop()
    assert stack.top is a and not b.on_stack
    assert log == [("a", "enter"), ("a", "pause"), ("b", "enter"), ("b", "exit"), ("a", "resume")]


def test_replace_does_not_resume_the_scene_beneath():
    log, stack = [], SceneStack()
    stack.push(Recorder("a", log))
    stack.push(Recorder("b", log))
    log.clear()
    stack.replace(Recorder("c", log))
    assert log == [("b", "exit"), ("c", "enter")]
    assert [s.name for s in stack.scenes] == ["a", "c"]


def test_overlay_keeps_scene_beneath_drawn_but_opaque_scene_hides_it():
    log, stack = [], SceneStack()
    stack.push(Recorder("table", log))
    stack.push(Recorder("pause", log, overlay=True))
    drawn = []
    stack.draw(drawn)
    assert drawn == ["table", "pause"]
    stack.push(Recorder("handoff", log))
    drawn = []
    stack.draw(drawn)
    assert drawn == ["handoff"]


def test_only_top_updates_unless_it_lets_the_scene_beneath_run():
    log, stack = [], SceneStack()
    stack.push(Recorder("table", log))
    stack.push(Recorder("score", log, overlay=True, updates_below=True))
    stack.push(Recorder("pause", log, overlay=True))
    log.clear()
    stack.update(0.5)
    assert log == [("pause", "update", 0.5)]
    stack.pop()
    log.clear()
    stack.update(0.25)
    assert log == [("table", "update", 0.25), ("score", "update", 0.25)]


def test_events_fall_through_only_passing_scenes():
    log, stack = [], SceneStack()
    stack.push(Recorder("table", log, consume={"click"}))
    stack.push(Recorder("toast", log, overlay=True, passes=True, consume={"esc"}))
    log.clear()
    assert stack.handle_event("click") is True
    assert log == [("toast", "event", "click"), ("table", "event", "click")]
    log.clear()
    assert stack.handle_event("esc") is True
    assert log == [("toast", "event", "esc")]
    stack.push(Recorder("modal", log, overlay=True))
    log.clear()
    assert stack.handle_event("click") is False
    assert log == [("modal", "event", "click")]


def test_a_scene_can_close_itself_while_handling_an_event():
    log, stack = [], SceneStack()

    class Closer(Recorder):
        def handle_event(self, event):
            self.close()
            return False

    stack.push(Recorder("table", log, consume={"x"}))
    stack.push(Closer("popup", log, passes=True))
    assert stack.handle_event("x") is True  # the popup closed, the table still got the event
    assert [s.name for s in stack.scenes] == ["table"]
    assert ("table", "resume") in log


def test_a_scene_navigates_with_the_stack_it_is_on_and_says_so_when_it_is_on_none():
    log, stack = [], SceneStack({"menu": lambda: Recorder("menu", log)})
    popup = Recorder("popup", log)
    with pytest.raises(RuntimeError, match="'popup' is on no stack"):
        popup.stack.push("menu")  # made but never pushed
    stack.push(popup)
    assert popup.on_stack and popup.stack is stack
    popup.stack.replace("menu")
    assert not popup.on_stack and [s.name for s in stack.scenes] == ["menu"]
    with pytest.raises(RuntimeError, match="'popup' is on no stack"):
        popup.stack.push("menu")  # replaced: it no longer navigates
    assert [s.name for s in stack.scenes] == ["menu"]


def test_reset_and_find():
    log, stack = [], SceneStack()
    stack.push(Recorder("a", log))
    stack.push(Recorder("b", log))
    stack.reset(Recorder("menu", log))
    assert [s.name for s in stack.scenes] == ["menu"]
    assert stack.find(Recorder).name == "menu"
    assert stack.find(int) is None


# ---------------------------------------------------------------- scenes by name
def test_scenes_are_made_by_name_with_keyword_arguments():
    log, stack = [], SceneStack()
    stack.registry.register("table", lambda **kwargs: Recorder("table", log, **kwargs))
    stack.registry.register("menu", lambda: Recorder("menu", log))
    menu = stack.push("menu")
    table = stack.push("table", overlay=True)
    assert stack.scenes == [menu, table] and table.overlay
    again = stack.replace("table", passes=True)
    assert stack.scenes == [menu, again] and again.passes_events
    assert stack.find("menu") is menu and stack.find("pause") is None
    fresh = stack.reset("menu")
    assert stack.scenes == [fresh] and fresh is not menu


def test_a_scene_by_name_gets_positional_arguments_too():
    """The typed names allow what the scene's constructor allows, positions included."""
    log, stack = [], SceneStack()
    stack.registry.register("table", lambda *args, **kwargs: Recorder("table", log, *args, **kwargs))
    table = stack.push("table", {"x"}, overlay=True)
    assert table.consume == {"x"} and table.overlay
    with pytest.raises(TypeError):
        stack.push(Recorder("b", log), {"x"})  # arguments only go to a factory


def test_an_unknown_name_says_which_names_exist_and_changes_nothing():
    log, stack = [], SceneStack({"menu": lambda: Recorder("menu", log)})
    menu = stack.push("menu")
    with pytest.raises(KeyError, match=r"'pause'.*menu"):
        stack.reset("pause")
    assert stack.scenes == [menu]
    with pytest.raises(TypeError):
        stack.push(Recorder("b", log), overlay=True)  # keyword arguments only go to a factory


def test_every_registered_scene_is_registered_under_its_own_name():
    from skyjo.app import SCENES, scene_class

    assert {name: scene_class(name).name for name in SCENES} == {name: name for name in SCENES}


def test_the_typed_scene_names_are_the_registered_names_of_the_classes_they_type():
    """scenes/names.py tells the type checker which class each name makes; the app makes the
    class skyjo/app.py SCENES registers under it. A name typed as another class fails here."""
    import ast
    from pathlib import Path

    from scenes import names
    from skyjo.app import SCENES

    tree = ast.parse(Path(names.__file__).read_text(encoding="utf-8"))
    home = {alias.name: node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            for alias in node.names}
    typed = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                and getattr(node.value.func, "id", "") == "named"):
            name, lambda_ = node.value.args
            constant = node.targets[0].id
            assert getattr(names, constant) == name.value  # the constant is the name at run time
            typed[name.value] = f"{home[lambda_.body.id]}:{lambda_.body.id}"
    assert typed == SCENES
