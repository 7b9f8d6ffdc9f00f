"""Every scene, registered by name (game.ui.registry): the title on import, the phase
scenes of the table, the score screens and the other menus when first asked for (or while the title waits:
the title shows before the table's modules are loaded).  Scenes open each other
by name through the App."""

from .. import registry
from . import title  # noqa: F401  (registers the title)

registry.later(__name__ + ".new_game", "new_game")  # the other menus while the title waits
registry.later(__name__ + ".settings", "settings")
registry.later(__name__ + ".rules", "rules")
registry.later(__name__ + ".pause", "pause")

registry.later(__name__ + ".deal", "deal")
registry.later(__name__ + ".declare", "declare")
registry.later(__name__ + ".exchange", "exchange")
registry.later(__name__ + ".kitty", "kitty")
registry.later(__name__ + ".play", "play")
registry.later(__name__ + ".score", "score", "game_over")
registry.later(__name__ + ".analysis", "analysis")
registry.later(__name__ + ".stats", "stats")
registry.later(__name__ + ".records", "replays", "share")
registry.later(__name__ + ".replay", "replay")
registry.later(__name__ + ".handover", "handover")
registry.later(__name__ + ".learn", "learn")  # the guided deal

from ..online import SCENES as _ONLINE  # online play's screens (game/ui/online)

for _module, _names in _ONLINE.items():
    registry.later(_module, *_names)
