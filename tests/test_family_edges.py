"""The rough edges a family met away from the table (issue 48 item 3): labels drawn alike, words a
parent reads without a second look."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("scale", [100, 150])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_label_of_the_pause_menu_is_drawn_at_one_size(make_app, language, scale) -> None:
    """ "Explain as we play: off" and "Watch the last round" ("Revoir la manche passée") were drawn
    smaller than their neighbours, squeezed side by side."""
    from i18n_gallery import screens

    app = make_app(size=(1280, 720))
    app.settings.language, app.settings.ui_scale = language, scale
    app.apply_settings()
    for name in screens(app):
        if name == "pause":
            break
    group = app.stack.top.buttons
    sizes = {button.name: group.label_px(button, button.label) for button in group.buttons}
    assert {"guide", "watch", "resume"} <= set(sizes) and len(set(sizes.values())) == 1, sizes
