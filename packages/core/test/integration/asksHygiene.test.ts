/**
 * The safety of tools that ask, on 2026-07-28 through the dispatcher: a `requestState` bound to
 * the caller's token (issuer + subject, with the access HTTP auth builds) and to the call, and
 * encrypted so earlier answers cannot be read from it; answers checked like arguments (limits,
 * `__proto__`) and against the `requestedSchema` sent, a bad one being the client's -32602 that
 * never reaches the tool; and `maxRequestStateBytes`, a clear error instead of a state the client
 * could never send back.
 */
import { Dispatcher, ServiceDefinition, ToolDeclaration, stringType } from '@toolwire/core';
import { HttpRules, resolveHttpOptions } from '@toolwire/core/http';
import type { Access } from '@toolwire/core/transport';
import type { AuthInfo, DispatcherOptions } from '@toolwire/core';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, sampling: {}, roots: {} } };
const RESOURCE = 'https://mcp.example.com/mcp';
const ISSUER = 'https://auth.example.com';
const TOKENS: Record<string, AuthInfo> = {
  alice: { issuer: ISSUER, subject: 'alice', scopes: [], audience: RESOURCE },
  bob: { issuer: ISSUER, subject: 'bob', scopes: [], audience: RESOURCE },
  mallory: { issuer: 'https://evil.example.com', subject: 'alice', scopes: [], audience: RESOURCE },
};

/** The access HTTP auth hands the dispatcher for `Authorization: Bearer <token>`. */
async function accessFor(token: string): Promise<Access> {
  const rules = new HttpRules(resolveHttpOptions('test', { auth: { resource: RESOURCE, authorizationServers: [ISSUER], verify: (t: string) => TOKENS[t] } }), 'test');
  const outcome = await rules.authenticate({ method: 'POST', origin: undefined, host: 'localhost', accept: undefined, contentType: 'application/json', authorization: `Bearer ${token}` });
  if (!outcome.access) throw new Error(`no access for ${token}`);
  return outcome.access;
}

const PROFILE = {
  type: 'object' as const,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 20 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    size: { type: 'string', enum: ['S', 'M', 'L'] },
    plan: { type: 'string', oneOf: [{ const: 'free', title: 'Free' }, { const: 'pro', title: 'Pro' }] },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, maxItems: 2 },
    ok: { type: 'boolean' },
    born: { type: 'string', format: 'date' },
  },
  required: ['name', 'ok'],
};

function server(options: DispatcherOptions = {}) {
  const decl = new ToolDeclaration('asker', '1.0.0');
  const defs = new ServiceDefinition();
  const seen: unknown[] = [];
  const profile = decl.addTool('profile', 'Asks for a profile').addParam('id', stringType());
  defs.registerTool(profile, async (id, ctx) => {
    const answer = await ctx.elicit({ message: `Profile of ${id}?`, requestedSchema: PROFILE }, { key: 'profile' });
    seen.push(answer);
    return `${answer.action}: ${JSON.stringify(answer.content ?? {})}`;
  });
  const twoSteps = decl.addTool('two_steps', 'Asks for a secret, then for a confirmation').addParam('id', stringType());
  defs.registerTool(twoSteps, async (id, ctx) => {
    const secret = await ctx.elicit({ message: 'Secret?', requestedSchema: { type: 'object', properties: { secret: { type: 'string' } }, required: ['secret'] } }, { key: 'secret' });
    const ok = await ctx.elicit({ message: 'Sure?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } }, { key: 'confirm' });
    return `${id}: ${String(secret.content?.secret)} / ${String(ok.content?.ok)}`;
  });
  const other = decl.addTool('other_two_steps', 'The same asks under another name').addParam('id', stringType());
  defs.registerTool(other, async (id, ctx) => {
    const secret = await ctx.elicit({ message: 'Secret?', requestedSchema: { type: 'object', properties: { secret: { type: 'string' } }, required: ['secret'] } }, { key: 'secret' });
    return `${id}: ${String(secret.content?.secret)}`;
  });
  const modelThenUser = decl.addTool('model_then_user', 'Asks the model, then the user');
  defs.registerTool(modelThenUser, async (ctx) => {
    const draft = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'Draft a letter' } }], maxTokens: 100_000 }, { key: 'draft' });
    seen.push(draft);
    const ok = await ctx.elicit({ message: 'Send it?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } }, { key: 'send' });
    return `${String(draft.content.text).length} / ${String(ok.content?.ok)}`;
  });
  const roots = decl.addTool('roots', 'Lists the roots');
  defs.registerTool(roots, async (ctx) => {
    const answer = await ctx.listRoots({ key: 'roots' });
    seen.push(answer);
    return answer.roots.map((r) => r.uri).join(',');
  });
  const d = new Dispatcher(defs, decl, options);
  const send = async (text: string, access?: Access) => {
    const result = await d.dispatch(text, { access });
    return JSON.parse(result.body) as { result?: Record<string, unknown> & { requestState?: string; content?: { text: string }[] }; error?: { code: number; message: string } };
  };
  const call = (name: string, args: Record<string, unknown>, extra: Record<string, unknown> = {}, access?: Access) =>
    send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, _meta: META, ...extra } }), access);
  return { call, send, seen };
}

