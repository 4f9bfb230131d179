/**
 * everything: one declaration with every MCP content kind toolwire writes and a raw JSON Schema
 * 2020-12 tool — the tools the official conformance suite (`@modelcontextprotocol/conformance`,
 * server mode) calls, at 0.1.16 (legacy) and 0.2.0-alpha.12 (2026-07-28: the diagnostic tools of
 * `server-stateless` and a tool with an `x-mcp-header` parameter), its progress and logging
 * fixtures among them — plus the seed's `add` and `echo`, a structured-output tool, a tool with
 * host metadata (title, annotations, an icon) and an optional parameter, `slow`, which waits and
 * honours its signal (cancellation, timeouts), `delete_note`, which asks the user first, and
 * `admin_reset`, which needs the OAuth scope `admin` when the server requires tokens (`--auth-issuer`),
 * and `find_notes`, whose nullable parameter and result member are where the schema dialects
 * differ (`--schema-dialect portable`); `search_notes`, declared with zod (`searchNotes.ts`); `remember` and `recall`, per-user state (`memory.ts`); and the tasks fixtures (`tasks.ts`: `greet`, `slow_compute`,
 * `failing_job`, `protocol_error_job`, `confirm_delete`, `multi_input`, `test_tool_with_task`), and the
 * conformance prompt fixtures with completion of `arg1` (`prompts.ts`), and the live-list triggers
 * (`triggers.ts`: `test_trigger_tool_change`, `test_trigger_prompt_change`, `test_trigger_resource_update`).
 */
import {
  ArrayType,
  NullableType,
  ObjectType,
  RemotingFault,
  ServiceDefinition,
  ToolDeclaration,
  audioContent,
  blocksContent,
  image,
  imageContent,
  integerType,
  resource,
  resourceContent,
  stringType,
  text,
} from '@toolwire/core';
import type { SchemaDialect } from '@toolwire/core';
import { RED_PIXEL_DATA_URL, RED_PIXEL_PNG, silentWav } from './media';
import { addInputRequiredFixtures } from './inputRequired';
import { addTaskFixtures } from './tasks';
import { addResources } from './resources';
import { addPrompts } from './prompts';
import { addSearchNotes } from './searchNotes';
import { addTriggers } from './triggers';
import type { Triggers } from './triggers';
import { addMemory } from './memory';

/** The most progress notifications one `progress_burst` call may send (a bound on the work one request can ask for). */
const MAX_BURST = 10_000;

/**
 * The JSON Schema 2020-12 input schema of `json_schema_2020_12_tool`, published verbatim: the one
 * conformance 0.2.0-alpha.12 checks (`$schema`, `$defs` with an `$anchor`, `$ref`,
 * `allOf`/`anyOf`, `if`/`then`/`else`, `additionalProperties`; 0.1.16 checks a subset of it).
 */
export const JSON_SCHEMA_2020_12 = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

/** The notes `read_note` serves, by id (a Map: an id such as `__proto__` or `constructor` is an ordinary unknown note). */
export const NOTES: ReadonlyMap<string, string> = new Map([
  ['welcome', 'Hello from toolwire.'],
  ['todo', 'Ship structured output.'],
]);

/** Options of {@link createEverythingService}. */
export interface EverythingOptions {
  /** Tools per tools/list page (default: all on one page). */
  pageSize?: number;
  /** How the schemas are written (default `'default'`; `'portable'`: no type arrays). */
  schemaDialect?: SchemaDialect;
}

