"""The relay: every message between the client and the upstream, as it is, except
`tools/call`.

Each request from the client is sent on in the order it came and waited for with a
deadline (`--timeout`, renewed by the upstream's progress notifications); whatever
happens to the upstream (it cannot start, exits, hangs, writes what is not JSON-RPC),
the client gets a JSON-RPC error that says so, never silence. `tools/call` is decided
by the policy built from the upstream's own `tools/list`, fetched when the first call
comes and again after `notifications/tools/list_changed`.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from toolargs.proxy.calls import Forward, ProxyPolicy
from toolargs.proxy.downstream import Downstream
from toolargs.proxy.sdk import Sdk, inner
from toolargs.proxy.settings import ProxySettings
from toolargs.proxy.upstream import Garbage, Upstream

INTERNAL_ERROR = -32603  # JSON-RPC: the proxy could not get the upstream's answer
OWN_ID_PREFIX = "toolargs-proxy-"  # ids of the proxy's own requests to the upstream
MAX_PAGES = 100


class ProxyFault(Exception):
    """Why the upstream could not answer: the message the client gets."""


@dataclass
class Pending:
    """A request sent to the upstream and not yet answered."""

    method: str
    request_id: Any = None
    deadline: float = 0.0  # the watchdog answers the client with an error from then on
    tool: str | None = None
    unknown_args: list[str] = field(default_factory=list)
    policy: ProxyPolicy | None = None  # the one that decided the call
    listing: bool = False  # a first-page tools/list: its full answer is the tool list
    progress: Any = None  # the key of its progress token, if it has one
    done: Any = None  # the proxy's own requests: an anyio.Event the proxy waits on
    response: Any = None


def _key(request_id: object) -> tuple[str, object]:
    # JSON-RPC ids 1 and "1" are different requests.
    return (type(request_id).__name__, request_id)


def log(message: str) -> None:
    print(f"toolargs proxy: {message}", file=sys.stderr, flush=True)


class Relay:
    def __init__(
        self,
        sdk: Sdk,
        anyio: Any,
        settings: ProxySettings,
        client: Downstream,
        upstream: Upstream | None,
        start_failure: str = "",
    ) -> None:
        self.sdk = sdk
        self.anyio = anyio
        self.settings = settings
        self.client = client
        self.upstream = upstream
        self.gone = start_failure  # why the upstream can no longer answer, once it cannot
        self.pending: dict[tuple[str, object], Pending] = {}
        self.progress: dict[tuple[str, object], Pending] = {}
        self.policy: ProxyPolicy | None = None
        self.policy_lock = anyio.Lock()
        self.own_ids = 0
        self.wake = anyio.Event()  # set when a request is sent: the watchdog has work

    # --- The two directions. ---

    async def run(self) -> None:
        """Relay until the client goes away (its stream ends)."""
        async with self.anyio.create_task_group() as tasks:
            tasks.start_soon(self.watchdog)
            if self.upstream is not None:
                tasks.start_soon(self.from_upstream, self.upstream)
            async for item in self.client.messages():
                if isinstance(item, Exception):
                    log(f"a message from the client is not JSON-RPC: {item}".split("\n")[0])
                    continue
                await self.from_client(*item)
            tasks.cancel_scope.cancel()

    async def from_client(self, model: Any, raw: bytes | None) -> None:
        message = inner(model)
        method = getattr(message, "method", None)
        request_id = getattr(message, "id", None)
        if method is None:  # the client's answer to a request of the upstream's
            await self.send_upstream(model, raw)
        elif request_id is None:
            if method == "notifications/cancelled":
                self.cancelled(message.params)
            await self.send_upstream(model, raw)
        elif method == "tools/call":
            await self.call_tool(model, message, raw)
        else:
            params = message.params
            first_page = not (isinstance(params, dict) and params.get("cursor"))
            listing = method == "tools/list" and first_page
            await self.forward(model, message, Pending(method, listing=listing), raw)

    async def from_upstream(self, upstream: Upstream) -> None:
        async for item in upstream.messages():
            if isinstance(item, Garbage):
                log(f"the upstream wrote to stdout what is not JSON-RPC: {item.text}")
                continue
            model, raw = item
            message = inner(model)
            method = getattr(message, "method", None)
            if method is None:  # a response or an error
                waiting = self.pending.pop(_key(message.id), None)
                if waiting is not None:
                    await self.deliver(waiting, model, raw)
                continue  # an answer nobody waits for any more (timed out) is dropped
            if method == "notifications/tools/list_changed":
                self.policy = None
            elif method == "notifications/progress":
                self.renew(message.params)
            await self.client.send(model, raw)
        self.gone = await self.exit_reason(upstream)
        log(self.gone)
        waiting_ones = list(self.pending.values())
        self.pending.clear()
        self.progress.clear()
        for waiting in waiting_ones:
            if waiting.done is not None:
                waiting.done.set()
            else:
                await self.error(waiting.request_id, self.fault(waiting.method))

    # --- Requests. ---

    async def forward(
        self, model: Any, message: Any, waiting: Pending, raw: bytes | None = None
    ) -> None:
        """Send a client's request on; `deliver` or the watchdog answers it."""
        if self.gone:
            await self.error(message.id, self.fault(waiting.method))
            return
        key = _key(message.id)
        waiting.request_id = message.id
        waiting.deadline = self.anyio.current_time() + self.settings.timeout
        self.pending[key] = waiting
        token = _progress_token(message.params)
        if token is not None:
            waiting.progress = _key(token)
            self.progress[waiting.progress] = waiting
        if not await self.send_upstream(model, raw):
            self.pending.pop(key, None)
            await self.error(message.id, self.fault(waiting.method))
            return
        self.wake.set()

    async def deliver(self, waiting: Pending, response: Any, raw: bytes | None) -> None:
        """The upstream's answer to the client, with what the policy adds to it."""
        if waiting.done is not None:  # the proxy's own request
            waiting.response = response
            waiting.done.set()
            return
        if waiting.progress is not None:
            self.progress.pop(waiting.progress, None)
        if waiting.unknown_args:
            response, raw = self.with_unknown_args(waiting, response), None
        elif waiting.listing:
            self.adopt_listing(response)
        await self.client.send(response, raw)

    async def watchdog(self) -> None:
        """Answer every request the upstream leaves past its deadline with an error, and
        tell the upstream it is given up, as a client that cancels does."""
        anyio = self.anyio
        while True:
            deadlines = [w.deadline for w in self.pending.values() if w.done is None]
            if not deadlines:
                self.wake = anyio.Event()
                await self.wake.wait()
                continue
            # Later requests have later deadlines: the soonest is the one to sleep for.
            await anyio.sleep(max(0.0, min(deadlines) - anyio.current_time()))
            now = anyio.current_time()
            for key, waiting in list(self.pending.items()):
                if waiting.done is None and waiting.deadline <= now:
                    del self.pending[key]
                    await self.expire(waiting)

    async def expire(self, waiting: Pending) -> None:
        if waiting.progress is not None:
            self.progress.pop(waiting.progress, None)
        timeout = self.settings.timeout
        cancel = {"requestId": waiting.request_id, "reason": f"no answer within {timeout:g} s"}
        await self.send_upstream(self.notification("notifications/cancelled", cancel))
        await self.error(waiting.request_id, self.fault(waiting.method, timed_out=True))

    def cancelled(self, params: object) -> None:
        """A request the client cancels is answered by nobody."""
        if isinstance(params, Mapping) and "requestId" in params:
            waiting = self.pending.get(_key(params["requestId"]))
            if waiting is not None and waiting.done is None:
                del self.pending[_key(params["requestId"])]
                if waiting.progress is not None:
                    self.progress.pop(waiting.progress, None)

    def renew(self, params: object) -> None:
        """Progress on a request gives it a new deadline: slow work that reports is not hung."""
        if isinstance(params, Mapping) and "progressToken" in params:
            waiting = self.progress.get(_key(params["progressToken"]))
            if waiting is not None:
                waiting.deadline = self.anyio.current_time() + self.settings.timeout

    # --- tools/call. ---

    async def call_tool(self, model: Any, message: Any, raw: bytes | None) -> None:
        params = message.params if isinstance(message.params, dict) else {}
        name = params.get("name")
        waiting = Pending("tools/call")
        if not isinstance(name, str) or self.gone:
            await self.forward(model, message, waiting, raw)
            return
        try:
            policy = await self.current_policy()
        except ProxyFault as fault:
            why = f"the tool list the policy is built from could not be read ({fault})"
            await self.error(message.id, f"{why}; {name} was not called")
            return
        if name not in policy:  # not listed: the upstream answers for its own tools
            await self.forward(model, message, waiting, raw)
            return
        decision = policy.decide(name, params.get("arguments"))
        if not isinstance(decision, Forward):
            log(f"refused {name} ({policy.mode(name)}): {decision.message}")
            await self.result(message.id, decision.result())
            return
        if decision.arguments is not None:
            changed = {**params, "arguments": decision.arguments}
            model = self.sdk.build(
                {"jsonrpc": "2.0", "id": message.id, "method": "tools/call", "params": changed}
            )
            raw = None
        waiting.tool, waiting.unknown_args, waiting.policy = name, decision.unknown_args, policy
        await self.forward(model, message, waiting, raw)

    def with_unknown_args(self, waiting: Pending, response: Any) -> Any:
        message = inner(response)
        result = getattr(message, "result", None)
        if waiting.policy is None or waiting.tool is None or not isinstance(result, dict):
            return response  # a JSON-RPC error stays as the upstream sent it
        answer = waiting.policy.answer(waiting.tool, result, waiting.unknown_args)
        return self.sdk.build({"jsonrpc": "2.0", "id": message.id, "result": answer})

    async def current_policy(self) -> ProxyPolicy:
        if self.policy is not None:
            return self.policy
        async with self.policy_lock:
            if self.policy is None:
                self.policy = ProxyPolicy(await self.list_tools(), self.settings)
            return self.policy

    def adopt_listing(self, response: Any) -> None:
        """A complete tool list the client asked for is the proxy's too."""
        result = getattr(inner(response), "result", None)
        if isinstance(result, dict) and isinstance(result.get("tools"), list):
            if not result.get("nextCursor"):
                self.policy = ProxyPolicy(result["tools"], self.settings)

    async def list_tools(self) -> list[Any]:
        tools: list[Any] = []
        cursor: object = None
        for _ in range(MAX_PAGES):
            params = {"cursor": cursor} if cursor else {}
            result = await self.own_request("tools/list", params)
            page = result.get("tools")
            if not isinstance(page, list):
                raise ProxyFault("the upstream's tools/list answer has no list of tools")
            tools.extend(page)
            cursor = result.get("nextCursor")
            if not cursor:
                break
        return tools

    async def own_request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        if self.gone:
            raise ProxyFault(self.fault(method))
        self.own_ids += 1
        request_id = f"{OWN_ID_PREFIX}{self.own_ids}"
        key = _key(request_id)
        waiting = Pending(method, request_id=request_id, done=self.anyio.Event())
        self.pending[key] = waiting
        wire = {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}
        if not await self.send_upstream(self.sdk.build(wire)):
            self.pending.pop(key, None)
            raise ProxyFault(self.fault(method))
        with self.anyio.move_on_after(self.settings.timeout):
            await waiting.done.wait()
        if waiting.response is None:
            self.pending.pop(key, None)
            raise ProxyFault(self.fault(method, timed_out=not self.gone))
        response = inner(waiting.response)
        error = getattr(response, "error", None)
        if error is not None:
            raise ProxyFault(f"the upstream answered {method} with an error: {error.message}")
        result: dict[str, Any] = response.result
        return result

    # --- Writing. ---

    async def send_upstream(self, model: Any, raw: bytes | None = None) -> bool:
        if self.upstream is None or self.gone:
            return False
        return await self.upstream.send(model, raw)

    def notification(self, method: str, params: dict[str, Any]) -> Any:
        return self.sdk.build({"jsonrpc": "2.0", "method": method, "params": params})

    async def result(self, request_id: Any, result: dict[str, Any]) -> None:
        model = self.sdk.build({"jsonrpc": "2.0", "id": request_id, "result": result})
        await self.client.send(model)

    async def error(self, request_id: Any, text: str) -> None:
        wire = {
            "jsonrpc": "2.0",
            "id": request_id,
            "error": {"code": INTERNAL_ERROR, "message": f"toolargs proxy: {text}"},
        }
        await self.client.send(self.sdk.build(wire))

    # --- Faults, in the client's words. ---

    def fault(self, method: str, *, timed_out: bool = False) -> str:
        """Why `method` gets no answer from the upstream, for a ProxyFault."""
        if timed_out:
            reason = f"the upstream server did not answer within {self.settings.timeout:g} s"
            upstream = self.upstream
            if upstream is not None and upstream.garbage is not None:
                reason += f"; it wrote to stdout what is not JSON-RPC ({upstream.garbage})"
            tail = upstream.tap.tail() if upstream is not None else ""
            if tail:
                reason += f"; its stderr: {tail}"
        else:
            reason = self.gone
        return f"no answer to {method}: {reason}"

    async def exit_reason(self, upstream: Upstream) -> str:
        code = await upstream.exit_code(wait=1.0)
        how = f"exited with code {code}" if code is not None else "closed its output"
        text = f"the upstream server {how}"
        if upstream.garbage is not None:
            text += f"; it wrote to stdout what is not JSON-RPC ({upstream.garbage})"
        tail = upstream.tap.tail(wait=0.5)
        if tail:
            text += f"; its stderr: {tail}"
        return text


def _progress_token(params: object) -> Any:
    meta = params.get("_meta") if isinstance(params, Mapping) else None
    return meta.get("progressToken") if isinstance(meta, Mapping) else None
