/** ToolDeclaration and Tool: building the catalog, versions, and payloads computed once. */
import {
  ArrayType,
  EnumType,
  LATEST_PROTOCOL_VERSION,
  NullableType,
  ObjectType,
  SUPPORTED_PROTOCOL_VERSIONS,
  ToolDeclaration,
  imageContent,
  integerType,
  stringType,
  textContent,
} from '@toolwire/core';

describe('ToolDeclaration', () => {
  it('keeps tools in insertion order and finds them by name', () => {
    const decl = new ToolDeclaration('s', '1');
    const a = decl.addTool('b-tool', 'B');
    const b = decl.addTool('a.tool/x_1');
    expect(decl.tools).toEqual([a, b]);
    expect(decl.getTool('a.tool/x_1')).toBe(b);
    expect(decl.getTool('missing')).toBeUndefined();
    expect(b.description).toBe('');
  });

  it.each(['', 'has space', 'x'.repeat(65), 'ünïcode', 'semi;colon'])('refuses the tool name %j with a RangeError', (name) => {
    expect(() => new ToolDeclaration('s', '1').addTool(name)).toThrow(RangeError);
  });

  it('accepts a 64-character name and refuses duplicates', () => {
    const decl = new ToolDeclaration('s', '1');
    decl.addTool('x'.repeat(64));
    decl.addTool('dup');
    expect(() => decl.addTool('dup')).toThrow(/duplicate tool name "dup"/);
  });

  it('refuses a non-string name with a TypeError that says what it got', () => {
    expect(() => new ToolDeclaration('s', '1').addTool(42 as never)).toThrow('addTool: expected a string tool name, got number');
    expect(() => new ToolDeclaration('' as never, '1')).toThrow(TypeError);
  });

  it('writes tools/list with additionalProperties false on every input schema', () => {
    const decl = new ToolDeclaration('s', '1');
    decl.addTool('add', 'Add two integers').addParam('a', integerType(), 'First operand').addParam('b', integerType());
    expect(JSON.stringify(decl.toToolsList())).toBe(
      '{"tools":[{"name":"add","description":"Add two integers","inputSchema":{"type":"object","properties":{"a":{"type":"integer","description":"First operand"},"b":{"type":"integer"}},"required":["a","b"],"additionalProperties":false}}]}',
    );
  });

  it('writes the initialize result with the negotiated version', () => {
    const decl = new ToolDeclaration('test-server', '1.0.0');
    expect(JSON.stringify(decl.toInitializeResult('2025-03-26'))).toBe(
      '{"protocolVersion":"2025-03-26","capabilities":{"tools":{}},"serverInfo":{"name":"test-server","version":"1.0.0"}}',
    );
    expect(decl.toInitializeResult(null).protocolVersion).toBe('2025-11-25');
    expect(decl.toInitializeResult('2024-11-05').protocolVersion).toBe('2024-11-05');
    expect(decl.toInitializeResult('2024-10-07').protocolVersion).toBe('2025-11-25');
  });

  it('adds title (2025-11-25 only) and instructions', () => {
    const decl = new ToolDeclaration('s', '1', { title: 'My Server', instructions: 'Use add for sums.' });
    expect(decl.toInitializeResult('2025-11-25')).toEqual({
      protocolVersion: '2025-11-25',
      capabilities: { tools: {} },
      serverInfo: { name: 's', version: '1', title: 'My Server' },
      instructions: 'Use add for sums.',
    });
    expect(decl.toInitializeResult('2025-03-26').serverInfo).toEqual({ name: 's', version: '1' });
  });

  it('negotiates versions: supported ones are echoed, others get the latest', () => {
    expect(SUPPORTED_PROTOCOL_VERSIONS).toEqual(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
    expect(LATEST_PROTOCOL_VERSION).toBe('2025-11-25');
    expect(ToolDeclaration.preferredVersion('2025-03-26')).toBe('2025-03-26');
    expect(ToolDeclaration.preferredVersion('2025-06-18')).toBe('2025-06-18');
    expect(ToolDeclaration.preferredVersion('2024-11-05')).toBe('2024-11-05');
    expect(ToolDeclaration.preferredVersion('2026-07-28')).toBe('2025-11-25');
    expect(ToolDeclaration.preferredVersion()).toBe('2025-11-25');
    expect(ToolDeclaration.isSupportedVersion('2025-11-25')).toBe(true);
    expect(ToolDeclaration.isSupportedVersion('1.0.0')).toBe(false);
    const decl = new ToolDeclaration('s', '1');
    expect(decl.preferredVersion('2025-03-26')).toBe('2025-03-26');
    expect(decl.isSupportedVersion('2025-06-18')).toBe(true);
    expect(decl.isSupportedVersion('2025-01-01')).toBe(false);
  });

  it('protocolVersions adds versions; the latest moves only for a newer one', () => {
    const decl = new ToolDeclaration('s', '1', { protocolVersions: ['2025-07-01'] });
    expect(decl.isSupportedVersion('2025-07-01')).toBe(true);
    expect(decl.preferredVersion('2025-07-01')).toBe('2025-07-01');
    expect(decl.latestVersion).toBe('2025-11-25');
    expect(new ToolDeclaration('s', '1', { protocolVersions: ['2026-06-30'] }).latestVersion).toBe('2026-06-30');
    expect(() => new ToolDeclaration('s', '1', { protocolVersions: ['next'] })).toThrow(TypeError);
  });

  it('computes payloads once and reuses them until the declaration changes', () => {
    const decl = new ToolDeclaration('s', '1');
    const obj = new ObjectType().addProperty('x', integerType());
    decl.addTool('t').addParam('o', obj);
    const first = decl.toToolsList();
    expect(decl.toToolsList()).toBe(first);
    expect(decl.toInitializeResult()).toBe(decl.toInitializeResult());
    expect(Object.isFrozen(first)).toBe(true);
    obj.addProperty('y', stringType()); // a change anywhere in the schema tree invalidates
    const second = decl.toToolsList();
    expect(second).not.toBe(first);
    expect(second.tools[0].inputSchema).toMatchObject({ properties: { o: { required: ['x', 'y'] } } });
    decl.addTool('u');
    expect(decl.toToolsList().tools.map((t) => t.name)).toEqual(['t', 'u']);
  });
});

describe('payload caching and unrelated types', () => {
  it('building and changing types nothing refers to (say, inside a procedure) keeps the cached payloads', () => {
    const decl = new ToolDeclaration('s', '1');
    decl.addTool('t').addParam('x', integerType());
    const list = decl.toToolsList();
    const scratch = new ObjectType().addProperty('a', new EnumType(['x']).addValue('y')).setStrict();
    scratch.setOptional('a');
    new ArrayType(new NullableType(new EnumType(['z'])));
    expect(decl.toToolsList()).toBe(list);
  });

  it('a type changed after a tool refers to it through a composed type still invalidates', () => {
    const decl = new ToolDeclaration('s', '1');
    const colours = new EnumType(['red']);
    decl.addTool('t').addParam('c', new ArrayType(new NullableType(colours)));
    const list = decl.toToolsList();
    colours.addValue('green');
    expect(decl.toToolsList()).not.toBe(list);
    expect(decl.toToolsList().tools[0].inputSchema).toMatchObject({ properties: { c: { items: { enum: ['red', 'green', null] } } } });
  });
});

describe('Tool', () => {
  it('chains addParam, setOptional and setContent; getParamIndex gives positions', () => {
    const decl = new ToolDeclaration('s', '1');
    const tool = decl.addTool('t').addParam('a', integerType()).addParam('b', stringType()).setOptional('b').setOptional('nope' as never); // typed tools refuse unknown names at compile time; at run time they are ignored
    expect(tool.getParamIndex('a')).toBe(0);
    expect(tool.getParamIndex('b')).toBe(1);
    expect(tool.getParamIndex('c')).toBe(-1);
    expect(tool.params.map((p) => [p.name, p.required])).toEqual([['a', true], ['b', false]]);
    expect(tool.content).toBe(textContent());
    expect(tool.setContent(imageContent()).content).toBe(imageContent());
  });

  it('refuses duplicate parameters and a non-ContentType', () => {
    const tool = new ToolDeclaration('s', '1').addTool('t').addParam('a', integerType());
    expect(() => tool.addParam('a', integerType())).toThrow(RangeError);
    expect(() => tool.setContent({} as never)).toThrow(/expected a ContentType, got object/);
  });

  it('setInputSchema publishes a raw schema verbatim and excludes addParam', () => {
    const decl = new ToolDeclaration('s', '1');
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { address: { type: 'object', properties: { street: { type: 'string' } } } },
      properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
      required: ['name'],
      additionalProperties: false,
    };
    const tool = decl.addTool('raw').setInputSchema(schema);
    expect(decl.toToolsList().tools[0].inputSchema).toEqual(schema);
    expect(() => tool.addParam('x', integerType())).toThrow(TypeError);
    expect(() => decl.addTool('p').addParam('x', integerType()).setInputSchema({ type: 'object' })).toThrow(TypeError);
    expect(() => decl.addTool('q').setInputSchema({ type: 'string' })).toThrow(/"type": "object"/);
  });
});
