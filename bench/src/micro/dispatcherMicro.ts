/**
 * The dispatcher micro-benchmark: `new Dispatcher(defs, decl).handle(json)` in this process, no
 * network, so a regression in core shows without HTTP noise. Each case is checked once with the
 * same checker the HTTP suite uses, then timed in batches: the fastest batch gives ns per call
 * (noise from other processes only ever adds time), the median batch is reported beside it.
 */
import { Dispatcher, ObjectType, integerType, type DispatchContext } from '@toolwire/core';
import { type DispatchResult } from '@toolwire/core/transport';
import { z } from 'zod';
import { toolwireService } from '../servers/toolwireDefinition';
import { PROTOCOL_VERSION, SMALL_TOOL_COUNT, variantOf, workload, type Workload, type WorkloadId } from '../fixture/workloads';
import { checkCallText, checkToolsList } from '../fixture/checks';
import { median } from '../driver/median';

/**
 * Cases of the feature costs, measured against their plain twins in the same run:
 * `call-structured` (tools/call of an add tool with structured output) against `call-add`, and
 * `list-10-metadata` (tools/list of the 10 tools with title, annotations, icons and `_meta`)
 * against `list-10`. `legacy-call-add-meta` and `legacy-list-10-meta` are the 2026-07-28
 * requests with the claim key renamed (same bytes, so legacy): the twins that isolate the modern
 * path's own work from parsing the larger request the 2026 wire sends.
 */
export type FeatureCaseId = 'call-structured' | 'list-10-metadata' | 'legacy-call-add-meta' | 'legacy-list-10-meta';

/** A micro-benchmark case. */
export type MicroCaseId = WorkloadId | FeatureCaseId;

/** One micro-benchmark figure. */
export interface MicroResult {
  workload: MicroCaseId;
  title: string;
  /** ns per call in the fastest batch. */
  nsPerOp: number;
  /** ns per call in the median batch. */
  medianNsPerOp: number;
  /** Operations timed in all. */
  ops: number;
}

/** How long to measure. */
export interface MicroOptions {
  /** Milliseconds per case (split into batches). */
  budgetMs: number;
  workloads?: readonly MicroCaseId[];
}

const CASES: readonly MicroCaseId[] = [
  'call-add',
  'call-add-zod',
  'resources-read',
  'prompts-get',
  'call-structured',
  'call-echo',
  'list-10',
  'list-10-metadata',
  'list-1000',
  'initialize',
  'modern-call-add',
  'legacy-call-add-meta',
  'modern-list-10',
  'legacy-list-10-meta',
];

/** A key as long as the 2026 claim key (`io.modelcontextprotocol/protocolVersion`) that claims nothing. */
const SAME_LENGTH_KEY = 'example.com/not-a-protocol-version-claim';

const LEGACY_CONTEXT: DispatchContext = { protocolVersion: PROTOCOL_VERSION };

/**
 * What an HTTP transport hands the dispatcher for this workload: the legacy ones their version
 * (as before), the 2026-07-28 ones also the header lookup the admission ladder checks.
 */
function contextOf(w: Workload): DispatchContext {
  if (w.era === 'legacy') return LEGACY_CONTEXT;
  const headers = w.headers;
  return { protocolVersion: headers['mcp-protocol-version'], header: (name) => headers[name] };
}

/** The small service with the feature tools: `add_structured` and metadata on every tool. */
function featureService(): { dispatcher: Dispatcher; cases: Record<FeatureCaseId, { title: string; body: string; check: (body: string) => string | undefined; dispatcher?: Dispatcher }> } {
  const { decl, defs } = toolwireService(SMALL_TOOL_COUNT, {});
  for (const tool of decl.tools) {
    tool
      .setTitle(`The ${tool.name} tool`)
      .setAnnotations({ readOnlyHint: true, openWorldHint: false })
      .setIcons([{ src: 'https://example.com/icon.png', mimeType: 'image/png', sizes: ['48x48'] }])
      .setMeta({ 'example.com/bench': true });
  }
  const metadataDispatcher = new Dispatcher(defs, decl);
  const plain = toolwireService(SMALL_TOOL_COUNT, {});
  const plainDispatcher = new Dispatcher(plain.defs, plain.decl);
  const unclaimed = (id: 'modern-call-add' | 'modern-list-10'): string => workload(id).body.replace('io.modelcontextprotocol/protocolVersion', SAME_LENGTH_KEY);
  const structured = decl.addTool('add_structured', 'Add two integers').addParam('a', integerType()).addParam('b', integerType()).setOutput(new ObjectType().addProperty('sum', integerType()));
  defs.registerTool(structured, (a, b) => ({ sum: a + b }));
  const request = (method: string, params: unknown): string => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
  // the list case uses its own declaration state (10 tools); the structured tool is the 11th
  const listBody = request('tools/list', {});
  const listJson = bodyOf(metadataDispatcher.handle(listBody, { protocolVersion: '2025-11-25' }));
  return {
    dispatcher: metadataDispatcher,
    cases: {
      'call-structured': {
        title: 'tools/call structured',
        body: request('tools/call', { name: 'add_structured', arguments: { a: 2, b: 3 } }),
        check: (body) => checkCallText(body, 1, '{"sum":5}') ?? (body.includes('"structuredContent":{"sum":5}') ? undefined : 'no structuredContent'),
      },
      'list-10-metadata': {
        title: 'tools/list 10 + metadata',
        body: listBody,
        check: (body) => checkToolsList(body, 1, SMALL_TOOL_COUNT + 1) ?? (body.includes('"annotations"') && listJson.length > 0 ? undefined : 'no metadata'),
      },
      'legacy-call-add-meta': {
        title: 'tools/call add, legacy, same bytes',
        body: unclaimed('modern-call-add'),
        check: (body) => checkCallText(body, 1, '5') ?? (body.includes('resultType') ? 'answered as modern' : undefined),
        dispatcher: plainDispatcher,
      },
      'legacy-list-10-meta': {
        title: 'tools/list 10, legacy, same bytes',
        body: unclaimed('modern-list-10'),
        check: (body) => checkToolsList(body, 1, SMALL_TOOL_COUNT) ?? (body.includes('resultType') ? 'answered as modern' : undefined),
        dispatcher: plainDispatcher,
      },
    },
  };
}

