/** topLevelId: the id of a request read from its text without parsing it (for refusals of messages too deep to parse). */
import { topLevelId } from '../../src/dispatch/topLevelId';

const deep = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;

describe('topLevelId', () => {
  it.each([
    ['a number id before the params', `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":${deep(100)}}`, 7],
    ['a string id after deep params', `{"jsonrpc":"2.0","method":"x","params":{"a":${deep(100)},"s":"}]\\"{"},"id":"abc"}`, 'abc'],
    ['an id with escapes', `{ "id" : "a\\"b" , "method":"x"}`, 'a"b'],
    ['a negative fractional id', `{"id":-1.5e2}`, -150],
    ['spaces and newlines between members', `{\n  "method": "x",\n  "params": [1, {"id": 9}],\n  "id": 3\n}`, 3],
  ])('reads %s', (_name, text, id) => {
    expect(topLevelId(text)).toBe(id);
  });

  it.each([
    ['a batch', `[{"id":1}]`],
    ['no id member', `{"method":"x","params":${deep(50)}}`],
    ['a nested id only', `{"params":{"id":4},"method":"x"}`],
    ['an id that is not a string or number', `{"id":{"x":1}}`],
    ['an id of null', `{"id":null}`],
    ['an unterminated text', `{"method":"x","params":[[[[`],
    ['not JSON', `id=1`],
  ])('gives up on %s', (_name, text) => {
    expect(topLevelId(text)).toBeUndefined();
  });
});
