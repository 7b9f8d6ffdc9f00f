"""The page's mirror of the game for screen readers (assets/web/access.js), in real Chromium.

A fixture page (tests/web/fixtures/access_mirror.html) stands for the game's page: a canvas
focusable as pygbag makes it, and key listeners where SDL has them.  Snapshots in the
contract's shape are handed to the mirror through game/web/access_page.py's own scripts, as
the game hands them (`platform.window.eval`, here Playwright's), and the player's actions
come back through them too.  What is checked is what a screen reader gets: the roles, names,
states and descriptions (Playwright's aria snapshot), the focus, the live regions' nodes, and
that no key pressed in the mirror reaches the game."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
import types
from pathlib import Path

import pytest

from game.web import access_page

from .browser_support import launch_chromium, need_browser

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "access_mirror.html"
ACCESS_JS = ROOT / "assets" / "web" / "access.js"


def card(cid, label, disabled=False, reason="", selected=False):
    return {"id": cid, "label": label, "disabled": disabled, "reason": reason, "selected": selected}


HAND = [card("AS", "ace of spades"), card("QS", "queen of spades"), card("7S", "seven of spades"),
        card("TH", "ten of hearts", True, "You must follow suit: clubs"),
        card("KC", "king of clubs"), card("9C", "nine of clubs"),
        card("JD", "jack of diamonds", True, "You must follow suit: clubs")]


def snapshot(**changes) -> dict:
    """A snapshot as the contract has it (docs/ACCESSIBILITY.md): Anna led a club."""
    base = {"v": 1, "lang": "en", "scene": "play",
            "status": "Your turn. Hearts are trumps. You 2 of 5, Anna 3 of 8, Boris 1 of 3.",
            "hand": HAND, "focus": "QS", "trick": ["Anna: eight of clubs"],
            "buttons": [{"id": "menu", "label": "Menu", "disabled": False},
                        {"id": "hint", "label": "Hint", "disabled": True}],
            "log": [{"seq": 1, "text": "Anna led the eight of clubs"}],
            "announce": [{"seq": 1, "text": "Your turn", "priority": "assertive"}]}
    base.update(changes)
    return base


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The fixture page with the real access.js beside it, served on 127.0.0.1."""
    root = tmp_path_factory.mktemp("mirror")
    shutil.copy(FIXTURE, root / "index.html")
    shutil.copy(ACCESS_JS, root / "access.js")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = launch_chromium(p)
        yield chromium
        chromium.close()


class PageWindow:
    """`platform.window` for game.web.access_page: its scripts run in the Playwright page."""

    def __init__(self, page):
        self.page = page

    def eval(self, script):
        return self.page.evaluate(script)

    @property
    def location(self):
        return types.SimpleNamespace(search=self.page.evaluate("location.search"))


@pytest.fixture
def open_page(browser, site, monkeypatch):
    """open_page(query="", **context) -> the fixture page, with access_page talking to it."""
    import platform

    contexts = []

    def opener(query: str = "", **options):
        context = browser.new_context(viewport={"width": 844, "height": 390}, **options)
        contexts.append(context)
        page = context.new_page()
        page.goto(site + query)
        page.wait_for_function("window.g358access !== undefined")
        monkeypatch.setattr(access_page, "WEB", True)
        monkeypatch.setattr(access_page, "_sent", access_page._Sent())
        monkeypatch.setattr(access_page, "_wanted", access_page._Wanted())
        monkeypatch.setattr(platform, "window", PageWindow(page), raising=False)
        return page

    yield opener
    for context in contexts:
        context.close()


def hand_buttons(page) -> list[dict]:
    return page.evaluate("""Array.from(document.querySelectorAll('#g358-access-hand button')).map((b) => ({
        id: b.dataset.id, name: b.textContent, tabindex: b.tabIndex,
        disabled: b.getAttribute('aria-disabled') === 'true', pressed: b.getAttribute('aria-pressed')}))""")


def focused_id(page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.dataset ? "
                         "document.activeElement.dataset.id || null : null")


def messages(page, region: str) -> list[str]:
    return page.evaluate(f"Array.from(document.getElementById('g358-access-{region}').children)"
                         ".map((n) => n.textContent)")


