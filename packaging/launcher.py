"""PyInstaller's entry script: the desktop build runs the installed game's command line
(``game.__main__``), so it takes the same options, ``--smoke-frames N`` included."""

import sys

from game.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