/** The bytes of a state, as text: what anyone holding it can read. */
function decoded(state: string): string {
  return state
    .split('.')
    .map((part) => Buffer.from(part, 'base64url').toString('latin1'))
    .join('\n');
}

describe('requestState bound to the caller', () => {
  it('refuses a state issued to Alice for Bob, for "alice" of another issuer and without a token (-32602); Alice finishes with it', async () => {
    const { call } = server({ requestStateKey: 'k'.repeat(32) });
    const [alice, bob, mallory] = await Promise.all([accessFor('alice'), accessFor('bob'), accessFor('mallory')]);
    const first = await call('two_steps', { id: 'x' }, {}, alice);
    const state = first.result?.requestState;
    expect(typeof state).toBe('string');
    const retry = { requestState: state, inputResponses: { secret: { action: 'accept', content: { secret: 'hunter2' } } } };
    for (const [who, access] of [['bob', bob], ['mallory', mallory], ['no token', undefined]] as const) {
      const refused = await call('two_steps', { id: 'x' }, retry, access);
      expect([who, refused.error?.code]).toEqual([who, -32602]);
      expect(refused.error?.message).toBe('Invalid params: requestState failed verification: it was issued to another caller (another token subject or issuer)');
    }
    const second = await call('two_steps', { id: 'x' }, retry, alice);
    expect(second.result?.resultType).toBe('input_required');
    const done = await call('two_steps', { id: 'x' }, { requestState: second.result?.requestState, inputResponses: { confirm: { action: 'accept', content: { ok: true } } } }, alice);
    expect(done.result?.content?.[0].text).toBe('x: hunter2 / true');
  });

  it('refuses a state issued without auth when a token comes with the retry', async () => {
    const { call } = server();
    const state = (await call('two_steps', { id: 'x' })).result?.requestState;
    const refused = await call('two_steps', { id: 'x' }, { requestState: state, inputResponses: { secret: { action: 'accept', content: { secret: 's' } } } }, await accessFor('alice'));
    expect(refused.error).toEqual({ code: -32602, message: expect.stringContaining('issued to another caller') });
  });

  it('refuses a state for another tool or other arguments, naming the call', async () => {
    const { call } = server();
    const state = (await call('two_steps', { id: 'x' })).result?.requestState;
    const answers = { secret: { action: 'accept', content: { secret: 's' } } };
    for (const [name, id] of [['other_two_steps', 'x'], ['two_steps', 'y']]) {
      const refused = await call(name, { id }, { requestState: state, inputResponses: answers });
      expect([name, id, refused.error]).toEqual([name, id, { code: -32602, message: 'Invalid params: requestState failed verification: it was issued for another call (another tool or other arguments)' }]);
    }
  });
});

