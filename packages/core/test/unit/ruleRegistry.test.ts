/**
 * A rule is one module and one line: a rule module states its options (names and checks), its
 * limits and how its rule is made, and the registry's ordered list is the only place it is named.
 * Here a test-only rule module (`blockedTools`, refusing calls of the tools its option names) is
 * added to that list — a fresh copy of core with the registry's list mocked to hold one more
 * entry, nothing else changed — and the dispatcher checks its option, lists it among the known
 * options and runs its rule; the source files show that nothing but the registry names a rule.
 * A dispatcher's rules follow the registry's order, and are the one frozen default chain when
 * its options set none of the rules' options.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as api from '@opentelemetry/api';
import type * as Core from '../../src';
import type { RateLimitOptions } from '../../src';
import type * as Transport from '../../src/transport';
import type { RuleModule } from '../../src/dispatch/rules/RuleModule';
import type { RULE_MODULES as Modules } from '../../src/dispatch/rules/registry';
import type { errorReply as ErrorReply } from '../../src/dispatch/replies';
import { DEFAULT_RULES, rulesOf } from '../../src/dispatch/rules/ruleSet';
import { ErrorPolicy } from '../../src/dispatch/errorPolicy';

const SRC = join(__dirname, '..', '..', 'src');
const REGISTRY = '../../src/dispatch/rules/registry';

/** The option of the test rule. */
interface BlockedToolsOptions {
  /** Tools whose calls are refused. */
  blockedTools?: readonly string[];
}

/** Core (main and transport entries), loaded afresh with the registry's list holding `extra` last. */
function coreWith(extra: (errorReply: typeof ErrorReply) => RuleModule<BlockedToolsOptions>): { core: typeof Core; transport: typeof Transport } {
  let loaded: { core: typeof Core; transport: typeof Transport } | undefined;
  jest.isolateModules(() => {
    jest.doMock(REGISTRY, () => {
      const { RULE_MODULES } = jest.requireActual<{ RULE_MODULES: typeof Modules }>(REGISTRY);
      const { errorReply } = jest.requireActual<{ errorReply: typeof ErrorReply }>('../../src/dispatch/replies');
      return { RULE_MODULES: [...RULE_MODULES, extra(errorReply)] }; // the one line a new rule adds
    });
    loaded = { core: jest.requireActual<typeof Core>('../../src'), transport: jest.requireActual<typeof Transport>('../../src/transport') };
  });
  return loaded!;
}

/** The test rule's module: in the chain only when `blockedTools` is given. */
const blockedTools = (errorReply: typeof ErrorReply): RuleModule<BlockedToolsOptions> => ({
  name: 'blockedTools',
  options: { blockedTools: { expected: 'an array of tool names', ok: (v) => Array.isArray(v) && v.every((name) => typeof name === 'string') } },
  make: ({ blockedTools: blocked }) =>
    blocked && {
      name: 'blockedTools',
      concerns: (method) => method?.targetKind === 'tool',
      before: (request) => (request.target && blocked.includes(request.target.name) ? errorReply(request.id, -32600, `Blocked: tool "${request.target.name}"`) : undefined),
    },
});

function server(core: typeof Core, options: Record<string, unknown>) {
  const decl = new core.ToolDeclaration('rules', '1.0.0');
  decl.addTool('open', 'Answers').addParam('text', core.stringType(), 'Text');
  decl.addTool('shut', 'Blocked by the test rule').addParam('text', core.stringType(), 'Text');
  const defs = new core.ServiceDefinition().registerProcedure('open', (text: string) => `open: ${text}`).registerProcedure('shut', (text: string) => `shut: ${text}`);
  return new core.Dispatcher(defs, decl, options as never);
}

const call = (name: string) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: { text: 'hi' } } });

describe('the rule registry', () => {
  const { core, transport } = coreWith(blockedTools);

  it("takes a new rule's option as a dispatcher option: checked with its module's check, listed among the known options", () => {
    expect(transport.DISPATCHER_OPTION_NAMES).toContain('blockedTools');
    expect(() => server(core, { blockedTools: 'shut' })).toThrow(new TypeError('new Dispatcher: option blockedTools: expected an array of tool names, got the string "shut"'));
    expect(() => server(core, { blockedTool: [] })).toThrow(/unknown option "blockedTool" \(did you mean "blockedTools"\?\)/);
    expect(transport.checkDispatcherOptions('test', { blockedTools: ['shut'] })).toEqual({ blockedTools: ['shut'] });
  });

  it('runs the new rule in the chain of a dispatcher given its option, and not in one without', () => {
    const guarded = server(core, { blockedTools: ['shut'] });
    expect(JSON.parse(guarded.dispatchSync(call('shut')).body).error).toEqual({ code: -32600, message: 'Blocked: tool "shut"' });
    expect(JSON.parse(guarded.dispatchSync(call('open')).body).result.content).toEqual([{ type: 'text', text: 'open: hi' }]);
    const open = server(core, {});
    expect(JSON.parse(open.dispatchSync(call('shut')).body).result.content).toEqual([{ type: 'text', text: 'shut: hi' }]);
  });

  it("keeps the existing rules' options and checks beside the new one's", () => {
    expect(() => server(core, { maxConcurrentCallsPerPrincipal: 0 })).toThrow(new TypeError('new Dispatcher: option maxConcurrentCallsPerPrincipal: expected a positive integer or Infinity, got 0'));
    expect(core.DEFAULT_LIMITS.maxConcurrentCallsPerPrincipal).toBe(100);
  });
});

