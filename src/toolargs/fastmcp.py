"""`toolargs.fastmcp`: the fastmcp middleware under the name the documentation and the
rules' remedies give (`from toolargs.fastmcp import PolicyMiddleware`).

It lives in `toolargs.runtime.fastmcp`; importing either imports fastmcp.
"""

from toolargs.runtime.fastmcp import PolicyMiddleware, enforce_fastmcp_policy, fastmcp_major

__all__ = ["PolicyMiddleware", "enforce_fastmcp_policy", "fastmcp_major"]
