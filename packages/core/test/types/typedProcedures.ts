/**
 * Type-level test of typed procedures: this file must compile (`npm run lint` runs tsc over it,
 * and typedProcedures.test.ts compiles it alone); every `@ts-expect-error` line must be an error
 * (tsc fails on an unused one). It is never run.
 */
import { z } from 'zod';
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import { ArrayType, CallContext, EnumType, NullableType, ObjectType, ServiceDefinition, ToolDeclaration, TypeOf, integerType, numberType, stringType, booleanType, toolError } from '@toolwire/core';

const decl = new ToolDeclaration('typed', '1.0.0');
const defs = new ServiceDefinition();

// primitives: positional parameters in declaration order
const add = decl.addTool('add').addParam('a', integerType()).addParam('b', integerType());
defs.registerTool(add, (a, b) => a + b);
defs.registerTool(add, (a: number, b: number, context: CallContext) => `${a + b} for ${context.requestId}`);
defs.registerTool(add, () => 0); // ignoring parameters is fine
// @ts-expect-error a string parameter against an integer
defs.registerTool(add, (a: string, b: number) => a + b);
// @ts-expect-error a boolean parameter against an integer
defs.registerTool(add, (a: number, b: boolean) => a + Number(b));
// @ts-expect-error one parameter too many (the third is the CallContext)
defs.registerTool(add, (a: number, b: number, c: number) => a + b + c);

// optional parameters may be undefined
const note = decl.addTool('note').addParam('id', stringType()).addParam('format', stringType()).setOptional('format');
defs.registerTool(note, (id, format) => `${id.toUpperCase()} ${format?.toUpperCase() ?? ''}`);
defs.registerTool(note, (id: string, format?: string) => id + format);
// @ts-expect-error format may be undefined
defs.registerTool(note, (id: string, format: string) => id + format);
// @ts-expect-error setOptional names a declared parameter
decl.addTool('bad').addParam('x', integerType()).setOptional('y');

// enums are unions of their literals; nullable adds null; arrays
const paint = decl
  .addTool('paint')
  .addParam('color', new EnumType(['red', 'green']))
  .addParam('tags', new ArrayType(stringType()))
  .addParam('note', new NullableType(stringType()));
defs.registerTool(paint, (color: 'red' | 'green', tags: string[], note: string | null) => `${color} ${tags.join()} ${note ?? ''}`);
// @ts-expect-error "blue" is not one of the values
defs.registerTool(paint, (color: 'red' | 'blue') => color);
// @ts-expect-error the nullable parameter can be null
defs.registerTool(paint, (color: string, tags: string[], note: string) => note);
// @ts-expect-error tags is an array of strings
defs.registerTool(paint, (color: string, tags: number[]) => tags);

// objects: required and optional members
const point = new ObjectType().addProperty('x', numberType()).addProperty('y', numberType()).addProperty('label', stringType()).setOptional('label');
const expectPoint: TypeOf<typeof point> = { x: 1, y: 2 };
void expectPoint;
// @ts-expect-error y is required
const missingY: TypeOf<typeof point> = { x: 1 };
void missingY;
const move = decl.addTool('move').addParam('to', point);
defs.registerTool(move, (to) => to.x + to.y + (to.label?.length ?? 0));
// @ts-expect-error label may be undefined
defs.registerTool(move, (to: { x: number; y: number; label: string }) => to.label);

// structured output types the result
const sum = decl.addTool('sum').addParam('a', integerType()).addParam('b', integerType()).setOutput(new ObjectType().addProperty('sum', integerType()));
defs.registerTool(sum, (a, b) => ({ sum: a + b }));
defs.registerTool(sum, async (a, b) => ({ sum: a + b }));
defs.registerTool(sum, () => toolError('cannot add today'));
// @ts-expect-error the output is { sum: number }
defs.registerTool(sum, (a, b) => ({ total: a + b }));
// @ts-expect-error the output's sum is a number
defs.registerTool(sum, async (a, b) => ({ sum: `${a + b}` }));
const flag = decl.addTool('flag').setOutput(booleanType());
defs.registerTool(flag, () => true);
// @ts-expect-error the output is a boolean
defs.registerTool(flag, () => 'yes');

// tools the compiler knows nothing about take any procedure; registerProcedure stays untyped
const raw = decl.addTool('raw').setInputSchema({ type: 'object', properties: { q: { type: 'string' } } });
defs.registerTool(raw, (q: string, anything: unknown) => q + String(anything));
defs.registerTool(decl.getTool('add')!, (a: unknown) => a);
defs.registerProcedure('whatever', (a: string, b: boolean) => a + String(b));

