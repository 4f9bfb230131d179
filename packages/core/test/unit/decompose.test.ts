/** decompose(): the exact Formatter events for each kind of JavaScript value. */
import { decompose, Formatter } from '@toolwire/core';

/** A Formatter that records every event. */
function recorder(): Formatter & { events: string[] } {
  const events: string[] = [];
  const f = {
    events,
    addNull: () => events.push('null'),
    addBool: (v: boolean) => events.push(`bool ${v}`),
    addInt: (v: number | bigint) => events.push(`int ${typeof v} ${v}`),
    addFloat: (v: number) => events.push(`float ${v}`),
    addString: (v: string) => events.push(`string ${v}`),
    addBinary: (b: Uint8Array) => events.push(`binary ${Array.from(b).join(',')}`),
    beginStruct: () => events.push('{'),
    beginMember: (n: string) => events.push(`member ${n}`),
    finishMember: () => events.push('/member'),
    finishStruct: () => events.push('}'),
    beginSequence: () => events.push('['),
    beginElement: () => events.push('element'),
    finishElement: () => events.push('/element'),
    finishSequence: () => events.push(']'),
  };
  return f as unknown as Formatter & { events: string[] };
}

const events = (value: unknown): string[] => {
  const r = recorder();
  decompose(value, r);
  return r.events;
};

describe('decompose', () => {
  it('scalars', () => {
    expect(events(null)).toEqual(['null']);
    expect(events(undefined)).toEqual(['null']);
    expect(events(true)).toEqual(['bool true']);
    expect(events(3)).toEqual(['int number 3']);
    expect(events(2.5)).toEqual(['float 2.5']);
    expect(events(NaN)).toEqual(['float NaN']);
    expect(events(5n)).toEqual(['int bigint 5']);
    expect(events('s')).toEqual(['string s']);
  });

  it('binary from Uint8Array, Buffer and ArrayBuffer', () => {
    expect(events(new Uint8Array([1, 2]))).toEqual(['binary 1,2']);
    expect(events(Buffer.from([3]))).toEqual(['binary 3']);
    expect(events(new Uint8Array([4, 5]).buffer)).toEqual(['binary 4,5']);
  });

  it('a struct emits members in insertion order', () => {
    expect(events({ b: 1, a: 'x' })).toEqual(['{', 'member b', 'int number 1', '/member', 'member a', 'string x', '/member', '}']);
  });

  it('a sequence emits elements; undefined elements are null', () => {
    expect(events([1, undefined])).toEqual(['[', 'element', 'int number 1', '/element', 'element', 'null', '/element', ']']);
  });

  it('other typed arrays are sequences of numbers', () => {
    expect(events(new Float64Array([0.5]))).toEqual(['[', 'element', 'float 0.5', '/element', ']']);
  });

  it('Map keys become member names', () => {
    expect(events(new Map([[1, true]]))).toEqual(['{', 'member 1', 'bool true', '/member', '}']);
  });

  it('toJSON() is honoured, and Buffer is binary even though it has toJSON', () => {
    expect(events({ toJSON: () => 'custom' })).toEqual(['string custom']);
    expect(events(new Date(0))).toEqual(['string 1970-01-01T00:00:00.000Z']);
    expect(events(Buffer.from([9]))).toEqual(['binary 9']);
  });

  it('functions and symbols are what JSON would make of them', () => {
    expect(events(() => 1)).toEqual(['null']);
    expect(events({ f: () => 1, s: Symbol('x') })).toEqual(['{', '}']);
  });
});
