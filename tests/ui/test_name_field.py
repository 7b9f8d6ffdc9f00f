"""A name field with keyboard focus takes typing at once (it once ignored it until Enter or a click)."""

import pygame

from game.ui.autopilot import Autopilot, post_key


def test_typing_into_a_focused_name_field(make_app):
    app = make_app()
    assert Autopilot(app).click("new_game")
    app.step(dt=1 / 60)
    for _ in range(30):
        w = app.scene.focused_widget()
        if w is not None and w.name == "name_1":
            break
        post_key(pygame.K_TAB)
        app.step(dt=1 / 60)
    assert app.scene.focused_widget().name == "name_1"
    before = app.scene.names[1]
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="ł"))
    post_key(pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoë"))
    app.step(dt=1 / 60)
    assert app.scene.names[1] == before + "Zoë"
