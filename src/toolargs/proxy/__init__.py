"""`toolargs proxy -- CMD`: the policy enforced in front of any MCP server, unchanged.

The proxy is an MCP server over stdio that starts `CMD` as its upstream and relays every
JSON-RPC message both ways as it is, except `tools/call`: there it applies the policy
(`toolargs.runtime.ToolPolicy`) built from the upstream's own `tools/list`. The MCP
Python SDK is needed only when a proxy runs (`pip install 'toolargs[proxy]'`).
"""
