/**
 * everything: one declaration with every MCP content kind toolwire writes and a raw JSON Schema
 * 2020-12 tool — the tools the official conformance suite (`@modelcontextprotocol/conformance`,
 * server mode) calls, at 0.1.16 (legacy) and 0.2.0-alpha.12 (2026-07-28: the diagnostic tools of
 * `server-stateless` and a tool with an `x-mcp-header` parameter) — plus the seed's `add` and
 * `echo`, a structured-output tool and a tool with host metadata (title, annotations, an icon)
 * and an optional parameter.
 */
import {
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
import { RED_PIXEL_DATA_URL, RED_PIXEL_PNG, silentWav } from './media';

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

/** The notes `read_note` serves. */
export const NOTES: Readonly<Record<string, string>> = Object.freeze({ welcome: 'Hello from toolwire.', todo: 'Ship structured output.' });

/** Options of {@link createEverythingService}. */
export interface EverythingOptions {
  /** Tools per tools/list page (default: all on one page). */
  pageSize?: number;
}

/** Builds the everything declaration and its procedures. */
export function createEverythingService(options: EverythingOptions = {}): { decl: ToolDeclaration; defs: ServiceDefinition } {
  const decl = new ToolDeclaration('toolwire-everything', '1.0.0', {
    title: 'toolwire everything server',
    instructions: 'Every tool returns a different kind of MCP content; add and echo are the classic demo.',
    ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
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

  const readNote = decl
    .addTool('read_note', 'Read a note by its id')
    .setTitle('Read a note')
    .addParam('id', stringType(), `The note's id: ${Object.keys(NOTES).join(', ')}`)
    .addParam('format', stringType(), 'plain (default) or upper')
    .setOptional('format')
    .setAnnotations({ readOnlyHint: true, openWorldHint: false })
    .setIcons([{ src: RED_PIXEL_DATA_URL, mimeType: 'image/png', sizes: ['1x1'] }]);
  defs.registerTool(readNote, (id, format) => {
    const note = NOTES[id];
    if (note === undefined) throw new RemotingFault(`No note "${id}" (notes: ${Object.keys(NOTES).join(', ')})`);
    return format === 'upper' ? note.toUpperCase() : note;
  });

  // a string parameter mirrored in the Mcp-Param-Region header (2026-07-28 HTTP)
  const echoRegion = decl.addTool('echo_region', 'Echo a region, mirrored in the Mcp-Param-Region header').addParam('region', stringType(), 'The region', { header: 'Region' });
  defs.registerTool(echoRegion, (region) => `region: ${region}`);
  return { decl, defs };
}
