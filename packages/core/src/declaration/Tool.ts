/**
 * Tool: one entry of a ToolDeclaration — a name, a description, ordered parameters (each a
 * Property) and the ContentType its result is written with. Tools come from
 * `ToolDeclaration.addTool()`; application code never constructs one.
 */
import type { Type, JsonSchema } from '../schema/Type';
import { Property, checkPropertyArgs, describe } from '../schema/Property';
import { propertiesSchema } from '../schema/ObjectType';
import { touchSchema } from '../schema/revision';
import type { ContentType } from '../content/ContentType';
import { textContent } from '../content/TextContent';
import { brand } from '../brand';

/** A tool of a {@link ToolDeclaration}. */
export class Tool {
  private readonly _params: Property[] = [];
  private _content: ContentType = textContent();
  private _inputSchema: JsonSchema | undefined;

  /** @internal created by {@link ToolDeclaration.addTool}. */
  constructor(
    readonly name: string,
    readonly description: string,
  ) {}

  /** The parameters in declaration order (the order of the procedure's positional arguments). */
  get params(): readonly Property[] {
    return this._params;
  }

  /** The content type the result is written with (default {@link textContent}). */
  get content(): ContentType {
    return this._content;
  }

  /** The raw input schema set with {@link Tool.setInputSchema}, if any. */
  get rawInputSchema(): JsonSchema | undefined {
    return this._inputSchema;
  }

  /**
   * Appends a required parameter. Its name is the JSON member the client sends; its position
   * is the procedure's positional argument.
   * @example decl.addTool('add', 'Add two integers').addParam('a', integerType(), 'First operand')
   */
  addParam(name: string, type: Type, description = ''): this {
    if (this._inputSchema) throw new TypeError(`Tool "${this.name}": addParam cannot be combined with setInputSchema`);
    checkPropertyArgs(`Tool "${this.name}" addParam`, name, type, description);
    if (this.getParamIndex(name) >= 0) throw new RangeError(`Tool "${this.name}": duplicate parameter "${name}"`);
    this._params.push(new Property(name, type, description));
    touchSchema();
    return this;
  }

  /** Makes the named parameter optional (the procedure receives `undefined` when it is absent); an unknown name is ignored. */
  setOptional(name: string): this {
    this._params.find((p) => p.name === name)?.setOptional();
    return this;
  }

  /** Selects the content type of the result. */
  setContent(content: ContentType): this {
    if (typeof content !== 'object' || content === null || typeof content.getFormatter !== 'function') {
      throw new TypeError(`Tool "${this.name}" setContent: expected a ContentType, got ${describe(content)}`);
    }
    this._content = content;
    touchSchema();
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
  setInputSchema(schema: JsonSchema): this {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw new TypeError(`Tool "${this.name}" setInputSchema: expected a JSON Schema object, got ${describe(schema)}`);
    }
    if (this._params.length) throw new TypeError(`Tool "${this.name}": setInputSchema cannot be combined with addParam`);
    if (schema.type !== undefined && schema.type !== 'object') {
      throw new TypeError(`Tool "${this.name}" setInputSchema: an input schema must have "type": "object"`);
    }
    this._inputSchema = JSON.parse(JSON.stringify(schema)) as JsonSchema;
    touchSchema();
    return this;
  }

  /** The `inputSchema` tools/list publishes. */
  toInputSchema(): JsonSchema {
    if (this._inputSchema) return { type: 'object', ...this._inputSchema };
    return { type: 'object', ...propertiesSchema(this._params), additionalProperties: false };
  }
}

brand(Tool, 'Tool');
