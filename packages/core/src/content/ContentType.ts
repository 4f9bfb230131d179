/**
 * ContentType and ContentFormatter: how a decomposed result becomes an MCP content block.
 * A ContentType is stateless (singletons are shared by every request); each request gets its
 * own ContentFormatter, which holds all per-request state.
 */
import type { Formatter } from './Formatter';
import { LATEST_PROTOCOL_VERSION, profileFor, ProtocolProfile } from '../protocol/profile';
import { brand } from '../brand';

/** A string sink the content bytes are written to. */
export interface OutputSink {
  write(chunk: string): void;
}

/** What a formatter may know about the request it formats for. */
export interface FormatContext {
  /** The protocol version in force; formatters leave out what that version does not have. */
  readonly protocolVersion: string;
  /** What that version has (content kinds, fields); derived from `protocolVersion` when left out. */
  readonly profile?: ProtocolProfile;
}

/** The profile of a format context. */
export function profileOf(context: FormatContext): ProtocolProfile {
  return context.profile ?? profileFor(context.protocolVersion);
}

/**
 * Writes one tools/call `content` array. The caller drives `beginContent(out)`, drains the
 * decomposed result into the Formatter it returns, then calls `finishContent(out)`.
 * Subclasses implement the hooks and write through {@link ContentFormatter.write}.
 */
export abstract class ContentFormatter {
  private sink: OutputSink | undefined;

  /** @param context - the request's format context (protocol version). */
  constructor(protected readonly context: FormatContext = { protocolVersion: LATEST_PROTOCOL_VERSION }) {}

  /** Writes `"content":[` and the block's opening, and returns the Formatter to drain the result into. */
  beginContent(out: OutputSink): Formatter {
    this.sink = out;
    out.write('"content":[');
    this.onBeginContent();
    return this.onBeginFormat();
  }

  /** Writes the block's closing and `]`. May throw a JsonRpcFault when the result did not fit the content type. */
  finishContent(out: OutputSink): void {
    this.sink = out;
    try {
      this.onFinishContent();
      out.write(']');
    } finally {
      this.sink = undefined;
    }
  }

  /** Writes the opening of the block (for example `{"type":"text","text":`). */
  protected abstract onBeginContent(): void;
  /** Returns the Formatter the decomposed result is drained into. */
  protected abstract onBeginFormat(): Formatter;
  /** Flushes buffered output and writes the closing of the block. */
  protected abstract onFinishContent(): void;

  /** Writes a chunk to the current output (only between beginContent and finishContent). */
  protected write(chunk: string): void {
    this.output().write(chunk);
  }

  /** The current output sink. */
  protected output(): OutputSink {
    if (!this.sink) throw new Error('ContentFormatter: no output outside beginContent/finishContent');
    return this.sink;
  }
}

/**
 * Chooses how a tool's result becomes MCP content. Must be stateless: it may read immutable
 * configuration, and every per-request buffer lives on the ContentFormatter it creates.
 */
export abstract class ContentType {
  /** Creates the formatter for one result. */
  abstract getFormatter(context?: FormatContext): ContentFormatter;

  /** Releases a formatter from {@link getFormatter}, whether formatting completed or was abandoned. */
  releaseFormatter(formatter: ContentFormatter): void {
    void formatter;
  }
}

brand(ContentType, 'ContentType');
