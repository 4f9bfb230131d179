/**
 * The feature workloads: resources/read (legacy and 2026-07-28) on every server that serves a
 * resource, tools/call with the telemetry option on, and their pairing with the plain call —
 * the table's entries, the checker, the server variants and the paired runs of the HTTP suite.
 */
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { Dispatcher } from '@toolwire/core';
import { z } from 'zod';
import { HTTP_SERVER_IDS, httpServer, type HttpServerId } from '../src/driver/catalog';
import { ServerProcess } from '../src/driver/ServerProcess';
import { runHttpSuite } from '../src/driver/httpSuite';
import { costRatio, evaluateTargets, inTurnCostRatio } from '../src/driver/targets';
import { sideBySideRatio } from '../src/driver/aggregate';
import { featureCostTable } from '../src/driver/report';
import { BASE_HEADERS, WORKLOAD_IDS, WORKLOAD_LIST, featureWorkloads, runsWorkload, variantOf, workload, type WorkloadId } from '../src/fixture/workloads';
import { checkInitialize, checkPromptText, checkResourceText } from '../src/fixture/checks';
import { STATIC_RESOURCE, staticResourceContents } from '../src/fixture/resourceSpec';
import { telemetrySetup } from '../src/fixture/telemetryOption';
import { createHandRpc } from '../src/servers/handRpc';
import { toolwireService } from '../src/servers/toolwireDefinition';
import { post } from './helpers/post';

jest.setTimeout(60_000);

async function sendOnce(id: HttpServerId, w: WorkloadId, body = workload(w).body, headers = workload(w).headers): Promise<{ status: number; body: string }> {
  const { tools, env } = variantOf(w);
  const server = await ServerProcess.start(httpServer(id).program, { tools, env });
  try {
    return await post(server.url, body, { ...BASE_HEADERS, ...headers });
  } finally {
    await server.close();
  }
}

describe('the workload table', () => {
  it('has unique ids, and every feature names a baseline of its era', () => {
    expect(new Set(WORKLOAD_IDS).size).toBe(WORKLOAD_LIST.length);
    expect(featureWorkloads().map((w) => [w.id, w.cost?.baseline])).toEqual([
      ['call-add-zod', 'call-add'],
      ['modern-call-param', 'modern-call-add'],
      ['resources-read', 'call-add'],
      ['modern-resources-read', 'modern-call-add'],
      ['prompts-get', 'call-add'],
      ['modern-prompts-get', 'modern-call-add'],
      ['call-telemetry', 'call-add'],
      ['call-rate-limit-memory', 'call-add'],
      ['call-rate-limit-redis', 'call-add'],
      ['task-call-memory', 'modern-call-add'],
      ['task-call-redis', 'modern-call-add'],
    ]);
    for (const w of featureWorkloads()) expect(workload(w.cost?.baseline as WorkloadId).era).toBe(w.era);
  });

  it('runs resources/read on every server that serves a resource in its era, and telemetry on mcpHandler', () => {
    const on = (w: WorkloadId): string[] => HTTP_SERVER_IDS.filter((id) => runsWorkload(httpServer(id), w));
    expect(on('resources-read')).toEqual(['raw-http', 'hand-express', 'toolwire-express', 'toolwire-http', 'sdk', 'fastmcp']);
    expect(on('modern-resources-read')).toEqual(['toolwire-express', 'toolwire-http', 'sdk2', 'tmcp']);
    expect(on('call-telemetry')).toEqual(['toolwire-http']);
    expect(variantOf('resources-read').key).toBe('10 RESOURCES=1');
    expect(variantOf('call-telemetry').key).toBe('10 TELEMETRY=1');
  });
});

describe('checkResourceText', () => {
  const expected = staticResourceContents();
  const read = (contents: unknown[]): string => JSON.stringify({ jsonrpc: '2.0', id: 1, result: { contents } });

  it('accepts the one contents item, keys in any order and with extra fields', () => {
    expect(checkResourceText(read([expected]), 1, expected)).toBeUndefined();
    expect(checkResourceText(read([{ text: expected.text, name: 'readme', mimeType: expected.mimeType, uri: expected.uri }]), 1, expected)).toBeUndefined();
  });

  it('rejects another URI, MIME type or text, two items, a wrong id and an error', () => {
    expect(checkResourceText(read([{ ...expected, uri: 'bench://other' }]), 1, expected)).toMatch(/expected uri/);
    expect(checkResourceText(read([{ ...expected, mimeType: 'text/html' }]), 1, expected)).toMatch(/expected mimeType/);
    expect(checkResourceText(read([{ ...expected, text: 'x' }]), 1, expected)).toMatch(/expected text/);
    expect(checkResourceText(read([expected, expected]), 1, expected)).toMatch(/one item/);
    expect(checkResourceText(read([expected]), 2, expected)).toMatch(/expected id 2/);
    expect(checkResourceText(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32002, message: 'Resource not found' } }), 1, expected)).toMatch(/JSON-RPC error/);
  });

  it('is answered right by the hand-written ceiling with RESOURCES=1, and not without', () => {
    const message = JSON.parse(workload('resources-read').body) as unknown;
    process.env.RESOURCES = '1';
    try {
      expect(workload('resources-read').check(createHandRpc(10)(message) ?? '')).toBeUndefined();
    } finally {
      delete process.env.RESOURCES;
    }
    expect(createHandRpc(10)(message)).toMatch(/-32601/);
  });
});

