/** The YAML-like text of textContent(): SPEC.md's table, row by row, through the real dispatcher path. */
import { YamlTextFormatter, decompose, textContent } from '@toolwire/core';

/** The decoded text the text content type writes for a result. */
function textOf(value: unknown): string {
  const f = textContent().getFormatter();
  let out = '';
  const sink = { write: (c: string) => void (out += c) };
  decompose(value, f.beginContent(sink));
  f.finishContent(sink);
  const block = JSON.parse(`{${out}}`) as { content: { type: string; text: string }[] };
  expect(block.content).toHaveLength(1);
  expect(block.content[0].type).toBe('text');
  return block.content[0].text;
}

describe('textContent text format', () => {
  it.each([
    ['an integer', 13, '13'],
    ['a float', 2.5, '2.5'],
    ['true', true, 'true'],
    ['false', false, 'false'],
    ['a string, raw', 'hello', 'hello'],
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['an array', [1, 2, 3], '  - 1\n  - 2\n  - 3'],
    ['an object', { a: 1, b: 'x' }, '  a: 1\n  b: x'],
    ['a nested object', { a: 1, inner: { x: 2, y: 3 }, b: 4 }, '  a: 1\n  inner:\n    x: 2\n    y: 3\n  b: 4'],
    ['objects in an array', [{ a: 1, b: 2 }, { a: 3 }], '  -\n    a: 1\n    b: 2\n  -\n    a: 3'],
    ['an empty array member', { items: [], n: 3 }, '  items: []\n  n: 3'],
    ['an empty object member', { o: {}, n: 3 }, '  o: {}\n  n: 3'],
    ['a null member', { a: null, b: 1 }, '  a:\n  b: 1'],
    ['binary in a structure', { img: new Uint8Array([1, 2]), n: 1 }, '  img: [binary]\n  n: 1'],
    ['NaN', NaN, 'nan'],
    ['Infinity', Infinity, 'inf'],
    ['-Infinity', -Infinity, '-inf'],
    ['a top-level empty array', [], '[]'],
    ['a top-level empty object', {}, '{}'],
    ['top-level binary', Buffer.from('abc'), '[binary]'],
    ['undefined members omitted', { a: undefined, b: 1 }, '  b: 1'],
    ['strings with newlines raw', { s: 'line1\nline2' }, '  s: line1\nline2'],
    ['a string with quotes and backslashes', 'say "hi" \\ bye', 'say "hi" \\ bye'],
    ['0.1', 0.1, '0.1'],
    ['1e21', 1e21, '1e+21'],
    ['-0', -0, '0'],
    ['a bigint in plain decimal', 12345678901234567890n, '12345678901234567890'],
    ['a large safe integer', 9007199254740991, '9007199254740991'],
    ['nested arrays', [[1, 2], [3]], '  -\n    - 1\n    - 2\n  -\n    - 3'],
    ['deep nesting', { p: { q: { r: 1 } }, s: [{ t: [1] }] }, '  p:\n    q:\n      r: 1\n  s:\n    -\n      t:\n        - 1'],
    ['null elements', [null, 1], '  -\n  - 1'],
    ['empty containers in a sequence', [[], {}], '  - []\n  - {}'],
    ['an empty string member', { a: '', b: 1 }, '  a:\n  b: 1'],
    ['a Map as a struct', new Map<unknown, unknown>([['a', 1], [2, 'b']]), '  a: 1\n  2: b'],
    ['a Set as a sequence', new Set(['x', 'y']), '  - x\n  - y'],
    ['a Date as its ISO string', new Date(Date.UTC(2025, 0, 2, 3, 4, 5)), '2025-01-02T03:04:05.000Z'],
    ['an object with toJSON', { toJSON: () => ({ kind: 'custom', n: 2 }) }, '  kind: custom\n  n: 2'],
    ['a class instance without toJSON', new (class P { x = 1; y = 'z'; })(), '  x: 1\n  y: z'],
    ['function members omitted', { f: () => 1, a: 1 }, '  a: 1'],
  ])('writes %s', (_name, value, expected) => {
    expect(textOf(value)).toBe(expected);
  });

  it('never leaves trailing spaces on structural lines', () => {
    const text = textOf({ a: { b: [{ c: null, d: [] }, null] }, e: {} });
    expect(text).toBe('  a:\n    b:\n      -\n        c:\n        d: []\n      -\n  e: {}');
    for (const line of text.split('\n')) expect(line).not.toMatch(/ $/);
  });

  it('escapes the text into valid JSON', () => {
    const f = textContent().getFormatter();
    let out = '';
    const sink = { write: (c: string) => void (out += c) };
    decompose('a"b\\c\u0001\u2028', f.beginContent(sink));
    f.finishContent(sink);
    expect(JSON.parse(`{${out}}`).content[0].text).toBe('a"b\\c\u0001\u2028');
    expect(out.startsWith('"content":[{"type":"text","text":')).toBe(true);
    expect(out.endsWith('}]')).toBe(true);
  });

  it('refuses circular structures', () => {
    const a: Record<string, unknown> = {};
    a.self = a;
    expect(() => decompose(a, new YamlTextFormatter())).toThrow(/circular/);
  });

  it('allows the same object twice when it is not circular', () => {
    const shared = { v: 1 };
    expect(textOf({ a: shared, b: shared })).toBe('  a:\n    v: 1\n  b:\n    v: 1');
  });

  it('textContent() is a singleton and gives a new formatter each time', () => {
    expect(textContent()).toBe(textContent());
    expect(textContent().getFormatter()).not.toBe(textContent().getFormatter());
  });
});
