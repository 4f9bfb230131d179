/**
 * In-process timings of what the `telemetry` option costs, for the telemetry bench
 * (`telemetry.ts`): `Dispatcher.handle` of `tools/call add` (ns per call), and the OpenTelemetry
 * calls toolwire makes per request timed alone — `startSpan` + `end` with a tools/call span's
 * attributes, `Histogram.record` with the metric's, `context.with` around a function — so the
 * SDK's own share can be told from toolwire's. Each figure is the fastest of several batches.
 */
import * as api from '@opentelemetry/api';
import type { DispatchContext } from '@toolwire/core';
import type { BenchTelemetryOption } from './fixture/telemetryOption';

type Core = typeof import('@toolwire/core');

/** The request every timing sends. */
export const CALL = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3}}}';

/** ns per run of `fn` in the fastest of `batches` batches of `perBatch` runs (after one batch of warm-up). */
function fastest(batches: number, perBatch: number, fn: () => void): number {
  for (let i = 0; i < perBatch; i++) fn();
  let best = Infinity;
  for (let b = 0; b < batches; b++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < perBatch; i++) fn();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / perBatch);
  }
  return best;
}

/** ns per `handle(tools/call add)`, the context offering a peer as node:http's does. */
export function dispatcherNs(dispatcher: InstanceType<Core['Dispatcher']>): number {
  const context = (): DispatchContext => ({
    protocolVersion: '2025-11-25',
    peer: () => ({ transport: 'tcp', protocol: 'http', protocolVersion: '1.1', address: '127.0.0.1', port: 50000 }),
  });
  return fastest(20, 5000, () => void dispatcher.handle(CALL, context()));
}

/** ns per OpenTelemetry call made alone, as toolwire makes it for one tools/call. */
export interface SdkTimings {
  /** `tracer.startSpan(name, { kind, attributes, startTime }, parent).end(time)`. */
  span: number;
  /** `histogram.record(seconds, attributes)` (0 without a meter). */
  record: number;
  /** `api.context.with(context, fn)` with the registered context manager. */
  with: number;
}

/** The bounded attributes of a tools/call span and measurement. */
const COMMON = Object.freeze({
    'mcp.method.name': 'tools/call',
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': 'add',
    'mcp.protocol.version': '2025-11-25',
    'network.transport': 'tcp',
    'network.protocol.name': 'http',
  'network.protocol.version': '1.1',
});

/** One tools/call span started and ended as toolwire does it (attributes, times, parent). */
function spanCall(tracer: api.Tracer): () => void {
  const origin = performance.timeOrigin;
  return () => {
    const parent = api.context.active();
    const attributes = { ...COMMON, 'jsonrpc.request.id': '1', 'client.address': '127.0.0.1', 'client.port': 50000 };
    tracer.startSpan('tools/call add', { kind: api.SpanKind.SERVER, attributes, startTime: origin + performance.now() }, parent).end(origin + performance.now());
  };
}

/** The SDK calls toolwire makes for one tools/call: its span, and its measurement when there is a meter. */
export function sdkCalls(option: BenchTelemetryOption): () => void {
  const span = spanCall(option.tracer);
  const histogram = option.meter?.createHistogram('mcp.server.operation.duration', { unit: 's' });
  return () => {
    span();
    histogram?.record(0.0001, COMMON);
  };
}

/** Times the SDK calls of `option` alone. */
export function sdkTimings(option: BenchTelemetryOption): SdkTimings {
  const span = fastest(20, 5000, spanCall(option.tracer));
  const histogram = option.meter?.createHistogram('mcp.server.operation.duration', { unit: 's' });
  const record = histogram ? fastest(20, 5000, () => histogram.record(0.0001, COMMON)) : 0;
  const inner = (): number => 1;
  const context = api.trace.setSpan(api.context.active(), option.tracer.startSpan('parent'));
  const withNs = fastest(20, 5000, () => void api.context.with(context, inner));
  return { span, record, with: withNs };
}