describe('requestState encrypted', () => {
  it('does not show earlier answers: the secret is nowhere in the decoded state, which is not JSON', async () => {
    const { call } = server();
    const first = (await call('two_steps', { id: 'x' })).result?.requestState as string;
    const second = (await call('two_steps', { id: 'x' }, { requestState: first, inputResponses: { secret: { action: 'accept', content: { secret: 'Ada-Lovelace-7f3' } } } })).result;
    expect(second?.resultType).toBe('input_required');
    const state = second?.requestState as string;
    expect(state).toMatch(/^[\w-]{16}\.[\w-]+$/); // a 96-bit IV, then the ciphertext
    for (const text of [state, decoded(state)]) {
      expect(text).not.toContain('Ada-Lovelace-7f3');
      expect(text).not.toContain('secret');
      expect(text).not.toContain('"a"');
    }
    expect(() => JSON.parse(Buffer.from(state.split('.')[1], 'base64url').toString('utf8'))).toThrow();
    const done = await call('two_steps', { id: 'x' }, { requestState: state, inputResponses: { confirm: { action: 'accept', content: { ok: false } } } });
    expect(done.result?.content?.[0].text).toBe('x: Ada-Lovelace-7f3 / false');
  });

  it('seals the same round differently every time (a fresh IV per state)', async () => {
    const { call } = server({ requestStateKey: 'k'.repeat(32) });
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.now()); // the same expiry: the same round
    try {
      const [a, b] = await Promise.all([call('two_steps', { id: 'x' }), call('two_steps', { id: 'x' })]);
      expect(a.result?.requestState).not.toBe(b.result?.requestState);
      expect(a.result?.requestState?.split('.')[0]).not.toBe(b.result?.requestState?.split('.')[0]);
    } finally {
      now.mockRestore();
    }
  });
});

