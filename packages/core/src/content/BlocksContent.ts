/**
 * BlocksContent and ResourceContent: content types whose result is a structure the formatter
 * must see whole — an array of content blocks (`blocksContent()`) or one embedded resource
 * (`resourceContent()`). The result is composed with a ValueBuilder, checked, then written.
 */
import { ContentFormatter, ContentType, FormatContext, profileOf } from './ContentType';
import type { Formatter } from './Formatter';
import { ValueBuilder } from './ValueBuilder';
import { blockJson, BlockShapeError } from './blocks';
import { JsonRpcFault } from '../faults/JsonRpcFault';
import { ErrorCodes } from '../faults/ErrorCodes';

/** Writes the blocks `toBlocks` makes of the composed result; shape problems become -32603. */
class StructuredFormatter extends ContentFormatter {
  private readonly builder = new ValueBuilder();

  constructor(
    private readonly toBlocks: (value: unknown) => unknown[],
    private readonly label: string,
    context?: FormatContext,
  ) {
    super(context);
  }

  protected onBeginContent(): void {}

  protected onBeginFormat(): Formatter {
    return this.builder;
  }

  protected onFinishContent(): void {
    const profile = profileOf(this.context);
    try {
      const blocks = this.toBlocks(this.builder.value);
      this.write(blocks.map((b, i) => blockJson(b, profile, blocks.length > 1 ? `${this.label} ${i}` : this.label)).join(','));
    } catch (error) {
      if (error instanceof BlockShapeError) throw new JsonRpcFault(error.message, ErrorCodes.InternalError);
      throw error;
    }
  }
}

/**
 * The result is an array of content blocks built with `text()`, `image()`, `audio()`,
 * `resource()` and `resourceLink()` (a single block is accepted too); the content array is
 * exactly those blocks, binary as base64.
 */
export class BlocksContent extends ContentType {
  getFormatter(context?: FormatContext): ContentFormatter {
    return new StructuredFormatter(
      (value) => {
        if (Array.isArray(value)) return value;
        if (typeof value === 'object' && value !== null) return [value];
        throw new BlockShapeError(`blocks content: expected the tool to return an array of content blocks, got ${value === undefined ? 'nothing' : value === null ? 'null' : typeof value}`);
      },
      'content block',
      context,
    );
  }
}

/** The result `{ uri, mimeType?, text }` or `{ uri, mimeType?, blob }` becomes one embedded resource block. */
export class ResourceContent extends ContentType {
  getFormatter(context?: FormatContext): ContentFormatter {
    return new StructuredFormatter((value) => [{ type: 'resource', resource: value }], 'resource content', context);
  }
}

const BLOCKS = new BlocksContent();
const RESOURCE = new ResourceContent();

/** The process-wide {@link BlocksContent}: a procedure returns content blocks. */
export function blocksContent(): BlocksContent {
  return BLOCKS;
}

/** The process-wide {@link ResourceContent}: a procedure returns one resource's contents. */
export function resourceContent(): ResourceContent {
  return RESOURCE;
}
