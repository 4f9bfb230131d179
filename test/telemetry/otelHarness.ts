/**
 * otelHarness: the OpenTelemetry SDK set up for a test — a tracer whose finished spans land in
 * an InMemorySpanExporter, a meter whose histograms a MetricReader collects on demand, the
 * AsyncLocalStorage context manager and the W3C trace-context and baggage propagators — and
 * the `telemetry` option built from them. `close()` shuts all of it down and unregisters it.
 */
import * as api from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import type { HistogramMetricData } from '@opentelemetry/sdk-metrics';
import type { TelemetryOptions } from '@toolwire/core';

/** A reader that exports nothing by itself: the test collects when it wants to look. */
class CollectingReader extends MetricReader {
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** One recorded `mcp.server.operation.duration` series: its attributes and its histogram point. */
export interface DurationPoint {
  readonly attributes: Record<string, unknown>;
  readonly count: number;
  readonly sum: number;
  readonly boundaries: number[];
  readonly unit: string;
}

export interface OtelHarness {
  readonly telemetry: TelemetryOptions;
  readonly tracer: api.Tracer;
  /** The spans finished so far. */
  spans(): ReadableSpan[];
  /** The SERVER spans whose `jsonrpc.request.id` is `id`. */
  spansOf(id: string | number): ReadableSpan[];
  /** The points of `mcp.server.operation.duration` so far. */
  durations(): Promise<DurationPoint[]>;
  close(): Promise<void>;
}

/**
 * Sets the SDK up. `global` registers the context manager and propagators (what ambient spans
 * and `_meta` trace context need); the matrix leaves them unregistered and uses the API's no-ops.
 */
export function otelHarness(options: { captureContent?: boolean; global?: boolean } = {}): OtelHarness {
  const global = options.global !== false;
  const contextManager = new AsyncLocalStorageContextManager();
  if (global) {
    api.context.setGlobalContextManager(contextManager.enable());
    api.propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  }
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer('toolwire-test');
  const reader = new CollectingReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  const telemetry: TelemetryOptions = { api, tracer, meter: meterProvider.getMeter('toolwire-test'), ...(options.captureContent ? { captureContent: true } : {}) };
  return {
    telemetry,
    tracer,
    spans: () => exporter.getFinishedSpans(),
    spansOf: (id) => exporter.getFinishedSpans().filter((span) => span.attributes['jsonrpc.request.id'] === String(id)),
    async durations() {
      const { resourceMetrics } = await reader.collect();
      const metrics = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics);
      const duration = metrics.find((metric) => metric.descriptor.name === 'mcp.server.operation.duration') as HistogramMetricData | undefined;
      if (!duration) return [];
      return duration.dataPoints.map((point) => ({
        attributes: { ...point.attributes },
        count: point.value.count,
        sum: point.value.sum ?? 0,
        boundaries: point.value.buckets.boundaries,
        unit: duration.descriptor.unit,
      }));
    },
    async close() {
      await provider.shutdown();
      await meterProvider.shutdown();
      if (global) {
        api.context.disable();
        api.propagation.disable();
      }
    },
  };
}