def test_live_regions_are_there_and_empty_from_the_load(open_page):
    page = open_page()
    for region, politeness in (("polite", "polite"), ("assertive", "assertive")):
        live = page.locator(f"#g358-access-{region}")
        assert live.get_attribute("aria-live") == politeness
        assert live.evaluate("(n) => n.childNodes.length") == 0
    # hidden by clipping, never display:none (which hides it from screen readers too)
    box = page.locator("#g358-access").bounding_box()
    assert box["width"] <= 1 and box["height"] <= 1
    assert page.evaluate("getComputedStyle(document.getElementById('g358-access')).display") != "none"
    assert page.locator("[role=application]").count() == 0
    # before the game sends anything: only the way in, and no empty hand or table
    assert page.locator("#g358-access").aria_snapshot() == \
        "- 'region \"3-5-8: the game in words\"':\n  - button \"Play with a screen reader\""


def test_the_hand_is_one_tab_stop_of_buttons_named_from_the_snapshot(open_page):
    page = open_page()
    access_page.publish(snapshot())
    assert page.locator("#g358-access-hand").aria_snapshot() == "\n".join([
        '- toolbar "Your cards":',
        '  - button "ace of spades"',
        '  - button "queen of spades"',
        '  - button "seven of spades"',
        '  - button "ten of hearts" [disabled]',
        '  - button "king of clubs"',
        '  - button "nine of clubs"',
        '  - button "jack of diamonds" [disabled]'])
    stops = [b["id"] for b in hand_buttons(page) if b["tabindex"] == 0]
    assert stops == ["QS"]  # the game's own focus, the one tab stop
    assert focused_id(page) == "QS"  # the mode started: the focus came into the game
    from playwright.sync_api import expect

    expect(page.locator('#g358-access-hand [data-id="TH"]')).to_have_accessible_description(
        "You must follow suit: clubs")
    expect(page.locator('#g358-access-hand [data-id="KC"]')).to_have_accessible_description("")
    assert page.locator("#g358-access-trick").aria_snapshot() == '- list "On the table":\n  - listitem: "Anna: eight of clubs"'
    assert page.locator("#g358-access-controls").aria_snapshot() == \
        '- group "Game controls":\n  - button "Menu"\n  - button "Hint" [disabled]'
    assert page.locator("#g358-access-log").get_attribute("role") == "log"
    assert page.locator("#g358-access-status").inner_text().startswith("Your turn.")


def test_arrows_home_end_and_suits_move_the_one_tab_stop(open_page):
    page = open_page()
    access_page.publish(snapshot())
    page.locator('#g358-access-hand [data-id="QS"]').focus()
    steps = [("ArrowRight", "7S"), ("ArrowRight", "TH"), ("ArrowLeft", "7S"), ("End", "JD"), ("ArrowRight", "JD"),
             ("Home", "AS"), ("ArrowLeft", "AS"), ("ArrowDown", "TH"), ("ArrowDown", "KC"), ("ArrowDown", "JD"),
             ("ArrowDown", "JD"), ("ArrowUp", "KC"), ("ArrowUp", "TH"), ("ArrowUp", "AS"), ("ArrowUp", "AS")]
    for key, expected in steps:
        page.keyboard.press(key)
        assert focused_id(page) == expected, key
        assert [b["id"] for b in hand_buttons(page) if b["tabindex"] == 0] == [expected]
    page.keyboard.press("Tab")  # out of the hand in one step: the next part, not the next card
    assert page.evaluate("document.activeElement.closest('#g358-access-hand')") is None
    page.keyboard.press("Shift+Tab")
    assert focused_id(page) == "AS"  # back to the card it left


