/**
 * One principal: the owner of a task, the binding of a requestState and `context.principal` are
 * the same derivation of the caller — a token's issuer, subject and client id in separate slots,
 * the stdio connection, or the anonymous principal of an open endpoint.
 */
import { Access, Session } from '@toolwire/core/transport';
import { Dispatcher, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { AuthInfo, CallContext, DispatchContext, Principal } from '@toolwire/core';

const POLICY = { resourceMetadataUrl: 'http://127.0.0.1/.well-known/oauth-protected-resource', requiredScopes: [], listOnlyPermittedTools: false };
const token = (claims: Partial<AuthInfo>): DispatchContext => ({ access: new Access({ scopes: [], issuer: 'https://issuer.example', ...claims } as AuthInfo, POLICY) });

function server() {
  const decl = new ToolDeclaration('principals', '1.0.0');
  decl.addTool('whoami', 'The caller');
  decl.addTool('slow', 'A task').setTaskSupport('optional');
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const defs = new ServiceDefinition()
    .registerProcedure('whoami', (ctx: CallContext) => JSON.stringify(ctx.principal))
    .registerProcedure('slow', async () => {
      await gate;
      return 'done';
    });
  return { dispatcher: new Dispatcher(defs, decl), release };
}

let id = 1;
async function legacy(d: Dispatcher, method: string, params: Record<string, unknown>, context: DispatchContext) {
  const result = await d.dispatch({ jsonrpc: '2.0', id: id++, method, params }, { protocolVersion: '2025-11-25', ...context });
  return JSON.parse(result.body);
}

async function whoami(d: Dispatcher, context: DispatchContext): Promise<Principal> {
  const answer = await legacy(d, 'tools/call', { name: 'whoami', arguments: {} }, context);
  return JSON.parse(answer.result.content[0].text) as Principal;
}

describe('one principal', () => {
  it('context.principal: a token\'s issuer, subject and client id in their own slots; the connection on stdio; anonymous on an open endpoint', async () => {
    const { dispatcher } = server();
    expect(await whoami(dispatcher, token({ subject: 'alice', clientId: 'app' }))).toEqual({
      kind: 'token',
      issuer: 'https://issuer.example',
      subject: 'alice',
      clientId: 'app',
      key: JSON.stringify(['token', 'https://issuer.example', 'alice', null]),
    });
    expect(await whoami(dispatcher, {})).toEqual({ kind: 'anonymous', key: 'anonymous' });
    const session = new Session();
    const first = await whoami(dispatcher, { session });
    expect(first.kind).toBe('connection');
    expect(await whoami(dispatcher, { session })).toEqual(first);
    expect((await whoami(dispatcher, { session: new Session() })).key).not.toBe(first.key);
  });

  it('a token without a subject whose client id equals a user\'s subject does not own that user\'s tasks', async () => {
    const { dispatcher, release } = server();
    const alice = token({ subject: 'alice', clientId: 'app' });
    const impostor = token({ clientId: 'alice' });
    const taskId = (await legacy(dispatcher, 'tools/call', { name: 'slow', arguments: {}, task: {} }, alice)).result.task.taskId;
    expect((await legacy(dispatcher, 'tasks/get', { taskId }, impostor)).error.code).toBe(-32602);
    expect((await legacy(dispatcher, 'tasks/list', {}, impostor)).result.tasks).toEqual([]);
    // the same user through another client is the same principal
    expect((await legacy(dispatcher, 'tasks/get', { taskId }, token({ subject: 'alice', clientId: 'other-app' }))).result.taskId).toBe(taskId);
    release();
  });

  it('over stdio the connection owns its tasks: another connection neither reads nor lists them', async () => {
    const { dispatcher, release } = server();
    const mine = { session: new Session() };
    const other = { session: new Session() };
    const taskId = (await legacy(dispatcher, 'tools/call', { name: 'slow', arguments: {}, task: {} }, mine)).result.task.taskId;
    expect((await legacy(dispatcher, 'tasks/get', { taskId }, mine)).result.taskId).toBe(taskId);
    expect((await legacy(dispatcher, 'tasks/get', { taskId }, other)).error.code).toBe(-32602);
    expect((await legacy(dispatcher, 'tasks/list', {}, other)).result.tasks).toEqual([]);
    expect((await legacy(dispatcher, 'tasks/list', {}, mine)).result.tasks.map((t: { taskId: string }) => t.taskId)).toEqual([taskId]);
    release();
  });

  it('an anonymous tasks/list (an open HTTP endpoint) answers an empty list: another client\'s task ids are not handed out, though the id still reads the task', async () => {
    const { dispatcher, release } = server();
    const anonymous: DispatchContext = {};
    const taskId = (await legacy(dispatcher, 'tools/call', { name: 'slow', arguments: {}, task: {} }, anonymous)).result.task.taskId;
    const listed = await legacy(dispatcher, 'tasks/list', {}, anonymous);
    expect(listed.result).toEqual({ tasks: [] });
    expect((await legacy(dispatcher, 'tasks/list', { cursor: 'anything' }, anonymous)).result).toEqual({ tasks: [] });
    // whoever holds the id (the only key on an open endpoint) still reads it
    expect((await legacy(dispatcher, 'tasks/get', { taskId }, anonymous)).result.taskId).toBe(taskId);
    release();
  });
});
