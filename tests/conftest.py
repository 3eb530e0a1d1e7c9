"""What every test shares: the hypothesis profiles.

`python -m pytest` runs the "default" profile: every property test tries its examples
without a deadline (a loaded machine must not fail a test), and no test hill-climbs
towards bigger inputs (hypothesmith's programs `target()` their size; climbing there costs
minutes per run and grows with the example database). The "thorough" profile restores
hypothesis' own phases and tries ten times as many examples:

    HYPOTHESIS_PROFILE=thorough python -m pytest tests/test_fuzz.py
    python -m pytest --hypothesis-profile=thorough tests/test_fuzz.py   (the same)

`scripts/fuzz.py` is the long fuzz run. The e2e virtualenvs (.ci/e2e-mcp) install no
hypothesis, so nothing here needs it.
"""

from __future__ import annotations

import os

try:
    from hypothesis import Phase, settings
except ImportError:  # pragma: no cover - only the e2e virtualenvs
    settings = None

if settings is not None:
    settings.register_profile(
        "default",
        max_examples=100,
        deadline=None,
        phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink),
        print_blob=True,
    )
    settings.register_profile(
        "thorough", max_examples=1000, deadline=None, phases=tuple(Phase), print_blob=True
    )
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
