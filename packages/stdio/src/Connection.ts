/**
 * Connection: the base Service and StdioService share — one dispatcher, one Session (the
 * version negotiated by initialize, the calls in flight), and the framing of the last message
 * read, which replies default to. Messages pass inside as {@link FramedMessage}s and replies as
 * `string | undefined` (`undefined`: nothing to send); the seed's string API (`readMessage`
 * returning `''` at the end, `dispatch` returning `''` for nothing to send) is a thin layer over
 * that, and only it needs a placeholder text for a message over the size limit.
 */
import { Dispatcher, DispatcherOptions, ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import { Session } from '@toolwire/core/transport';
import type { DispatchResult } from '@toolwire/core/transport';
import { checkDispatcherArguments, checkDispatcherOptions, createDispatcher, describeArgument, refusalResponse } from '@toolwire/core/transport';
import { DEFAULT_FRAMING, DEFAULT_MAX_MESSAGE_BYTES, FramedMessage, Framing } from './framing/Framing';
import { frameMessage } from './framing/frameMessage';

/** The options the stdio services take besides the dispatcher's, for the list an unknown option's error gives. */
const STDIO_OPTION_NAMES: readonly string[] = Object.freeze(['maxMessageBytes']);

/** Options of the stdio services: the dispatcher's, plus the message size limit. */
export interface StdioOptions extends DispatcherOptions {
  /**
   * The largest message read (default 16 MiB). A larger one is skipped as it arrives, never
   * buffered whole, and answered with a -32600 error (`id: null`). A Content-Length header block
   * is limited to 8 KiB (`DEFAULT_MAX_HEADER_BYTES`), or to this when it is smaller.
   */
  maxMessageBytes?: number;
}

/** One stdio connection's protocol state; the base of {@link Service} and {@link StdioService}. */
export abstract class Connection {
  protected readonly dispatcher: Dispatcher;
  /** This connection's state: the negotiated protocol version and the calls in flight. */
  readonly session = new Session();
  /** The message size limit the readers of this connection apply. */
  protected readonly maxMessageBytes: number;
  private lastFraming: Framing = DEFAULT_FRAMING;
  /** Placeholders of messages over the limit that the string API read and did not yet dispatch, with their replies. */
  private readonly refusals = new Map<string, string>();
  private skipped = 0;

  /**
   * The declaration and definition are not copied; changes to them are seen by later calls.
   * @param owner - @internal the name setup errors start with (`serveStdio` passes its own).
   * @throws TypeError for a missing or swapped argument or an unknown or mistyped option.
   */
  constructor(defs: ServiceDefinition, decl: ToolDeclaration, options: StdioOptions = {}, owner = `new ${new.target.name}`) {
    if (typeof options !== 'object' || options === null) throw new TypeError(`${owner}: expected an options object, got ${describeArgument(options)}`);
    const { maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES, ...dispatcherOptions } = options;
    // the arguments first, then the options, so an unknown one is listed with this transport's own
    checkDispatcherArguments(owner, defs, decl, undefined);
    checkDispatcherOptions(owner, dispatcherOptions, STDIO_OPTION_NAMES);
    this.dispatcher = createDispatcher(owner, defs, decl, dispatcherOptions); // checked above: not again
    if (!Number.isSafeInteger(maxMessageBytes) || maxMessageBytes < 1) {
      throw new RangeError(`@toolwire/stdio: expected maxMessageBytes to be a positive integer, got ${String(maxMessageBytes)}`);
    }
    this.maxMessageBytes = maxMessageBytes;
  }

  /** The framing of the last message read (`'content-length'` before any). */
  get framing(): Framing {
    return this.lastFraming;
  }

  /** Records a message just read (replies default to its framing) and hands it on; `undefined` at the end of the stream. */
  protected received(message: FramedMessage | undefined): FramedMessage | undefined {
    if (message) this.lastFraming = message.framing;
    return message;
  }

  /** The -32600 reply to a message over the size limit (`id: null`), or `undefined` for a message that was read whole. */
  protected oversizeReply(message: FramedMessage): string | undefined {
    return message.tooLarge === undefined ? undefined : refusalResponse(oversizeReason(message, this.maxMessageBytes));
  }

  /**
   * The string API's text of a message read: its text, `''` at the end of the stream, and for a
   * message over the size limit a placeholder that {@link refused} answers (the string API has no
   * other way to carry it to `dispatch`; {@link FramedMessage} carries it as `tooLarge`).
   */
  protected textOf(message: FramedMessage | undefined): string {
    if (!message) return '';
    const reply = this.oversizeReply(message);
    if (reply === undefined) return message.text;
    const placeholder = `\u0000toolwire: oversize message ${++this.skipped} skipped\u0000`;
    this.refusals.set(placeholder, reply);
    return placeholder;
  }

  /** The reply to the placeholder of a message over the limit, or `undefined` for any other text. */
  protected refused(json: string): string | undefined {
    if (this.refusals.size === 0 || json.charCodeAt(0) !== 0) return undefined;
    const reply = this.refusals.get(json);
    this.refusals.delete(json);
    return reply;
  }

  /** Frames a reply; without an explicit framing, the framing of the last message read. */
  protected frame(json: string, framing: Framing = this.lastFraming): string {
    return frameMessage(json, framing);
  }
}

/** The reply text of a dispatch result: `undefined` when nothing is to be sent (core's body is then `''`). */
export function replyOf(result: DispatchResult): string | undefined {
  return result.body === '' ? undefined : result.body;
}

/** Why a message over a limit was refused: its size against the message limit, or the header block's. */
function oversizeReason(message: FramedMessage, maxMessageBytes: number): string {
  if (message.headerLimit !== undefined) return `Invalid Request: header block of more than ${message.headerLimit} bytes exceeds the limit of ${message.headerLimit} bytes`;
  const size = message.framing === 'newline' ? `more than ${maxMessageBytes}` : String(message.tooLarge);
  return `Invalid Request: message of ${size} bytes exceeds the limit of ${maxMessageBytes} bytes`;
}
