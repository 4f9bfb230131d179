/** A declared tool without a procedure: one stderr line on the first message (default), a setup error, or nothing. */
import { Dispatcher, ServiceDefinition, ToolDeclaration, integerType } from '@toolwire/core';

const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';

function server() {
  const decl = new ToolDeclaration('s', '1.0.0');
  decl.addTool('add', 'Add').addParam('a', integerType());
  decl.addTool('forgotten', 'Never registered');
  decl.addTool('late', 'Registered after the dispatcher was made');
  const defs = new ServiceDefinition().registerProcedure('add', (a: number) => a);
  return { decl, defs };
}

describe('declared tools without a procedure', () => {
  let stderr: jest.SpyInstance;
  beforeEach(() => (stderr = jest.spyOn(console, 'error').mockImplementation(() => undefined)));
  afterEach(() => stderr.mockRestore());

  it('are named once on stderr when the first message is handled, after late registrations', async () => {
    const { decl, defs } = server();
    const d = new Dispatcher(defs, decl);
    defs.registerProcedure('late', () => 'ok');
    expect(stderr).not.toHaveBeenCalled();
    await d.dispatch(ping);
    await d.dispatch(ping);
    expect(stderr).toHaveBeenCalledTimes(1);
    expect(stderr.mock.calls[0][0]).toBe(
      'toolwire: tool "forgotten" is declared but no procedure is registered (calls answer -32603); register it with defs.registerTool(tool, fn) or defs.registerProcedure(name, fn) (missingProcedures: \'ignore\' silences this)',
    );
  });

  it('say nothing when every tool has its procedure, or with missingProcedures: "ignore"', async () => {
    const { decl, defs } = server();
    defs.registerProcedure('forgotten', () => 1).registerProcedure('late', () => 2);
    await new Dispatcher(defs, decl).dispatch(ping);
    await new Dispatcher(server().defs, server().decl, { missingProcedures: 'ignore' }).dispatch(ping);
    expect(stderr).not.toHaveBeenCalled();
  });

  it('are a setup error with missingProcedures: "error", naming them', () => {
    const { decl, defs } = server();
    expect(() => new Dispatcher(defs, decl, { missingProcedures: 'error' })).toThrow(
      new TypeError('new Dispatcher: tools "forgotten", "late" are declared but no procedure is registered (calls answer -32603); register them with defs.registerTool(tool, fn) or defs.registerProcedure(name, fn) (or pass missingProcedures: \'warn\')'),
    );
    expect(() => new Dispatcher(defs, decl, { missingProcedures: 'loud' as never })).toThrow(/option missingProcedures: expected "warn", "error" or "ignore"/);
  });

  it('shortens a long list', async () => {
    const decl = new ToolDeclaration('s', '1.0.0');
    for (let i = 0; i < 12; i++) decl.addTool(`t${i}`);
    await new Dispatcher(new ServiceDefinition(), decl).dispatch(ping);
    expect(stderr.mock.calls[0][0]).toMatch(/^toolwire: tools "t0", "t1", "t2", "t3", "t4" and 7 more are declared/);
  });

  it('name declared prompts without a procedure too, as a setup error with missingProcedures: "error"', () => {
    const decl = new ToolDeclaration('s', '1.0.0');
    decl.addTool('forgotten');
    decl.addPrompt('brief', 'Never registered');
    const registered = decl.addPrompt('done', 'Registered');
    const defs = new ServiceDefinition().registerPrompt(registered, () => 'ok');
    expect(() => new Dispatcher(defs, decl, { missingProcedures: 'error' })).toThrow(
      new TypeError(
        'new Dispatcher: tool "forgotten" is declared but no procedure is registered (calls answer -32603); register it with defs.registerTool(tool, fn) or defs.registerProcedure(name, fn); prompt "brief" is declared but no procedure is registered (prompts/get answers -32603); register it with defs.registerPrompt(prompt, fn) (or pass missingProcedures: \'warn\')',
      ),
    );
  });
});
