/**
 * The rules of the matrix: each cross-cutting rule as one row — where it applies (which
 * transports, which versions) and what a client sees. A row asks the version's profile for what
 * differs between versions, never a date. Adding a rule adds a row here; adding a version or a
 * transport adds columns, not tests.
 */
import { ErrorCodes, META, profileFor } from '@toolwire/core';
import type { ProtocolProfile } from '@toolwire/core';
import { ISSUER, LIMITS, MCP_ERROR, METADATA, RATE_LIMIT, README_URI, REFUSED_URI, SECRET_URI, TASK_OPTIONS } from './fixture';
import { build } from './transports';
import type { ServerRequest, RequestSpec, Seen, Traits, Transport } from './transports';
import type { Listening } from './listening';

/** One cross-cutting rule. */
export interface Rule {
  readonly name: string;
  /** Whether the rule applies to this transport under this version (default: everywhere). */
  applies?(transport: Traits, profile: ProtocolProfile): boolean;
  /** Sends what the rule needs and asserts what the client sees. */
  check(transport: Transport, profile: ProtocolProfile): Promise<void>;
}

const call = (version: string, name: string, args?: Record<string, unknown>, extra: Partial<RequestSpec> = {}): RequestSpec => ({
  version,
  method: 'tools/call',
  params: args === undefined ? { name } : { name, arguments: args },
  ...extra,
});

const get = (version: string, name: string, args?: Record<string, unknown>, extra: Partial<RequestSpec> = {}): RequestSpec => ({
  version,
  method: 'prompts/get',
  params: args === undefined ? { name } : { name, arguments: args },
  ...extra,
});

/** The text of a prompts/get result's first message. */
function promptText(seen: Seen): string | undefined {
  const messages = seen.reply?.result?.messages as Array<{ content?: { text?: string } }> | undefined;
  return messages?.[0]?.content?.text;
}

const read = (version: string, uri: string, extra: Partial<RequestSpec> = {}): RequestSpec => ({ version, method: 'resources/read', params: { uri }, ...extra });

const modern = (profile: ProtocolProfile) => profile.era === 'modern';

const META_VERSION = META.protocolVersion;
const META_CAPABILITIES = META.clientCapabilities;

/** The tasks extension's identifier. */
const TASKS = 'io.modelcontextprotocol/tasks';

