/**
 * Prompts whose arguments are a Standard Schema (`addPrompt(name, description, { arguments })`)
 * — zod 4, valibot 1 (through toStandardJsonSchema) and arktype 2, plus a hand-written library:
 * the listed arguments read from the schema's JSON Schema (descriptions, required), the
 * declaration-time TypeErrors, the procedure receiving the schema's output, validation failures
 * answered -32602 naming each failing argument, async validators (async dispatch; -32603 in
 * synchronous dispatch), a validator that throws, and completion of a schema-declared argument.
 */
import { Dispatcher, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { ErrorInfo, StandardSchemaV1 } from '@toolwire/core';
import { z } from 'zod';
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';

/** The same brief arguments in each library: a topic (described), an optional tone of two. */
const LIBRARIES = {
  zod: z.object({ topic: z.string().min(2).describe('The topic'), tone: z.enum(['dry', 'warm']).optional() }),
  valibot: toStandardJsonSchema(v.object({ topic: v.pipe(v.string(), v.minLength(2), v.description('The topic')), tone: v.optional(v.picklist(['dry', 'warm'])) })),
  arktype: type({ topic: type('string >= 2').describe('The topic'), 'tone?': "'dry' | 'warm'" }),
};

/** A Standard Schema of its own with a JSON Schema converter; `mode` picks how it validates. */
function handMade(mode: 'sync' | 'async' | 'throws'): StandardSchemaV1<{ word: string }> {
  const json = () => ({ type: 'object', properties: { word: { type: 'string' } }, required: ['word'] });
  const validate = (value: unknown) => {
    if (mode === 'throws') throw new Error('validator broke');
    const word = (value as { word?: unknown }).word;
    const result = typeof word === 'string' ? { value: { word: word.toUpperCase() } } : { issues: [{ message: 'must be a word', path: ['word'] }] };
    return mode === 'async' ? Promise.resolve(result) : result;
  };
  return { '~standard': { version: 1, vendor: 'handmade', validate, jsonSchema: { input: json, output: json } } };
}

function server() {
  const decl = new ToolDeclaration('prompt-schemas', '1.0.0');
  const defs = new ServiceDefinition();
  const seen: unknown[] = [];
  for (const [vendor, schema] of Object.entries(LIBRARIES)) {
    const prompt = decl.addPrompt(`brief_${vendor}`, 'Write a brief', { arguments: schema });
    defs.registerPrompt(prompt, (args) => {
      seen.push(args);
      return `Brief on ${args.topic}${args.tone ? ` (${args.tone})` : ''}`;
    });
  }
  const shout = decl.addPrompt('shout', 'Shouts', { arguments: z.object({ word: z.string().transform((w) => w.toUpperCase()) }) });
  defs.registerPrompt(shout, ({ word }) => word);
  for (const mode of ['async', 'throws'] as const) defs.registerPrompt(decl.addPrompt(`hand_${mode}`, '', { arguments: handMade(mode) }), ({ word }) => word);
  const errors: [unknown, ErrorInfo][] = [];
  const d = new Dispatcher(defs, decl, { onError: (error, info) => errors.push([error, info]) });
  const message = (method: string, params: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 4, method, params });
  const rpc = async (method: string, params: unknown) => JSON.parse((await d.dispatch(message(method, params), { protocolVersion: '2025-11-25' })).body);
  const rpcSync = (method: string, params: unknown) => JSON.parse(d.dispatchSync(message(method, params), { protocolVersion: '2025-11-25' }).body);
  return { decl, seen, errors, rpc, rpcSync };
}

