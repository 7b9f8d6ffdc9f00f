"""Build hook: the wheel's ``game/assets/`` is the repo's top-level ``assets/``, run-time part.

The repository keeps one copy of the art at the top level (the browser build and
``python main.py`` read it there).  Installed games find theirs inside the package through
``importlib.resources`` (``game/resources.py``), so ``build_py`` copies the files the game
reads at run time into ``game/assets/`` of the build; the page template (``assets/web``)
and the tools that made the files stay out.  ``get_source_files`` puts the same files into
the sdist, so a wheel built from the sdist gets them too.  Everything else is in
pyproject.toml.
"""

import os
from glob import glob

from setuptools import setup
from setuptools.command.build_py import build_py

RUNTIME_ASSETS = ("icon.png", "icon-32.png", "fonts/*", "sounds/*.ogg")  # under assets/


def runtime_assets() -> dict[str, str]:
    """Path inside game/assets -> source path (relative to the project root)."""
    found = {}
    for pattern in RUNTIME_ASSETS:
        for source in sorted(glob(os.path.join("assets", pattern))):
            if os.path.isfile(source):
                found[os.path.relpath(source, "assets")] = source
    return found


class BuildPyWithAssets(build_py):
    def _asset_targets(self) -> dict[str, str]:
        target_dir = os.path.join(self.build_lib, "game", "assets")
        return {os.path.join(target_dir, rel): src for rel, src in runtime_assets().items()}

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads the checkout's assets/ directly
            return
        for target, source in self._asset_targets().items():
            self.mkpath(os.path.dirname(target))
            self.copy_file(source, target)

    def get_outputs(self, include_bytecode=True):
        outputs = super().get_outputs(include_bytecode)
        if self.editable_mode:  # already built from get_output_mapping
            return outputs
        return [*outputs, *self._asset_targets()]

    def get_output_mapping(self) -> dict[str, str]:
        return {**super().get_output_mapping(), **self._asset_targets()}

    def get_source_files(self) -> list[str]:
        return [*super().get_source_files(), *runtime_assets().values()]


setup(cmdclass={"build_py": BuildPyWithAssets})
