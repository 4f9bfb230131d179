/**
 * elicitWithSchema: `context.elicit({ message, schema })` with a Standard Schema (zod, valibot,
 * arktype …). The schema's Standard JSON Schema (written once per schema object) goes out as
 * the `requestedSchema`, so the answer passes the usual checks of an elicitation first; then an
 * accepted answer's `content` is validated with the schema itself (its refinements, its
 * messages) and the tool receives the schema's output. A refused answer rejects the ask with
 * {@link InvalidAnswerError}, as any answer that does not fit what was asked.
 */
import { InvalidAnswerError } from '../../remoting/InvalidAnswerError';
import type { SchemaElicitRequest } from '../../remoting/asks';
import { isStandardSchema, issuesMessage, standardJsonSchema } from '../../schema/StandardSchema';
import type { StandardSchemaV1 } from '../../schema/StandardSchema';
import { publishedSchema } from '../../schema/portable';
import type { JsonSchema } from '../../schema/Type';
import { isObject } from '../../guards';

/** The `requestedSchema` of each schema asked with, written once. */
const requested = new WeakMap<StandardSchemaV1, JsonSchema>();

/**
 * Asks with `request`'s schema through `ask` (the plain elicitation of the call) and resolves
 * with the answer, its accepted `content` replaced by the schema's output.
 */
export async function elicitWithSchema(request: SchemaElicitRequest, ask: (params: Record<string, unknown>) => Promise<unknown>): Promise<unknown> {
  const { schema, ...params } = request;
  if (params.requestedSchema !== undefined) throw new TypeError('elicit: expected either schema (a Standard Schema) or requestedSchema (JSON Schema), got both');
  const requestedSchema = requestedSchemaOf(schema);
  const answer = await ask({ ...params, requestedSchema });
  if (!isObject(answer) || answer.action !== 'accept') return answer;
  let result = schema['~standard'].validate(answer.content ?? {});
  if (result instanceof Promise) result = await result;
  if (result.issues) throw new InvalidAnswerError(`The client's answer to elicitation/create does not match the tool's schema: ${issuesMessage(result.issues, 'content', 'content')}`);
  return { ...answer, content: result.value };
}

function requestedSchemaOf(schema: unknown): JsonSchema {
  if (!isStandardSchema(schema)) throw new TypeError(`elicit: expected schema to be a Standard Schema (a zod, valibot or arktype object schema …), got ${schema === null ? 'null' : typeof schema}`);
  let json = requested.get(schema);
  if (json) return json;
  const written = standardJsonSchema(schema, 'input');
  if (typeof written === 'string') throw new TypeError(`elicit: no requestedSchema to send: ${written} (valibot: wrap the schema with toStandardJsonSchema from @valibot/to-json-schema, or pass requestedSchema instead)`);
  if (written.type !== 'object') throw new TypeError(`elicit: expected an object schema (MCP elicitation asks for a flat object of primitive properties), got one with "type": ${JSON.stringify(written.type ?? null)}`);
  json = publishedSchema(written, 'default');
  requested.set(schema, json);
  return json;
}
