/**
 * A `traceparent` in `_meta` while no propagator is configured (the `@opentelemetry/api` alone,
 * whose `propagation.extract` is a no-op): toolwire's built-in W3C reader makes it the span's
 * remote parent and says once on stderr that tracestate and baggage need a propagator; an API
 * object without `trace.setSpanContext` gets the warning only. A malformed traceparent is ignored.
 */
import * as api from '@opentelemetry/api';
import { Dispatcher, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { TelemetryApi } from '@toolwire/core';
import { otelHarness } from './otelHarness';
import type { OtelHarness } from './otelHarness';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const PARENT_ID = 'b7ad6b7169203331';

const call = (id: number, traceparent: string): string =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'noop', arguments: {}, _meta: { traceparent } } });

let otel: OtelHarness;
let lines: string[];
let spy: jest.SpyInstance;
beforeEach(() => {
  otel = otelHarness({ global: false }); // no propagator registered
  lines = [];
  spy = jest.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
});
afterEach(async () => {
  spy.mockRestore();
  await otel.close();
});

function dispatcher(telemetryApi: TelemetryApi = api): Dispatcher {
  const decl = new ToolDeclaration('w3c', '1.0.0');
  decl.addTool('noop', 'Does nothing');
  return new Dispatcher(new ServiceDefinition().registerProcedure('noop', () => 'ok'), decl, { telemetry: { api: telemetryApi, tracer: otel.tracer } });
}

describe('a traceparent with no propagator configured', () => {
  it('becomes the remote parent through the built-in W3C reader, with one warning for all requests', async () => {
    const d = dispatcher();
    await d.dispatch(call(1, `00-${TRACE_ID}-${PARENT_ID}-01`));
    await d.dispatch(call(2, `00-${TRACE_ID}-${PARENT_ID}-01`));
    const [first, second] = [otel.spansOf(1)[0], otel.spansOf(2)[0]];
    expect(first.spanContext().traceId).toBe(TRACE_ID);
    expect(first.parentSpanContext).toMatchObject({ traceId: TRACE_ID, spanId: PARENT_ID, isRemote: true, traceFlags: 1 });
    expect(second.parentSpanContext?.spanId).toBe(PARENT_ID);
    expect(lines).toEqual([expect.stringMatching(/^toolwire: a request carries a traceparent in _meta and no propagator reads it: toolwire read it with its built-in W3C reader/)]);
  });

  it('is ignored when malformed (a new trace, no warning)', async () => {
    await dispatcher().dispatch(call(3, `00-${'0'.repeat(32)}-${PARENT_ID}-01`));
    await dispatcher().dispatch(call(4, 'not a traceparent'));
    expect(otel.spansOf(3)[0].parentSpanContext).toBeUndefined();
    expect(otel.spansOf(4)[0].parentSpanContext).toBeUndefined();
    expect(lines).toEqual([]);
  });

  it('is warned about once when the API object cannot set a span context', async () => {
    const bare: TelemetryApi = { context: api.context, propagation: api.propagation, trace: { getSpan: api.trace.getSpan, setSpan: api.trace.setSpan } };
    const d = dispatcher(bare);
    await d.dispatch(call(5, `00-${TRACE_ID}-${PARENT_ID}-01`));
    await d.dispatch(call(6, `00-${TRACE_ID}-${PARENT_ID}-01`));
    expect(otel.spansOf(5)[0].spanContext().traceId).not.toBe(TRACE_ID);
    expect(lines).toEqual([expect.stringMatching(/^toolwire: a request carries a traceparent in _meta, but no propagator reads it and telemetry.api has no trace.setSpanContext/)]);
  });
});
