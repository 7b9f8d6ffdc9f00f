"""3-5-8: the game.  ``python main.py`` natively; pygbag imports this and awaits main().

Natively ``python main.py`` is the ``three-five-eight`` command (``python -m game``): the
same options, ``--help`` and ``--version`` (game/__main__.py).
Options (also ?query parameters in the browser, read by game.web.params):
    lang=pl rules=blato seed=7 strength=hard      (or --lang pl ...)
    --record FILE | record=CODE                   open a game record in the replay viewer
                                                  (in the browser: index.html#record=CODE)
Environment: THREE_FIVE_EIGHT_DATA=<dir> keeps saves and settings there (tests).
"""

from game import perf

perf.start_mark("main.py")  # the start's milestones: where the time to the title goes
import asyncio
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the command's (--help, --version)
from game.web.pygame_bytecode import put_in_place

put_in_place()  # in the browser: pygame's modules' bytecode, shipped with the game, before pygame is imported
import pygame  # (pygbag scans main.py's imports to fetch pygame-ce)

perf.start_mark("pygame")

APP = None  # the running App: automation (browser tests) reads APP.scene_name


def launch_params() -> dict:
    try:
        from game.web.params import read_launch_params, read_launch_record

        params = read_launch_params()
        record = read_launch_record()  # --record FILE, record=CODE, #record=CODE
        if record:
            params["record"] = record
        return params
    except Exception:  # the parameters are a convenience: never stop the game for them
        return {}


async def main():
    global APP
    from game.ui.app import App

    perf.start_mark("modules")
    perf.enable_from_launch()  # G358_PERF=1 or ?perf=1 records frame timings
    APP = App(params=launch_params())
    perf.start_mark("app")
    await APP.run()
    if sys.platform != "emscripten":
        pygame.quit()


if __name__ == "__main__":
    if sys.platform == "emscripten":  # pygbag runs this file: the page's loop
        asyncio.run(main())
    else:  # one command line natively, whichever way the game is started
        from game.__main__ import main as command

        sys.exit(command())