describe('answers on 2026-07-28 pass the hygiene of arguments and the requestedSchema', () => {
  const good = { name: 'Ada', email: 'ada@example.com', age: 36, size: 'M', plan: 'pro', tags: ['a', 'b'], ok: true, born: '1815-12-10' };

  it('passes an answer that matches the schema, and decline or cancel without content', async () => {
    const { call, seen } = server();
    const accepted = await call('profile', { id: '1' }, { inputResponses: { profile: { action: 'accept', content: good } } });
    expect(accepted.result?.content?.[0].text).toBe(`accept: ${JSON.stringify(good)}`);
    const declined = await call('profile', { id: '1' }, { inputResponses: { profile: { action: 'decline' } } });
    expect(declined.result?.content?.[0].text).toBe('decline: {}');
    expect((await call('profile', { id: '1' }, { inputResponses: { profile: { action: 'cancel' } } })).result?.content?.[0].text).toBe('cancel: {}');
    expect(seen).toHaveLength(3);
  });

  it.each([
    ['a wrong type', { ...good, ok: 'yes' }, 'content.ok: expected a boolean, got the string "yes"'],
    ['a missing required member', { ...good, name: undefined }, 'content.name: required by requestedSchema, missing'],
    ['a member the schema does not define', { ...good, admin: true }, 'content.admin: requestedSchema has no property "admin"'],
    ['a value outside the enum', { ...good, size: 'XXL' }, 'content.size: the string "XXL" is not one of ["S","M","L"]'],
    ['a value outside the titled oneOf', { ...good, plan: 'enterprise' }, 'content.plan: the string "enterprise" is not one of ["free","pro"]'],
    ['a fraction for an integer', { ...good, age: 36.5 }, 'content.age: expected an integer, got 36.5'],
    ['a number above the maximum', { ...good, age: 200 }, 'content.age: 200 is above the maximum 150'],
    ['a string over maxLength', { ...good, name: 'x'.repeat(21) }, 'content.name: a string of 21 characters is longer than maxLength 20'],
    ['a bad email', { ...good, email: 'not an email' }, 'content.email: the string "not an email" is not a valid email'],
    ['a bad date', { ...good, born: '1815-02-30' }, 'content.born: the string "1815-02-30" is not a valid date'],
    ['a multi-select item outside its enum', { ...good, tags: ['a', 'z'] }, 'content.tags: [1]: the string "z" is not one of ["a","b"]'],
    ['too many multi-select items', { ...good, tags: ['a', 'b', 'a'] }, 'content.tags: 3 items, more than maxItems 2'],
    ['a nested object', { ...good, name: { first: 'Ada' } }, 'content.name: expected a string, got an object'],
  ])('refuses %s with -32602 naming the member; the tool never sees it', async (_, content, problem) => {
    const { call, seen } = server();
    const { error } = await call('profile', { id: '1' }, { inputResponses: { profile: { action: 'accept', content } } });
    expect(error).toEqual({ code: -32602, message: `Invalid params: inputResponses["profile"] does not answer the elicitation/create request: ${problem}` });
    expect(seen).toEqual([]);
  });

  it('refuses accept without content when the schema requires members, and content that is not an object', async () => {
    const { call } = server();
    expect((await call('profile', { id: '1' }, { inputResponses: { profile: { action: 'accept' } } })).error?.message).toMatch(/content\.name: required by requestedSchema, missing$/);
    expect((await call('profile', { id: '1' }, { inputResponses: { profile: { action: 'accept', content: ['Ada'] } } })).error?.message).toMatch(/content: expected an object, got an array$/);
    expect((await call('profile', { id: '1' }, { inputResponses: { profile: { action: 'decline', content: { ok: 'no' } } } })).error?.message).toMatch(/content\.ok: expected a boolean/);
  });

  it('checks answers that come with a requestState the same way', async () => {
    const { call, seen } = server();
    const state = (await call('profile', { id: '1' })).result?.requestState;
    const { error } = await call('profile', { id: '1' }, { requestState: state, inputResponses: { profile: { action: 'accept', content: { ...good, age: 'old' } } } });
    expect(error).toEqual({ code: -32602, message: expect.stringContaining('content.age: expected a number, got the string "old"') });
    expect(seen).toEqual([]);
  });

  it('refuses the keys __proto__ and constructor.prototype anywhere in an answer', async () => {
    const { send, seen } = server();
    const raw = (answer: string) => `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"profile","arguments":{"id":"1"},"_meta":${JSON.stringify(META)},"inputResponses":{"profile":${answer}}}}`;
    const proto = await send(raw('{"action":"accept","content":{"name":"Ada","ok":true,"__proto__":{"admin":true}}}'));
    expect(proto.error).toEqual({ code: -32602, message: 'Invalid params: inputResponses["profile"] does not answer the elicitation/create request: content.__proto__: the key "__proto__" is not allowed' });
    const ctor = await send(raw('{"action":"accept","content":{"name":"Ada","ok":true},"constructor":{"prototype":{"admin":true}}}'));
    expect(ctor.error?.message).toMatch(/constructor\.prototype: the key "prototype" inside "constructor" is not allowed$/);
    expect(seen).toEqual([]);
  });

  it('applies maxStringLength and maxArgumentElements to answers', async () => {
    const { call, seen } = server({ maxStringLength: 100, maxArgumentElements: 50 });
    const long = await call('model_then_user', {}, { inputResponses: { draft: { role: 'assistant', content: { type: 'text', text: 'x'.repeat(101) } } } });
    expect(long.error).toEqual({ code: -32602, message: 'Invalid params: inputResponses["draft"] does not answer the sampling/createMessage request: content.text: a string of 101 characters exceeds maxStringLength (100)' });
    const roots = Array.from({ length: 30 }, (_, i) => ({ uri: `file:///r${i}` }));
    const many = await call('roots', {}, { inputResponses: { roots: { roots } } });
    expect(many.error).toEqual({ code: -32602, message: 'Invalid params: inputResponses["roots"] does not answer the roots/list request: the answer holds more than maxArgumentElements (50) values' });
    expect(seen).toEqual([]);
  });

  it('checks the shape of sampling and roots answers', async () => {
    const { call, seen } = server();
    const noRole = await call('model_then_user', {}, { inputResponses: { draft: { content: { type: 'text', text: 'hi' } } } });
    expect(noRole.error?.message).toMatch(/a sampling result needs "role": "user" or "assistant"$/);
    const textless = await call('model_then_user', {}, { inputResponses: { draft: { role: 'assistant', content: { type: 'text', text: 7 } } } });
    expect(textless.error?.message).toMatch(/content\.text: a text block needs "text" as a string$/);
    const uriless = await call('roots', {}, { inputResponses: { roots: { roots: [{ uri: 'file:///a' }, { name: 'b' }] } } });
    expect(uriless.error?.message).toMatch(/roots\[1\]: a root needs "uri" as a string$/);
    expect(seen).toEqual([]);
  });
});