describe("a dispatcher's rules", () => {
  const policy = new ErrorPolicy(false, () => undefined);
  const names = (options: Parameters<typeof rulesOf>[0]) => rulesOf(options, policy).map((rule) => rule.name);

  it('are the one frozen default chain when the options set none of the rules\' options', () => {
    expect(Object.isFrozen(DEFAULT_RULES)).toBe(true);
    expect(rulesOf({}, policy)).toBe(DEFAULT_RULES);
    expect(rulesOf({ maxDepth: 10, exposeInternalErrors: true, telemetry: undefined } as never, policy)).toBe(DEFAULT_RULES);
    expect(DEFAULT_RULES.map((rule) => rule.name)).toEqual(['scopes', 'requiredCapabilities', 'taskCapability', 'paramHeaders', 'concurrency', 'principalCalls']);
  });

  it('run in the registry\'s order, the option rules where it places them: telemetry outermost, then the audit, the rate limit before the busy checks', () => {
    const telemetry = { tracer: api.trace.getTracer('rules'), api };
    const audit = { sink: () => undefined };
    const rateLimit: RateLimitOptions = { limits: [{ window: '1s', max: 5, per: 'principal' }] };
    expect(names({ telemetry, audit, rateLimit })).toEqual(['telemetry', 'audit', 'scopes', 'requiredCapabilities', 'taskCapability', 'paramHeaders', 'rateLimit', 'concurrency', 'principalCalls']);
    expect(names({ rateLimit })).toEqual(['scopes', 'requiredCapabilities', 'taskCapability', 'paramHeaders', 'rateLimit', 'concurrency', 'principalCalls']);
    const made = rulesOf({ maxConcurrentCallsPerPrincipal: 5 }, policy);
    expect(made).not.toBe(DEFAULT_RULES);
    expect(made.map((rule) => rule.name)).toEqual(DEFAULT_RULES.map((rule) => rule.name));
  });
});

describe('where rules are named', () => {
  /** Every source file of core, as a path from `src`. */
  const sources = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));
  const files = sources(SRC);
  const text = (file: string) => readFileSync(file, 'utf8');
  /** The source without its comments (JSDoc may mention options). */
  const code = (file: string) =>
    text(file)
      .split('\n')
      .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
      .join('\n');
  const ruleModules = files.filter((file) => /^export const \w+(: RuleModule<[^=]*>)? = (fixedRule\(|\{)/m.test(text(file)) && /\bRuleModule\b/.test(text(file)) && file.includes(join('dispatch', 'rules')));

  it('each rule module is imported by the registry alone', () => {
    expect(ruleModules.map((file) => relative(SRC, file)).sort()).toEqual(
      ['audit', 'concurrency', 'paramHeaders', 'principalCalls', 'rateLimit', 'requiredCapabilities', 'scopes', 'taskCapability', 'telemetry'].map((name) => join('dispatch', 'rules', `${name}.ts`)),
    );
    for (const module of ruleModules) {
      const stem = relative(SRC, module).replace(/\.ts$/, '');
      const importers = files.filter((file) => [...text(file).matchAll(/from '([^']+)'/g)].some(([, spec]) => spec.startsWith('.') && relative(SRC, join(file, '..', spec)) === stem));
      expect(`${stem}: ${importers.map((file) => relative(SRC, file)).join(', ')}`).toBe(`${stem}: ${join('dispatch', 'rules', 'registry.ts')}`);
    }
  });

  it("setup, the dispatcher and the chain name none of the rules' options", () => {
    const options = ['telemetry', 'audit', 'rateLimit', 'maxConcurrentCallsPerPrincipal'];
    for (const file of ['setup.ts', 'Dispatcher.ts', 'limits.ts', join('rules', 'chain.ts'), join('rules', 'ruleSet.ts')]) {
      const named = options.filter((option) => new RegExp(`\\b${option}\\b`).test(code(join(SRC, 'dispatch', file))));
      expect(`${file}: ${named.join(', ')}`).toBe(`${file}: `);
    }
  });
});