def test_enter_or_space_plays_the_card_once_and_the_game_hears_no_key(open_page):
    page = open_page()
    access_page.publish(snapshot())
    page.locator('#g358-access-hand [data-id="QS"]').focus()
    page.keyboard.press("Enter")
    assert access_page.take_actions() == [{"type": "card", "id": "QS"}]
    assert access_page.take_actions() == []  # taken once
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Space")
    page.keyboard.press("t")
    page.keyboard.press("a")  # the game's own read-out keys: A your cards, K the contract (H is the hint there)
    page.keyboard.press("k")
    page.keyboard.press("h")
    page.keyboard.press("Tab")
    assert access_page.take_actions() == [{"type": "card", "id": "AS"}, {"type": "read", "what": "trick"},
                                          {"type": "read", "what": "hand"}, {"type": "read", "what": "contract"}]
    page.locator('#g358-access-controls [data-id="menu"]').focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    assert access_page.take_actions() == [{"type": "button", "id": "menu"}]
    assert page.evaluate("window.reached") == []  # not the document (SDL), the window or the canvas
    page.locator("#canvas").click(position={"x": 10, "y": 10})  # the player goes to the game's picture
    page.keyboard.press("ArrowLeft")  # the canvas's own keys still reach the game
    assert ["document", "keydown", "ArrowLeft"] in page.evaluate("window.reached")


def test_an_illegal_card_stays_says_why_and_plays_nothing(open_page):
    page = open_page()
    access_page.publish(snapshot())
    page.locator('#g358-access-hand [data-id="TH"]').focus()
    page.keyboard.press("Enter")
    assert access_page.take_actions() == []
    assert focused_id(page) == "TH"
    assert messages(page, "assertive")[-1] == "You must follow suit: clubs"
    page.locator('#g358-access-controls [data-id="hint"]').focus()
    page.keyboard.press("Enter")
    assert access_page.take_actions() == []


def test_each_announcement_is_spoken_once_and_a_repeat_is_a_new_node(open_page):
    page = open_page()
    first = snapshot()
    access_page.publish(first)
    assert messages(page, "assertive") == ["Your turn"]
    access_page.publish(snapshot(status="changed"))  # the same announcements: not spoken again
    assert messages(page, "assertive") == ["Your turn"]
    access_page.publish(snapshot(announce=[{"seq": 1, "text": "Your turn", "priority": "assertive"},
                                           {"seq": 2, "text": "Boris played the jack of clubs", "priority": "polite"},
                                           {"seq": 3, "text": "Your turn", "priority": "assertive"}]))
    assert messages(page, "assertive") == ["Your turn", "Your turn"]
    assert messages(page, "polite") == ["Boris played the jack of clubs"]
    nodes = page.evaluate("Array.from(document.getElementById('g358-access-assertive').children)"
                          ".map((n) => n.tagName)")
    assert nodes == ["P", "P"]  # two nodes: a screen reader speaks the repeat


def test_the_history_grows_by_new_entries_and_never_speaks_on_its_own(open_page):
    page = open_page()
    access_page.publish(snapshot())
    access_page.publish(snapshot(log=[{"seq": 1, "text": "Anna led the eight of clubs"},
                                      {"seq": 2, "text": "Boris played the two of clubs"}]))
    log = page.locator("#g358-access-log")
    assert log.evaluate("(n) => Array.from(n.children).map((p) => p.textContent)") == [
        "Anna led the eight of clubs", "Boris played the two of clubs"]
    assert log.get_attribute("aria-live") == "off"  # the announcements speak; the log is read on demand


def test_a_played_card_hands_the_focus_to_its_neighbour(open_page):
    page = open_page()
    access_page.publish(snapshot())
    page.locator('#g358-access-hand [data-id="7S"]').focus()
    page.keyboard.press("Enter")
    access_page.publish(snapshot(hand=[c for c in HAND if c["id"] != "7S"], trick=["Anna: eight of clubs",
                                                                                     "You: seven of spades"]))
    assert focused_id(page) == "TH"
    assert [b["id"] for b in hand_buttons(page) if b["tabindex"] == 0] == ["TH"]
    access_page.publish(snapshot(hand=[], trick=[], buttons=[{"id": "next", "label": "Next deal", "disabled": False}]))
    assert focused_id(page) == "next"  # no hand left: the screen's first button
    shown = page.locator("#g358-access").aria_snapshot()
    assert 'group "Game controls":\n    - button "Next deal"' in shown
    for gone in ("Your cards", "Left and Right", "On the table"):  # no empty hand, keys or table
        assert gone not in shown
    access_page.publish(snapshot(trick=[]))
    assert page.locator("#g358-access-trick").inner_text() == "No cards on the table"


