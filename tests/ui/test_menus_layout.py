"""The menus on a phone: new game, settings, rules, statistics and the pass-and-play cover
keep the layout's floors on every page at 360x640 upright and 844x390 sideways in the
longest languages; their pages turn by touch, wheel and keys; the keyboard's focus turns to
the page of the widget it reaches; a name being typed stays above a phone's keyboard and
survives a turn of the phone; the cover's button is clear of the hand."""

import pygame
import pytest

from game.storage.stats import save_stats
from game.ui.autopilot import post_click, post_key
from game.ui.games import stats_keeper
from game.ui.scene import Input
from tests.ui.helpers import advance_until, finished_match
from tools.ui import layout_check

PHONES = [(360, 640), (844, 390)]
LONG = ("Maximiliana K.", "Александра Юр", "Bartholomew Xy")


def _pages(app):
    """Every page of the scene shown, drawn as the layout check draws it: [(page, items)]."""
    scene = app.scene
    out = []
    for page in range(getattr(scene, "pages", 1)):
        if page:
            scene.show_page(page)
        out.append((page, layout_check.render(app)))
    return out


def _texts(items):
    return [info["text"] for kind, r, info in items if kind == "text"]


def _with_games(app):
    stats = stats_keeper.load(app)
    for seat in range(3):
        stats.add_game(finished_match(), seat, "normal", hints=3, undos=1, date="2025-06-30")
    stats.games.update({("blato", "expert"): [12, 5], ("classic", "random"): [3, 3], ("standard", "hard"): [140, 61]})
    save_stats(app.storage, stats)


def _open(app, what):
    if what == "handover":
        m = advance_until(lambda m: m.phase == "play" and m.to_act == 0)
        from game.ui.games.session import Session

        session = Session(m, list(LONG), "random", storage=app.storage, human_seats=[0, 1])
        session.save()
        app.games.open(session)
        app.step(dt=1 / 60)
        if app.scene_name != "handover":
            app.push_scene("handover", app.scene.table)
    elif what.startswith("rules:"):
        app.push_scene("rules")
        app.scene._set(what.split(":")[1])
    elif what in ("stats:games", "stats:reset"):
        _with_games(app)
        app.push_scene("stats")
        if what == "stats:reset":
            app.scene.ask_reset()
    else:
        app.push_scene(what)
    app.step(dt=1 / 60)


MENUS = ["new_game", "settings", "rules:basics", "rules:presets", "rules:decisions", "rules:details", "stats", "stats:games",
         "stats:reset", "handover"]


@pytest.mark.parametrize("lang", ["ru", "bg"])
@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("what", MENUS)
def test_every_page_of_the_menus_keeps_the_floors_on_a_phone(make_app, size, lang, what):
    """Before, these screens kept their 1280x720 places: buttons off the window, text
    through text, rows cut at the window's edge."""
    app = make_app(size=size, settings={"language": lang})
    _open(app, what)
    for page, items in _pages(app):
        assert layout_check.breaches(items, app.shape, app.window) == [], (what, page)
        assert [n for k, r, info in items if k == "target" for n in [info.get("name")]], "the page has its buttons"


@pytest.mark.parametrize("size", [(360, 640), (844, 390), (1280, 720)])
def test_settings_and_new_game_on_a_web_page_too(make_app, size, monkeypatch):
    """In the browser the settings have one row more (the picture) and its note."""
    app = make_app(size=size, settings={"language": "bg"})
    app.web = True
    for what in ("settings", "new_game"):
        _open(app, what)
        for page, items in _pages(app):
            assert layout_check.breaches(items, app.shape, app.window) == [], (what, page)
        app.pop()


