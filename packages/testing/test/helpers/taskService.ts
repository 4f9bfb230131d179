/**
 * taskService: a small declaration with task tools for the test client's task methods — one that
 * doubles a number, one sync-only, one that waits for the test (or its cancel), one that asks the
 * user inside the task, one that fails — served with a short poll interval so polls are quick.
 */
import { ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';
import type { CallContext } from '@toolwire/core';

/** A declaration, its procedures and the gate that lets `gated` finish. */
export function taskService(): { decl: ToolDeclaration; defs: ServiceDefinition; openGate(): void; cancelled: Promise<void> } {
  let openGate!: () => void;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  let onCancel!: () => void;
  const cancelled = new Promise<void>((resolve) => (onCancel = resolve));
  const decl = new ToolDeclaration('tasks-probe', '1.0.0');
  decl.addTool('work', 'Doubles n, as a task when asked').addParam('n', integerType()).setTaskSupport('optional');
  decl.addTool('plain', 'Never a task');
  decl.addTool('gated', 'Waits for the test, or for its cancel').setTaskSupport('optional');
  decl.addTool('confirm', 'Asks the user inside the task').setTaskSupport('optional');
  decl.addTool('crashing', 'Throws').setTaskSupport('optional');
  const schema = { type: 'object' as const, properties: { ok: { type: 'boolean' } }, required: ['ok'] };
  const defs = new ServiceDefinition()
    .registerProcedure('work', async (n: number) => `twice ${n * 2}`)
    .registerProcedure('plain', () => 'plain')
    .registerProcedure('gated', async (ctx: CallContext) => {
      const aborted = new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
      await Promise.race([gate, aborted.then(onCancel)]);
      return 'opened';
    })
    .registerProcedure('confirm', async (ctx: CallContext) => {
      const answer = await ctx.elicit({ message: 'Sure?', requestedSchema: schema });
      return `confirmed: ${String(answer.content?.ok)}`;
    })
    .registerProcedure('crashing', async () => {
      throw new Error('secret detail');
    });
  return { decl, defs, openGate, cancelled };
}