describe('prompt arguments declared with a Standard Schema', () => {
  it.each(Object.keys(LIBRARIES))('lists the arguments of the %s schema: names, descriptions, required', async (vendor) => {
    const { rpc } = server();
    const { result } = await rpc('prompts/list', {});
    const entry = result.prompts.find((p: { name: string }) => p.name === `brief_${vendor}`);
    expect(entry.arguments).toEqual([
      { name: 'topic', description: 'The topic', required: true },
      { name: 'tone', required: false },
    ]);
  });

  it.each(Object.keys(LIBRARIES))('gives the procedure the %s schema output and answers -32602 naming each failing argument', async (vendor) => {
    const { rpc, seen } = server();
    const ok = await rpc('prompts/get', { name: `brief_${vendor}`, arguments: { topic: 'tides', tone: 'warm' } });
    expect(ok.result.messages[0].content.text).toBe('Brief on tides (warm)');
    expect(seen).toEqual([{ topic: 'tides', tone: 'warm' }]);
    const bad = await rpc('prompts/get', { name: `brief_${vendor}`, arguments: { topic: 'x', tone: 'loud' } });
    expect(bad.error.code).toBe(-32602);
    expect(bad.error.message).toMatch(/^Invalid params: argument "topic": .+; argument "tone": .+/);
    expect(seen).toHaveLength(1);
  });

  it('passes the output of a transforming schema, and its own message for a missing argument', async () => {
    const { rpc } = server();
    expect((await rpc('prompts/get', { name: 'shout', arguments: { word: 'hey' } })).result.messages[0].content.text).toBe('HEY');
    const missing = await rpc('prompts/get', { name: 'shout' });
    expect(missing.error).toEqual({ code: -32602, message: 'Invalid params: argument "word": Invalid input: expected string, received undefined' });
  });

  it('still refuses a __proto__ argument before the schema runs', async () => {
    const { rpc, seen } = server();
    const deep = await rpc('prompts/get', { name: 'brief_zod', arguments: { topic: 'ab', ['__proto__']: 'x' } });
    expect(deep.error.code).toBe(-32602);
    expect(seen).toEqual([]);
  });

  it('waits for an async validator in async dispatch, and answers -32603 in synchronous dispatch', async () => {
    const { rpc, rpcSync, errors } = server();
    expect((await rpc('prompts/get', { name: 'hand_async', arguments: { word: 'hi' } })).result.messages[0].content.text).toBe('HI');
    expect((await rpc('prompts/get', { name: 'hand_async', arguments: {} })).error).toEqual({ code: -32602, message: 'Invalid params: argument "word": must be a word' });
    const sync = rpcSync('prompts/get', { name: 'hand_async', arguments: { word: 'hi' } });
    expect(sync.error.code).toBe(-32603);
    expect(sync.error.message).toContain('validates its arguments asynchronously');
    expect(errors).toEqual([]);
  });

  it('answers -32603 and reports a validator that throws', async () => {
    const { rpc, errors } = server();
    const thrown = await rpc('prompts/get', { name: 'hand_throws', arguments: { word: 'hi' } });
    expect(thrown.error.code).toBe(-32603);
    expect(errors).toHaveLength(1);
    expect((errors[0][0] as Error).message).toBe('validator broke');
    expect(errors[0][1]).toMatchObject({ method: 'prompts/get', prompt: 'hand_throws' });
  });

  it('reads the arguments from the jsonSchema option for a library without Standard JSON Schema', async () => {
    const decl = new ToolDeclaration('j', '1');
    const validate = (value: unknown) => ({ value: value as { q: string } });
    const bare: StandardSchemaV1<{ q: string }> = { '~standard': { version: 1, vendor: 'bare', validate } };
    const prompt = decl.addPrompt('ask', '', { arguments: bare, jsonSchema: { type: 'object', properties: { q: { type: 'string', description: 'Question' } }, required: ['q'] } });
    expect(prompt.arguments).toEqual([{ name: 'q', description: 'Question', required: true }]);
    expect(() => decl.addPrompt('bad', '', { arguments: bare, jsonSchema: 'x' as never })).toThrow(TypeError);
  });

  it('completes a schema-declared argument', async () => {
    const decl = new ToolDeclaration('c', '1');
    decl.addPrompt('brief', '', { arguments: z.object({ tone: z.string() }) }).setCompletion('tone', (value) => ['dry', 'warm'].filter((t) => t.startsWith(value)));
    const defs = new ServiceDefinition().registerPrompt(decl.getPrompt('brief')!, () => 'x');
    const d = new Dispatcher(defs, decl);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'brief' }, argument: { name: 'tone', value: 'w' } } });
    expect(JSON.parse((await d.dispatch(body, { protocolVersion: '2025-11-25' })).body).result.completion.values).toEqual(['warm']);
  });

  it('fails at once on a schema that is not an object of strings, has no JSON Schema or is combined with addArgument', () => {
    const decl = new ToolDeclaration('d', '1');
    expect(() => decl.addPrompt('a', '', { arguments: z.string() })).toThrow(new TypeError('addPrompt "a": the arguments must be an object schema (z.object, v.object, type({ … })), got one with "type": "string"'));
    expect(() => decl.addPrompt('b', '', { arguments: z.object({ n: z.number() }) })).toThrow(new TypeError('addPrompt "b": prompt arguments are strings, but argument "n" has the JSON Schema {"type":"number"}'));
    expect(() => decl.addPrompt('c', '', { arguments: z.object({ s: z.string().nullable() }) })).toThrow(/argument "s" has the JSON Schema/);
    const bare = { '~standard': { version: 1 as const, vendor: 'bare', validate: (value: unknown) => ({ value }) } };
    expect(() => decl.addPrompt('d', '', { arguments: bare })).toThrow(/^addPrompt "d": no JSON Schema to read the arguments from: the bare schema does not publish a Standard JSON Schema/);
    expect(() => decl.addPrompt('e', '', { arguments: v.object({ s: v.string() }) })).toThrow(/valibot: toStandardJsonSchema/);
    expect(() => decl.addPrompt('f', '', { arguments: { topic: 'string' } } as never)).toThrow(/^addPrompt "f": expected arguments to be a Standard Schema/);
    expect(() => decl.addPrompt('g', '', { argument: z.object({}) } as never)).toThrow(new TypeError('addPrompt "g": unknown option "argument" (known: arguments, jsonSchema)'));
    expect(() => decl.addPrompt('h', '', { arguments: z.object({ 'a b': z.string() }) })).toThrow(TypeError);
    const declared = decl.addPrompt('i', '', { arguments: z.object({ topic: z.string() }) });
    expect(() => (declared as unknown as { addArgument(name: string): unknown }).addArgument('more')).toThrow(new TypeError(`Prompt "i" addArgument: cannot be combined with addPrompt's { arguments } schema (declare every argument in the schema)`));
    expect(decl.prompts.map((p) => p.name)).toEqual(['i']);
  });
});
