/**
 * The ContentType extension point: a content type written here, outside the library, plugs into
 * the dispatcher through the documented hooks only.
 */
import { ContentFormatter, ContentType, Dispatcher, FormatContext, Formatter, ServiceDefinition, ToolDeclaration, ValueBuilder } from '@toolwire/core';

/** Writes the result as pretty JSON text inside a text block (per-request state on the formatter). */
class JsonTextFormatter extends ContentFormatter {
  private readonly builder = new ValueBuilder();
  constructor(private readonly indent: number, context?: FormatContext) {
    super(context);
  }
  protected onBeginContent(): void {
    this.write('{"type":"text","text":');
  }
  protected onBeginFormat(): Formatter {
    return this.builder;
  }
  protected onFinishContent(): void {
    this.write(JSON.stringify(JSON.stringify(this.builder.value, null, this.indent) + ` (${this.context.protocolVersion})`) + '}');
  }
}

class JsonTextContent extends ContentType {
  released = 0;
  constructor(private readonly indent: number) {
    super();
  }
  getFormatter(context?: FormatContext): ContentFormatter {
    return new JsonTextFormatter(this.indent, context);
  }
  override releaseFormatter(): void {
    this.released++;
  }
}

describe('a custom ContentType', () => {
  it('writes the block its formatter produces, with the protocol version it was given, and is released', async () => {
    const content = new JsonTextContent(1);
    const defs = new ServiceDefinition().registerProcedure('point', () => ({ x: 1, y: [2] }));
    const decl = new ToolDeclaration('t', '1');
    decl.addTool('point').setContent(content);
    const d = new Dispatcher(defs, decl);
    const { body } = await d.dispatch('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"point"}}', { protocolVersion: '2025-11-25' });
    expect(JSON.parse(body)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: '{\n "x": 1,\n "y": [\n  2\n ]\n} (2025-11-25)' }], isError: false },
    });
    expect(content.released).toBe(1);
  });

  it('is released even when formatting fails, and the failure is an internal error', async () => {
    class Failing extends JsonTextContent {
      override getFormatter(): ContentFormatter {
        return new (class extends JsonTextFormatter {
          protected override onFinishContent(): void {
            throw new Error('formatter bug');
          }
        })(0);
      }
    }
    const content = new Failing(0);
    const onError = jest.fn();
    const defs = new ServiceDefinition().registerProcedure('p', () => 1);
    const decl = new ToolDeclaration('t', '1');
    decl.addTool('p').setContent(content);
    const { body } = await new Dispatcher(defs, decl, { onError }).dispatch('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"p"}}');
    expect(JSON.parse(body).error).toEqual({ code: -32603, message: 'Internal error' });
    expect(content.released).toBe(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'formatter bug' }), { requestId: 2, method: 'tools/call', tool: 'p' });
  });
});
