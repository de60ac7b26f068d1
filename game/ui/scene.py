"""A stack of scenes: the top one gets input; overlays keep the scenes beneath drawn.

Each scene has plain lifecycle verbs: `enter` (pushed), `exit` (popped), `pause` (another
scene was pushed on top), `resume` (it is on top again), `handle_event`, `update(dt)` with dt
in seconds, and `draw(surface)`. `wants_frames()` says whether the scene has something moving
or to do: the app draws at its full frame rate only while one does, and otherwise sleeps until
input arrives (skyjo/app.py), so an idle screen costs next to no CPU.

Scenes reach each other by name: the composition root registers a factory per scene name
(`stack.registry.register("play", factory)`), and a scene asks for the next one with
`stack.push(PLAY, config=..., state=...)` (also `replace`, `reset`, `find`). The arguments go
to the factory, so scenes hand data to each other without importing each other. A name is a
`SceneName`: a plain string to the stack, and to the type checker the scene it makes, so the
arguments are checked against that scene's constructor and `push` returns that scene's type
(the names: scenes/names.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, ParamSpec, TypeVar, overload

import pygame

#: makes a scene from the arguments it was asked for with (the root binds the application context)
SceneFactory = Callable[..., "Scene"]

Args = ParamSpec("Args")
S = TypeVar("S", bound="Scene")


class SceneName(str, Generic[Args, S]):
    """The name a scene is registered under. At run time it is the string itself; to the type
    checker it also carries the scene's class (`S`) and the arguments its factory takes
    (`Args`), so `stack.push(name, ...)` is checked and returns an `S`. Made by
    scenes/names.py, which reads both from the scene's constructor."""


class Scene:
    """Base class; every verb does nothing by default."""

    #: the name the scene is registered under (the stack's registry, tests, the self-test)
    name: str = ""

    #: drawn over the scene beneath (which stays visible), e.g. a pause menu
    overlay: bool = False
    #: an event the scene does not consume goes on to the scene beneath
    passes_events: bool = False
    #: the scene beneath keeps updating (animations continue under an overlay)
    updates_below: bool = False
    #: a click counts only if the button was pressed on this scene: a screen the game opens by
    #: itself (the round's scores, the final results) must not take the release of a click the
    #: player began on the screen before, which was meant for that one
    own_clicks_only: bool = False

    def __init__(self) -> None:
        self._stack: SceneStack | None = None  # set and cleared by the stack alone

    @property
    def stack(self) -> SceneStack:
        """The stack this scene is on, to navigate with (a scene only acts while it is on one)."""
        if self._stack is None:
            raise RuntimeError(f"the scene {self.name or type(self).__name__!r} is on no stack: push it first")
        return self._stack

    @property
    def on_stack(self) -> bool:
        """True from push until it is popped, replaced or removed."""
        return self._stack is not None

    def enter(self) -> None:
        """Called once when pushed."""

    def exit(self) -> None:
        """Called once when popped or replaced."""

    def pause(self) -> None:
        """Another scene went on top of this one."""

    def resume(self) -> None:
        """This scene is on top again."""

    def handle_event(self, event: Any) -> bool:
        """Return True when the event was used (it then goes no further)."""
        return False

    def update(self, dt: float) -> None:
        """Advance by dt seconds."""

    def draw(self, surface: Any) -> None:
        """Draw the whole scene (or, for an overlay, what goes over the scene beneath)."""

    def wants_frames(self) -> bool:
        """True while the scene needs `update` every frame: an animation plays, a computer
        thinks, a timer runs. False (the default): it changes only on input, so the app may
        sleep until the next event and draw nothing meanwhile."""
        return False

    def close(self) -> None:
        """Remove this scene from its stack (the top or not)."""
        if self._stack is not None:
            self._stack.remove(self)


class SceneRegistry:
    """The factory that makes a scene by name: one maker per name, registered by the
    composition root (or a test), asked by the stack when a scene is given by name."""

    def __init__(self, factories: Mapping[str, SceneFactory] | None = None) -> None:
        self._factories: dict[str, SceneFactory] = dict(factories or {})

    def register(self, name: str, factory: SceneFactory) -> None:
        """`factory(*args, **kwargs)` makes the scene called `name` (a second call replaces it)."""
        self._factories[name] = factory

    def make(self, name: str, /, *args: object, **kwargs: object) -> Scene:
        """A new scene by name, made by its factory from the arguments (unchecked: to navigate,
        the stack's `push`, `replace` and `reset` check a `SceneName`'s arguments)."""
        factory = self._factories.get(name)
        if factory is None:
            raise KeyError(f"no scene named {name!r}; registered: {', '.join(sorted(self._factories)) or 'none'}")
        return factory(*args, **kwargs)

    def scene(self, scene: Scene | str, args: tuple[object, ...], kwargs: dict[str, object]) -> Scene:
        """`scene` itself, or a new one when it is a name (the arguments are a name's alone)."""
        if isinstance(scene, str):
            return self.make(scene, *args, **kwargs)
        if args or kwargs:
            raise TypeError("arguments are for a scene given by name")
        return scene


