"""`toolargs fix`: rewrite what is mechanical, leave the rest (with why) for a person.

`fix_paths` is what the CLI calls; `fix_source` fixes one module's text. Only the
nodes a fix concerns are rebuilt (libcst), so everything else stays byte-for-byte.
"""

from toolargs.fixer.engine import FixResult, fix_source
from toolargs.fixer.plan import FIXABLE
from toolargs.fixer.run import FixSummary, fix_paths, unified_diff

__all__ = ["FIXABLE", "FixResult", "FixSummary", "fix_paths", "fix_source", "unified_diff"]