describe('the resources/read server variants', () => {
  const legacy = HTTP_SERVER_IDS.filter((id) => runsWorkload(httpServer(id), 'resources-read'));
  const modern = HTTP_SERVER_IDS.filter((id) => runsWorkload(httpServer(id), 'modern-resources-read'));

  it.each([...legacy.map((id) => [id, 'resources-read'] as const), ...modern.map((id) => [id, 'modern-resources-read'] as const)])('%s answers %s right on its RESOURCES=1 variant', async (id, w) => {
    const res = await sendOnce(id, w);
    expect([res.status, workload(w).check(res.body)]).toEqual([200, undefined]);
  });

  it('toolwire declares the resource only on that variant: the plain process advertises no resources and reads nothing', async () => {
    const { decl } = toolwireService(10, {});
    expect(decl.getResource(STATIC_RESOURCE.uri)).toBeUndefined();
    expect(toolwireService(10, { RESOURCES: '1' }).decl.getResource(STATIC_RESOURCE.uri)).toBeDefined();
    const server = await ServerProcess.start(httpServer('toolwire-http').program, { tools: 10 });
    try {
      const init = workload('initialize');
      const answer = await post(server.url, init.body, { ...BASE_HEADERS, ...init.headers });
      expect(checkInitialize(answer.body, 1)).toBeUndefined();
      expect((JSON.parse(answer.body) as { result: { capabilities: Record<string, unknown> } }).result.capabilities.resources).toBeUndefined();
      const read = workload('resources-read');
      const refused = await post(server.url, read.body, { ...BASE_HEADERS, ...read.headers });
      expect(read.check(refused.body)).toMatch(/JSON-RPC error/);
    } finally {
      await server.close();
    }
  });
});

describe('the prompts/get workloads', () => {
  const legacy = HTTP_SERVER_IDS.filter((id) => runsWorkload(httpServer(id), 'prompts-get'));
  const modern = HTTP_SERVER_IDS.filter((id) => runsWorkload(httpServer(id), 'modern-prompts-get'));

  it('run on the servers that serve a prompt in each era, paired with tools/call add side by side on toolwire (issue 37: ≤ 1.10×)', () => {
    expect(legacy).toEqual(['toolwire-express', 'toolwire-http', 'sdk']);
    expect(modern).toEqual(['toolwire-express', 'toolwire-http', 'sdk2', 'tmcp']);
    expect(variantOf('prompts-get').key).toBe('10 PROMPTS=1');
    expect(workload('prompts-get').cost).toEqual({ baseline: 'call-add', feature: 'prompts/get of a two-argument prompt', target: { max: 1.1, source: 'issue 37' } });
    expect(workload('prompts-get').sideBySide).toEqual([{ server: 'toolwire-http', baseline: 'call-add' }, { server: 'toolwire-express', baseline: 'call-add' }]);
  });

  it('checkPromptText takes one user text message with the sum, and nothing else', () => {
    const get = (messages: unknown[]): string => JSON.stringify({ jsonrpc: '2.0', id: 1, result: { description: 'd', messages } });
    const user = { role: 'user', content: { type: 'text', text: '5' } };
    expect(checkPromptText(get([user]), 1, '5')).toBeUndefined();
    expect(checkPromptText(get([{ ...user, role: 'assistant' }]), 1, '5')).toMatch(/user message/);
    expect(checkPromptText(get([{ ...user, content: { type: 'text', text: '6' } }]), 1, '5')).toMatch(/expected text/);
    expect(checkPromptText(get([user, user]), 1, '5')).toMatch(/one message/);
    expect(checkPromptText(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Unknown prompt' } }), 1, '5')).toMatch(/JSON-RPC error/);
  });

  it.each([...legacy.map((id) => [id, 'prompts-get'] as const), ...modern.map((id) => [id, 'modern-prompts-get'] as const)])('%s answers %s right on its PROMPTS=1 variant', async (id, w) => {
    const res = await sendOnce(id, w);
    expect([res.status, workload(w).check(res.body)]).toEqual([200, undefined]);
  });
});

describe('the Standard Schema workloads', () => {
  it('run on the SCHEMA=zod variant: toolwire beside its builder, and toolwire + zod against SDK v2 + zod', () => {
    const on = (w: WorkloadId): string[] => HTTP_SERVER_IDS.filter((id) => runsWorkload(httpServer(id), w));
    expect(on('call-add-zod')).toEqual(['toolwire-express', 'toolwire-http']);
    expect(on('modern-call-add-zod')).toEqual(['toolwire-http', 'sdk2']);
    expect(variantOf('call-add-zod').key).toBe('10 SCHEMA=zod');
  });

  it('declares add with zod only on that variant, with the same published schema as the builder', () => {
    const zod = toolwireService(10, { SCHEMA: 'zod' }, { z }).decl.getTool('add')!;
    const builder = toolwireService(10, {}).decl.getTool('add')!;
    expect(zod.standardInput?.['~standard'].vendor).toBe('zod');
    expect(builder.standardInput).toBeUndefined();
    expect(zod.toInputSchema()).toMatchObject({ type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] });
    expect(() => toolwireService(10, { SCHEMA: 'zod' })).toThrow(/SCHEMA=zod: expected the zod module/);
  });

  it.each([
    ['toolwire-http', 'call-add-zod'],
    ['toolwire-express', 'call-add-zod'],
    ['toolwire-http', 'modern-call-add-zod'],
    ['sdk2', 'modern-call-add-zod'],
  ] as const)('%s answers %s right', async (id, w) => {
    const res = await sendOnce(id, w);
    expect([res.status, workload(w).check(res.body)]).toEqual([200, undefined]);
  });

  it('a zod-declared add refuses what zod refuses (toolwire-http)', async () => {
    const res = await sendOnce('toolwire-http', 'call-add-zod', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 2.5, b: 3 } } }));
    expect(JSON.parse(res.body)).toMatchObject({ result: { isError: true, content: [{ text: 'argument "a": Invalid input: expected int, received number' }] } });
  });
});