// Standard Schema input (zod, valibot, arktype): one object, the schema's output, then the context
const book = decl.addTool('book', 'Book', { input: z.object({ city: z.string(), seats: z.number().default(1) }), output: z.object({ ok: z.boolean() }) });
defs.registerTool(book, ({ city, seats }, context: CallContext) => ({ ok: city.length > seats && context.requestId !== 0 }));
// @ts-expect-error a property the schema does not have
defs.registerTool(book, (input) => ({ ok: input.town === 'x' }));
// @ts-expect-error the result must be what the output schema accepts
defs.registerTool(book, () => ({ ok: 'yes' }));
const counted = decl.addTool('counted').setInput(toStandardJsonSchema(v.object({ n: v.number() })));
defs.registerTool(counted, ({ n }) => n + 1);
// @ts-expect-error n is a number
defs.registerTool(counted, ({ n }: { n: string }) => n);
const flagged = decl.addTool('flagged').setInput(type({ flag: 'boolean' })).setOutput(new ObjectType().addProperty('flag', booleanType()));
defs.registerTool(flagged, ({ flag }) => ({ flag: !flag }));
// @ts-expect-error a property the schema does not have
defs.registerTool(flagged, (input) => ({ flag: input.flags }));
// ctx.elicit with a schema: the accepted content is the schema's output
defs.registerTool(decl.addTool('ask'), async (context) => {
  const answer = await context.elicit({ message: 'Sure?', schema: z.object({ ok: z.boolean() }) });
  return answer.action === 'accept' && answer.content.ok;
});
defs.registerTool(decl.addTool('ask_wrong'), async (context) => {
  const answer = await context.elicit({ message: 'Sure?', schema: z.object({ ok: z.boolean() }) });
  // @ts-expect-error content is typed by the schema
  return answer.action === 'accept' && answer.content.okay;
});

// prompts: args typed from the declared arguments (strings; optional ones may be undefined)
const brief = decl.addPrompt('brief').addArgument('topic').addArgument('tone', 'The tone', { required: false });
defs.registerPrompt(brief, ({ topic, tone }) => `${topic.toUpperCase()} ${tone?.toUpperCase() ?? ''}`);
defs.registerPrompt(brief, (args, ctx) => [{ role: 'assistant', content: { type: 'text', text: `${args.topic} ${ctx.requestId}` } }]);
// @ts-expect-error tone may be undefined
defs.registerPrompt(brief, ({ tone }) => tone.toUpperCase());
// @ts-expect-error an undeclared argument
defs.registerPrompt(brief, ({ topik }) => topik);
// @ts-expect-error a role other than user or assistant
defs.registerPrompt(brief, () => ({ role: 'system', content: { type: 'text', text: 'x' } }));
// @ts-expect-error setCompletion names a declared argument
brief.setCompletion('mood', () => []);

// prompts with a Standard Schema: args typed by the schema's output
const schemaBrief = decl.addPrompt('schema_brief', 'A brief', { arguments: z.object({ topic: z.string(), tone: z.string().optional(), length: z.string().transform((s) => s.length) }) });
defs.registerPrompt(schemaBrief, ({ topic, tone, length }) => `${topic.toUpperCase()} ${tone?.toUpperCase() ?? ''} ${length.toFixed(0)}`);
// @ts-expect-error tone may be undefined
defs.registerPrompt(schemaBrief, ({ tone }) => tone.toUpperCase());
// @ts-expect-error a property the schema does not have
defs.registerPrompt(schemaBrief, ({ topik }) => topik);
// @ts-expect-error length is the transform's number
defs.registerPrompt(schemaBrief, ({ length }) => length.toUpperCase());
schemaBrief.setCompletion('topic', () => []);
// @ts-expect-error setCompletion names a property of the schema
schemaBrief.setCompletion('mood', () => []);
const valibotBrief = decl.addPrompt('valibot_brief', '', { arguments: toStandardJsonSchema(v.object({ topic: v.string() })) });
// @ts-expect-error a property the valibot schema does not have
defs.registerPrompt(valibotBrief, ({ topic, mood }) => `${topic} ${mood}`);
const arkBrief = decl.addPrompt('ark_brief', '', { arguments: type({ topic: 'string' }) });
defs.registerPrompt(arkBrief, ({ topic }) => topic.toUpperCase());
// @ts-expect-error a property the arktype schema does not have
defs.registerPrompt(arkBrief, ({ topik }) => topik);