def test_cards_chosen_in_the_exchange_are_toggles(open_page):
    page = open_page()
    hand = [card("AS", "ace of spades", selected=True), card("QS", "queen of spades")]
    access_page.publish(snapshot(scene="kitty", hand=hand))
    assert [(b["id"], b["pressed"]) for b in hand_buttons(page)] == [("AS", "true"), ("QS", "false")]
    access_page.publish(snapshot(scene="play", hand=[card("QS", "queen of spades")]))
    assert [b["pressed"] for b in hand_buttons(page)] == [None]


def test_the_game_takes_the_focus_back_only_when_the_player_gives_it(open_page):
    page = open_page()
    access_page.publish(snapshot())
    page.locator('#g358-access-hand [data-id="QS"]').focus()
    page.evaluate("document.getElementById('canvas').focus()")  # as pygbag does when the window gets the focus
    page.wait_for_function("document.activeElement && document.activeElement.dataset.id === 'QS'")
    page.locator("#canvas").click(position={"x": 10, "y": 10})  # the player's own click (above the panel)
    page.wait_for_timeout(50)
    assert page.evaluate("document.activeElement.id") == "canvas"


def test_the_page_asks_for_the_mirror_by_address_or_by_its_button(open_page):
    page = open_page()
    assert access_page.wanted() is False
    page.locator("#g358-access-start").focus()
    assert page.locator("#g358-access").bounding_box()["height"] >= 44  # focused: shown to sighted players
    assert page.evaluate("window.MM.UME") is False
    page.keyboard.press("Enter")
    assert page.evaluate("window.MM.UME") is True  # the press is the gesture that starts the game
    access_page._wanted.asked_at = None  # not half a second later: asked again now
    assert access_page.wanted() is True
    assert messages(page, "polite") == ["Screen reader mode is starting\u2026"]
    access_page.publish(snapshot())  # the game turns the mode on: the focus goes into the game
    assert focused_id(page) == "QS"
    assert open_page("?a11y=1") and access_page.wanted() is True
    assert open_page("?a11y=0") and access_page.wanted() is False


def test_the_mirror_speaks_the_games_language(open_page):
    page = open_page("?lang=pl")
    assert page.locator("#g358-access-start").inner_text() == "Graj z czytnikiem ekranu"
    access_page.publish(snapshot(lang="bg", hand=[card("QS", "дама пика")]))
    assert page.evaluate("[document.documentElement.lang, document.getElementById('g358-access').lang]") == ["bg", "bg"]
    assert page.locator("#g358-access-hand").aria_snapshot() == '- toolbar "Вашите карти":\n  - button "дама пика"'


def test_reduced_motion_is_the_pages_media_query(open_page):
    open_page(reduced_motion="reduce")
    assert access_page.prefers_reduced_motion() is True
    open_page(reduced_motion="no-preference")
    assert access_page.prefers_reduced_motion() is False


def test_axe_finds_nothing_in_the_mirror_hidden_or_shown(open_page):
    from tools.a11y import axe

    page = open_page()
    assert axe.violations(page) == [], "before the game"
    access_page.publish(snapshot())
    assert page.locator("#g358-access").bounding_box()["height"] > 44  # the focus came in: shown as a panel
    found = axe.violations(page)
    assert found == [], axe.summary(found)
    page.evaluate("document.activeElement.blur()")
    assert page.locator("#g358-access").bounding_box()["height"] <= 1
    found = axe.violations(page)
    assert found == [], axe.summary(found)


def test_the_tab_stop_leaves_an_illegal_card_unless_the_player_is_on_it(open_page):
    page = open_page()
    access_page.publish(snapshot())
    page.locator('#g358-access-controls [data-id="menu"]').focus()  # the player is elsewhere
    illegal_queen = [card("QS", "queen of spades", True, "You must follow suit: clubs") if c["id"] == "QS" else c
                     for c in HAND]
    access_page.publish(snapshot(hand=illegal_queen))
    assert [b["id"] for b in hand_buttons(page) if b["tabindex"] == 0] == ["AS"]  # Tab comes back to a card to play
    page.locator('#g358-access-hand [data-id="TH"]').focus()  # on an illegal card: it stays there
    access_page.publish(snapshot(hand=illegal_queen, status="Boris thinks"))
    assert focused_id(page) == "TH"
    assert [b["id"] for b in hand_buttons(page) if b["tabindex"] == 0] == ["TH"]
