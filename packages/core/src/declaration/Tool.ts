/**
 * Tool: one entry of a ToolDeclaration — a name, a description, ordered parameters (each a
 * Property), the ContentType its result is written with (or a structured output schema), and
 * the metadata hosts read (title, annotations, icons, `_meta`). Tools come from
 * `ToolDeclaration.addTool()`; application code never constructs one.
 *
 * The type parameters record the declaration for the compiler: `P` the parameters in order
 * (one, `input`, for a tool whose input is a Standard Schema), `O` the output type set with
 * {@link Tool.setOutput}. `ServiceDefinition.registerTool` reads them to type the procedure.
 */
import type { Type, JsonSchema, SchemaDialect, TypeOf } from '../schema/Type';
import { Property, checkPropertyArgs, describe } from '../schema/Property';
import { ObjectType, propertiesSchema } from '../schema/ObjectType';
import { NullableType } from '../schema/NullableType';
import { isHeaderToken } from '../protocol/headers';
import type { Revision } from '../schema/revision';
import { CatalogEntry } from './CatalogEntry';
import type { ContentType } from '../content/ContentType';
import { textContent } from '../content/TextContent';
import type { ProtocolProfile } from '../protocol/profile';
import { brand } from '../brand';
import { checkAnnotations, checkIcons, checkText, copyJsonObject } from './metadata';
import type { Icon, JsonObject, ToolAnnotations } from './metadata';
import { scopeList } from '../auth/scopes';
import { checkToolUi, withUi } from './appUi';
import type { ToolUi } from './appUi';
import type { TaskBegins, TaskSupport } from './TaskSupport';
import { isStandardSchema, standardJsonSchema } from '../schema/StandardSchema';
import type { InferInput, InferOutput, StandardSchemaV1 } from '../schema/StandardSchema';
import { publishedSchema } from '../schema/portable';

/** One declared parameter, as the compiler sees it. */
export interface ParamSpec {
  readonly name: string;
  readonly value: unknown;
  readonly optional: boolean;
}

/** `P` with the parameter named `N` optional. */
export type WithOptionalParam<P extends readonly ParamSpec[], N> = {
  [K in keyof P]: P[K] extends { name: N; value: infer V } ? { name: N; value: V; optional: true } : P[K];
};

/** The positional argument types of parameters `P` (an optional one may be `undefined`). */
export type ParamValues<P extends readonly ParamSpec[]> = {
  [K in keyof P]: P[K] extends { optional: true; value: infer V } ? V | undefined : P[K] extends { value: infer V } ? V : never;
};

/** The one parameter of a tool whose input is Standard Schema `S`: the schema's validated output. */
export type StandardInput<S extends StandardSchemaV1> = [{ name: 'input'; value: InferOutput<S>; optional: false }];

/** What a procedure returns for output schema `S`: a Type's values, or what a Standard Schema accepts. */
export type OutputOf<S> = S extends StandardSchemaV1 ? InferInput<S> : S extends Type ? TypeOf<S> : unknown;

/** Options of {@link Tool.setInput} and of {@link Tool.setOutput} with a Standard Schema. */
export interface StandardSchemaOptions {
  /**
   * The JSON Schema to publish, for a schema library without Standard JSON Schema (or to publish
   * another one); by default it comes from `~standard.jsonSchema` (draft 2020-12).
   */
  jsonSchema?: JsonSchema;
}

/** The structured output of a tool: its schema and whether its root is a JSON object. */
export interface ToolOutput {
  /** The Type given to {@link Tool.setOutput}, or `undefined` for a raw schema. */
  readonly type?: Type;
  /** The Standard Schema given to {@link Tool.setOutput}: it validates results (and its output is sent). */
  readonly standard?: StandardSchemaV1;
  /** The schema of the value the procedure returns. */
  readonly schema: JsonSchema;
  /** False when the root is not an object: legacy versions then wrap the value as `{ "result": … }`. */
  readonly objectRoot: boolean;
}

