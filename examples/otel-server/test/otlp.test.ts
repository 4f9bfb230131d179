/**
 * The OTLP example end to end, as a spawned process (`dist/main.js`, built first): a loopback
 * HTTP receiver stands in for the collector, the example serves a call that carries a
 * traceparent in `_meta`, and when it stops (SIGTERM flushes) the span has arrived as OTLP/HTTP
 * JSON with its name, parent and the conventions' attributes.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const TRACE_ID = '5b8efff798038103d269b633813fc60c';
const PARENT_ID = 'eee19b7ec3c1b174';

interface OtlpSpan {
  name: string;
  traceId: string;
  parentSpanId?: string;
  kind: number;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: number | string } }>;
  status?: { code?: number };
}

/** A stand-in collector: keeps the JSON bodies POSTed to /v1/traces. */
async function receiver(): Promise<{ url: string; spans: () => OtlpSpan[]; close: () => Promise<void> }> {
  const bodies: Array<{ resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }> }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.startsWith('application/json')) bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`,
    spans: () => bodies.flatMap((b) => b.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans))),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }, body: JSON.stringify(body) });

describe('otel-server example', () => {
  let collector: Awaited<ReturnType<typeof receiver>>;
  let child: ChildProcess;
  let url: string;
  beforeAll(async () => {
    collector = await receiver();
    child = spawn(process.execPath, [join(__dirname, '../dist/main.js')], { env: { ...process.env, PORT: '0', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: collector.url }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    url = await new Promise<string>((resolve, reject) => {
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => {
        stderr += chunk;
        const found = /otel-server: (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
        if (found) resolve(found[1]);
      });
      child.once('exit', (code) => reject(new Error(`the example exited (${code}) before serving: ${stderr}`)));
    });
  });
  afterAll(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await collector.close();
  });

  it('exports a tools/call span over OTLP/HTTP with its _meta parent and the conventions\' attributes', async () => {
    const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 }, _meta: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` } } };
    expect(await (await post(url, call)).json()).toMatchObject({ id: 7, result: { content: [{ text: '5' }] } });
    await post(url, { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'fail', arguments: {} } });
    child.kill('SIGTERM'); // the example flushes its batch on the way out
    expect((await once(child, 'exit'))[0]).toBe(0);
    const spans = collector.spans();
    const add = spans.find((s) => s.name === 'tools/call add');
    expect(add).toBeDefined();
    expect(add?.traceId).toBe(TRACE_ID);
    expect(add?.parentSpanId).toBe(PARENT_ID);
    expect(add?.kind).toBe(2); // OTLP's SPAN_KIND_SERVER
    const attributes = Object.fromEntries((add?.attributes ?? []).map((a) => [a.key, a.value.stringValue ?? a.value.intValue]));
    expect(attributes).toMatchObject({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'add', 'jsonrpc.request.id': '7', 'network.transport': 'tcp', 'client.address': '127.0.0.1' });
    const fail = spans.find((s) => s.name === 'tools/call fail');
    expect(fail?.attributes).toContainEqual({ key: 'error.type', value: { stringValue: 'tool_error' } });
    expect(fail?.status?.code).toBe(2); // STATUS_CODE_ERROR
  });
});
