"""Python clients against toolwire's everything-server.

The official MCP Python SDK (`mcp` 2.3.0) and the FastMCP client (`fastmcp` 4.0.10), each over
Streamable HTTP and stdio, in every way they connect: `legacy` (the initialize handshake, which
reaches 2025-11-25), `auto` (server/discover, which reaches 2026-07-28) and a pinned
`2026-07-28`. Each case lists the tools, calls `add`, lists and reads a resource and checks the
era it reached; on 2025-11-25 the SDK client also runs a tool as a task and cancels it (the
answer is already `cancelled`; a second cancel is -32602). One line per case, then a summary;
the exit status is 1 when a case failed.

Usage: python interop.py HTTP_URL NODE SERVER_JS
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import fastmcp
import mcp_types as types
from fastmcp.client.transports import StdioTransport
from mcp.client.client import Client as SdkClient
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError

MODES = {"legacy": "2025-11-25", "auto": "2026-07-28", "2026-07-28": "2026-07-28"}
"""How each client connects, and the era it must reach."""

EXPECTED_TOOLS = {"add", "echo", "slow_compute", "structured_add"}
README_URI = "test://static/readme"


class Failure(Exception):
    """A check that did not hold."""


def check(condition: bool, what: str) -> None:
    if not condition:
        raise Failure(what)


async def sdk_case(target: Any, mode: str) -> str:
    """The official SDK's client: tools, a call, resources and the era reached."""
    async with SdkClient(target, mode=mode) as client:
        check(client.protocol_version == MODES[mode], f"era {client.protocol_version}, expected {MODES[mode]}")
        names = {tool.name for tool in (await client.list_tools()).tools}
        check(EXPECTED_TOOLS <= names, f"tools/list lacks {sorted(EXPECTED_TOOLS - names)}")
        result = await client.call_tool("add", {"a": 2, "b": 3})
        text = result.content[0].text if result.content and isinstance(result.content[0], types.TextContent) else None
        check(text == "5" and not result.is_error, f"add 2 3 answered {result!r}")
        uris = [str(resource.uri) for resource in (await client.list_resources()).resources]
        check(README_URI in uris, f"resources/list lacks {README_URI}: {uris}")
        contents = (await client.read_resource(README_URI)).contents
        check(len(contents) == 1 and getattr(contents[0], "text", ""), f"resources/read {README_URI} answered {contents!r}")
        if client.protocol_version == "2025-11-25":
            await legacy_task_cancel(client)
            return f"{client.protocol_version}, {len(names)} tools, task cancelled"
        return f"{client.protocol_version}, {len(names)} tools"


async def legacy_task_cancel(client: SdkClient) -> None:
    """2025-11-25 tasks: a running task's tasks/cancel answers `cancelled`; cancelling it again is -32602."""
    session = client.session
    created = types.CreateTaskResult.model_validate(await send_unvalidated(session, "tools/call", {"name": "slow_compute", "arguments": {"seconds": 60}, "task": {"ttl": 60_000}}))
    check(created.task.status == "working", f"the task started {created.task.status}")
    task_id = created.task.task_id
    cancel = types.CancelTaskRequest(params=types.CancelTaskRequestParams(task_id=task_id))
    cancelled = await session.send_request(cancel, types.CancelTaskResult)
    check(cancelled.status == "cancelled", f"tasks/cancel answered status {cancelled.status}")
    got = await session.send_request(types.GetTaskRequest(params=types.GetTaskRequestParams(task_id=task_id)), types.GetTaskResult)
    check(got.status == "cancelled", f"tasks/get after the cancel answered {got.status}")
    try:
        await session.send_request(cancel, types.CancelTaskResult)
    except MCPError as error:
        check(error.error.code == -32602, f"a second tasks/cancel answered {error.error.code}, expected -32602")
    else:
        raise Failure("a second tasks/cancel of the cancelled task succeeded, expected -32602")


async def send_unvalidated(session: Any, method: str, params: dict[str, Any]) -> dict[str, Any]:
    """A request whose result the SDK would refuse: its `send_request` checks a `tools/call` result
    against CallToolResult even when `params.task` asked for a task (then the answer is a
    CreateTaskResult; see README.md, "Faults of the clients"). The same wire request, through the
    session's own stamping (headers) and dispatcher, without that check — private members of the
    pinned mcp 2.3.0."""
    data: dict[str, Any] = {"method": method, "params": params}
    opts: dict[str, Any] = {}
    session._stamp(data, opts)  # noqa: SLF001
    return await session._dispatcher.send_raw_request(method, data["params"], opts)  # noqa: SLF001


async def fastmcp_case(target: Any, mode: str) -> str:
    """The FastMCP client: tools, a call, resources and the era reached."""
    async with fastmcp.Client(target, mode=mode) as client:
        check(client.protocol_version == MODES[mode], f"era {client.protocol_version}, expected {MODES[mode]}")
        names = {tool.name for tool in await client.list_tools()}
        check(EXPECTED_TOOLS <= names, f"tools/list lacks {sorted(EXPECTED_TOOLS - names)}")
        result = await client.call_tool("add", {"a": 2, "b": 3})
        text = result.content[0].text if result.content and isinstance(result.content[0], types.TextContent) else None
        check(text == "5" and not result.is_error, f"add 2 3 answered {result!r}")
        uris = [str(resource.uri) for resource in await client.list_resources()]
        check(README_URI in uris, f"resources/list lacks {README_URI}: {uris}")
        contents = await client.read_resource(README_URI)
        check(len(contents) == 1 and getattr(contents[0], "text", ""), f"resources/read {README_URI} answered {contents!r}")
        return f"{client.protocol_version}, {len(names)} tools"


async def main(url: str, node: str, server: str) -> int:
    cases: list[tuple[str, Callable[[], Awaitable[str]]]] = []
    for mode in MODES:
        cases.append((f"mcp {mode} http", lambda mode=mode: sdk_case(url, mode)))
        cases.append((f"mcp {mode} stdio", lambda mode=mode: sdk_case(StdioServerParameters(command=node, args=[server, "--stdio"]), mode)))
        cases.append((f"fastmcp {mode} http", lambda mode=mode: fastmcp_case(url, mode)))
        cases.append((f"fastmcp {mode} stdio", lambda mode=mode: fastmcp_case(StdioTransport(command=node, args=[server, "--stdio"]), mode)))
    failed = 0
    for name, run in cases:
        try:
            with anyio.fail_after(60):
                print(f"PASS {name}: {await run()}", flush=True)
        except Exception as error:  # every failure is reported, then the next case runs
            failed += 1
            print(f"FAIL {name}: {error!r}", flush=True)
            traceback.print_exc(file=sys.stderr)
    print(f"python interop: {len(cases) - failed} of {len(cases)} cases passed (mcp {version('mcp')}, fastmcp {version('fastmcp')})", flush=True)
    return 1 if failed else 0


def version(package: str) -> str:
    from importlib.metadata import version as of

    return of(package)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(anyio.run(main, *sys.argv[1:]))