/** The entry of a tool in `tools/list`, with the fields its protocol version defines. */
export interface ToolListEntry {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  _meta?: JsonObject;
  /** 2025-11-25 (experimental tasks): whether a call may or must run as a task. */
  execution?: { taskSupport: TaskSupport };
}

/** Options of {@link Tool.addParam}. */
export interface ParamOptions {
  /**
   * Mirrors the argument in the HTTP header `Mcp-Param-{header}` (2026-07-28): published as
   * `x-mcp-header` in the input schema, and an HTTP request whose header disagrees with the body
   * is refused (-32020). Only for string, integer and boolean parameters; an RFC 9110 token,
   * unique (case-insensitively) within the tool.
   */
  header?: string;
}

/** A tool of a {@link ToolDeclaration}. */
export class Tool<P extends readonly ParamSpec[] = readonly ParamSpec[], O = unknown> extends CatalogEntry {
  /** Compile-time only: the parameters and output type (never set at run time). */
  declare readonly signature?: { params: P; output: O };
  private readonly _params: Property[] = [];
  private _content: ContentType = textContent();
  private contentSet = false;
  private _inputSchema: JsonSchema | undefined;
  private _standardInput: StandardSchemaV1 | undefined;
  private _output: ToolOutput | undefined;
  private _title: string | undefined;
  private _annotations: Readonly<ToolAnnotations> | undefined;
  private _icons: readonly Icon[] | undefined;
  private _meta: JsonObject | undefined;
  private _ui: Readonly<ToolUi> | undefined;
  private readonly _headers = new Map<string, string>();
  private _scopes: readonly string[] = [];
  private _requiredCapabilities: Readonly<JsonObject> | undefined;
  private _taskSupport: TaskSupport = 'forbidden';
  private _taskBegins: TaskBegins = 'immediately';

  /** @internal created by {@link ToolDeclaration.addTool}. */
  constructor(
    readonly name: string,
    readonly description: string,
    /** How this tool's schemas are written (its declaration's `schemaDialect`). */
    readonly schemaDialect: SchemaDialect = 'default',
  ) {
    super();
  }

  /** Publishing a tool (its catalog does, on `addTool`) publishes its parameters and output type. */
  protected override publishParts(into: Revision): void {
    for (const param of this._params) param.publish(into);
    this._output?.type?.publish?.(into);
  }

  /** The parameters in declaration order (the order of the procedure's positional arguments). */
  get params(): readonly Property[] {
    return this._params;
  }

  /** The content type the result is written with (default {@link textContent}). */
  get content(): ContentType {
    return this._content;
  }

  /** The input schema published as given: the raw one of {@link Tool.setInputSchema}, or the JSON Schema of {@link Tool.setInput}'s Standard Schema; else `undefined`. */
  get rawInputSchema(): JsonSchema | undefined {
    return this._inputSchema;
  }

  /** The Standard Schema set with {@link Tool.setInput}, if any: it validates the arguments. */
  get standardInput(): StandardSchemaV1 | undefined {
    return this._standardInput;
  }

  /** The structured output set with {@link Tool.setOutput} or {@link Tool.setOutputSchema}, if any. */
  get output(): ToolOutput | undefined {
    return this._output;
  }

  /** The human-readable title, if set. */
  get title(): string | undefined {
    return this._title;
  }

  /** The annotations, if set. */
  get annotations(): Readonly<ToolAnnotations> | undefined {
    return this._annotations;
  }

  /** The icons, if set. */
  get icons(): readonly Icon[] | undefined {
    return this._icons;
  }

  /** The parameters mirrored in `Mcp-Param-*` headers: parameter name → header name (after `Mcp-Param-`). */
  get paramHeaders(): ReadonlyMap<string, string> {
    return this._headers;
  }

  /** The `_meta` object, if set. */
  get meta(): Readonly<JsonObject> | undefined {
    return this._meta;
  }

  /** The MCP Apps view set with {@link Tool.setUi}, if any. */
  get ui(): Readonly<ToolUi> | undefined {
    return this._ui;
  }

  /** @internal Its name: what its collection finds it by. */
  get key(): string {
    return this.name;
  }

