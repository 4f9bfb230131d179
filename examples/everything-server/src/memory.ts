/**
 * memory: `remember` and `recall`, the everything server's tools of per-user state — what a
 * caller remembers (`ctx.state`) it recalls in a later request, through this instance or, with
 * `--redis`, through any instance behind the same Redis; another caller never sees it. A caller
 * without a token over HTTP gets an `isError` result saying state needs one; over stdio the
 * connection is the caller.
 */
import { stringType } from '@toolwire/core';
import type { ServiceDefinition, ToolDeclaration } from '@toolwire/core';

/** Declares `remember` and `recall` and registers their procedures. */
export function addMemory(decl: ToolDeclaration, defs: ServiceDefinition): void {
  const remember = decl.addTool('remember', 'Remember a value under a key, for you alone (per-user state)').addParam('key', stringType(), 'The key').addParam('value', stringType(), 'The value');
  const recall = decl.addTool('recall', 'Recall the value you remembered under a key').addParam('key', stringType(), 'The key');
  defs.registerTool(remember, async (key, value, ctx) => {
    await ctx.state.set(key, value);
    return `remembered ${key}`;
  });
  defs.registerTool(recall, async (key, ctx) => (await ctx.state.get<string>(key)) ?? `nothing remembered under ${key}`);
}
