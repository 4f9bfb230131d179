/**
 * TextContent: the default content type. The result becomes compact YAML-like text inside an
 * MCP text block: `{"type":"text","text":"..."}`.
 */
import { ContentFormatter, ContentType, FormatContext } from './ContentType';
import type { Formatter } from './Formatter';
import { YamlTextFormatter } from './YamlTextFormatter';

/** Writes a text block from a {@link YamlTextFormatter}. */
export class TextFormatter extends ContentFormatter {
  private readonly yaml = new YamlTextFormatter();

  protected onBeginContent(): void {
    this.write('{"type":"text","text":');
  }

  protected onBeginFormat(): Formatter {
    return this.yaml;
  }

  protected onFinishContent(): void {
    this.write(JSON.stringify(this.yaml.text) + '}');
  }
}

/** The text content type: results as YAML-like text (the default of every tool). */
export class TextContent extends ContentType {
  getFormatter(context?: FormatContext): ContentFormatter {
    return new TextFormatter(context);
  }
}

const TEXT = new TextContent();

/** The process-wide {@link TextContent} instance, the default content type of every tool. */
export function textContent(): TextContent {
  return TEXT;
}
