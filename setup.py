"""Build hook, the rest of the metadata is in pyproject.toml.

The rule pages (docs/rules/*.md) are copied into the built package as
toolargs/rule_pages/, so that `toolargs rule CODE` prints a page from an installed wheel
as it does from a checkout (where it reads docs/rules itself).
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

PAGES = Path(__file__).resolve().parent / "docs" / "rules"


class BuildWithRulePages(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads docs/rules from the checkout
        target = Path(self.build_lib) / "toolargs" / "rule_pages"
        self.mkpath(str(target))
        for page in sorted(PAGES.glob("*.md")):
            self.copy_file(str(page), str(target / page.name))


setup(cmdclass={"build_py": BuildWithRulePages})
