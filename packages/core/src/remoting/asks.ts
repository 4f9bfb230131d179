/**
 * asks: the shapes of what a tool may ask its client during a call (`context.elicit`,
 * `context.sample`, `context.listRoots`) and of the answers — MCP's `elicitation/create`,
 * `sampling/createMessage` and `roots/list`.
 *
 * An answer reaches the tool only after it passed the same hygiene as arguments
 * (`maxArgumentElements`, `maxStringLength`, no `__proto__`/`constructor.prototype` keys) and
 * the shape of its kind — for an elicitation, `content` matching the `requestedSchema` sent
 * (types, `enum`s, `required`, no other members). A bad answer is the client's error: on
 * 2026-07-28 the retry is answered `-32602`; on legacy stdio the ask rejects with
 * `InvalidAnswerError` (an `InputUnavailableError`). When the client cannot be asked
 * at all, the ask rejects with `InputUnavailableError`. An elicitation with a Standard Schema
 * (`{ message, schema }`) is checked with the schema too; an answer it refuses rejects the ask
 * with `InvalidAnswerError` naming each failing member with the library's message.
 */
import type { StandardSchemaV1 } from '../schema/StandardSchema';

/** `elicitation/create` params: a message for the user and the schema of what to answer. */
export interface ElicitRequest {
  /** What to ask the user. */
  message: string;
  /** A flat JSON Schema object of primitive properties (`{ type: 'object', properties: { ok: { type: 'boolean' } } }`). */
  requestedSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[] } & Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * `elicitation/create` with a Standard Schema (zod, valibot, arktype …) instead of a
 * `requestedSchema`: the schema's Standard JSON Schema is sent as the `requestedSchema`, and an
 * accepted answer's `content` is validated with the schema and arrives as its output.
 */
export interface SchemaElicitRequest<S extends StandardSchemaV1 = StandardSchemaV1> {
  /** What to ask the user. */
  message: string;
  /** A Standard Schema of a flat object of primitive properties, as MCP's elicitation allows. */
  schema: S;
  requestedSchema?: never;
  [key: string]: unknown;
}

/** The answer to a {@link SchemaElicitRequest}: accepted, `content` is the schema's output. */
export type SchemaElicitResult<T> = ({ action: 'accept'; content: T } | { action: 'decline' | 'cancel'; content?: undefined }) & { [key: string]: unknown };

/** The user's answer: `accept` with `content`, or `decline`/`cancel`. */
export interface ElicitResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
  [key: string]: unknown;
}

/** `sampling/createMessage` params. */
export interface SampleRequest {
  messages: { role: 'user' | 'assistant'; content: { type: string; [key: string]: unknown } }[];
  maxTokens: number;
  systemPrompt?: string;
  [key: string]: unknown;
}

/** The client model's answer. */
export interface SampleResult {
  role: 'user' | 'assistant';
  content: { type: string; text?: string; [key: string]: unknown };
  model?: string;
  stopReason?: string;
  [key: string]: unknown;
}

/** The client's roots. */
export interface ListRootsResult {
  roots: { uri: string; name?: string }[];
  [key: string]: unknown;
}

/** Options of an ask. */
export interface AskOptions {
  /**
   * The key of this ask in a 2026-07-28 interim result's `inputRequests` (default
   * `elicitation-1`, `sampling-1`, … in the order of the asks). Keys must be unique within the
   * call and the same on every run of the procedure.
   */
  key?: string;
}
