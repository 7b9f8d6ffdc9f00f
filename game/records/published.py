"""The web page this build's share links open.

Whoever publishes the browser version (README, "Publish") and hands out the desktop game or
the wheel to the same people sets ``PAGE_ADDRESS`` to the page's address before building,
e.g. ``"https://example.org/358/"``: the native game's Share and ``python -m game.records
share`` then give links that open the game there.  Empty: no page is known, and they give the
code with a word that it opens in the web version.  A player's own "Web page address"
setting wins over it.  The browser version never reads it: a page shares its own address.
"""

PAGE_ADDRESS = ""
