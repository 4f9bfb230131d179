/**
 * What the governance tests share: a small service (a tool that counts its runs, one that
 * remembers and recalls through ctx.state), callers named by tokens, and a request helper.
 */
import { Dispatcher, ServiceDefinition, ToolDeclaration, stringType } from '@toolwire/core';
import type { CallContext, DispatcherOptions, DispatchContext } from '@toolwire/core';
import { Access } from '@toolwire/core/transport';

export const ISSUER = 'https://auth.example.com';

/** A context whose caller is the token of `subject` (undefined: anonymous), with extra fields. */
export function as(subject: string | undefined, extra: Partial<DispatchContext> = {}): DispatchContext {
  if (subject === undefined) return extra;
  return { access: new Access({ issuer: ISSUER, subject, scopes: [] }, { resourceMetadataUrl: 'https://mcp.example.com/.well-known/oauth-protected-resource', requiredScopes: [], listOnlyPermittedTools: false }), ...extra };
}

/** A served copy of the test service. */
export function service(options: DispatcherOptions = {}): { dispatcher: Dispatcher; runs: Map<string, number> } {
  const runs = new Map<string, number>();
  const count = (name: string) => runs.set(name, (runs.get(name) ?? 0) + 1);
  const decl = new ToolDeclaration('governance', '1.0.0');
  decl.addTool('ping_tool', 'Counts its runs');
  decl.addTool('other_tool', 'Counts its runs too');
  decl.addTool('remember', 'Remembers a value').addParam('key', stringType()).addParam('value', stringType());
  decl.addTool('recall', 'Recalls a value').addParam('key', stringType());
  decl.addTool('fails', 'A tool error');
  decl.addResource('test://readme', 'readme').setMimeType('text/plain').setContents('hello');
  const defs = new ServiceDefinition()
    .registerProcedure('ping_tool', () => {
      count('ping_tool');
      return 'pong';
    })
    .registerProcedure('other_tool', () => {
      count('other_tool');
      return 'other';
    })
    .registerProcedure('remember', async (key: string, value: string, ctx: CallContext) => {
      await ctx.state.set(key, value);
      return 'ok';
    })
    .registerProcedure('recall', async (key: string, ctx: CallContext) => (await ctx.state.get<string>(key)) ?? '(nothing)')
    .registerProcedure('fails', () => {
      throw new (class extends Error {})('nope');
    });
  return { dispatcher: new Dispatcher(defs, decl, { missingProcedures: 'ignore', onError: () => undefined, ...options }), runs };
}

let nextId = 1;

/** A tools/call of `name` (legacy 2025-06-18 version), answered. */
export async function call(dispatcher: Dispatcher, name: string, args: Record<string, unknown> = {}, context: DispatchContext = {}) {
  const id = nextId++;
  const result = await dispatcher.dispatch(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }), { protocolVersion: '2025-06-18', ...context });
  return { id, result, reply: JSON.parse(result.body) as { result?: { content?: Array<{ text?: string }>; isError?: boolean }; error?: { code: number; message: string; data?: unknown } } };
}

/** The text of a tools/call reply. */
export function text(reply: { result?: { content?: Array<{ text?: string }> } }): string | undefined {
  return reply.result?.content?.[0]?.text;
}