/** Resolves once the audit queue has handed what was queued to its sink (it drains in a microtask). */
function auditDrained(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The status a transport with statuses shows; stdio has none. */
function expectStatus(transport: Traits, seen: Seen, status: number): void {
  if (transport.name !== 'serveStdio') expect(seen.status).toBe(status);
}

function text(seen: Seen): string | undefined {
  return seen.reply?.result?.content?.[0]?.text;
}

function expectError(seen: Seen, code: number, message?: RegExp): void {
  expect(seen.reply?.error).toEqual(expect.objectContaining({ code }));
  if (message) expect(seen.reply?.error?.message).toMatch(message);
}

/** A call whose arguments nest `depth` arrays deep. */
function deepArguments(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** A `subscriptions/listen` asking for `notifications`. */
function listenTo(version: string, notifications: Record<string, unknown>, extra: Partial<RequestSpec> = {}): RequestSpec {
  return { version, method: 'subscriptions/listen', params: { notifications }, ...extra };
}

/** Opens a stream the row expects to be admitted; a 2026-07-28 listen is open once acknowledged. */
async function opened(t: Transport, spec: RequestSpec): Promise<Listening> {
  const listening = await t.listen(spec);
  expect(listening.refused).toBeUndefined();
  if (modern(profileFor(spec.version))) expect(listening.frames[0]?.method).toBe('notifications/subscriptions/acknowledged');
  return listening;
}

/** A refusal of the listener bounds: -32000 naming the bound, HTTP 503 with Retry-After. */
function expectBusy(t: Traits, seen: Seen | undefined, id: number | null, message: RegExp): void {
  expect(seen).toBeDefined();
  expectStatus(t, seen!, 503);
  if (t.http) expect(seen!.headers['retry-after']).toMatch(/^\d+$/);
  expect(seen!.reply?.id).toBe(id);
  expectError(seen!, ErrorCodes.ServerBusy, message);
}

/** Disables a tool (or prompt) and enables it again: two list_changed, the list as it was. */
function toggleTool(t: Transport, name = 'echo', list: 'tools' | 'prompts' = 'tools'): void {
  const item = t.decl.catalog.lists[list].get(name)!;
  item.setEnabled(false);
  item.setEnabled(true);
}

/** Request ids of the rows that wait for a request's audit event: unique across the versions a transport serves. */
let nextCancelId = 9000;

/**
 * The end of a cancelled call: its procedure's signal aborted (not by its time limit), the
 * server done with it (its audit event, outcome `cancelled`), onError told nothing, its caller's
 * share of `maxConcurrentCallsPerPrincipal` (1) free again — the caller's next call is answered —
 * and its span's error.type `cancelled`.
 */
async function expectCancelled(t: Transport, p: ProtocolProfile, id: number, aborted: number): Promise<void> {
  await t.recorder.hang.whenAborted(aborted + 1);
  expect(t.recorder.hang.aborted).toHaveLength(aborted + 1);
  const reason = t.recorder.hang.aborted[aborted];
  expect(reason instanceof Error ? reason.name : reason).not.toBe('TimeoutError');
  expect((await t.recorder.audited(id)).outcome).toBe('cancelled');
  expect(t.recorder.errors.filter((e) => e.info.requestId === id)).toEqual([]);
  expect(text(await t.send(call(p.version, 'add', { a: 1, b: 2 })))).toBe('3');
  expect(t.recorder.otel.spansOf(id).map((span) => span.attributes['error.type'])).toEqual(['cancelled']);
}

export const RULES: readonly Rule[] = [
  {
    name: 'server card (HTTP, serverCard option): GET <endpoint>/server-card without a token — the media type, open CORS, caching, a strong ETag and 304, and the serverInfo server/discover gives',
    applies: (t) => t.http,
    async check(t) {
      const res = await t.fetch!('/server-card');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/mcp-server-card+json');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
      const etag = res.headers.get('etag');
      expect(etag).toMatch(/^"[^"]+"$/);
      const card = await res.json();
      const discovered = await t.send({ version: '2026-07-28', method: 'server/discover' });
      expect(card).toMatchObject({ name: 'io.example/matrix', description: 'The matrix fixture', _meta: discovered.reply?.result?._meta });
      expect((await t.fetch!('/server-card', { headers: { 'If-None-Match': etag! } })).status).toBe(304);
    },
  },
  {
    name: 'telemetry: one SERVER span per request, "tools/call add", with mcp.method.name, the version, the request id and network.transport (tcp over HTTP, pipe on stdio)',
    async check(t, p) {
      const seen = await t.send(call(p.version, 'add', { a: 2, b: 3 }));
      expect(text(seen)).toBe('5');
      const spans = t.recorder.otel.spansOf(String(seen.reply?.id));
      expect(spans).toHaveLength(1);
      const [span] = spans;
      expect(span.name).toBe('tools/call add');
      expect(span.kind).toBe(1); // SpanKind.SERVER
      expect(span.attributes).toEqual(
        expect.objectContaining({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'add', 'gen_ai.operation.name': 'execute_tool', 'mcp.protocol.version': p.version }),
      );
      expect(span.attributes).not.toHaveProperty('mcp.session.id');
      expect(span.attributes).not.toHaveProperty('error.type');
      const transport = t.name === 'serveStdio' ? 'pipe' : t.http ? 'tcp' : undefined;
      expect(span.attributes['network.transport']).toBe(transport);
      if (t.name === 'mcpRouter' || t.name === 'mcpHandler') {
        expect(span.attributes['client.address']).toBe('127.0.0.1');
        expect(span.attributes['client.port']).toEqual(expect.any(Number));
      }
    },
  },
  {
    name: 'telemetry bounds: a request claiming a version the server does not speak is recorded as mcp.protocol.version _OTHER (no metric series per claimed string)',
    applies: (_t, p) => modern(p),
    async check(t, p) {
      const claimed = `2099-12-31-${'x'.repeat(200)}`;
      const raw = JSON.stringify({ jsonrpc: '2.0', id: 71, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 }, _meta: { [META_VERSION]: claimed, [META_CAPABILITIES]: {} } } });
      const seen = await t.send(call(p.version, 'add', { a: 1, b: 2 }, { id: 71, raw, headers: { 'mcp-protocol-version': claimed } }));
      expect(seen.reply?.error).toBeDefined();
      const spans = t.recorder.otel.spansOf('71');
      expect(spans.map((span) => span.attributes['mcp.protocol.version'])).toEqual(['_OTHER']);
      const versions = (await t.recorder.otel.durations()).map((point) => String(point.attributes['mcp.protocol.version']));
      expect(versions).toContain('_OTHER');
      expect(versions.filter((version) => version.startsWith('2099'))).toEqual([]);
    },
  },
  {
    name: 'scopes: a token without the tool\'s scope gets 403 insufficient_scope with the challenge, and the procedure does not run',
    applies: (t) => t.protected,
    async check(t, p) {
      const before = t.recorder.ran.get('admin_reset') ?? 0;
      const spec = call(p.version, 'admin_reset', {}, { id: 41, token: 'reader' });
      const seen = await t.send(spec);
      expectStatus(t, seen, 403);
      expect(seen.headers['www-authenticate']).toBe(`Bearer error="insufficient_scope", scope="admin", resource_metadata="${METADATA}"`);
      expect(seen.reply?.id).toBe(41);
      expectError(seen, ErrorCodes.InvalidRequest, /^Forbidden: insufficient_scope: tool "admin_reset" requires scope admin/);
      expect(t.recorder.ran.get('admin_reset') ?? 0).toBe(before);
    },
  },
  {
    name: 'scopes: a token with the scope runs the tool',
    applies: (t) => t.protected,
    async check(t, p) {
      const seen = await t.send(call(p.version, 'admin_reset', {}, { token: 'admin' }));
      expectStatus(t, seen, 200);
      expect(text(seen)).toBe('reset by root');
    },
  },
  {
    name: 'resources/read: a declared resource is read with its MIME type (and the result fields on 2026-07-28)',
    async check(t, p) {
      const seen = await t.send(read(p.version, README_URI));
      expectStatus(t, seen, 200);
      expect(seen.reply?.result?.contents).toEqual([{ uri: README_URI, mimeType: 'text/plain', text: 'the matrix readme' }]);
      if (modern(p)) expect(seen.reply?.result).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
      else expect(seen.reply?.result).not.toHaveProperty('resultType');
    },
  },
  {
    name: 'resources/read: an unknown URI is -32002 with the URI in data on legacy versions, -32602 on 2026-07-28',
    async check(t, p) {
      const uri = 'test://matrix/nothing';
      const seen = await t.send(read(p.version, uri, { id: 52 }));
      expectStatus(t, seen, 200);
      expect(seen.reply?.id).toBe(52);
      expect(seen.reply?.error).toEqual({ code: p.resourceNotFound, message: `Resource not found: ${uri}`, data: { uri } });
      expect(p.resourceNotFound).toBe(modern(p) ? ErrorCodes.InvalidParams : -32002);
    },
  },
  {
    name: 'McpError: thrown by a tool, a resource read or a prompt, it is that JSON-RPC error — code, message and data — the same way on every version (HTTP 200)',
    async check(t, p) {
      for (const [spec, id] of [
        [call(p.version, 'refused', {}, { id: 181 }), 181],
        [read(p.version, REFUSED_URI, { id: 182 }), 182],
        [get(p.version, 'refused_prompt', undefined, { id: 183 }), 183],
      ] as const) {
        const seen = await t.send(spec);
        expectStatus(t, seen, 200);
        expect(seen.reply?.id).toBe(id);
        expect(seen.reply?.error).toEqual({ code: MCP_ERROR.code, message: MCP_ERROR.message, data: MCP_ERROR.data });
        expect(seen.reply).not.toHaveProperty('result');
      }
    },
  },
  {
    name: 'resources/read scopes: a token without the resource\'s scope gets 403 insufficient_scope and the read procedure does not run; with it the read succeeds',
    applies: (t) => t.protected,
    async check(t, p) {
      const before = t.recorder.ran.get('secret') ?? 0;
      const refused = await t.send(read(p.version, SECRET_URI, { id: 43, token: 'reader' }));
      expectStatus(t, refused, 403);
      if (t.http) expect(refused.headers['www-authenticate']).toBe(`Bearer error="insufficient_scope", scope="admin", resource_metadata="${METADATA}"`);
      expect(refused.reply?.id).toBe(43);
      expectError(refused, ErrorCodes.InvalidRequest, /^Forbidden: insufficient_scope: resource "test:\/\/matrix\/secret" requires scope admin/);
      expect(t.recorder.ran.get('secret') ?? 0).toBe(before);
      const allowed = await t.send(read(p.version, SECRET_URI, { token: 'admin' }));
      expectStatus(t, allowed, 200);
      expect(allowed.reply?.result?.contents).toEqual([{ uri: SECRET_URI, mimeType: 'text/plain', text: 'classified' }]);
    },
  },
  {
    name: 'maxUriLength: a longer resources/read URI is -32602 naming the limit, before any template (or the scopes rule) looks at it; a URI within it reads the template',
    async check(t, p) {
      const token = t.protected ? 'admin' : undefined;
      const long = `test://matrix/reports/${'-'.repeat(LIMITS.maxUriLength)}`;
      const before = t.recorder.ran.get('report') ?? 0;
      const refused = await t.send(read(p.version, long, { id: 61, token: t.protected ? 'reader' : undefined }));
      expectStatus(t, refused, 200);
      expect(refused.reply?.id).toBe(61);
      expectError(refused, ErrorCodes.InvalidParams, new RegExp(`more than maxUriLength \\(${LIMITS.maxUriLength}\\)`));
      expect(t.recorder.ran.get('report') ?? 0).toBe(before);
      const allowed = await t.send(read(p.version, 'test://matrix/reports/eu-west-2026', { token }));
      expect(allowed.reply?.result?.contents).toEqual([{ uri: 'test://matrix/reports/eu-west-2026', mimeType: 'text/plain', text: 'report eu west-2026' }]);
    },
  },
  {
    name: 'Mcp-Name on resources/read: it must state params.uri (-32020, HTTP 400), and the read does not run',
    applies: (t, p) => modern(p) && (t.http || t.name === 'dispatcher'),
    async check(t, p) {
      const before = t.recorder.ran.get('secret') ?? 0;
      const other = await t.send(read(p.version, SECRET_URI, { token: 'admin', headers: { 'Mcp-Name': README_URI } }));
      expectStatus(t, other, 400);
      expectError(other, ErrorCodes.HeaderMismatch, /Mcp-Name is "test:\/\/matrix\/readme" but the URI is "test:\/\/matrix\/secret"/);
      expect(t.recorder.ran.get('secret') ?? 0).toBe(before);
      const encoded = `=?base64?${Buffer.from(README_URI).toString('base64')}?=`;
      expect((await t.send(read(p.version, README_URI, { headers: { 'Mcp-Name': encoded } }))).reply?.result?.contents).toEqual([{ uri: README_URI, mimeType: 'text/plain', text: 'the matrix readme' }]);
    },
  },
  {
    name: 'listOnlyPermittedTools: tools/list leaves out the tools the token cannot call',
    applies: (t) => t.protected,
    async check(t, p) {
      const names = async (token: string) => {
        const seen = await t.send({ version: p.version, method: 'tools/list', token });
        expectStatus(t, seen, 200);
        return (seen.reply?.result?.tools as Array<{ name: string }>).map((tool) => tool.name);
      };
      const reader = await names('reader');
      expect(reader).toContain('add');
      expect(reader).not.toContain('admin_reset');
      expect(await names('admin')).toContain('admin_reset');
    },
  },
  {
    name: 'context.auth: the procedure reads the verified subject and issuer (nothing without auth)',
    async check(t, p) {
      const seen = await t.send(call(p.version, 'whoami', {}, { token: 'admin' }));
      expect(text(seen)).toBe(t.protected ? 'root from https://auth.example.com' : 'anonymous from nowhere');
    },
  },
  {
    name: 'required capabilities: refused -32021 where the client\'s capabilities are known and lack one; runs when declared',
    async check(t, p) {
      const known = modern(p) || t.name === 'serveStdio'; // legacy over stateless HTTP cannot know them
      const before = t.recorder.ran.get('needs_sampling') ?? 0;
      const without = await t.send(call(p.version, 'needs_sampling', {}, { capabilities: {} }));
      if (known) {
        expectStatus(t, without, modern(p) ? 400 : 200);
        expectError(without, ErrorCodes.MissingClientCapability, /sampling/);
        expect(without.reply?.error?.data).toEqual({ requiredCapabilities: { sampling: {} } });
        expect(t.recorder.ran.get('needs_sampling') ?? 0).toBe(before);
      } else {
        expect(text(without)).toBe('sampled');
      }
      const declared = await t.send(call(p.version, 'needs_sampling', {}, { capabilities: { sampling: {} } }));
      expect(text(declared)).toBe('sampled');
    },
  },
  {
    name: 'argument validation: a wrong type is an isError result where the version says so, else -32602',
    async check(t, p) {
      const seen = await t.send(call(p.version, 'add', { a: 'x', b: 1 }));
      expectStatus(t, seen, 200);
      if (p.validationIsToolError) {
        expect(seen.reply?.result?.isError).toBe(true);
        expect(text(seen)).toMatch(/"a"/);
      } else {
        expectError(seen, ErrorCodes.InvalidParams, /"a"/);
      }
    },
  },
  {
    name: 'unknown tool: -32602',
    async check(t, p) {
      const seen = await t.send(call(p.version, 'no_such_tool', {}));
      expectStatus(t, seen, 200);
      expectError(seen, ErrorCodes.InvalidParams, /no_such_tool/);
    },
  },
  {
    name: 'maxStringLength: a longer argument string is -32602 naming the argument',
    async check(t, p) {
      const seen = await t.send(call(p.version, 'echo', { message: 'x'.repeat(LIMITS.maxStringLength + 1) }));
      expectStatus(t, seen, 200);
      expectError(seen, ErrorCodes.InvalidParams, /message.*maxStringLength|maxStringLength.*message/);
    },
  },
  {
    name: 'maxArgumentElements: more argument values is -32602',
    async check(t, p) {
      const values = Array.from({ length: LIMITS.maxArgumentElements + 4 }, (_, i) => i);
      const seen = await t.send(call(p.version, 'sum', { values }));
      expectStatus(t, seen, 200);
      expectError(seen, ErrorCodes.InvalidParams, /maxArgumentElements/);
    },
  },
  {
    name: 'maxDepth: arguments nested deeper are -32602 with the request\'s id',
    async check(t, p) {
      const seen = await t.send(call(p.version, 'add', { a: deepArguments(LIMITS.maxDepth + 2), b: 1 }, { id: 77 }));
      expectStatus(t, seen, 200);
      expect(seen.reply?.id).toBe(77);
      expectError(seen, ErrorCodes.InvalidParams, /maxDepth \(12\)/);
    },
  },
  {
    name: 'maxDepth: a deep message whose id cannot be read is -32600 with id null',
    async check(t, p) {
      const raw = `[${'['.repeat(LIMITS.maxDepth + 2)}${']'.repeat(LIMITS.maxDepth + 2)}]`;
      const seen = await t.send({ version: p.version, method: 'tools/call', raw });
      expectStatus(t, seen, 400);
      expect(seen.reply?.id).toBeNull();
      expectError(seen, ErrorCodes.InvalidRequest, /maxDepth/);
    },
  },
  {
    name: 'maxBatch: a batch is refused where the version has none, and beyond maxBatch where it has them',
    async check(t, p) {
      const entries = (n: number) => Array.from({ length: n }, (_, i) => JSON.parse(build(call(p.version, 'add', { a: i, b: 1 }, { id: 500 + i })).body));
      if (p.batches) {
        const ok = await t.send({ version: p.version, method: 'tools/call', raw: JSON.stringify(entries(2)) });
        expectStatus(t, ok, 200);
        const over = await t.send({ version: p.version, method: 'tools/call', raw: JSON.stringify(entries(LIMITS.maxBatch + 1)) });
        expectStatus(t, over, 400);
        expectError(over, ErrorCodes.InvalidRequest, /maxBatch \(4\)/);
      } else {
        const seen = await t.send({ version: p.version, method: 'tools/call', raw: JSON.stringify(entries(2)) });
        expectStatus(t, seen, 400);
        expect(seen.reply?.id).toBeNull();
        expectError(seen, ErrorCodes.InvalidRequest, /batch/);
      }
    },
  },
  {
    name: 'maxBodyBytes: a larger body is 413 with a JSON-RPC error',
    applies: (t) => t.http,
    async check(t, p) {
      const seen = await t.send(call(p.version, 'echo', { message: 'x'.repeat(5000) }));
      expect(seen.status).toBe(413);
      expect(seen.reply?.id).toBeNull();
      expect(seen.reply?.error?.code).toBe(ErrorCodes.InvalidRequest);
    },
  },
  {
    name: 'callTimeoutMs: a call past its limit is isError "timed out", its signal aborts, and onError hears of it',
    async check(t, p) {
      const since = t.recorder.errors.length;
      const seen = await t.send(call(p.version, 'slow', {}, { id: 90 }));
      expectStatus(t, seen, 200);
      expect(seen.reply?.result?.isError).toBe(true);
      expect(text(seen)).toBe(`Tool "slow" timed out after ${LIMITS.callTimeoutMs} ms`);
      const reported = t.recorder.errors.slice(since).filter((e) => e.info.tool === 'slow' && e.info.requestId === 90);
      expect(reported).toHaveLength(1);
      expect((reported[0].error as Error).name).toBe('TimeoutError');
    },
  },
  {
    name: 'onError: an unexpected error is -32603 "Internal error" and reaches onError with method, tool and id',
    async check(t, p) {
      const since = t.recorder.errors.length;
      const seen = await t.send(call(p.version, 'boom', {}, { id: 66 }));
      expectStatus(t, seen, 200);
      expect(seen.reply?.error).toEqual({ code: ErrorCodes.InternalError, message: 'Internal error' });
      const reported = t.recorder.errors.slice(since).filter((e) => e.info.tool === 'boom' && e.info.requestId === 66);
      expect(reported.map((e) => [e.info.method, (e.error as Error).message])).toEqual([['tools/call', 'secret detail']]);
    },
  },
  {
    name: 'maxConcurrentCalls: beyond the cap a call is refused at once (-32000, HTTP 503 with Retry-After); the held ones finish',
    // serveStdio makes a dispatcher per connection, and a connection is one principal: there the
    // smaller cap, maxConcurrentCallsPerPrincipal, is the one a client meets (its row below)
    applies: (t) => t.name !== 'serveStdio',
    async check(t, p) {
      // two callers (tokens; over stdio, connections), one call each: within each one's share
      const held = [t.send(call(p.version, 'gate', {}, { id: 301 })), t.send(call(p.version, 'gate', {}, { id: 302, token: 'admin' }))];
      await t.recorder.gate.whenHeld(LIMITS.maxConcurrentCalls);
      const refused = await t.send(call(p.version, 'gate', {}, { id: 303 }));
      expectStatus(t, refused, 503);
      if (t.name !== 'serveStdio') expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.reply?.id).toBe(303);
      expectError(refused, ErrorCodes.ServerBusy, /maxConcurrentCalls \(2\)/);
      expect(t.recorder.gate.held).toBe(2);
      t.recorder.gate.open();
      for (const seen of await Promise.all(held)) expect(text(seen)).toBe('passed');
      expect(text(await t.send(call(p.version, 'add', { a: 1, b: 2 })))).toBe('3'); // the slots are free again
    },
  },
  {
    name: 'prompts/get: a declared prompt\'s messages (with the result fields on 2026-07-28); an unknown prompt or a missing required argument is -32602',
    async check(t, p) {
      const seen = await t.send(get(p.version, 'brief', { topic: 'limits' }));
      expectStatus(t, seen, 200);
      expect(seen.reply?.result?.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Brief me on limits' } }]);
      if (modern(p)) expect(seen.reply?.result?.resultType).toBe('complete');
      else expect(seen.reply?.result).not.toHaveProperty('resultType');
      expectError(await t.send(get(p.version, 'nope')), ErrorCodes.InvalidParams, /Unknown prompt: nope/);
      expectError(await t.send(get(p.version, 'brief')), ErrorCodes.InvalidParams, /Missing required argument "topic"/);
    },
  },
  {
    name: 'prompts/get scopes: a token without the prompt\'s scope gets 403 insufficient_scope with the challenge and the procedure does not run; with it the prompt runs',
    applies: (t) => t.protected,
    async check(t, p) {
      const before = t.recorder.ran.get('ops_brief') ?? 0;
      const refused = await t.send(get(p.version, 'ops_brief', undefined, { id: 44, token: 'reader' }));
      expectStatus(t, refused, 403);
      if (t.http) expect(refused.headers['www-authenticate']).toBe(`Bearer error="insufficient_scope", scope="admin", resource_metadata="${METADATA}"`);
      expect(refused.reply?.id).toBe(44);
      expectError(refused, ErrorCodes.InvalidRequest, /^Forbidden: insufficient_scope: prompt "ops_brief" requires scope admin/);
      expect(t.recorder.ran.get('ops_brief') ?? 0).toBe(before);
      expect(promptText(await t.send(get(p.version, 'ops_brief', undefined, { token: 'admin' })))).toBe('ops brief for root');
    },
  },
  {
    name: 'prompts/list with listOnlyPermittedTools: a token without a prompt\'s scope does not see it',
    applies: (t) => t.protected,
    async check(t, p) {
      const names = async (token: string) => {
        const prompts = (await t.send({ version: p.version, method: 'prompts/list', token })).reply?.result?.prompts as Array<{ name: string }> | undefined;
        return prompts?.map((entry) => entry.name);
      };
      expect(await names('reader')).toEqual(['brief', 'slow_prompt', 'gate_prompt', 'refused_prompt']);
      expect(await names('admin')).toEqual(['brief', 'ops_brief', 'slow_prompt', 'gate_prompt', 'refused_prompt']);
    },
  },
  {
    name: 'callTimeoutMs on prompts: a prompt past its limit is -32603 "timed out", its signal aborts, and onError hears of it',
    async check(t, p) {
      const since = t.recorder.errors.length;
      const seen = await t.send(get(p.version, 'slow_prompt', undefined, { id: 91 }));
      expectStatus(t, seen, 200);
      expect(seen.reply?.error).toEqual({ code: ErrorCodes.InternalError, message: `Prompt "slow_prompt" timed out after ${LIMITS.callTimeoutMs} ms` });
      const reported = t.recorder.errors.slice(since).filter((e) => e.info.prompt === 'slow_prompt' && e.info.requestId === 91);
      expect(reported).toHaveLength(1);
      expect((reported[0].error as Error).name).toBe('TimeoutError');
    },
  },
  {
    name: 'maxConcurrentCalls on prompts: prompt procedures in flight count; beyond the cap a prompts/get is refused at once (-32000, HTTP 503)',
    async check(t, p) {
      const held = [t.send(get(p.version, 'gate_prompt', undefined, { id: 311 })), t.send(call(p.version, 'gate', {}, { id: 312 }))];
      await t.recorder.gate.whenHeld(LIMITS.maxConcurrentCalls);
      const refused = await t.send(get(p.version, 'gate_prompt', undefined, { id: 313 }));
      expectStatus(t, refused, 503);
      expect(refused.reply?.id).toBe(313);
      expectError(refused, ErrorCodes.ServerBusy, /maxConcurrentCalls \(2\)/);
      t.recorder.gate.open();
      const [prompt, tool] = await Promise.all(held);
      expect(promptText(prompt)).toBe('passed');
      expect(text(tool)).toBe('passed');
    },
  },
  {
    name: 'telemetry on prompts: one SERVER span "prompts/get brief" with gen_ai.prompt.name and the version',
    async check(t, p) {
      const seen = await t.send(get(p.version, 'brief', { topic: 'spans' }));
      const spans = t.recorder.otel.spansOf(String(seen.reply?.id));
      expect(spans.map((span) => span.name)).toEqual(['prompts/get brief']);
      expect(spans[0].attributes).toEqual(expect.objectContaining({ 'mcp.method.name': 'prompts/get', 'gen_ai.prompt.name': 'brief', 'mcp.protocol.version': p.version }));
      expect(spans[0].attributes).not.toHaveProperty('gen_ai.tool.name');
    },
  },
  {
    name: 'maxConcurrentCallsPerPrincipal: one caller beyond its share is refused at once (-32000, HTTP 503 with Retry-After, naming the limit) while another caller\'s call runs',
    async check(t, p) {
      const mine = t.send(call(p.version, 'gate', {}, { id: 311 }));
      await t.recorder.gate.whenHeld(1);
      const refused = await t.send(call(p.version, 'gate', {}, { id: 312 }));
      expectStatus(t, refused, 503);
      if (t.name !== 'serveStdio') expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.reply?.id).toBe(312);
      expectError(refused, ErrorCodes.ServerBusy, /this caller has 1 tool calls in flight \(maxConcurrentCallsPerPrincipal \(1\)\)/);
      const theirs = t.send(call(p.version, 'gate', {}, { id: 313, token: 'admin' })); // another principal: its own share
      await t.recorder.gate.whenHeld(2);
      t.recorder.gate.open();
      for (const seen of await Promise.all([mine, theirs])) expect(text(seen)).toBe('passed');
      expect(text(await t.send(call(p.version, 'add', { a: 1, b: 2 })))).toBe('3');
      const again = t.send(call(p.version, 'gate', {}, { id: 314 })); // the share is free again
      await t.recorder.gate.whenHeld(1);
      t.recorder.gate.open();
      expect(text(await again)).toBe('passed');
    },
  },
  {
    name: 'cancellation: a call its client cancels (stdio: notifications/cancelled; HTTP: the request closed; the dispatcher: the context\'s signal) holds its caller\'s share while it runs; cancelled, its signal aborts, it is answered with nothing, onError hears nothing, and the caller\'s next call is admitted',
    async check(t, p) {
      const id = nextCancelId++;
      const aborted = t.recorder.hang.aborted.length;
      const client = new AbortController();
      const seen = t.send(call(p.version, 'hang', {}, { id, signal: client.signal }));
      await t.recorder.hang.whenRunning(1);
      const held = await t.send(call(p.version, 'add', { a: 1, b: 2 }, { id: id + 1000 }));
      expectError(held, ErrorCodes.ServerBusy, /maxConcurrentCallsPerPrincipal \(1\)/);
      client.abort('the user stopped it');
      const answered = await seen;
      expect(answered.reply).toBeUndefined();
      await expectCancelled(t, p, id, aborted);
    },
  },
  {
    name: 'cancellation over stateless legacy HTTP (and the dispatcher without a session): the caller\'s notifications/cancelled, POSTed on its own (202), aborts its call with its reason and the call\'s POST is answered 202 with no body; another principal\'s cancel of the same id leaves the call running',
    applies: (t, p) => !modern(p) && (t.http || t.name === 'dispatcher'),
    async check(t, p) {
      const id = nextCancelId++;
      const aborted = t.recorder.hang.aborted.length;
      const seen = t.send(call(p.version, 'hang', {}, { id, token: 'reader' }));
      await t.recorder.hang.whenRunning(1);
      const cancel = (token: string) => {
        const raw = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: `stopped by ${token}` } });
        return t.send({ version: p.version, method: 'notifications/cancelled', raw, token });
      };
      const theirs = await cancel('admin');
      expectStatus(t, theirs, 202);
      expect(theirs.reply).toBeUndefined();
      expect(t.recorder.hang.aborted).toHaveLength(aborted); // read and ignored: the call runs on
      const mine = await cancel('reader');
      expectStatus(t, mine, 202);
      const answered = await seen;
      expectStatus(t, answered, 202);
      expect(answered.reply).toBeUndefined();
      expect(t.recorder.hang.aborted[aborted]).toBe('stopped by reader');
      await expectCancelled(t, p, id, aborted);
    },
  },
  {
    name: 'Mcp-Param-*: numbers and booleans in their canonical text form only',
    applies: (t, p) => modern(p) && (t.http || t.name === 'dispatcher'),
    async check(t, p) {
      const port = (header: string) => t.send(call(p.version, 'port', { port: 16 }, { headers: { 'Mcp-Param-Port': header } }));
      for (const good of ['16', ' 16 ', '16.0']) expect(text(await port(good))).toBe('16');
      for (const bad of ['0x10', '016', '1.6e1', '+16', '16abc', '']) {
        const seen = await port(bad);
        expectStatus(t, seen, 400);
        expectError(seen, ErrorCodes.HeaderMismatch, /Mcp-Param-Port/);
      }
      const flag = (header: string) => t.send(call(p.version, 'flag', { on: true }, { headers: { 'Mcp-Param-Flag': header } }));
      expect(text(await flag('true'))).toBe('true');
      for (const bad of ['True', '1', 'yes']) expectError(await flag(bad), ErrorCodes.HeaderMismatch, /Mcp-Param-Flag/);
    },
  },
  {
    name: 'MCP-Protocol-Version, Mcp-Method and Mcp-Name: each sent twice (same value) is -32020, HTTP 400',
    applies: (t, p) => modern(p) && (t.name === 'mcpRouter' || t.name === 'mcpHandler' || t.name === 'mcpPlugin'),
    async check(t, p) {
      for (const [header, value] of [['MCP-Protocol-Version', p.version], ['Mcp-Method', 'tools/call'], ['Mcp-Name', 'add']]) {
        const seen = await t.send(call(p.version, 'add', { a: 1, b: 2 }, { headerLists: { [header]: [value, value] } }));
        expect(seen.status).toBe(400);
        expectError(seen, ErrorCodes.HeaderMismatch, new RegExp(`${header} is sent more than once`));
      }
      expect(text(await t.send(call(p.version, 'add', { a: 1, b: 2 })))).toBe('3'); // once each: answered
    },
  },
  {
    name: 'Mcp-Param-*: a repeated header is -32020, even when its values joined equal the argument',
    applies: (t, p) => modern(p) && (t.name === 'mcpRouter' || t.name === 'mcpHandler' || t.name === 'mcpPlugin'),
    async check(t, p) {
      const seen = await t.send(call(p.version, 'region', { region: 'eu, west' }, { headerLists: { 'Mcp-Param-Region': ['eu', 'west'] } }));
      expect(seen.status).toBe(400);
      expectError(seen, ErrorCodes.HeaderMismatch, /Mcp-Param-Region.*(repeated|more than once)/);
      expect(text(await t.send(call(p.version, 'region', { region: 'eu, west' }, { headers: { 'Mcp-Param-Region': 'eu, west' } })))).toBe('eu, west');
    },
  },
  {
    name: 'tasks: without the extension, tasks/* and a required task tool are -32021 (modern, HTTP 400); legacy refuses a required tool -32601 and runs an optional one as a call',
    async check(t, p) {
      const before = t.recorder.ran.get('task_only') ?? 0;
      const required = await t.send(call(p.version, 'task_only', {}));
      if (modern(p)) {
        expectStatus(t, required, 400);
        expectError(required, ErrorCodes.MissingClientCapability, /io\.modelcontextprotocol\/tasks/);
        expect(required.reply?.error?.data).toEqual({ requiredCapabilities: { extensions: { [TASKS]: {} } } });
        const get = await t.send({ version: p.version, method: 'tasks/get', params: { taskId: 'x' }, headers: { 'Mcp-Name': 'x' } });
        expectStatus(t, get, 400);
        expectError(get, ErrorCodes.MissingClientCapability);
      } else {
        expectStatus(t, required, 200);
        expectError(required, ErrorCodes.MethodNotFound, /runs only as a task/);
      }
      expect(t.recorder.ran.get('task_only') ?? 0).toBe(before);
      expect(text(await t.send(call(p.version, 'task_add', { a: 2, b: 3 })))).toBe('5');
    },
  },
  {
    name: 'tasks: with the extension, a task tool answers a CreateTaskResult (audited with its taskId), tasks/get (Mcp-Name: the task id) reaches completed with the result, and another principal sees -32602',
    applies: (_t, p) => modern(p),
    async check(t, p) {
      const withTasks = { extensions: { [TASKS]: {} } };
      const created = await t.send(call(p.version, 'task_only', {}, { capabilities: withTasks }));
      expectStatus(t, created, 200);
      const task = created.reply?.result as Record<string, unknown>;
      expect(task).toMatchObject({ resultType: 'task', status: 'working', taskId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
      // the factory passed the task options through to its dispatcher
      expect(task).toMatchObject({ ttlMs: TASK_OPTIONS.taskTtlMs, pollIntervalMs: TASK_OPTIONS.taskPollIntervalMs });
      const taskId = String(task.taskId);
      await auditDrained();
      expect(t.recorder.audit.filter((event) => event.requestId === created.reply?.id)).toEqual([expect.objectContaining({ tool: 'task_only', outcome: 'ok', taskId })]);
      const get = (extra: Partial<RequestSpec> = {}) =>
        t.send({ version: p.version, method: 'tasks/get', params: { taskId }, capabilities: withTasks, headers: { 'Mcp-Name': taskId }, ...extra });
      let seen = await get();
      for (let i = 0; i < 200 && seen.reply?.result?.status !== 'completed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen = await get();
      }
      expect(seen.reply?.result).toMatchObject({ resultType: 'complete', taskId, status: 'completed', result: { content: [{ type: 'text', text: `task of ${t.protected ? 'alice' : 'anonymous'}` }], isError: false } });
      if (t.protected) expectError(await get({ token: 'admin' }), ErrorCodes.InvalidParams, /unknown task/);
      if (t.http) {
        const wrong = await get({ headers: { 'Mcp-Name': 'another' } });
        expectStatus(t, wrong, 400);
        expectError(wrong, ErrorCodes.HeaderMismatch, /Mcp-Name/);
      }
    },
  },
  {
    name: 'tasks (legacy): 2025-11-25 runs a call with params.task as a task (CreateTaskResult { task }, audited with its taskId, tasks/result answers the tool result, tasks/list has it); earlier versions answer tasks/* -32601',
    applies: (_t, p) => !modern(p),
    async check(t, p) {
      if (!p.experimentalTasks) {
        const get = await t.send({ version: p.version, method: 'tasks/get', params: { taskId: 'x' } });
        expectError(get, ErrorCodes.MethodNotFound);
        return;
      }
      const created = await t.send(call(p.version, 'task_add', { a: 20, b: 22 }, { params: { name: 'task_add', arguments: { a: 20, b: 22 }, task: {} } }));
      const task = created.reply?.result?.task as Record<string, unknown> | undefined;
      expect(task).toMatchObject({ status: 'working', ttl: TASK_OPTIONS.taskTtlMs, pollInterval: TASK_OPTIONS.taskPollIntervalMs });
      const taskId = String(task?.taskId);
      await auditDrained();
      expect(t.recorder.audit.filter((event) => event.requestId === created.reply?.id)).toEqual([expect.objectContaining({ tool: 'task_add', outcome: 'ok', taskId })]);
      const result = await t.send({ version: p.version, method: 'tasks/result', params: { taskId } });
      expect(result.reply?.result).toMatchObject({ content: [{ type: 'text', text: '42' }], isError: false, _meta: { 'io.modelcontextprotocol/related-task': { taskId } } });
      const got = await t.send({ version: p.version, method: 'tasks/get', params: { taskId } });
      expect(got.reply?.result).toMatchObject({ taskId, status: 'completed' });
      const listed = await t.send({ version: p.version, method: 'tasks/list', params: {} });
      expect((listed.reply?.result?.tasks as Array<{ taskId: string }>).map((x) => x.taskId)).toContain(taskId);
      if (t.protected) expectError(await t.send({ version: p.version, method: 'tasks/get', params: { taskId }, token: 'admin' }), ErrorCodes.InvalidParams, /unknown task/);
    },
  },
  {
    name: 'tasks (legacy asks): on 2025-11-25 an ask inside a task goes out on the tasks/result stream (id toolwire-task:…, related-task _meta); the client\'s response completes the task',
    applies: (_t, p) => !modern(p) && p.experimentalTasks,
    async check(t, p) {
      const capabilities = { elicitation: {} };
      const created = await t.send(call(p.version, 'task_ask', {}, { capabilities, params: { name: 'task_ask', arguments: {}, task: {} } }));
      const taskId = String((created.reply?.result?.task as Record<string, unknown> | undefined)?.taskId);
      const asked: ServerRequest[] = [];
      const result = await t.send({
        version: p.version,
        method: 'tasks/result',
        params: { taskId },
        capabilities,
        answer: (request) => {
          asked.push(request);
          return { result: { action: 'accept', content: { ok: true } } };
        },
      });
      expect(asked).toEqual([{ jsonrpc: '2.0', id: expect.stringMatching(/^toolwire-task:/), method: 'elicitation/create', params: expect.objectContaining({ message: 'Proceed?', _meta: { 'io.modelcontextprotocol/related-task': { taskId } } }) }]);
      expect(result.reply?.result).toMatchObject({ content: [{ type: 'text', text: 'asked: true' }], isError: false, _meta: { 'io.modelcontextprotocol/related-task': { taskId } } });
    },
  },
  {
    name: 'rateLimit: past its quota a principal\'s call is refused before the procedure runs — code 429 with retryAfterSeconds, HTTP 429 with Retry-After — and another principal keeps its own quota',
    async check(t, p) {
      t.recorder.clock.now += RATE_LIMIT.windowMs; // every quota full again
      const before = t.recorder.ran.get('limited') ?? 0;
      for (let i = 0; i < RATE_LIMIT.max; i++) expect(text(await t.send(call(p.version, 'limited', {}, { token: 'reader' })))).toBe('admitted');
      const refused = await t.send(call(p.version, 'limited', {}, { id: 81, token: 'reader' }));
      expectStatus(t, refused, 429);
      if (t.http) expect(refused.headers['retry-after']).toBe(String(RATE_LIMIT.windowMs / RATE_LIMIT.max / 1000));
      expect(refused.reply?.id).toBe(81);
      expect(refused.reply?.error).toEqual({ code: ErrorCodes.RateLimited, message: expect.stringMatching(/^Rate limit exceeded: at most 2 requests per 1m per caller and tool; retry after 30 s$/), data: { retryAfterSeconds: 30 } });
      expect(t.recorder.ran.get('limited')).toBe(before + RATE_LIMIT.max);
      expect(text(await t.send(call(p.version, 'limited', {}, { token: 'admin' })))).toBe('admitted');
    },
  },
  {
    name: 'rateLimit: the refusal is recorded by telemetry (error.type 429) and by the audit (outcome refused, rule rateLimit)',
    async check(t, p) {
      t.recorder.clock.now += RATE_LIMIT.windowMs;
      for (let i = 0; i < RATE_LIMIT.max; i++) await t.send(call(p.version, 'limited', {}, { token: 'reader' }));
      const refused = await t.send(call(p.version, 'limited', {}, { token: 'reader' }));
      const id = refused.reply?.id as number;
      const spans = t.recorder.otel.spansOf(String(id));
      expect(spans).toHaveLength(1);
      expect(spans[0].attributes['error.type']).toBe(String(ErrorCodes.RateLimited));
      await auditDrained();
      expect(t.recorder.audit.filter((event) => event.requestId === id)).toEqual([expect.objectContaining({ outcome: 'refused', code: 429, rule: 'rateLimit', tool: 'limited', method: 'tools/call' })]);
    },
  },
  {
    name: 'audit: exactly one event per tools/call, resources/read and prompts/get, with the version served, the transport and the caller',
    async check(t, p) {
      const calls = [await t.send(call(p.version, 'add', { a: 1, b: 2 })), await t.send(read(p.version, README_URI)), await t.send(get(p.version, 'brief', { topic: 'audits' }))];
      await auditDrained();
      const transport = t.http ? 'http' : t.name === 'serveStdio' ? 'stdio' : 'in-process';
      const principal = t.protected ? { issuer: ISSUER, subject: 'alice', clientId: null } : null;
      const events = calls.map((seen) => t.recorder.audit.filter((event) => event.requestId === seen.reply?.id));
      expect(events).toEqual([
        [expect.objectContaining({ method: 'tools/call', tool: 'add', outcome: 'ok', protocolVersion: p.version, transport, principal })],
        [expect.objectContaining({ method: 'resources/read', resource: README_URI, outcome: 'ok', protocolVersion: p.version, transport, principal })],
        [expect.objectContaining({ method: 'prompts/get', prompt: 'brief', outcome: 'ok', protocolVersion: p.version, transport, principal })],
      ]);
      expect(JSON.stringify(events)).not.toContain('audits'); // no argument values unless asked
    },
  },
  {
    name: 'ctx.state: what one principal remembered it recalls in a later request; another principal recalls nothing of it',
    async check(t, p) {
      const key = `k-${p.version}`;
      expect(text(await t.send(call(p.version, 'remember', { key, value: `v-${t.name}` }, { token: 'reader' })))).toBe('remembered');
      expect(text(await t.send(call(p.version, 'recall', { key }, { token: 'reader' })))).toBe(`v-${t.name}`);
      expect(text(await t.send(call(p.version, 'recall', { key }, { token: 'admin' })))).toBe('(nothing)');
    },
  },
  {
    name: 'subscriptions/listen limits: on 2026-07-28 malformed notifications are -32602, more URIs than maxResourceSubscriptions are -32602 naming the limit; legacy versions answer -32601',
    async check(t, p) {
      const listen = (notifications: unknown): RequestSpec => ({ version: p.version, method: 'subscriptions/listen', params: { notifications } as Record<string, unknown> });
      const tooMany = await t.send(listen({ resourceSubscriptions: [README_URI, SECRET_URI, 'test://matrix/third'] }));
      if (!modern(p)) return expectError(tooMany, ErrorCodes.MethodNotFound);
      expectStatus(t, tooMany, 200);
      expectError(tooMany, ErrorCodes.InvalidParams, /maxResourceSubscriptions \(2\)/);
      expectError(await t.send(listen({ toolsListChanged: 'yes' })), ErrorCodes.InvalidParams, /toolsListChanged must be a boolean/);
    },
  },
  {
    name: 'telemetry on subscriptions/listen: a refused listen is one SERVER span "subscriptions/listen" with mcp.method.name and the version',
    applies: (_t, p) => modern(p),
    async check(t, p) {
      const seen = await t.send({ version: p.version, method: 'subscriptions/listen', params: { notifications: { toolsListChanged: 1 } }, id: 83 });
      expectError(seen, ErrorCodes.InvalidParams);
      const spans = t.recorder.otel.spansOf('83');
      expect(spans.map((span) => [span.name, span.attributes['mcp.method.name'], span.attributes['mcp.protocol.version']])).toEqual([['subscriptions/listen', 'subscriptions/listen', p.version]]);
    },
  },
  {
    name: 'subscriptions/listen bounds: past maxSubscriptionsPerPrincipal (2) a caller\'s listen is refused -32000 (HTTP 503 with Retry-After) naming it, past maxSubscriptions (3) another caller\'s naming that; closed, their places are free again',
    applies: (_t, p) => modern(p),
    async check(t, p) {
      const open = [await opened(t, listenTo(p.version, {}, { token: 'reader' })), await opened(t, listenTo(p.version, {}, { token: 'reader' }))];
      const mine = await t.listen(listenTo(p.version, {}, { id: 411, token: 'reader' }));
      expectBusy(t, mine.refused, 411, /this caller has 2 subscriptions open \(maxSubscriptionsPerPrincipal \(2\)\)/);
      // over stdio a caller is a connection with a dispatcher of its own: no other caller shares its total
      if (t.name !== 'serveStdio') {
        open.push(await opened(t, listenTo(p.version, {}, { token: 'admin' })));
        const all = await t.listen(listenTo(p.version, {}, { id: 412, token: 'admin' }));
        expectBusy(t, all.refused, 412, /3 subscriptions are open \(maxSubscriptions \(3\)\)/);
      }
      for (const listening of open) await listening.close();
      const again = [await opened(t, listenTo(p.version, {}, { token: 'reader' })), await opened(t, listenTo(p.version, {}, { token: 'reader' }))];
      for (const listening of again) await listening.close();
    },
  },
  {
    name: 'legacy notification streams, bounds: the GET stream past maxSubscriptionsPerPrincipal (2) and maxSubscriptions (3) is 503 with Retry-After and a -32000 naming it; resources/subscribe past maxResourceSubscriptions (2) is -32602 on stdio, -32601 where no subscription can be held',
    applies: (_t, p) => !modern(p),
    async check(t, p) {
      if (t.http) {
        const open = [await opened(t, { version: p.version, method: 'GET', token: 'reader' }), await opened(t, { version: p.version, method: 'GET', token: 'reader' })];
        expectBusy(t, (await t.listen({ version: p.version, method: 'GET', token: 'reader' })).refused, null, /maxSubscriptionsPerPrincipal \(2\)/);
        open.push(await opened(t, { version: p.version, method: 'GET', token: 'admin' }));
        expectBusy(t, (await t.listen({ version: p.version, method: 'GET', token: 'admin' })).refused, null, /maxSubscriptions \(3\)/);
        for (const listening of open) await listening.close();
        await (await opened(t, { version: p.version, method: 'GET', token: 'admin' })).close(); // their places are free again
      }
      const subscribe = (uri: string, id?: number) => t.send({ version: p.version, method: 'resources/subscribe', params: { uri }, id });
      if (t.name !== 'serveStdio') return expectError(await subscribe(README_URI), ErrorCodes.MethodNotFound, /holds no subscriptions/);
      expect((await subscribe(README_URI)).reply?.result).toEqual({});
      expect((await subscribe(SECRET_URI)).reply?.result).toEqual({});
      const third = await subscribe(REFUSED_URI, 421);
      expect(third.reply?.id).toBe(421);
      expectError(third, ErrorCodes.InvalidParams, /subscribed to 2 resources \(maxResourceSubscriptions \(2\)\)/);
      for (const uri of [README_URI, SECRET_URI]) expect((await t.send({ version: p.version, method: 'resources/unsubscribe', params: { uri } })).reply?.result).toEqual({});
    },
  },
  {
    name: 'subscriptions/listen scopes: a listener is acknowledged, and sent notifications/resources/updated, only for the resources its token may read (with a token lacking admin: not the secret, not a report), and told tools/list_changed only when a tool its token lists changed (listOnlyPermittedTools); without auth, all it asked',
    applies: (_t, p) => modern(p),
    async check(t, p) {
      const report = 'test://matrix/reports/eu-2026';
      const reader = await opened(t, listenTo(p.version, { toolsListChanged: true, resourceSubscriptions: [SECRET_URI, README_URI] }, { id: 431, token: 'reader' }));
      const admin = await opened(t, listenTo(p.version, { promptsListChanged: true, resourceSubscriptions: [SECRET_URI, report] }, { id: 432, token: 'admin' }));
      const readable = t.protected ? [README_URI] : [SECRET_URI, README_URI];
      expect(reader.frames[0]).toEqual({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { notifications: { toolsListChanged: true, resourceSubscriptions: readable }, _meta: { [META.subscriptionId]: 431 } } });
      expect(admin.frames[0].params?.notifications).toEqual({ promptsListChanged: true, resourceSubscriptions: [SECRET_URI, report] });
      t.decl.resourceUpdated(SECRET_URI);
      t.decl.resourceUpdated(report);
      t.decl.resourceUpdated(README_URI);
      const updated = (uri: string, id: number) => ({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri, _meta: { [META.subscriptionId]: id } } });
      // in publish order: what the reader may not read would have come before the readme
      expect(await reader.take(readable.length + 1)).toEqual([reader.frames[0], ...readable.map((uri) => updated(uri, 431))]);
      expect(await admin.take(3)).toEqual([admin.frames[0], updated(SECRET_URI, 432), updated(report, 432)]);
      const [ack, ...updates] = reader.frames;
      toggleTool(t, 'admin_reset'); // listed only to a token with admin: the reader's list did not change
      toggleTool(t, 'echo');
      toggleTool(t, 'ops_brief', 'prompts'); // heard by the admin, who asked for prompts
      t.decl.resourceUpdated(README_URI); // the last change: what came before it has arrived
      t.decl.resourceUpdated(SECRET_URI);
      const toolsChanged = { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { [META.subscriptionId]: 431 } } };
      const toolChanges = t.protected ? 2 : 4;
      expect(await reader.until((frame) => frame.params?.uri === README_URI && reader.frames.indexOf(frame) > updates.length)).toEqual([ack, ...updates, ...Array(toolChanges).fill(toolsChanged), updated(README_URI, 431)]);
      const promptsChanged = { jsonrpc: '2.0', method: 'notifications/prompts/list_changed', params: { _meta: { [META.subscriptionId]: 432 } } };
      expect((await admin.until((frame) => frame.params?.uri === SECRET_URI && admin.frames.indexOf(frame) > 1)).slice(3)).toEqual([promptsChanged, promptsChanged, updated(SECRET_URI, 432)]);
      await reader.close();
      await admin.close();
    },
  },
  {
    name: 'list changes and scopes (listOnlyPermittedTools): a tool added and given its scopes in one chain (addTool(…).setScopes([admin])) is announced only to a listener whose token lists it; a later setScopes, and a removal, reach the listeners that could see the tool before or can now — with a token lacking admin: not admin_reset becoming [admin, read] and back, yes the new tool becoming [read]; without auth, every change to all',
    applies: (t, p) => modern(p) || t.name !== 'dispatcher',
    async check(t, p) {
      // 2026-07-28: a listen for tools and prompts (tagged); legacy: the GET stream, or a stdio connection (each token its own)
      const stream = (id: number, token: string) => opened(t, modern(p) ? listenTo(p.version, { toolsListChanged: true, promptsListChanged: true }, { id, token }) : { version: p.version, method: 'GET', token });
      const [reader, admin] = [await stream(451, 'reader'), await stream(452, 'admin')];
      const acked = modern(p) ? 1 : 0;
      const adminReset = t.decl.getTool('admin_reset')!;
      const brief = t.decl.getPrompt('brief')!;
      // one change at a time, each awaited at the admin (who hears them all), so each is a change of its own
      let heard = acked;
      const step = async (change: () => void): Promise<void> => {
        change();
        await admin.take((heard += 1));
      };
      const late = t.decl.addTool('late_admin', 'Added at runtime (scope admin)');
      await step(() => late.setScopes(['admin'])); // chained with the addition: the reader never sees it
      await step(() => adminReset.setScopes(['admin', 'read'])); // the reader could not see it before and cannot now
      await step(() => adminReset.setScopes(['admin']));
      await step(() => late.setScopes(['read'])); // the reader can see it now
      await step(() => late.remove()); // the reader could see it
      brief.setEnabled(false); // listed to every token: the last change, what came before it has arrived
      const [tools, prompts] = ['notifications/tools/list_changed', 'notifications/prompts/list_changed'];
      const methods = async (listening: Listening) => (await listening.until((frame) => frame.method === prompts)).slice(acked).map((frame) => frame.method);
      expect(await methods(admin)).toEqual([...Array(5).fill(tools), prompts]);
      expect(await methods(reader)).toEqual([...Array(t.protected ? 2 : 5).fill(tools), prompts]);
      if (modern(p)) expect(reader.frames[acked].params?._meta).toEqual({ [META.subscriptionId]: 451 });
      brief.setEnabled(true);
      await reader.close();
      await admin.close();
    },
  },
  {
    name: 'legacy notification streams: the GET stream (notificationStream) carries list_changed untagged — of the tools its token lists — and never a resources/updated (stateless: broadcasts only); a stdio connection hears list_changed and the updates of the URIs it subscribed to',
    applies: (t, p) => !modern(p) && t.name !== 'dispatcher',
    async check(t, p) {
      const stdio = t.name === 'serveStdio';
      if (stdio) expect((await t.send({ version: p.version, method: 'resources/subscribe', params: { uri: README_URI } })).reply?.result).toEqual({});
      const stream = await opened(t, { version: p.version, method: 'GET', token: 'reader' });
      t.decl.resourceUpdated(SECRET_URI);
      t.decl.resourceUpdated(README_URI);
      toggleTool(t, 'admin_reset'); // listed only to a token with admin (stdio: no auth, listed)
      toggleTool(t);
      toggleTool(t, 'brief', 'prompts'); // the last change: what came before it has arrived
      const changed = { jsonrpc: '2.0', method: 'notifications/tools/list_changed' };
      const prompts = { jsonrpc: '2.0', method: 'notifications/prompts/list_changed' };
      const expected = stdio ? [{ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: README_URI } }, changed, changed, changed, changed, prompts] : [changed, changed, prompts];
      expect(await stream.until((frame) => frame.method === prompts.method)).toEqual(expected);
      await stream.close();
      if (stdio) await t.send({ version: p.version, method: 'resources/unsubscribe', params: { uri: README_URI } });
    },
  },
  {
    name: 'telemetry on subscriptions/listen: a listen held and closed by its client is one SERVER span "subscriptions/listen" (the version, the request id, no error.type: a client closing its listen is how a listen normally ends, not a cancellation) and an operation-duration point, finished only when the stream closes',
    applies: (_t, p) => modern(p),
    async check(t, p) {
      // duration points are cumulative and aggregated by their attributes: other rows' listens add to the same points
      const listenPoints = async (): Promise<{ closed: number; cancelled: number }> => {
        const points = (await t.recorder.otel.durations()).filter((point) => point.attributes['mcp.method.name'] === 'subscriptions/listen');
        const count = (errorType: string | undefined): number => points.filter((point) => point.attributes['error.type'] === errorType).reduce((sum, point) => sum + point.count, 0);
        return { closed: count(undefined), cancelled: count('cancelled') };
      };
      const before = await listenPoints();
      const listening = await opened(t, listenTo(p.version, { toolsListChanged: true }, { id: 441 }));
      expect(t.recorder.otel.spansOf('441')).toEqual([]); // open: its span is not finished
      await listening.close();
      const spans = t.recorder.otel.spansOf('441');
      expect(spans).toHaveLength(1);
      expect(spans[0].name).toBe('subscriptions/listen');
      expect(spans[0].kind).toBe(1); // SpanKind.SERVER
      expect(spans[0].attributes).toEqual(expect.objectContaining({ 'mcp.method.name': 'subscriptions/listen', 'mcp.protocol.version': p.version, 'jsonrpc.request.id': '441' }));
      expect(spans[0].attributes['error.type']).toBeUndefined();
      expect(await listenPoints()).toEqual({ closed: before.closed + 1, cancelled: before.cancelled });
    },
  },
];

/** Every supported version's profile, legacy and modern. */
export function profiles(versions: readonly string[]): ProtocolProfile[] {
  return versions.map((version) => profileFor(version));
}
