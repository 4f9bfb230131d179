/** Tool and server metadata: each field only under the versions whose schema defines it, and setters that check. */
import { ToolDeclaration, integerType } from '@toolwire/core';

const icon = { src: 'data:image/png;base64,iVBORw0KGgo=', mimeType: 'image/png', sizes: ['16x16'] };

function declaration() {
  const decl = new ToolDeclaration('meta', '2.0.0', { title: 'Meta Server', instructions: 'Be brief.', icons: [icon], websiteUrl: 'https://example.com' });
  decl
    .addTool('t', 'A tool')
    .addParam('n', integerType())
    .setTitle('The Tool')
    .setAnnotations({ title: 'Annotated', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false })
    .setIcons([icon])
    .setMeta({ 'example.com/x': 1 });
  return decl;
}

const fields = (entry: object) => Object.keys(entry);

describe('tool metadata per protocol version', () => {
  it.each([
    ['2024-11-05', ['name', 'description', 'inputSchema']],
    ['2025-03-26', ['name', 'description', 'inputSchema', 'annotations']],
    ['2025-06-18', ['name', 'title', 'description', 'inputSchema', 'annotations', '_meta']],
    ['2025-11-25', ['name', 'title', 'description', 'inputSchema', 'annotations', 'icons', '_meta']],
  ])('tools/list under %s carries %j', (version, expected) => {
    const entry = declaration().toToolsList(version).tools[0];
    expect(fields(entry)).toEqual(expected);
    if (expected.includes('annotations')) expect(entry.annotations).toEqual({ title: 'Annotated', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    if (expected.includes('icons')) expect(entry.icons).toEqual([icon]);
  });

  it.each([
    ['2024-11-05', ['name', 'version']],
    ['2025-03-26', ['name', 'version']],
    ['2025-06-18', ['name', 'version', 'title']],
    ['2025-11-25', ['name', 'version', 'title', 'icons', 'websiteUrl']],
  ])('initialize under %s has serverInfo %j and the instructions', (version, expected) => {
    const result = declaration().toInitializeResult(version);
    expect(fields(result.serverInfo)).toEqual(expected);
    expect(result.instructions).toBe('Be brief.');
  });

  it('refreshes the cached list when metadata changes', () => {
    const decl = declaration();
    const before = decl.toToolsList('2025-11-25');
    decl.tools[0].setTitle('Renamed');
    expect(decl.toToolsList('2025-11-25')).not.toBe(before);
    expect(decl.toToolsList('2025-11-25').tools[0].title).toBe('Renamed');
  });

  it('copies _meta and icons (later changes to the caller\'s objects do not leak in)', () => {
    const meta = { a: 1 };
    const icons = [{ src: 'https://example.com/i.png' }];
    const decl = new ToolDeclaration('s', '1');
    decl.addTool('t').setMeta(meta).setIcons(icons);
    meta.a = 2;
    icons[0].src = 'changed';
    expect(decl.toToolsList('2025-11-25').tools[0]).toMatchObject({ _meta: { a: 1 }, icons: [{ src: 'https://example.com/i.png' }] });
  });

  it('refuses malformed metadata with a TypeError naming the problem', () => {
    const tool = new ToolDeclaration('s', '1').addTool('t');
    expect(() => tool.setTitle('')).toThrow(/setTitle: expected a non-empty string/);
    expect(() => tool.setAnnotations({ readOnly: true } as never)).toThrow(/unknown annotation "readOnly"/);
    expect(() => tool.setAnnotations({ readOnlyHint: 'yes' } as never)).toThrow(/annotation readOnlyHint: expected a boolean, got string/);
    expect(() => tool.setIcons([{ url: 'x' }] as never)).toThrow(/icon 0: unknown member "url"/);
    expect(() => tool.setIcons([{ src: 'x', theme: 'blue' }] as never)).toThrow(/theme "light" or "dark"/);
    expect(() => tool.setIcons({} as never)).toThrow(/expected an array of icons/);
    expect(() => tool.setMeta([] as never)).toThrow(/setMeta: expected an object, got array/);
    expect(() => new ToolDeclaration('s', '1', { websiteUrl: 3 } as never)).toThrow(/websiteUrl: expected a non-empty string/);
    expect(() => new ToolDeclaration('s', '1', { icons: [{}] } as never)).toThrow(/option icons: icon 0: expected src/);
  });
});