  /** What a tools/call acts on: a tool (the kind of a request's target). */
  get kind(): 'tool' {
    return 'tool';
  }

  /** The OAuth scopes a call needs (see {@link setScopes}); empty when none. */
  override get scopes(): readonly string[] {
    return this._scopes;
  }

  /** The client capabilities a modern call needs, set with {@link Tool.setRequiredCapabilities}, if any. */
  get requiredCapabilities(): Readonly<JsonObject> | undefined {
    return this._requiredCapabilities;
  }

  /** Whether a call may (`optional`) or must (`required`) run as a task; `forbidden` (the default) never does. */
  get taskSupport(): TaskSupport {
    return this._taskSupport;
  }

  /** When a task call's task is created (see {@link Tool.setTaskSupport}). */
  get taskBegins(): TaskBegins {
    return this._taskBegins;
  }

  /**
   * Appends a required parameter. Its name is the JSON member the client sends; its position
   * is the procedure's positional argument.
   * @example decl.addTool('add', 'Add two integers').addParam('a', integerType(), 'First operand')
   */
  addParam<N extends string, S extends Type>(name: N, type: S, description = '', options?: ParamOptions): Tool<[...P, { name: N; value: TypeOf<S>; optional: false }], O> {
    if (this._inputSchema) throw new TypeError(`Tool "${this.name}": addParam cannot be combined with ${this._standardInput ? 'setInput' : 'setInputSchema'}`);
    checkPropertyArgs(`Tool "${this.name}" addParam`, name, type, description);
    if (this.getParamIndex(name) >= 0) throw new RangeError(`Tool "${this.name}": duplicate parameter "${name}"`);
    if (options !== undefined) this.checkHeader(name, type, options);
    const property = new Property(name, type, description);
    this._params.push(property);
    this.publishPart(property);
    this.changed();
    return this as never;
  }

  /**
   * Makes the named parameter optional: the procedure receives `undefined` when it is absent,
   * and also when the client sends `null` for it while its type is not nullable (models often
   * send `null` for "not given"). An unknown name is ignored.
   */
  setOptional<N extends P[number]['name']>(name: N): Tool<WithOptionalParam<P, N>, O> {
    this._params.find((p) => p.name === name)?.setOptional();
    return this as never;
  }

  /** Selects the content type of the result (not with {@link setOutput}: structured output is written as JSON). */
  setContent(content: ContentType): this {
    if (typeof content !== 'object' || content === null || typeof content.getFormatter !== 'function') {
      throw new TypeError(`Tool "${this.name}" setContent: expected a ContentType, got ${describe(content)}`);
    }
    if (this._output) throw new TypeError(`Tool "${this.name}": setContent cannot be combined with setOutput/setOutputSchema`);
    this._content = content;
    this.contentSet = true;
    this.changed();
    return this;
  }

  /**
   * Declares the tool's structured output. Versions that have structured output (2025-06-18 on)
   * publish it as `outputSchema` and receive the result as `structuredContent`, plus a text
   * block with the same value as compact JSON (what every version receives). A result that does
   * not match is a server bug: the call answers -32603 and `onError` hears of it. A root that is
   * not an object is wrapped as `{ "result": … }` (the legacy schema requires an object).
   *
   * A Standard Schema (zod, valibot, arktype …) works too: `outputSchema` comes from its Standard
   * JSON Schema (`jsonSchema.output`, or `options.jsonSchema`), a result is validated with its
   * `~standard.validate` (synchronously), and its output is what is sent; the procedure must
   * return what the schema accepts.
   * @example decl.addTool('sum').addParam('a', integerType()).setOutput(new ObjectType().addProperty('sum', integerType()))
   * @example decl.addTool('sum', 'Sum', { input: z.object({ a: z.number() }) }).setOutput(z.object({ sum: z.number() }))
   */
  setOutput<S extends Type>(type: S): Tool<P, TypeOf<S>>;
  setOutput<S extends StandardSchemaV1>(schema: S, options?: StandardSchemaOptions): Tool<P, InferInput<S>>;
  setOutput(type: Type | StandardSchemaV1, options?: StandardSchemaOptions): Tool<P, unknown> {
    if (isStandardSchema(type)) {
      const schema = this.standardSchema('setOutput', type, 'output', options);
      this.checkOutputAllowed('setOutput');
      this._output = { standard: type, schema, objectRoot: schema.type === 'object' };
      this.changed();
      return this as never;
    }
    checkPropertyArgs(`Tool "${this.name}" setOutput`, 'output', type, undefined);
    this.checkOutputAllowed('setOutput');
    this.publishPart(type);
    const dialect = this.schemaDialect;
    this._output = {
      type,
      get schema() {
        return type.toSchema(undefined, dialect);
      },
      objectRoot: type instanceof ObjectType,
    };
    this.changed();
    return this as never;
  }

