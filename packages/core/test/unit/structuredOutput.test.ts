/** Structured output: outputSchema per version, structuredContent, the JSON text block, mismatches as -32603 to onError. */
import { Dispatcher, ErrorInfo, ObjectType, RemotingFault, ServiceDefinition, ToolDeclaration, integerType, stringType, toolError, ArrayType } from '@toolwire/core';

function server() {
  const decl = new ToolDeclaration('s', '1.0.0');
  const defs = new ServiceDefinition();
  const point = new ObjectType().addProperty('x', integerType()).addProperty('label', stringType()).setOptional('label');
  const where = decl.addTool('where', 'A point').addParam('fail', stringType()).setOptional('fail').setOutput(point);
  defs.registerTool(where, async (fail) => {
    if (fail === 'fault') throw new RemotingFault('no point today');
    if (fail === 'toolError') return toolError('not here');
    if (fail === 'mismatch') return { x: 'one' } as never;
    if (fail === 'missing') return { label: 'no x' } as never;
    if (fail === 'undefined') return undefined as never;
    return { x: 1, label: 'origin' };
  });
  const names = decl.addTool('names', 'A list').setOutput(new ArrayType(stringType()));
  defs.registerTool(names, () => ['a', 'b']);
  const raw = decl.addTool('raw', 'A raw output schema').addParam('n', integerType()).setOutputSchema({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] });
  defs.registerTool(raw, (n) => (n < 0 ? {} : { n }));
  const errors: [unknown, ErrorInfo][] = [];
  const d = new Dispatcher(defs, decl, { onError: (error, info) => errors.push([error, info]) });
  const call = async (name: string, args: Record<string, unknown>, protocolVersion = '2025-11-25') =>
    JSON.parse((await d.dispatch(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } }), { protocolVersion })).body);
  return { decl, call, errors };
}

describe('structured output', () => {
  it('returns structuredContent and the same value as one compact JSON text block', async () => {
    const { call } = server();
    expect((await call('where', {})).result).toEqual({ content: [{ type: 'text', text: '{"x":1,"label":"origin"}' }], structuredContent: { x: 1, label: 'origin' }, isError: false });
  });

  it('gives versions before 2025-06-18 the text block only', async () => {
    const { call, decl } = server();
    for (const v of ['2025-03-26', '2024-11-05']) {
      expect((await call('where', {}, v)).result).toEqual({ content: [{ type: 'text', text: '{"x":1,"label":"origin"}' }], isError: false });
      expect(decl.toToolsList(v).tools[0]).not.toHaveProperty('outputSchema');
    }
  });

  it('publishes outputSchema from 2025-06-18 on, a non-object root wrapped as "result"', () => {
    const { decl } = server();
    for (const v of ['2025-06-18', '2025-11-25']) {
      const [where, names, raw] = decl.toToolsList(v).tools;
      expect(where.outputSchema).toEqual({ type: 'object', properties: { x: { type: 'integer' }, label: { type: 'string' } }, required: ['x'] });
      expect(names.outputSchema).toEqual({ type: 'object', properties: { result: { type: 'array', items: { type: 'string' } } }, required: ['result'] });
      expect(raw.outputSchema).toEqual({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] });
    }
  });

  it('wraps a non-object result as {"result": …}', async () => {
    const { call } = server();
    expect((await call('names', {})).result).toEqual({ content: [{ type: 'text', text: '{"result":["a","b"]}' }], structuredContent: { result: ['a', 'b'] }, isError: false });
  });

  it.each(['mismatch', 'missing', 'undefined'])('answers a result that breaks the schema (%s) with -32603 and tells onError', async (fail) => {
    const { call, errors } = server();
    const reply = await call('where', { fail });
    expect(reply).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'Internal error' } });
    expect(errors).toHaveLength(1);
    expect(String(errors[0][0])).toMatch(/Tool "where" returned a result that does not match its output schema: (result "x": expected integer, got string|missing required result "x"|result: expected a value, got undefined)/);
    expect(errors[0][1]).toMatchObject({ requestId: 7, tool: 'where' });
  });

  it('checks results against a raw output schema', async () => {
    const { call, errors } = server();
    expect((await call('raw', { n: 2 })).result.structuredContent).toEqual({ n: 2 });
    expect((await call('raw', { n: -1 })).error.code).toBe(-32603);
    expect(String(errors[0][0])).toContain('missing required result "n"');
  });

  it('sends faults and tool errors as isError without structuredContent', async () => {
    const { call } = server();
    for (const fail of ['fault', 'toolError']) {
      const { result } = await call('where', { fail });
      expect(result.isError).toBe(true);
      expect(result).not.toHaveProperty('structuredContent');
    }
  });

  it('refuses to combine setOutput with setContent, and non-Types', () => {
    const decl = new ToolDeclaration('s', '1');
    expect(() => decl.addTool('a').setContent({ getFormatter: () => undefined } as never).setOutput(integerType())).toThrow(/cannot be combined with setContent/);
    expect(() => decl.addTool('b').setOutput('integer' as never)).toThrow(TypeError);
    expect(() => decl.addTool('c').setOutputSchema([] as never)).toThrow(TypeError);
  });
});
