/**
 * ValueBuilder: a Formatter that composes the decomposed events back into a plain value
 * (Pt's Composer): objects, arrays, strings, numbers, booleans, null, and binary as a copied
 * Uint8Array. Content types that must see a whole structure before writing (resources,
 * content blocks) drain the result into one.
 */
import type { Formatter } from './Formatter';

type Container = { kind: 'struct'; value: Record<string, unknown>; key: string } | { kind: 'sequence'; value: unknown[] };

/** Rebuilds the value a decomposer emits; read it with {@link ValueBuilder.value}. */
export class ValueBuilder implements Formatter {
  private root: unknown = undefined;
  private readonly stack: Container[] = [];

  /** The composed value (`undefined` when nothing was emitted). */
  get value(): unknown {
    return this.root;
  }

  addNull(): void {
    this.put(null);
  }
  addBool(value: boolean): void {
    this.put(value);
  }
  addInt(value: number | bigint): void {
    this.put(typeof value === 'bigint' && Number.isSafeInteger(Number(value)) ? Number(value) : value);
  }
  addFloat(value: number): void {
    this.put(value);
  }
  addString(value: string): void {
    this.put(value);
  }
  addBinary(bytes: Uint8Array): void {
    this.put(bytes.slice());
  }

  beginStruct(): void {
    const value: Record<string, unknown> = {};
    this.put(value);
    this.stack.push({ kind: 'struct', value, key: '' });
  }
  beginMember(name: string): void {
    const top = this.stack[this.stack.length - 1];
    if (top?.kind === 'struct') top.key = name;
  }
  finishMember(): void {}
  finishStruct(): void {
    this.stack.pop();
  }

  beginSequence(): void {
    const value: unknown[] = [];
    this.put(value);
    this.stack.push({ kind: 'sequence', value });
  }
  beginElement(): void {}
  finishElement(): void {}
  finishSequence(): void {
    this.stack.pop();
  }

  private put(value: unknown): void {
    const top = this.stack[this.stack.length - 1];
    if (!top) this.root = value;
    else if (top.kind === 'struct') top.value[top.key] = value;
    else top.value.push(value);
  }
}