def test_rules_pages_hold_the_whole_text_and_turn_by_keys_wheel_and_swipe(make_app):
    app = make_app(size=(360, 640), settings={"language": "bg"})
    _open(app, "rules:details")
    scene = app.scene
    assert scene.pages > 1
    words = []
    for _page, items in _pages(app):
        words += " ".join(info["text"] for k, r, info in items if k == "text" and scene.box.contains(r)).split()
    from game.i18n import t

    source = t("rules.details").split()
    for word in source:
        assert word in words, word  # every word of the tab is on a page
    assert [w for w in words if w not in source] == []  # none shortened
    scene.show_page(0)
    post_key(pygame.K_PAGEDOWN)
    app.step(dt=1 / 60)
    assert scene.page == 1
    post_key(pygame.K_LEFT)
    app.step(dt=1 / 60)
    assert scene.page == 0
    post_key(pygame.K_RIGHT)
    app.step(dt=1 / 60)
    assert scene.page == 1
    post_key(pygame.K_HOME)
    app.step(dt=1 / 60)
    assert scene.page == 0
    scene.handle(Input("wheel", None, key=-1))  # the wheel turned down
    assert scene.page == 1
    scene.handle(Input("wheel", None, key=1))  # at once again: the same movement, no second turn
    assert scene.page == 1
    box = scene.box
    start, end = (box.centerx, box.centery + 80), (box.centerx, box.centery - 80)
    scene.page = 0
    scene.show_page(0)
    scene.handle(Input("click", start))  # a swipe up over the text: the next page
    scene.handle(Input("release", end))
    assert scene.page == 1
    scene.handle(Input("click", end))  # and down: back
    scene.handle(Input("release", start))
    assert scene.page == 0
    click = dict(scene.targets())["page_next"]
    post_click(app, click.center)  # the arrow in the bar
    app.step(dt=1 / 60)
    assert scene.page == 1
    post_click(app, dict(scene.targets())["tab_basics"].center)  # another tab starts at its first page
    app.step(dt=1 / 60)
    assert scene.tab == "basics" and scene.page == 0


def test_the_keyboard_focus_turns_to_the_page_of_the_widget_it_reaches(make_app):
    app = make_app(size=(360, 640), settings={"language": "ru"})
    _open(app, "new_game")
    scene = app.scene
    assert scene.pages == 2 and scene.page == 0
    field = next(w for w in scene.widgets if w.name == "name_1")
    assert field.page == 1 and not field.visible
    for _ in range(40):
        w = scene.focused_widget()
        if w is not None and w.name == "name_1":
            break
        post_key(pygame.K_TAB)
        app.step(dt=1 / 60)
    assert scene.focused_widget() is field and scene.page == 1 and field.visible
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoë"))
    app.step(dt=1 / 60)
    assert scene.names[1].endswith("Zoë")
    for _ in range(40):  # on to Start, in the bar, and Enter starts the game
        w = scene.focused_widget()
        if w is not None and w.name == "start":
            break
        post_key(pygame.K_TAB)
        app.step(dt=1 / 60)
    post_key(pygame.K_RETURN)
    app.step(dt=1 / 60)
    assert hasattr(app.scene, "table") and app.scene.table.session.names[1].endswith("Zoë")


@pytest.mark.parametrize("size", [(360, 640), (390, 844), (844, 390), (640, 360)])
def test_a_name_being_typed_stays_above_a_phones_keyboard(make_app, size):
    """The keyboard covers the bottom half of a phone: the page moves up while a name is
    typed, and back when it is done."""
    app = make_app(size=size, settings={"language": "ru"})
    _open(app, "new_game")
    scene = app.scene
    field = next(w for w in scene.widgets if w.name == "name_2")
    scene.show_page(field.page)
    app.step(dt=1 / 60)
    post_click(app, field.rect.center)
    app.step(dt=1 / 60)
    assert field.editing and field.visible
    half = app.shape.h // 2
    assert field.rect.bottom <= half, (field.rect, half)
    items = layout_check.render(app)
    assert layout_check.breaches(items, app.shape, app.window) == []
    assert any(r.colliderect(field.rect) for k, r, info in items if k == "target" and info.get("name") == "name_2")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoë"))
    app.step(dt=1 / 60)
    post_key(pygame.K_RETURN)  # done: the page goes back
    app.step(dt=1 / 60)
    assert not field.editing and scene.lifted == 0 and scene.names[2].endswith("Zoë")


def test_a_turned_phone_keeps_the_name_being_typed_above_the_keyboard(make_app):
    app = make_app(size=(360, 640), settings={"language": "bg"})
    _open(app, "new_game")
    scene = app.scene
    field = next(w for w in scene.widgets if w.name == "name_2")
    scene.show_page(field.page)
    post_click(app, field.rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Ив"))
    app.step(dt=1 / 60)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(640, 360), w=640, h=360))
    app.step(dt=1 / 60)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="ан"))
    app.step(dt=1 / 60)
    field = next(w for w in app.scene.widgets if w.name == "name_2")
    assert app.scene is scene and field.editing and field.visible and scene.names[2].endswith("Иван")
    assert scene.page == field.page and field.rect.bottom <= app.shape.h // 2


