/**
 * testService: the declaration and procedures the HTTP tests serve — the original's test vectors
 * (add, echo, an image returning "PNGDATA") plus probes for the request context and for aborts.
 */
import { ServiceDefinition, ToolDeclaration, integerType, stringType, imageContent } from '@toolwire/core';
import type { CallContext } from '@toolwire/core';
import type { IncomingMessage } from 'node:http';

/** Resolves when a `wait` call has started / has seen its signal abort. */
export interface AbortProbe {
  started: Promise<void>;
  aborted: Promise<unknown>;
}

/** A fresh declaration and procedure table, and the probe of the `wait` tool. */
export function testService(): { decl: ToolDeclaration; defs: ServiceDefinition; nextWait: () => AbortProbe } {
  const decl = new ToolDeclaration('toolwire-test', '1.0.0');
  decl.addTool('add', 'Add two integers').addParam('a', integerType(), 'First operand').addParam('b', integerType(), 'Second operand');
  decl.addTool('echo', 'Echo a string').addParam('message', stringType(), 'The message to echo');
  decl.addTool('image', 'A fake image').setContent(imageContent());
  decl.addTool('whoami', 'Reports a request header');
  decl.addTool('wait', 'Waits until its call is aborted');

  let probes: { start: () => void; abort: (reason: unknown) => void }[] = [];
  const defs = new ServiceDefinition()
    .registerProcedure('add', (a: number, b: number) => a + b)
    .registerProcedure('echo', async (message: string) => message)
    .registerProcedure('image', () => Buffer.from('PNGDATA'))
    .registerProcedure('whoami', (context: CallContext) => (context.request as IncomingMessage).headers['x-user'])
    .registerProcedure('wait', (context: CallContext) => {
      const probe = probes.shift();
      probe?.start();
      return new Promise((resolve) => {
        context.signal.addEventListener('abort', () => {
          probe?.abort(context.signal.reason);
          resolve('aborted');
        });
      });
    });

  const nextWait = (): AbortProbe => {
    let start!: () => void;
    let abort!: (reason: unknown) => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    const aborted = new Promise<unknown>((resolve) => (abort = resolve));
    probes = [...probes, { start, abort }];
    return { started, aborted };
  };
  return { decl, defs, nextWait };
}

/** A JSON-RPC request object. */
export function rpc(method: string, params?: unknown, id: number | string = 1): Record<string, unknown> {
  return params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
}

/** A tools/call request object. */
export function call(name: string, args?: Record<string, unknown>, id: number | string = 1): Record<string, unknown> {
  return rpc('tools/call', args === undefined ? { name } : { name, arguments: args }, id);
}