class ClickOrigin:
    """Which scene a mouse click began on: a scene that takes only its own clicks must not
    take the release of a click pressed while another scene was on top."""

    def __init__(self) -> None:
        self._pressed_on: Scene | None = None  # the top scene when the mouse button last went down

    def begun_elsewhere(self, event: Any, top: Scene | None) -> bool:
        """Whether `event` releases the mouse button pressed while another scene than `top` was
        on top, and `top` takes only its own clicks."""
        kind, button = getattr(event, "type", None), getattr(event, "button", None)
        if kind == pygame.MOUSEBUTTONDOWN and button == 1:
            self._pressed_on = top
        elif kind == pygame.MOUSEBUTTONUP and button == 1:
            pressed_on, self._pressed_on = self._pressed_on, None
            return top is not None and top.own_clicks_only and pressed_on is not top
        return False


class SceneStack:
    """Scenes bottom to top. Changes made while handling an event take effect at once,
    but iteration always runs over a snapshot so a scene can pop itself safely.

    Its parts: `registry`, which makes a scene given by name, and the origin of the last
    click (for the scenes that take only their own clicks)."""

    def __init__(self, factories: Mapping[str, SceneFactory] | None = None) -> None:
        self.scenes: list[Scene] = []
        self.registry = SceneRegistry(factories)
        self._clicks = ClickOrigin()

    # ------------------------------------------------------------------ the stack
    def __len__(self) -> int:
        return len(self.scenes)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    # To the type checker a scene goes by a SceneName and the arguments its class takes (a plain
    # string still works at run time, unchecked: the tests name scenes so).
    @overload
    def push(self, scene: S, /) -> S: ...
    @overload
    def push(self, scene: SceneName[Args, S], /, *args: Args.args, **kwargs: Args.kwargs) -> S: ...

    def push(self, scene: Scene | str, /, *args: object, **kwargs: object) -> Scene:
        """Put a scene (or a new one by name, made from the arguments) on top."""
        scene = self.registry.scene(scene, args, kwargs)
        if self.scenes:
            self.scenes[-1].pause()
        scene._stack = self
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        scene._stack = None
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def remove(self, scene: Scene) -> None:
        if scene not in self.scenes:
            return
        if scene is self.top:
            self.pop()
            return
        self.scenes.remove(scene)
        scene.exit()
        scene._stack = None

    @overload
    def replace(self, scene: S, /) -> S: ...
    @overload
    def replace(self, scene: SceneName[Args, S], /, *args: Args.args, **kwargs: Args.kwargs) -> S: ...

    def replace(self, scene: Scene | str, /, *args: object, **kwargs: object) -> Scene:
        """Pop the top scene and push `scene` (the one beneath is not resumed in between)."""
        scene = self.registry.scene(scene, args, kwargs)
        if self.scenes:
            old = self.scenes.pop()
            old.exit()
            old._stack = None
        scene._stack = self
        self.scenes.append(scene)
        scene.enter()
        return scene

    def clear(self) -> None:
        while self.scenes:
            scene = self.scenes.pop()
            scene.exit()
            scene._stack = None

    @overload
    def reset(self, scene: S, /) -> S: ...
    @overload
    def reset(self, scene: SceneName[Args, S], /, *args: Args.args, **kwargs: Args.kwargs) -> S: ...

    def reset(self, scene: Scene | str, /, *args: object, **kwargs: object) -> Scene:
        """Empty the stack and start again from `scene` (e.g. back to the main menu)."""
        scene = self.registry.scene(scene, args, kwargs)  # made first: a bad name leaves the stack as it was
        self.clear()
        return self.push(scene)

    @overload
    def find(self, kind: SceneName[..., S]) -> S | None: ...
    @overload
    def find(self, kind: type[S]) -> S | None: ...

    def find(self, kind: type | str) -> Scene | None:
        """The topmost scene of a class, or with that name; None when there is none."""
        for scene in reversed(self.scenes):
            if scene.name == kind if isinstance(kind, str) else isinstance(scene, kind):
                return scene
        return None

    def handle_event(self, event: Any) -> bool:
        if self._clicks.begun_elsewhere(event, self.top):
            return True  # the release of a click pressed on the screen before: it does nothing here
        for scene in reversed(list(self.scenes)):
            if scene._stack is not self:
                continue  # removed by an earlier handler
            if scene.handle_event(event):
                return True
            if not scene.passes_events:
                return False
        return False

    def update(self, dt: float) -> None:
        for scene in self._from(lambda s: s.updates_below):
            scene.update(dt)

    def wants_frames(self) -> bool:
        """True while a scene that is being updated wants frames (the scenes not updated are
        still, whatever they would say)."""
        return any(scene.wants_frames() for scene in self._from(lambda s: s.updates_below))

    def draw(self, surface: Any) -> None:
        for scene in self._from(lambda s: s.overlay):
            scene.draw(surface)

    def _from(self, see_through: Callable[[Scene], bool]) -> list[Scene]:
        """The top scene and those beneath it, while each one above lets them through."""
        scenes = list(self.scenes)
        start = len(scenes) - 1
        while start > 0 and see_through(scenes[start]):
            start -= 1
        return scenes[max(start, 0):]
