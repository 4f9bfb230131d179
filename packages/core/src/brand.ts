/**
 * brand: makes `instanceof` recognise instances made by another installed copy of
 * `@toolwire/core` (an app and a transport that resolve different copies). Each branded class
 * marks its prototype with a `Symbol.for` key, which every copy shares, and answers
 * `instanceof` by that mark; subclasses keep the ordinary prototype check.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyClass = abstract new (...args: any[]) => unknown;

/** Brands `cls` under `toolwire.<name>`. Call once, right after the class definition. */
export function brand(cls: AnyClass, name: string): void {
  const mark = Symbol.for(`toolwire.${name}`);
  Object.defineProperty(cls.prototype, mark, { value: true });
  Object.defineProperty(cls, Symbol.hasInstance, {
    value(this: AnyClass, value: unknown): boolean {
      if (this !== cls) return Function.prototype[Symbol.hasInstance].call(this, value);
      return (typeof value === 'object' || typeof value === 'function') && value !== null && (value as Record<symbol, unknown>)[mark] === true;
    },
  });
}
