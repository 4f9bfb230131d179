/**
 * ServiceDefinition: the procedure table — tool names mapped to ordinary functions or methods.
 * tools/call looks the procedure up by the tool's name and calls it with positional arguments.
 */
import { describe } from '../schema/Property';
import { brand } from '../brand';
import { Tool } from '../declaration/Tool';
import type { ParamSpec, ParamValues } from '../declaration/Tool';
import type { ToolError } from '../content/ToolError';
import type { AuthInfo } from '../auth/AuthInfo';

/**
 * What a procedure receives after its declared parameters: the call's context.
 * `signal` aborts when the client cancels the request or disconnects.
 */
export interface CallContext {
  /** The JSON-RPC id of the tools/call request. */
  readonly requestId: string | number;
  /** The tool being called. */
  readonly toolName: string;
  /** The protocol version in force for this request. */
  readonly protocolVersion: string;
  /** Aborted when the client cancels the request or goes away. */
  readonly signal: AbortSignal;
  /** The transport's request object (Express: the `req`), when the transport has one. */
  readonly request?: unknown;
  /**
   * The verified access token's facts (subject, client id, scopes, expiry, claims) when the
   * endpoint is a protected resource (HTTP `auth` option); never the raw token. `undefined` on
   * stdio and on open endpoints.
   */
  readonly auth?: AuthInfo;
}

/** A tool procedure: positional arguments in declaration order, then the {@link CallContext}. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Procedure = (...args: any[]) => unknown;

/** What a procedure of a tool with output type `O` returns: the value, a {@link ToolError}, or a Promise of either. */
export type ToolResult<O> = O | ToolError | Promise<O | ToolError>;

/**
 * The procedure type of a tool declared with parameters `P` and output `O`: one positional
 * parameter per declared one (optional ones may be `undefined`), then the {@link CallContext}.
 * A tool whose parameters the compiler does not know (a raw input schema, `decl.getTool()`)
 * takes any {@link Procedure}.
 */
export type ToolProcedure<P extends readonly ParamSpec[], O = unknown> = number extends P['length']
  ? Procedure
  : (...args: [...ParamValues<P>, CallContext]) => ToolResult<O>;

/** A registered procedure: the function and the `this` it is called with. */
export interface ProcedureEntry {
  readonly fn: Procedure;
  readonly thisArg: unknown;
}

/**
 * The table of procedures a transport serves, by tool name.
 * @example
 * const defs = new ServiceDefinition()
 *   .registerProcedure('add', (a: number, b: number) => a + b)
 *   .registerProcedure('echo', async (message: string) => message);
 */
export class ServiceDefinition {
  private readonly procedures = new Map<string, ProcedureEntry>();

  /**
   * Registers `fn` as the procedure of `tool` (under its name), typed from the declaration: its
   * parameters are the tool's, in order, then the {@link CallContext}; its result is the output
   * type of {@link Tool.setOutput} (anything for a text or content tool).
   * @example
   * const add = decl.addTool('add', 'Add two integers').addParam('a', integerType()).addParam('b', integerType());
   * defs.registerTool(add, (a, b) => a + b); // a: number, b: number
   */
  registerTool<P extends readonly ParamSpec[], O>(tool: Tool<P, O>, fn: ToolProcedure<P, O>): this {
    if (!(tool instanceof Tool)) throw new TypeError(`registerTool: expected a Tool (from decl.addTool), got ${describe(tool)}`);
    return this.registerProcedure(tool.name, fn as Procedure);
  }

  /** Registers `fn` under `name`. It may return a value or a Promise. */
  registerProcedure(name: string, fn: Procedure): this;
  /** Registers the method `methodName` of `obj` under `name`; it is called with `this === obj`. */
  registerProcedure<T extends object>(name: string, obj: T, methodName: keyof T & string): this;
  registerProcedure(name: string, fnOrObj: unknown, methodName?: string): this {
    if (typeof name !== 'string' || name === '') {
      throw new TypeError(`registerProcedure: expected a non-empty string name, got ${describe(name)}`);
    }
    if (this.procedures.has(name)) throw new RangeError(`registerProcedure: duplicate procedure "${name}"`);
    let entry: ProcedureEntry;
    if (methodName === undefined) {
      if (typeof fnOrObj !== 'function') {
        throw new TypeError(`registerProcedure "${name}": expected a function, got ${describe(fnOrObj)}`);
      }
      entry = { fn: fnOrObj as Procedure, thisArg: undefined };
    } else {
      if (typeof fnOrObj !== 'object' || fnOrObj === null) {
        throw new TypeError(`registerProcedure "${name}": expected an object, got ${describe(fnOrObj)}`);
      }
      const method = (fnOrObj as Record<string, unknown>)[methodName];
      if (typeof method !== 'function') {
        throw new TypeError(`registerProcedure "${name}": expected method "${methodName}" to be a function, got ${describe(method)}`);
      }
      entry = { fn: method as Procedure, thisArg: fnOrObj };
    }
    this.procedures.set(name, entry);
    return this;
  }

  /** The procedure registered under `name`, or `undefined`. */
  getProcedure(name: string): ProcedureEntry | undefined {
    return this.procedures.get(name);
  }
}

brand(ServiceDefinition, 'ServiceDefinition');
