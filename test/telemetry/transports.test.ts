/**
 * The telemetry option through each transport — mcpRouter (Express, behind a middleware that
 * makes an HTTP server span as an instrumentation would), mcpFetchHandler and serveStdio: the
 * outcomes (success, tool error, caller error, internal error, timeout, cancel) on the span and
 * the metric, the transport's facts (network.transport, client.address/port), and the ambient
 * HTTP span linked when `_meta` carries the trace context.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import * as api from '@opentelemetry/api';
import express from 'express';
import { ServiceDefinition, ToolDeclaration, integerType, toolError } from '@toolwire/core';
import type { CallContext, DispatcherOptions } from '@toolwire/core';
import { mcpRouter } from '@toolwire/express';
import { mcpFetchHandler } from '@toolwire/fetch';
import { serveStdio } from '@toolwire/stdio';
import { otelHarness } from './otelHarness';
import type { OtelHarness } from './otelHarness';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

function service(started: () => void): { decl: ToolDeclaration; defs: ServiceDefinition } {
  const decl = new ToolDeclaration('otel-transports', '1.0.0');
  decl.addTool('add', 'Add').addParam('a', integerType()).addParam('b', integerType());
  decl.addTool('refuse', 'A tool error');
  decl.addTool('boom', 'Throws');
  decl.addTool('slow', 'Runs until aborted');
  const defs = new ServiceDefinition()
    .registerProcedure('add', (a: number, b: number) => a + b)
    .registerProcedure('refuse', () => toolError('not today'))
    .registerProcedure('boom', () => {
      throw new Error('secret');
    })
    .registerProcedure('slow', (context: CallContext) => {
      started();
      return new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(context.signal.reason), { once: true }));
    });
  return { decl, defs };
}

const body = (id: number, name: string, args: Record<string, unknown> = {}, meta?: Record<string, unknown>): string =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) } });

/** One transport under test: send a call and get its reply; cancel a slow call the transport's way. */
interface Served {
  send(text: string): Promise<unknown>;
  /** Starts the slow call `id` and cancels it as a client of this transport does; resolves once it is over. */
  cancel(id: number): Promise<void>;
  close(): Promise<void>;
  /** What the span must say about the transport. */
  readonly network: Record<string, unknown>;
}

