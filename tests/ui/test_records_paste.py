"""Share links as people paste them: with the sentence's full stop after them, in angle
brackets or quotes, wrapped over lines by a mail program, with other parameters, as a query
or percent-encoded, with a space inside.  All open the same game; what cannot be opened is
refused in the player's language."""

import pytest

from game.engine.formats.sharecode import encode
from game.records import library
from game.ui.games.session import Session

from .helpers import finished_match


@pytest.fixture(scope="module")
def record():
    return library.record_of(Session(finished_match(seed=31), ["Ann", "Bo", "Cy"], "easy"))


def _wrapped(text, width=60, joint="\n"):
    return joint.join(text[i:i + width] for i in range(0, len(text), width))


def _forms(code):
    link = f"https://example.org/358/index.html#record={code}"
    return {
        "bare code": code,
        "fragment": f"#record={code}",
        "link": link,
        "full stop": link + ".",
        "comma": link + ",",
        "closing bracket": link + ")",
        "angle brackets": f"<{link}>",
        "quotes": f'"{link}"',
        "single quotes": f"'{link}'",
        "typographic quotes": f"“{link}”",
        "guillemets": f"«{link}»",
        "whitespace": f"  \n\t{link}  \n",
        "wrapped": _wrapped(link),
        "wrapped with indent": _wrapped(link, 50, "\n    "),
        "wrapped CRLF": _wrapped(link, 70, "\r\n"),
        "quoted in a reply": "> " + _wrapped(link, 60, "\n> "),
        "quoted twice": "> > " + _wrapped(link, 60, "\n> > "),
        "extra parameter after": f"{link}&lang=pl",
        "extra parameters before": f"https://example.org/358/index.html?lang=pl&seed=3#record={code}",
        "query": f"https://example.org/358/index.html?record={code}",
        "query and more": f"https://example.org/358/?record={code}&lang=pl",
        "percent-encoded hash": f"https://example.org/358/index.html%23record={code}",
        "percent-encoded equals": f"https://example.org/358/index.html#record%3D{code}",
        "space inside": code[:40] + " " + code[40:],
        "spaces inside the link": link[:70] + " " + link[70:],
        "code with full stop": code + ".",
        "code in quotes": f'"{code}"',
        "bare code wrapped": _wrapped(code, 64),
        "html entity": f"https://example.org/358/index.html?lang=pl&amp;x=1#record={code}&amp;lang=pl",
    }


@pytest.mark.parametrize("form", sorted(_forms("A")))
def test_a_pasted_link_opens_the_same_game(record, form):
    pasted = _forms(encode(record))[form]
    got = library.read_input(pasted)
    assert got == record


@pytest.mark.parametrize("junk", ["https://example.org/358/index.html", "https://example.org/358/#record=",
                                  "hello", "#record=Bxyz", "<>", "\u200b", "A!!!"])
def test_what_is_not_a_game_is_refused(junk):
    with pytest.raises(ValueError):
        library.read_input(junk)


def test_a_refusal_is_in_the_players_language(make_app, record):
    from game.i18n import set_language

    code = encode(record)
    broken = code[:len(code) // 2]
    errors = {}
    for lang in ("en", "pl", "ru", "bg"):
        app = make_app(settings={"language": lang})
        set_language(lang)
        app.push_scene("replays")
        assert not app.scene.open_text(f"https://example.org/358/#record={broken}")
        errors[lang] = app.scene.error
        assert not app.scene.open_text("https://example.org/358/index.html?lang=pl")
        errors[lang + " no code"] = app.scene.error
    set_language("en")
    assert len(set(errors.values())) == len(errors)  # every language, every problem its own words
    for lang in ("pl", "ru", "bg"):
        for text in (errors[lang], errors[lang + " no code"]):
            for word in ("damaged", "share code", "cut short", "record"):
                assert word not in text.lower().replace("#record=", ""), (lang, text)