/** Waits `ms`, or rejects as soon as `signal` aborts (with its reason). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** Builds the everything declaration and its procedures. */
export function createEverythingService(options: EverythingOptions = {}): { decl: ToolDeclaration; defs: ServiceDefinition; triggers: Triggers } {
  const decl = new ToolDeclaration('toolwire-everything', '1.0.0', {
    title: 'toolwire everything server',
    instructions: 'Every tool returns a different kind of MCP content; add and echo are the classic demo.',
    logging: true,
    ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
    ...(options.schemaDialect === undefined ? {} : { schemaDialect: options.schemaDialect }),
  });
  decl.addTool('add', 'Add two integers')
    .addParam('a', integerType(), 'First operand')
    .addParam('b', integerType(), 'Second operand');
  decl.addTool('echo', 'Echo a string').addParam('message', stringType(), 'The message to echo');
  decl.addTool('test_simple_text', 'Returns a simple text response');
  decl.addTool('test_image_content', 'Returns a 1x1 red PNG image').setContent(imageContent());
  decl.addTool('test_audio_content', 'Returns a short silent WAV clip').setContent(audioContent());
  decl.addTool('test_embedded_resource', 'Returns an embedded text resource').setContent(resourceContent());
  decl.addTool('test_multiple_content_types', 'Returns text, an image and an embedded resource').setContent(blocksContent());
  decl.addTool('test_error_handling', 'Always fails with a tool execution error (isError: true)');
  decl.addTool('json_schema_2020_12_tool', 'Tool with JSON Schema 2020-12 features').setInputSchema(JSON_SCHEMA_2020_12);
  // the diagnostic tools of conformance's 2026-07-28 server-stateless scenario
  decl.addTool('test_missing_capability', 'Needs the client to declare sampling (2026-07-28: -32021 otherwise)').setRequiredCapabilities({ sampling: {} });
  decl.addTool('test_streaming_elicitation', 'Answers with text alone: toolwire sends no server requests on a response stream');
  decl.addTool('test_logging_tool', 'Answers with text alone: no log message without a requested log level');

  const wav = silentWav();
  const defs = new ServiceDefinition()
    .registerProcedure('add', (a: number, b: number) => a + b)
    .registerProcedure('echo', async (message: string) => message)
    .registerProcedure('test_simple_text', () => 'This is a simple text response for testing.')
    .registerProcedure('test_image_content', () => RED_PIXEL_PNG)
    .registerProcedure('test_audio_content', () => wav)
    .registerProcedure('test_embedded_resource', () => ({
      uri: 'test://embedded-resource',
      mimeType: 'text/plain',
      text: 'This is an embedded resource content.',
    }))
    .registerProcedure('test_multiple_content_types', () => [
      text('Multiple content types test:'),
      image(RED_PIXEL_PNG, 'image/png'),
      resource({ uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' }),
    ])
    .registerProcedure('test_error_handling', () => {
      throw new RemotingFault('This tool intentionally returns an error for testing');
    })
    .registerProcedure(
      'json_schema_2020_12_tool',
      // positional in the order of the schema's properties; the arguments given, echoed back
      (name?: string, address?: { street?: string; city?: string }, contactMethod?: string, phone?: string, email?: string) =>
        Object.fromEntries(Object.entries({ name, address, contactMethod, phone, email }).filter(([, value]) => value !== undefined)),
    )
    .registerProcedure('test_missing_capability', () => 'The client declared sampling.')
    .registerProcedure('test_streaming_elicitation', () => 'No elicitation request was sent on this stream.')
    .registerProcedure('test_logging_tool', () => 'Nothing was logged.');

  const structuredAdd = decl
    .addTool('structured_add', 'Add two integers and return the sum as structured content')
    .addParam('a', integerType(), 'First operand')
    .addParam('b', integerType(), 'Second operand')
    .setOutput(new ObjectType().addProperty('sum', integerType(), 'a + b'));
  defs.registerTool(structuredAdd, (a, b) => ({ sum: a + b }));

  // nullable in and out: `{"type":["string","null"]}` by default, `anyOf` with `{"type":"null"}` when portable
  const findNotes = decl
    .addTool('find_notes', 'The ids of the notes whose id starts with prefix (null: every note), and the first of them')
    .addParam('prefix', new NullableType(stringType()), 'The start of the ids, or null for every note')
    .setAnnotations({ readOnlyHint: true, openWorldHint: false })
    .setOutput(
      new ObjectType()
        .addProperty('ids', new ArrayType(stringType()), 'The matching ids, sorted')
        .addProperty('first', new NullableType(stringType()), 'The first of them, or null when none matches'),
    );
  defs.registerTool(findNotes, (prefix) => {
    const ids = [...NOTES.keys()].filter((id) => prefix === null || id.startsWith(prefix)).sort();
    return { ids, first: ids[0] ?? null };
  });

  let notesRead = 0;
  const readNote = decl
    .addTool('read_note', 'Read a note by its id')
    .setTitle('Read a note')
    .addParam('id', stringType(), `The note's id: ${[...NOTES.keys()].join(', ')}`)
    .addParam('format', stringType(), 'plain (default) or upper')
    .setOptional('format')
    .setAnnotations({ readOnlyHint: true, openWorldHint: false })
    .setIcons([{ src: RED_PIXEL_DATA_URL, mimeType: 'image/png', sizes: ['1x1'] }]);
  defs.registerTool(readNote, (id, format) => {
    const note = NOTES.get(id);
    notesRead++;
    if (note === undefined) throw new RemotingFault(`No note "${id}" (notes: ${[...NOTES.keys()].join(', ')})`);
    return format === 'upper' ? note.toUpperCase() : note;
  });
  const adminReset = decl.addTool('admin_reset', 'Reset the server counters (needs the OAuth scope admin when tokens are required)').setScopes(['admin']);
  defs.registerTool(adminReset, (context) => {
    const count = notesRead;
    notesRead = 0;
    return `reset by ${context.auth?.subject ?? 'an unauthenticated caller'}; ${count} note reads cleared`;
  });

  const slow = decl.addTool('slow', 'Waits ms milliseconds (stops early when cancelled), then says how long it waited').addParam('ms', integerType(), 'How long to wait, in ms');
  defs.registerTool(slow, async (ms, ctx) => {
    await sleep(ms, ctx.signal);
    return `waited ${ms} ms`;
  });

  // the conformance suite's live-call fixtures: three progress reports, three log messages, ~50 ms apart
  const withProgress = decl.addTool('test_tool_with_progress', 'Reports progress 0, 50 and 100 of 100, ~50 ms apart');
  defs.registerTool(withProgress, async (ctx) => {
    for (const done of [0, 50, 100]) {
      if (done > 0) await sleep(50, ctx.signal);
      ctx.progress(done, 100, `${done}% done`);
    }
    return 'Progress test completed';
  });
  const withLogging = decl.addTool('test_tool_with_logging', 'Sends three info log messages, ~50 ms apart');
  defs.registerTool(withLogging, async (ctx) => {
    ctx.log('info', 'Tool execution started', 'test_tool_with_logging');
    await sleep(50, ctx.signal);
    ctx.log('info', 'Tool processing data', 'test_tool_with_logging');
    await sleep(50, ctx.signal);
    ctx.log('info', 'Tool execution completed', 'test_tool_with_logging');
    return 'Logging test completed';
  });
  const burst = decl
    .addTool('progress_burst', `Reports progress 1 … count of count at once, then answers count (at most ${MAX_BURST})`)
    .addParam('count', integerType(), `How many progress notifications (1 … ${MAX_BURST})`);
  defs.registerTool(burst, (count, ctx) => {
    if (count > MAX_BURST) throw new RemotingFault(`count must be at most ${MAX_BURST}, got ${count}`);
    for (let i = 1; i <= count; i++) ctx.progress(i, count);
    return count;
  });

  // a tool that asks the user before it acts (elicitation): over stdio a request to the client,
  // on 2026-07-28 a multi round-trip call; over stateless legacy HTTP it cannot ask, and says so
  const notes = new Set(NOTES.keys());
  const deleteNote = decl
    .addTool('delete_note', 'Delete a note, after the user confirms')
    .addParam('id', stringType(), 'The note to delete')
    .setAnnotations({ destructiveHint: true, idempotentHint: true, openWorldHint: false });
  defs.registerTool(deleteNote, async (id, ctx) => {
    if (!notes.has(id)) throw new RemotingFault(`No note "${id}"`);
    const answer = await ctx.elicit({
      message: `Delete the note "${id}"? This cannot be undone.`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', description: 'Yes, delete it' } }, required: ['confirm'] },
    });
    if (answer.action !== 'accept' || answer.content?.confirm !== true) return `Kept "${id}"`;
    notes.delete(id);
    return `Deleted "${id}"`;
  });

  // a string parameter mirrored in the Mcp-Param-Region header (2026-07-28 HTTP)
  const echoRegion = decl.addTool('echo_region', 'Echo a region, mirrored in the Mcp-Param-Region header').addParam('region', stringType(), 'The region', { header: 'Region' });
  defs.registerTool(echoRegion, (region) => `region: ${region}`);
  addInputRequiredFixtures(decl, defs);
  addTaskFixtures(decl, defs);
  addResources(decl, defs, NOTES);
  addPrompts(decl, defs);
  addSearchNotes(decl, defs, NOTES);
  addMemory(decl, defs);
  const triggers = addTriggers(decl, defs); // last: what the triggers add goes at the end of the lists
  return { decl, defs, triggers };
}