describe('the telemetry workload', () => {
  it('the bench option makes toolwire record one span per call (seen through a counting exporter)', async () => {
    const spans: ReadableSpan[] = [];
    const exporter: SpanExporter = {
      export: (batch, done) => {
        spans.push(...batch);
        done({ code: 0 });
      },
      shutdown: () => Promise.resolve(),
    };
    const { option, flush } = telemetrySetup(exporter);
    const { decl, defs } = toolwireService(10, {});
    const dispatcher = new Dispatcher(defs, decl, { telemetry: option } as never);
    const answer = await dispatcher.handle(workload('call-telemetry').body, { protocolVersion: '2025-11-25' });
    expect(workload('call-telemetry').check(answer.body)).toBeUndefined();
    await flush();
    expect(spans.map((s) => s.name)).toEqual(['tools/call add']);
  });

  it('toolwire-http answers tools/call add right on its TELEMETRY=1 variant', async () => {
    const res = await sendOnce('toolwire-http', 'call-telemetry');
    expect([res.status, workload('call-telemetry').check(res.body)]).toEqual([200, undefined]);
  });
});

describe('paired feature runs', () => {
  it('measure the baseline right before the feature on each server, and the costs and targets use that pair (or the side-by-side runs, where the workload lists them)', async () => {
    const samples = await runHttpSuite({ rounds: 1, duration: 0.3, warmup: 0, concurrencies: [32], servers: ['raw-http', 'toolwire-http'], workloads: ['resources-read'], execArgv: () => [], log: () => undefined });
    const inTurn = samples.filter((s) => s.alongside === undefined);
    expect(inTurn.map((s) => [s.server, s.workload, s.failure])).toEqual([
      ['raw-http', 'resources-read', undefined],
      ['toolwire-http', 'resources-read', undefined],
    ]);
    for (const s of inTurn) {
      expect(s.baseline?.cpuMicros).toBeGreaterThan(0);
      expect(inTurnCostRatio(samples, s.server, 'resources-read', 'call-add')).toBeCloseTo(s.cpuMicros / (s.baseline?.cpuMicros ?? NaN), 10);
    }
    // raw node:http has no side-by-side pair: its cost is the pair in turn; toolwire's is the side-by-side one
    expect(costRatio(samples, 'raw-http', 'resources-read', 'call-add')).toBeCloseTo(inTurnCostRatio(samples, 'raw-http', 'resources-read', 'call-add'), 10);
    expect(samples.filter((s) => s.alongside).map((s) => [s.server, s.workload, s.alongside?.workload])).toEqual(
      Array.from({ length: 8 }, () => [['toolwire-http', 'resources-read', 'call-add'], ['toolwire-http', 'call-add', 'resources-read']]).flat(),
    );
    expect(costRatio(samples, 'toolwire-http', 'resources-read', 'call-add')).toBeCloseTo(
      sideBySideRatio(samples, { server: 'toolwire-http', workload: 'resources-read' }, { server: 'toolwire-http', workload: 'call-add' }, 32),
      10,
    );
    const table = featureCostTable(samples);
    expect(table.filter((line) => line.includes('resources/read of a static text resource'))).toHaveLength(2);
    const targets = evaluateTargets(samples, [], []).filter((t) => t.text.includes('resources/read'));
    expect(targets.map((t) => [t.text.split(': ')[0], t.pass === undefined])).toEqual([
      ['toolwire/node:http', false],
      ['toolwire/Express', true], // not measured in this run: N/A
    ]);
  });
});