  /**
   * Declares the structured output with a raw JSON Schema, published verbatim. Checked of a
   * result: its JSON kind against the root `type`, and for an object root the names in
   * `required` and the kinds of top-level properties whose `type` is a kind name.
   */
  setOutputSchema(schema: JsonSchema): Tool<P, unknown> {
    const copy = copyJsonObject(`Tool "${this.name}" setOutputSchema`, schema);
    this.checkOutputAllowed('setOutputSchema');
    const objectRoot = copy.type === 'object' || (copy.type === undefined && typeof copy.properties === 'object');
    this._output = { schema: objectRoot ? { type: 'object', ...copy } : copy, objectRoot };
    this.changed();
    return this as never;
  }

  /** Sets the human-readable title (`title`, 2025-06-18 on). */
  setTitle(title: string): this {
    this._title = checkText(`Tool "${this.name}" setTitle`, title);
    this.changed();
    return this;
  }

  /** Sets the behaviour hints hosts read (`annotations`, 2025-03-26 on). @example tool.setAnnotations({ readOnlyHint: true }) */
  setAnnotations(annotations: ToolAnnotations): this {
    this._annotations = checkAnnotations(`Tool "${this.name}" setAnnotations`, annotations);
    this.changed();
    return this;
  }

  /** Sets the tool's icons (`icons`, 2025-11-25 on). */
  setIcons(icons: readonly Icon[]): this {
    this._icons = checkIcons(`Tool "${this.name}" setIcons`, icons);
    this.changed();
    return this;
  }

  /** Sets the tool's `_meta` object (2025-06-18 on), copied. */
  setMeta(meta: JsonObject): this {
    this._meta = copyJsonObject(`Tool "${this.name}" setMeta`, meta);
    this.changed();
    return this;
  }

  /**
   * Gives the tool an MCP Apps view (`io.modelcontextprotocol/ui`): tools/list publishes
   * `_meta.ui` (merged with {@link setMeta}'s object) and the deprecated flat
   * `_meta["ui/resourceUri"]` that hosts still read, on versions with tool `_meta` (2025-06-18
   * on); the server then advertises the extension. Declare the view with
   * `decl.addAppResource(resourceUri, …)`. The result still needs meaningful `content` for hosts
   * without Apps; its `structuredContent` and `_meta` reach the view.
   * @throws TypeError unless `resourceUri` is a `ui://` URI and `visibility` a non-empty list of `"model"` | `"app"`.
   * @example decl.addTool('show_notes', 'Show the notes').setUi({ resourceUri: 'ui://notes/board' })
   */
  setUi(ui: ToolUi): this {
    this._ui = checkToolUi(`Tool "${this.name}" setUi`, ui);
    this.changed();
    return this;
  }

