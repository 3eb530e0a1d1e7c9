"""Screen tools: every public function of this module is a tool."""


def _wake_delay(delay: float) -> float:
    return max(delay, 0.0)


def screen_on(delay: float = 1.0) -> str:
    """Turn the screen on."""
    return f"on after {_wake_delay(delay)}s"


def screen_off() -> str:
    """Turn the screen off."""
    return "off"
