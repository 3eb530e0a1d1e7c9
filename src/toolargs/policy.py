"""`toolargs.policy`: the central policy object under its earlier module name.

It lives in `toolargs.runtime.policy` (standard library only); servers import it as
`from toolargs.runtime import ToolPolicy`.
"""

from toolargs.runtime.policy import Resolution, ToolArgs, ToolPolicy, tool_mode

__all__ = ["Resolution", "ToolArgs", "ToolPolicy", "tool_mode"]