def test_settings_on_a_second_page_change_by_touch_and_keys(make_app):
    app = make_app(size=(360, 640), settings={"language": "bg", "strength": "easy"})
    _open(app, "settings")
    scene = app.scene
    row = next(w for w in scene.widgets if w.name == "set_strength")
    if scene.pages > 1:
        assert not row.visible
        post_click(app, dict(scene.targets())["page_next"].center)
        app.step(dt=1 / 60)
    assert row.visible
    post_click(app, (row.value_rect().right - 20, row.value_rect().centery))
    app.step(dt=1 / 60)
    assert app.settings["strength"] == "normal"
    scene.set_focus(row)  # the keyboard's focus on the row: left and right change it
    post_key(pygame.K_LEFT)
    app.step(dt=1 / 60)
    assert app.settings["strength"] == "easy"


def test_the_covers_button_is_clear_of_the_hand_and_the_tables_bar(make_app):
    """Two taps on "show my cards" must not play a card: the button lies where the trick
    lies at the table, never over the hand or the table's buttons."""
    for size in [(360, 640), (390, 844), (640, 360), (844, 390), (1280, 720)]:
        app = make_app(size=size, settings={"language": "ru"})
        _open(app, "handover")
        button = dict(app.scene.targets())["show_cards"]
        assert app.shape.rect.contains(button) and 0.35 < button.centery / app.shape.h < 0.7, (size, button)
        table = app.scenes[-2].table
        app.scene.accept()
        app.step(dt=1 / 60)
        play = app.scene
        assert play.name == "play"
        hits = [w.name for w in play.widgets if w.visible and w.rect.colliderect(button)]
        assert hits == [], (size, hits)
        for x in range(button.left, button.right, 8):
            for y in range(button.top, button.bottom, 8):
                assert table.hand.card_at((x, y))[1] is None, (size, (x, y))


@pytest.mark.parametrize("size", [(360, 640), (844, 390)])
def test_every_game_and_contract_of_the_statistics_is_on_some_page(make_app, size):
    app = make_app(size=size, settings={"language": "en"})
    _open(app, "stats:games")
    shown = []
    for _page, items in _pages(app):
        shown += _texts(items)
    for label in ("Standard · Normal", "Blato · Expert", "Classic · Beginner", "Standard · Hard"):
        assert label in shown
    assert "Hints used: 9" in shown and "Undos used: 3" in shown


def test_the_statistics_reset_asks_on_a_phone_too(make_app):
    app = make_app(size=(360, 640), settings={"language": "ru"})
    _open(app, "stats:games")
    post_click(app, dict(app.scene.targets())["reset"].center)
    app.step(dt=1 / 60)
    assert app.scene.confirming
    names = {n for n, _ in app.scene.targets()}
    assert names == {"reset_yes", "reset_no"}
    items = layout_check.render(app)
    assert layout_check.breaches(items, app.shape, app.window) == []
    from game.i18n import t

    assert any(t("stats.reset_ask").startswith(x.rstrip("…")) for x in _texts(items))
    post_click(app, dict(app.scene.targets())["reset_no"].center)
    app.step(dt=1 / 60)
    assert not app.scene.confirming and stats_keeper.load(app).played() > 0


def test_a_page_is_made_of_whole_rows_never_a_row_cut_by_the_bar(make_app):
    """The bar's top is below every row of every page, whatever the window."""
    for size in [(360, 640), (390, 844), (640, 360), (844, 390), (800, 450)]:
        app = make_app(size=size, settings={"language": "bg"})
        for what in ("new_game", "settings"):
            _open(app, what)
            scene = app.scene
            bar_top = min(w.rect.top for w in scene.widgets if w.name in ("back", "start", "page_prev", "page_next") and w.visible)
            for page in range(scene.pages):
                scene.show_page(page)
                rows = [w for w in scene.widgets if getattr(w, "page", None) == page and w.visible]
                assert rows and all(w.rect.bottom <= bar_top for w in rows), (size, what, page)
            app.pop()


@pytest.mark.parametrize("lang", ["ru", "bg"])
def test_a_large_native_window_draws_the_labels_inside_their_rows(make_app, lang):
    """A 1920x1080 window draws the 1280x720 design at 1.5 device pixels a logical pixel: a
    label measured to fit at its logical size came out two or three pixels wider than its
    row's label column ("Обязательно козырять" through the value's box)."""
    app = make_app(size=(1920, 1080), settings={"language": lang})
    assert app.display.scale == 1.5
    for what in ("new_game", "settings"):
        _open(app, what)
        for page, items in _pages(app):
            assert layout_check.breaches(items, app.shape, app.window) == [], (what, page)
        app.pop()
