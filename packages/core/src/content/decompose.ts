/**
 * decompose(): turns a JavaScript value into Formatter events — the Pt Decomposer for JS values.
 * This is what makes any return value (including custom classes with `toJSON()`) writable as
 * MCP content.
 */
import type { Formatter } from './Formatter';

/**
 * Drains `value` into `formatter`:
 * `null`/`undefined` → null; boolean; integral number and bigint → int; other numbers → float;
 * string; `Uint8Array`/`Buffer`/`ArrayBuffer` → binary; arrays, other typed arrays and `Set` →
 * sequence; `Map` and objects → struct (insertion order, `undefined` members omitted); an object
 * with `toJSON()` (such as `Date`) is decomposed from what `toJSON()` returns.
 * @throws TypeError on a circular structure.
 */
export function decompose(value: unknown, formatter: Formatter): void {
  emit(value, formatter, []);
}

function emit(value: unknown, f: Formatter, ancestors: object[]): void {
  switch (typeof value) {
    case 'string':
      f.addString(value);
      return;
    case 'number':
      if (Number.isInteger(value)) f.addInt(value);
      else f.addFloat(value);
      return;
    case 'boolean':
      f.addBool(value);
      return;
    case 'bigint':
      f.addInt(value);
      return;
    case 'object':
      if (value === null) break;
      emitObject(value, f, ancestors);
      return;
  }
  f.addNull(); // undefined, functions, symbols: what JSON would not write
}

function emitObject(value: object, f: Formatter, ancestors: object[]): void {
  if (value instanceof Uint8Array) return f.addBinary(value);
  if (value instanceof ArrayBuffer) return f.addBinary(new Uint8Array(value));
  if (ancestors.includes(value)) throw new TypeError('cannot format a circular structure');
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    ancestors.push(value);
    emit(toJSON.call(value, ''), f, ancestors);
    ancestors.pop();
    return;
  }
  ancestors.push(value);
  if (Array.isArray(value) || value instanceof Set || (ArrayBuffer.isView(value) && !(value instanceof DataView))) {
    f.beginSequence();
    for (const element of value as Iterable<unknown>) {
      f.beginElement();
      emit(element, f, ancestors);
      f.finishElement();
    }
    f.finishSequence();
  } else {
    f.beginStruct();
    const entries = value instanceof Map ? value.entries() : Object.entries(value);
    for (const [key, member] of entries) {
      if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
      f.beginMember(String(key));
      emit(member, f, ancestors);
      f.finishMember();
    }
    f.finishStruct();
  }
  ancestors.pop();
}