type Opener = (options: DispatcherOptions, otel: OtelHarness) => Promise<Served>;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`)));
}

/** Resolves once a span with `id` has ended. */
async function ended(otel: OtelHarness, id: number): Promise<void> {
  while (otel.spansOf(id).length === 0) await new Promise((resolve) => setImmediate(resolve));
}

/** The span ids of the HTTP server spans the Express middleware made. */
const ambient: string[] = [];

const openers: Record<string, Opener> = {
  async mcpRouter(options, otel) {
    let started: () => void = () => undefined;
    const { decl, defs } = service(() => started());
    const app = express();
    // what an HTTP instrumentation does: a SERVER span for the request, active while it is handled
    app.use((req, res, next) => {
      const span = otel.tracer.startSpan(`${req.method} ${req.path}`, { kind: api.SpanKind.SERVER });
      ambient.push(span.spanContext().spanId);
      res.on('close', () => span.end());
      const context = api.trace.setSpan(api.context.active(), span);
      api.context.bind(context, req); // as @opentelemetry/instrumentation-http does: body events see the request's context
      api.context.with(context, next);
    });
    app.use('/mcp', mcpRouter(decl, defs, options));
    const server = createServer(app);
    const url = await listen(server);
    return {
      network: { 'network.transport': 'tcp', 'network.protocol.name': 'http', 'network.protocol.version': '1.1', 'client.address': '127.0.0.1' },
      send: async (text) => (await fetch(url, { method: 'POST', headers: HEADERS, body: text })).json(),
      async cancel(id) {
        const running = new Promise<void>((resolve) => (started = resolve));
        const request = httpRequest(url, { method: 'POST', headers: HEADERS });
        request.on('error', () => undefined);
        request.end(body(id, 'slow'));
        await running;
        request.destroy(); // the client goes away: the call's signal aborts
        await ended(otel, id);
      },
      close: () => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(() => resolve()));
      },
    };
  },
  async mcpFetchHandler(options, otel) {
    let started: () => void = () => undefined;
    const { decl, defs } = service(() => started());
    const handle = mcpFetchHandler(decl, defs, options);
    const request = (text: string, signal?: AbortSignal) => new Request('http://localhost/mcp', { method: 'POST', headers: HEADERS, body: text, signal });
    return {
      network: { 'network.transport': 'tcp', 'network.protocol.name': 'http' },
      send: async (text) => (await handle(request(text))).json(),
      async cancel(id) {
        const controller = new AbortController();
        const running = new Promise<void>((resolve) => (started = resolve));
        const response = handle(request(body(id, 'slow'), controller.signal));
        await running;
        controller.abort();
        await response;
        await ended(otel, id);
      },
      close: async () => undefined,
    };
  },
  async serveStdio(options, otel) {
    let started: () => void = () => undefined;
    const { decl, defs } = service(() => started());
    const input = new PassThrough();
    const output = new PassThrough();
    output.setEncoding('utf8');
    const waiting = new Map<unknown, (reply: unknown) => void>();
    let buffered = '';
    output.on('data', (chunk: string) => {
      buffered += chunk;
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const reply = JSON.parse(buffered.slice(0, nl)) as { id?: unknown };
        buffered = buffered.slice(nl + 1);
        waiting.get(reply.id)?.(reply);
      }
    });
    const done = serveStdio(defs, decl, { ...options, input, output });
    const send = (text: string): Promise<unknown> =>
      new Promise((resolve) => {
        waiting.set((JSON.parse(text) as { id: unknown }).id, resolve);
        input.write(text + '\n');
      });
    await send(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } }));
    return {
      network: { 'network.transport': 'pipe' },
      send,
      async cancel(id) {
        const running = new Promise<void>((resolve) => (started = resolve));
        input.write(body(id, 'slow') + '\n');
        await running;
        input.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } }) + '\n');
        await ended(otel, id);
      },
      close: async () => {
        input.end();
        await done;
      },
    };
  },
};

describe.each(Object.keys(openers))('telemetry over %s', (name) => {
  let otel: OtelHarness;
  let served: Served;
  beforeAll(async () => {
    otel = otelHarness();
    served = await openers[name]({ telemetry: otel.telemetry, callTimeoutMs: 100, onError: () => undefined }, otel);
  });
  afterAll(async () => {
    await served.close();
    await otel.close();
  });

  const only = (id: number) => {
    const spans = otel.spansOf(id);
    expect(spans).toHaveLength(1);
    return spans[0];
  };

  it('spans a successful call once, with the transport\'s network attributes', async () => {
    expect(await served.send(body(1, 'add', { a: 2, b: 3 }))).toEqual(expect.objectContaining({ id: 1 }));
    const span = only(1);
    expect(span.name).toBe('tools/call add');
    expect(span.attributes).toEqual(expect.objectContaining({ 'mcp.method.name': 'tools/call', 'mcp.protocol.version': '2025-11-25', ...served.network }));
    if ('client.address' in served.network) expect(span.attributes['client.port']).toEqual(expect.any(Number));
    else expect(span.attributes).not.toHaveProperty('client.address');
    expect(span.status.code).toBe(api.SpanStatusCode.UNSET);
  });

  it.each([
    [2, 'refuse', 'tool_error', api.SpanStatusCode.ERROR],
    [3, 'nope', '-32602', api.SpanStatusCode.UNSET],
    [4, 'boom', '-32603', api.SpanStatusCode.ERROR],
    [5, 'slow', 'tool_error', api.SpanStatusCode.ERROR], // timed out (callTimeoutMs 100)
  ])('records call %i (%s) as error.type %s', async (id, tool, errorType, status) => {
    await served.send(body(id, tool));
    const span = only(id);
    expect(span.attributes['error.type']).toBe(errorType);
    expect(span.status.code).toBe(status);
  });

  it('ends a cancelled call with error.type cancelled', async () => {
    await served.cancel(6);
    expect(only(6).attributes['error.type']).toBe('cancelled');
  });

  it('parents on the _meta traceparent', async () => {
    await served.send(body(7, 'add', { a: 1, b: 1 }, { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` }));
    const span = only(7);
    expect(span.spanContext().traceId).toBe(TRACE_ID);
    expect(span.parentSpanContext?.spanId).toBe(PARENT_ID);
    if (name === 'mcpRouter') {
      // the ambient HTTP span is linked, not lost
      expect(span.links).toHaveLength(1);
      expect(ambient).toContain(span.links[0].context.spanId);
    }
  });

  it('records the duration metric per outcome', async () => {
    const points = await otel.durations();
    const errorTypes = points.map((p) => p.attributes['error.type']).sort();
    expect(errorTypes).toEqual(expect.arrayContaining(['-32602', '-32603', 'tool_error', 'cancelled']));
    expect(points.every((p) => p.attributes['network.transport'] === served.network['network.transport'])).toBe(true);
  });
});