describe('maxRequestStateBytes', () => {
  it('answers -32602 naming the limit when the answers so far would not fit a state (default 64 KiB), instead of a state the client cannot send back', async () => {
    const { call } = server();
    const draft = { role: 'assistant', content: { type: 'text', text: 'x'.repeat(70_000) } };
    const { result, error } = await call('model_then_user', {}, { inputResponses: { draft } });
    expect(result).toBeUndefined();
    expect(error?.code).toBe(-32602);
    expect(error?.message).toMatch(/^Invalid params: the answers so far \("draft"\) need a requestState of \d+ bytes, more than maxRequestStateBytes \(65536\); the call cannot go on with answers this large$/);
    const small = await call('model_then_user', {}, { inputResponses: { draft: { ...draft, content: { type: 'text', text: 'x'.repeat(40_000) } } } });
    expect(small.result?.resultType).toBe('input_required');
    expect(small.result?.requestState?.length).toBeLessThanOrEqual(65_536);
  });

  it('takes the limit as an option, and refuses a longer state unread', async () => {
    const roomy = server({ maxRequestStateBytes: 200_000 });
    const draft = { role: 'assistant', content: { type: 'text', text: 'x'.repeat(70_000) } };
    const state = (await roomy.call('model_then_user', {}, { inputResponses: { draft } })).result?.requestState as string;
    expect(state.length).toBeGreaterThan(65_536);
    const done = await roomy.call('model_then_user', {}, { requestState: state, inputResponses: { send: { action: 'accept', content: { ok: true } } } });
    expect(done.result?.content?.[0].text).toBe('70000 / true');
    const tight = server({ maxRequestStateBytes: 1024 });
    const refused = await tight.call('model_then_user', {}, { requestState: state, inputResponses: { send: { action: 'accept', content: { ok: true } } } });
    expect(refused.error).toEqual({ code: -32602, message: 'Invalid params: requestState is longer than maxRequestStateBytes (1024): not a state this server issued' });
    expect(() => server({ maxRequestStateBytes: 0 })).toThrow(/option maxRequestStateBytes: expected a positive integer or Infinity/);
  });

  it('answers -32603 and tells onError when a tool asks more at once than a state can track (no answers yet: the server\'s fault)', async () => {
    const errors: unknown[] = [];
    const { call } = server({ maxRequestStateBytes: 64, onError: (error) => errors.push(error) });
    const { result, error } = await call('two_steps', { id: 'x' });
    expect(result).toBeUndefined();
    expect(error).toEqual({ code: -32603, message: 'Internal error' });
    expect(errors).toEqual([new Error('Tool "two_steps" asked more at once (1 ask) than a requestState of maxRequestStateBytes (64) can track')]);
  });
});
