/**
 * extTasksClient: `@modelcontextprotocol/ext-tasks` 0.2.2's requester session over
 * `@modelcontextprotocol/client` 2.4.0, driving one tool call against a server over Streamable
 * HTTP — an ES-module-only package, so it runs in its own Node process (the interop test spawns
 * it). The 2026-07-28 task wire goes through `rawDispatch` (the package's documented seam for
 * it): a plain POST with the standard headers (`Mcp-Method`, `Mcp-Name` = the tool or the task
 * id). Prints one JSON line: the era and version the client landed in, the task wire it saw
 * (the CreateTaskResult, the methods it sent) and the settled result.
 *
 * Usage: node extTasksClient.mjs URL TOOL ARGUMENTS_JSON
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createTaskSessionFromClient, resultFromTaskOutcome } from '@modelcontextprotocol/ext-tasks/client';

const [url, tool, args] = process.argv.slice(2);
const clientInfo = { name: 'ext-tasks-interop', version: '1.0.0' };
const client = new Client(clientInfo, { versionNegotiation: { mode: 'auto' } });
await client.connect(new StreamableHTTPClientTransport(new URL(url)));
const era = client.getProtocolEra();
const version = client.getNegotiatedProtocolVersion();

const sent = [];
let created;
let nextId = 1;

/** The last JSON-RPC message of a JSON or SSE body. */
function parse(text, contentType) {
  if (!contentType?.startsWith('text/event-stream')) return JSON.parse(text);
  const events = text.split('\n').filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6)));
  return events.filter((event) => 'id' in event).pop();
}

async function rawDispatch(request, options) {
  const message = { jsonrpc: '2.0', id: request.id ?? `raw-${nextId++}`, ...request };
  const params = message.params ?? {};
  const name = message.method === 'tools/call' ? params.name : params.taskId;
  sent.push(message.method);
  const response = await globalThis.fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': version,
      'mcp-method': message.method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
    },
    body: JSON.stringify(message),
    ...(options?.signal ? { signal: options.signal } : {}),
  });
  const reply = parse(await response.text(), response.headers.get('content-type'));
  if (message.method === 'tools/call' && reply.result?.resultType === 'task') created = reply.result;
  return reply.error ? { kind: 'error', error: reply.error } : { kind: 'result', result: reply.result };
}

const session = createTaskSessionFromClient(client, {
  endpointId: 'toolwire-everything',
  rawDispatch,
  v2RequestFraming: { protocolVersion: version, clientInfo, clientCapabilities: {} },
});
try {
  const execution = await session.callTool(tool, JSON.parse(args));
  const { outcome } = await execution.settle();
  const result = resultFromTaskOutcome(outcome);
  process.stdout.write(`${JSON.stringify({ era, version, created, sent, result })}\n`);
} finally {
  await session.close();
  await client.close();
}
