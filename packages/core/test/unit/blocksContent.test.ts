/** blocksContent(), resourceContent() and the block helpers, per protocol version. */
import { Dispatcher, ServiceDefinition, ToolDeclaration, audio, audioContent, blocksContent, image, resource, resourceContent, resourceLink, text, toolError } from '@toolwire/core';

async function run(result: unknown, content = blocksContent(), protocolVersion = '2025-11-25') {
  const defs = new ServiceDefinition().registerProcedure('t', () => result);
  const decl = new ToolDeclaration('s', '1');
  decl.addTool('t').setContent(content);
  const { body } = await new Dispatcher(defs, decl, { onError: () => undefined }).dispatch('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t"}}', { protocolVersion });
  return JSON.parse(body);
}

describe('blocksContent', () => {
  it('writes exactly the returned blocks, binary as base64', async () => {
    const res = await run([
      text('hello', { annotations: { audience: ['user'] } }),
      image(Buffer.from('PNGDATA'), 'image/png'),
      audio(new Uint8Array([1, 2, 3]).buffer),
      resource({ uri: 'file:///a.txt', mimeType: 'text/plain', text: 'A' }),
      resource({ uri: 'file:///b.bin', blob: Buffer.from('B') }),
    ]);
    expect(res.result).toEqual({
      content: [
        { type: 'text', text: 'hello', annotations: { audience: ['user'] } },
        { type: 'image', data: 'UE5HREFUQQ==', mimeType: 'image/png' },
        { type: 'audio', data: 'AQID', mimeType: 'audio/wav' },
        { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'A' } },
        { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'Qg==' } },
      ],
      isError: false,
    });
  });

  it('sends resource_link blocks and _meta to 2025-11-25 clients', async () => {
    const link = resourceLink({ uri: 'file:///r.md', name: 'r.md', title: 'Readme', mimeType: 'text/markdown', _meta: { k: 1 } });
    expect((await run([link])).result.content).toEqual([
      { type: 'resource_link', name: 'r.md', title: 'Readme', uri: 'file:///r.md', mimeType: 'text/markdown', _meta: { k: 1 } },
    ]);
  });

  it('writes audio as a text block naming it for 2024-11-05 clients, and as audio from 2025-03-26 on', async () => {
    const blocks = [audio(new Uint8Array([1, 2, 3]), 'audio/mpeg')];
    expect((await run(blocks, blocksContent(), '2024-11-05')).result.content).toEqual([
      { type: 'text', text: '[audio: audio/mpeg; this protocol version has no audio content]' },
    ]);
    expect((await run(blocks, blocksContent(), '2025-03-26')).result.content).toEqual([{ type: 'audio', data: 'AQID', mimeType: 'audio/mpeg' }]);
    expect((await run(Buffer.from('x'), audioContent(), '2024-11-05')).result.content).toEqual([
      { type: 'text', text: '[audio: audio/wav; this protocol version has no audio content]' },
    ]);
    expect((await run('not binary', audioContent(), '2024-11-05')).error.code).toBe(-32603);
  });

  it('degrades resource_link to a text block and drops _meta for 2025-03-26 clients', async () => {
    const res = await run([resourceLink({ uri: 'file:///r.md', name: 'r.md' }), text('x', { _meta: { k: 1 } })], blocksContent(), '2025-03-26');
    expect(res.result.content).toEqual([
      { type: 'text', text: 'Resource link: r.md <file:///r.md>' },
      { type: 'text', text: 'x' },
    ]);
  });

  it('accepts one block on its own', async () => {
    expect((await run(text('solo'))).result.content).toEqual([{ type: 'text', text: 'solo' }]);
  });

  it('turns toolError() into isError', async () => {
    expect((await run(toolError('nope'))).result).toEqual({ content: [{ type: 'text', text: 'nope' }], isError: true });
  });

  it.each([
    ['a string', 'just text', /expected the tool to return an array of content blocks, got string/],
    ['an unknown type', [{ type: 'video' }], /unknown content block type "video"/],
    ['a text block without text', [{ type: 'text' }], /expected "text" to be a string, got nothing/],
    ['an image without data', [{ type: 'image', mimeType: 'image/png' }], /expected "data" to be binary data or a base64 string/],
    ['a link without a name', [{ type: 'resource_link', uri: 'x' }], /expected "name" to be a string/],
    ['a second bad block', [text('ok'), 5], /content block 1: expected a content block object, got number/],
  ])('refuses %s with -32603 saying what is wrong', async (_what, value, message) => {
    const res = await run(value);
    expect(res.error.code).toBe(-32603);
    expect(res.error.message).toMatch(message);
  });
});

describe('resourceContent', () => {
  it('wraps text contents in a resource block', async () => {
    expect((await run({ uri: 'mem://x', mimeType: 'text/plain', text: 'hi' }, resourceContent())).result.content).toEqual([
      { type: 'resource', resource: { uri: 'mem://x', mimeType: 'text/plain', text: 'hi' } },
    ]);
  });

  it('encodes blob contents', async () => {
    expect((await run({ uri: 'mem://y', blob: Buffer.from('PNGDATA') }, resourceContent())).result.content[0].resource).toEqual({ uri: 'mem://y', blob: 'UE5HREFUQQ==' });
  });

  it.each([
    ['without uri', { text: 'x' }, /expected "uri" to be a string, got nothing/],
    ['without text or blob', { uri: 'u' }, /expected "text" \(a string\) or "blob"/],
    ['a string', 'x', /expected \{ uri, mimeType\?, text \} or \{ uri, mimeType\?, blob \}, got string/],
  ])('refuses a result %s with -32603', async (_what, value, message) => {
    const res = await run(value, resourceContent());
    expect(res.error.code).toBe(-32603);
    expect(res.error.message).toMatch(message);
  });
});
