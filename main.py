"""3-5-8: the game.  ``python main.py`` natively; pygbag imports this and awaits main().

Options (also ?query parameters in the browser, read by game.web_params):
    lang=pl rules=blato seed=7 strength=hard      (or --lang pl ...)
Environment: THREE_FIVE_EIGHT_DATA=<dir> keeps saves and settings there (tests).
"""

import asyncio
import sys

import pygame  # noqa: F401  (pygbag scans main.py's imports to fetch pygame-ce)

APP = None  # the running App: automation (browser tests) reads APP.scene_name


def launch_params() -> dict:
    try:
        from game.web_params import read_launch_params

        return read_launch_params()
    except Exception:  # the parameters are a convenience: never stop the game for them
        return {}


async def main():
    global APP
    from game.ui.app import App

    APP = App(params=launch_params())
    await APP.run()
    if sys.platform != "emscripten":
        pygame.quit()


if __name__ == "__main__":
    asyncio.run(main())