function bodyOf(result: DispatchResult | Promise<DispatchResult>): string {
  if (result instanceof Promise) throw new Error('the dispatcher went asynchronous for a synchronous procedure');
  return result.body;
}

function timeCase(dispatcher: Dispatcher, message: string, budgetMs: number, context: DispatchContext = LEGACY_CONTEXT): { nsPerOp: number; medianNsPerOp: number; ops: number } {
  // calibrate a batch to ~1/20 of the budget, after a warm-up of the same length
  let batch = 1;
  for (;;) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) bodyOf(dispatcher.handle(message, context));
    const ns = Number(process.hrtime.bigint() - start);
    if (ns > (budgetMs * 1e6) / 20 || batch > 1 << 24) break;
    batch *= 2;
  }
  const perOp: number[] = [];
  const deadline = process.hrtime.bigint() + BigInt(Math.round(budgetMs * 1e6));
  let ops = 0;
  while (process.hrtime.bigint() < deadline || perOp.length < 5) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) bodyOf(dispatcher.handle(message, context));
    perOp.push(Number(process.hrtime.bigint() - start) / batch);
    ops += batch;
  }
  return { nsPerOp: Math.min(...perOp), medianNsPerOp: median(perOp), ops };
}

/** Runs the micro-benchmark; throws when the dispatcher answers a case wrongly. */
export function runMicro(options: MicroOptions): MicroResult[] {
  // one dispatcher per server variant (tool count and environment), as the HTTP suite starts one process per variant
  const dispatchers = new Map<string, Dispatcher>();
  const dispatcherOf = (id: WorkloadId): Dispatcher => {
    const { tools, env, key } = variantOf(id);
    let dispatcher = dispatchers.get(key);
    if (!dispatcher) {
      const { decl, defs } = toolwireService(tools, { ...env }, { z });
      dispatchers.set(key, (dispatcher = new Dispatcher(defs, decl)));
    }
    return dispatcher;
  };
  const features = featureService();
  return (options.workloads ?? CASES).map((id) => {
    if (id in features.cases) {
      const c = features.cases[id as FeatureCaseId];
      const dispatcher = c.dispatcher ?? features.dispatcher;
      const problem = c.check(bodyOf(dispatcher.handle(c.body, LEGACY_CONTEXT)));
      if (problem) throw new Error(`micro ${id}: wrong answer: ${problem}`);
      return { workload: id, title: c.title, ...timeCase(dispatcher, c.body, options.budgetMs) };
    }
    const w = workload(id as WorkloadId);
    const dispatcher = dispatcherOf(w.id);
    const context = contextOf(w);
    const problem = w.check(bodyOf(dispatcher.handle(w.body, context)));
    if (problem) throw new Error(`micro ${id}: wrong answer: ${problem}`);
    return { workload: id, title: w.title, ...timeCase(dispatcher, w.body, options.budgetMs, context) };
  });
}

/** The results as printable lines, then what the 2026-07-28 path costs over the legacy one in-process. */
export function formatMicro(results: readonly MicroResult[]): string[] {
  const ns = (v: number): string => Math.round(v).toLocaleString('en-US').padStart(9);
  const best = (id: MicroCaseId): number => results.find((r) => r.workload === id)?.nsPerOp ?? NaN;
  const eras = (['call-add', 'list-10'] as const)
    .filter((id) => Number.isFinite(best(`modern-${id}`)))
    .map((id) => `  2026-07-28 ${id}: ${(best(`modern-${id}`) / best(`legacy-${id}-meta`)).toFixed(2)}× the legacy request of the same bytes, ${(best(`modern-${id}`) / best(id)).toFixed(2)}× the plain legacy request (most of that is parsing the larger 2026 request)`);
  const zod = best('call-add-zod') / best('call-add');
  return [
    `  ${'case'.padEnd(42)} ${'best ns/op'.padStart(10)} ${'median'.padStart(9)}  ops`,
    ...results.map((r) => `  ${r.title.padEnd(42)} ${ns(r.nsPerOp).padStart(10)} ${ns(r.medianNsPerOp)}  ${r.ops.toLocaleString('en-US')}`),
    ...eras,
    ...(Number.isFinite(zod) ? [`  tools/call add declared with zod: ${zod.toFixed(2)}× the builder's (+${Math.round(best('call-add-zod') - best('call-add'))} ns: zod's validation instead of the compiled checks)`] : []),
  ];
}
