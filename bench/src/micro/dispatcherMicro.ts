/**
 * The dispatcher micro-benchmark: `new Dispatcher(defs, decl).handle(json)` in this process, no
 * network, so a regression in core shows without HTTP noise. Each case is checked once with the
 * same checker the HTTP suite uses, then timed in batches: the fastest batch gives ns per call
 * (noise from other processes only ever adds time), the median batch is reported beside it.
 */
import { Dispatcher, ObjectType, integerType, type DispatchResult } from '@toolwire/core';
import { toolwireService } from '../servers/toolwireDefinition';
import { LARGE_TOOL_COUNT, SMALL_TOOL_COUNT, workload, type WorkloadId } from '../fixture/workloads';
import { checkCallText, checkToolsList } from '../fixture/checks';
import { median } from '../driver/median';

/**
 * Cases of the feature costs, measured against their plain twins in the same run:
 * `call-structured` (tools/call of an add tool with structured output) against `call-add`, and
 * `list-10-metadata` (tools/list of the 10 tools with title, annotations, icons and `_meta`)
 * against `list-10`.
 */
export type FeatureCaseId = 'call-structured' | 'list-10-metadata';

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

const CASES: readonly MicroCaseId[] = ['call-add', 'call-structured', 'call-echo', 'list-10', 'list-10-metadata', 'list-1000', 'initialize'];

/** The small service with the feature tools: `add_structured` and metadata on every tool. */
function featureService(): { dispatcher: Dispatcher; cases: Record<FeatureCaseId, { title: string; body: string; check: (body: string) => string | undefined }> } {
  const { decl, defs } = toolwireService(SMALL_TOOL_COUNT);
  for (const tool of decl.tools) {
    tool
      .setTitle(`The ${tool.name} tool`)
      .setAnnotations({ readOnlyHint: true, openWorldHint: false })
      .setIcons([{ src: 'https://example.com/icon.png', mimeType: 'image/png', sizes: ['48x48'] }])
      .setMeta({ 'example.com/bench': true });
  }
  const metadataDispatcher = new Dispatcher(defs, decl);
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
    },
  };
}

function bodyOf(result: DispatchResult | Promise<DispatchResult>): string {
  if (result instanceof Promise) throw new Error('the dispatcher went asynchronous for a synchronous procedure');
  return result.body;
}

function timeCase(dispatcher: Dispatcher, message: string, budgetMs: number): { nsPerOp: number; medianNsPerOp: number; ops: number } {
  const context = { protocolVersion: '2025-11-25' };
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
  const small = toolwireService(SMALL_TOOL_COUNT);
  const large = toolwireService(LARGE_TOOL_COUNT);
  const dispatchers = new Map([
    [SMALL_TOOL_COUNT, new Dispatcher(small.defs, small.decl)],
    [LARGE_TOOL_COUNT, new Dispatcher(large.defs, large.decl)],
  ]);
  const features = featureService();
  return (options.workloads ?? CASES).map((id) => {
    if (id === 'call-structured' || id === 'list-10-metadata') {
      const c = features.cases[id];
      const problem = c.check(bodyOf(features.dispatcher.handle(c.body, { protocolVersion: '2025-11-25' })));
      if (problem) throw new Error(`micro ${id}: wrong answer: ${problem}`);
      return { workload: id, title: c.title, ...timeCase(features.dispatcher, c.body, options.budgetMs) };
    }
    const w = workload(id);
    const dispatcher = dispatchers.get(w.tools) as Dispatcher;
    const problem = w.check(bodyOf(dispatcher.handle(w.body, { protocolVersion: '2025-11-25' })));
    if (problem) throw new Error(`micro ${id}: wrong answer: ${problem}`);
    return { workload: id, title: w.title, ...timeCase(dispatcher, w.body, options.budgetMs) };
  });
}

/** The results as printable lines. */
export function formatMicro(results: readonly MicroResult[]): string[] {
  const ns = (v: number): string => Math.round(v).toLocaleString('en-US').padStart(9);
  return [
    `  ${'case'.padEnd(24)} ${'best ns/op'.padStart(10)} ${'median'.padStart(9)}  ops`,
    ...results.map((r) => `  ${r.title.padEnd(24)} ${ns(r.nsPerOp).padStart(10)} ${ns(r.medianNsPerOp)}  ${r.ops.toLocaleString('en-US')}`),
  ];
}