  /**
   * Sets the OAuth scopes a call of this tool needs, all of them. On an endpoint with the `auth`
   * option a token without them is answered 403 `insufficient_scope` (naming the scopes) before
   * the procedure runs; tools/list may leave such tools out (`auth.listOnlyPermittedTools`).
   * Not published in tools/list. Stdio and open endpoints do not check scopes. Changing the
   * scopes of a listed tool emits one `listChanged` (`ToolDeclaration.onChange`) for the callers
   * who could list it before or can now; set right after `addTool`, they are the addition's.
   * @example decl.addTool('admin_reset', 'Reset the server').setScopes(['admin'])
   */
  setScopes(scopes: readonly string[]): this {
    if (!Array.isArray(scopes)) throw new TypeError(`Tool "${this.name}" setScopes: expected an array of scope strings, got ${describe(scopes)}`);
    const list = scopeList(scopes);
    if (typeof list === 'number') {
      throw new TypeError(`Tool "${this.name}" setScopes: expected scopes[${list}] to be a scope (printable ASCII without spaces or quotes), got ${describe(scopes[list])}`);
    }
    const previous = this._scopes;
    this._scopes = list;
    this.changed();
    this.scopesChanged(previous);
    return this;
  }

  /**
   * Declares the client capabilities a call of this tool needs, as a `ClientCapabilities`
   * object (each value an object; nested keys are sub-capabilities that must be declared too).
   * A 2026-07-28 `tools/call` whose `_meta` `clientCapabilities` lacks one is refused before the
   * procedure runs: -32021 with `data.requiredCapabilities` holding the missing ones (HTTP 400).
   * Legacy requests declare capabilities once at `initialize` and are not checked.
   * @example decl.addTool('summarize', 'Summarize with the client\'s model').setRequiredCapabilities({ sampling: {} })
   */
  setRequiredCapabilities(capabilities: JsonObject): this {
    const what = `Tool "${this.name}" setRequiredCapabilities`;
    const copy = copyJsonObject(what, capabilities);
    for (const [key, value] of Object.entries(copy)) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new TypeError(`${what}: expected "${key}" to be a capability object such as {}, got ${describe(value)}`);
      }
    }
    this._requiredCapabilities = Object.keys(copy).length ? copy : undefined;
    return this;
  }

  /**
   * Lets calls of this tool run as tasks, which outlive their request: the client gets a task
   * handle at once and polls for the outcome (2026-07-28: the `io.modelcontextprotocol/tasks`
   * extension, when the request declares it). The procedure stays the same, with the same
   * context: `progress` sets the task's status message, `signal` aborts on `tasks/cancel`, and an
   * ask (`elicit`, `sample`, `listRoots`) makes the task `input_required` until the client answers.
   * `optional`: a client without tasks gets an ordinary call; `required`: it is refused (-32021).
   * @param options.begins - `immediately` (default): the task is created before the procedure
   * runs. `onBeginTask`: the procedure runs as an ordinary call — its asks are multi round-trip
   * rounds of the request — until it calls `context.beginTask()`; the call is then answered with
   * the task, and the procedure runs again from the start inside it, its earlier asks answered
   * as before. One that returns without calling it is answered with its result (no task).
   * @example decl.addTool('render', 'Render the video').setTaskSupport('required')
   */
  setTaskSupport(support: 'optional' | 'required', options: { readonly begins?: TaskBegins } = {}): this {
    const what = `Tool "${this.name}" setTaskSupport`;
    if (support !== 'optional' && support !== 'required') throw new TypeError(`${what}: expected "optional" or "required", got ${describe(support)}`);
    const begins = options?.begins ?? 'immediately';
    if (begins !== 'immediately' && begins !== 'onBeginTask') throw new TypeError(`${what}: expected begins to be "immediately" or "onBeginTask", got ${describe(begins)}`);
    this._taskSupport = support;
    this._taskBegins = begins;
    this.changed();
    return this;
  }

  /** The position of the named parameter, or `-1`. */
  getParamIndex(name: string): number {
    const params = this._params;
    for (let i = 0; i < params.length; i++) if (params[i].name === name) return i;
    return -1;
  }

  /**
   * Publishes a raw JSON Schema object verbatim as the tool's `inputSchema` (for schemas the
   * builder cannot express: `$defs`, `$ref`, 2020-12 keywords). Arguments map to positions in
   * the order of the schema's `properties` (names only listed in `required` come after them).
   * The dispatcher checks: names listed in `required` are present; names in neither are refused
   * (a procedure is positional); a top-level
   * property whose `type` is a kind name or a list of them has a value of that kind. Everything
   * else (`$ref`, `oneOf`, formats, ranges, nested members) is published, not enforced.
   * @example decl.addTool('lookup').setInputSchema({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] })
   */
  setInputSchema(schema: JsonSchema): Tool<readonly ParamSpec[], O> {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw new TypeError(`Tool "${this.name}" setInputSchema: expected a JSON Schema object, got ${describe(schema)}`);
    }
    if (this._params.length) throw new TypeError(`Tool "${this.name}": setInputSchema cannot be combined with addParam`);
    if (this._standardInput) throw new TypeError(`Tool "${this.name}": setInputSchema cannot be combined with setInput`);
    if (schema.type !== undefined && schema.type !== 'object') {
      throw new TypeError(`Tool "${this.name}" setInputSchema: an input schema must have "type": "object"`);
    }
    this._inputSchema = JSON.parse(JSON.stringify(schema)) as JsonSchema;
    this.changed();
    return this as never;
  }

  /**
   * Declares the tool's input with a Standard Schema V1 object — zod 4, valibot 1, arktype 2 or
   * any other library that implements it. The published `inputSchema` is the schema's Standard
   * JSON Schema (`~standard.jsonSchema.input`, draft 2020-12), or `options.jsonSchema`; its root
   * must be an object schema. A call's arguments (after the size, depth and `__proto__` checks)
   * are validated by the schema's own `~standard.validate` (sync or async), and the procedure
   * receives one object, the schema's output (defaults applied, transforms run), then the context.
   * A failure is answered as any invalid argument: an `isError` result naming each failing path
   * with the library's message (2025-11-25 on), -32602 before.
   * @throws TypeError for something that is not a Standard Schema, a schema with no JSON Schema
   * (valibot: wrap it with `toStandardJsonSchema` of `@valibot/to-json-schema`, or pass
   * `{ jsonSchema }`), a root that is not an object, or a tool that also has `addParam`/`setInputSchema`.
   * @example
   * const search = decl.addTool('search', 'Search the notes').setInput(z.object({ query: z.string(), limit: z.number().int().default(10) }));
   * defs.registerTool(search, ({ query, limit }) => find(query).slice(0, limit));
   */
  setInput<S extends StandardSchemaV1>(schema: S, options?: StandardSchemaOptions): Tool<StandardInput<S>, O> {
    if (this._params.length) throw new TypeError(`Tool "${this.name}": setInput cannot be combined with addParam`);
    if (this._inputSchema && !this._standardInput) throw new TypeError(`Tool "${this.name}": setInput cannot be combined with setInputSchema`);
    const json = this.standardSchema('setInput', schema, 'input', options);
    if (json.type !== 'object') throw new TypeError(`Tool "${this.name}" setInput: an input schema must be an object schema (z.object, v.object, type({ … })), got one with "type": ${JSON.stringify(json.type ?? null)}`);
    this._standardInput = schema;
    this._inputSchema = json;
    this.changed();
    return this as never;
  }

  /** The `inputSchema` tools/list publishes. */
  toInputSchema(): JsonSchema {
    if (this._inputSchema) return { type: 'object', ...this._inputSchema };
    return { type: 'object', ...propertiesSchema(this._params, this.schemaDialect), additionalProperties: false };
  }

  /** The `outputSchema` legacy versions publish (an object root; others wrapped as `result`), if any. */
  toOutputSchema(): JsonSchema | undefined {
    const output = this._output;
    if (!output) return undefined;
    return output.objectRoot ? output.schema : { type: 'object', properties: { result: output.schema }, required: ['result'] };
  }

  /** @internal This tool's `tools/list` entry with the fields `profile`'s version defines. */
  toListEntry(profile: ProtocolProfile): ToolListEntry {
    const entry: ToolListEntry = { name: this.name, description: this.description, inputSchema: this.toInputSchema() };
    if (profile.mcpHeaders && this._headers.size) {
      const properties = { ...(entry.inputSchema.properties as JsonSchema) };
      for (const [param, header] of this._headers) properties[param] = { ...(properties[param] as JsonSchema), 'x-mcp-header': header };
      entry.inputSchema = { ...entry.inputSchema, properties };
    }
    if (this._title !== undefined && profile.titles) entry.title = this._title;
    const outputSchema = !profile.structuredOutput ? undefined : profile.anyOutputRoot ? this._output?.schema : this.toOutputSchema();
    if (outputSchema) entry.outputSchema = outputSchema;
    if (this._annotations && profile.annotations) entry.annotations = { ...this._annotations };
    if (this._icons && profile.icons) entry.icons = this._icons.map((icon) => ({ ...icon }));
    const meta = this._ui ? withUi(this._meta, this._ui, this._ui.resourceUri) : this._meta;
    if (meta && profile.toolMeta) entry._meta = meta;
    if (this._taskSupport !== 'forbidden' && profile.experimentalTasks) entry.execution = { taskSupport: this._taskSupport };
    if (entry.title === undefined) return entry;
    // the schema's order: name, title, description, …
    const { name, title, ...rest } = entry;
    return { name, title, ...rest };
  }

  private checkHeader(name: string, type: Type, options: ParamOptions): void {
    const what = `Tool "${this.name}" addParam "${name}"`;
    if (typeof options !== 'object' || options === null) throw new TypeError(`${what}: expected an options object, got ${describe(options)}`);
    const unknown = Object.keys(options).find((key) => key !== 'header');
    if (unknown !== undefined) throw new TypeError(`${what}: unknown option "${unknown}" (known: header)`);
    const header = options.header;
    if (header === undefined) return;
    if (typeof header !== 'string' || !isHeaderToken(header)) throw new TypeError(`${what}: expected header to be a header-name token (letters, digits, !#$%&'*+-.^_\`|~), got ${JSON.stringify(header)}`);
    if (!['string', 'integer', 'boolean'].includes(type.typeId) || type instanceof NullableType) {
      throw new TypeError(`${what}: only string, integer and boolean parameters can be mirrored in a header`);
    }
    for (const existing of this._headers.values()) {
      if (existing.toLowerCase() === header.toLowerCase()) throw new RangeError(`${what}: header "${header}" is already used by another parameter`);
    }
    this._headers.set(name, header);
  }

  /** The JSON Schema published for a Standard Schema (`direction` of it, or `options.jsonSchema`), or a TypeError saying how to get one. */
  private standardSchema(method: string, schema: unknown, direction: 'input' | 'output', options: StandardSchemaOptions | undefined): JsonSchema {
    const what = `Tool "${this.name}" ${method}`;
    if (!isStandardSchema(schema)) throw new TypeError(`${what}: expected a Standard Schema (a zod, valibot or arktype schema …)${method === 'setOutput' ? ' or a Type' : ''}, got ${describe(schema)}`);
    if (options !== undefined && (typeof options !== 'object' || options === null)) throw new TypeError(`${what}: expected an options object, got ${describe(options)}`);
    const unknown = options && Object.keys(options).find((key) => key !== 'jsonSchema');
    if (unknown) throw new TypeError(`${what}: unknown option "${unknown}" (known: jsonSchema)`);
    if (options?.jsonSchema !== undefined) return publishedSchema(copyJsonObject(`${what} jsonSchema`, options.jsonSchema), this.schemaDialect);
    const json = standardJsonSchema(schema, direction);
    if (typeof json === 'string') {
      throw new TypeError(
        `${what}: no JSON Schema to publish for the ${direction}: ${json}. Pass one as ${method}(schema, { jsonSchema }), or give a schema with Standard JSON Schema (valibot: toStandardJsonSchema(schema) from @valibot/to-json-schema)`,
      );
    }
    return publishedSchema(json, this.schemaDialect);
  }

  private checkOutputAllowed(method: string): void {
    if (this.contentSet) throw new TypeError(`Tool "${this.name}": ${method} cannot be combined with setContent (structured output is written as JSON)`);
  }
}

brand(Tool, 'Tool');
