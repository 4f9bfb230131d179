/**
 * Connection: the base Service and StdioService share — one dispatcher, one Session (the
 * version negotiated by initialize, the calls in flight), and the framing of the last message
 * read, which replies default to.
 */
import { Dispatcher, DispatcherOptions, ServiceDefinition, Session, ToolDeclaration } from '@toolwire/core';
import { DEFAULT_FRAMING, FramedMessage, Framing } from './framing/Framing';
import { frameMessage } from './framing/frameMessage';

/** One stdio connection's protocol state; the base of {@link Service} and {@link StdioService}. */
export abstract class Connection {
  protected readonly dispatcher: Dispatcher;
  /** This connection's state: the negotiated protocol version and the calls in flight. */
  readonly session = new Session();
  private lastFraming: Framing = DEFAULT_FRAMING;

  /** The declaration and definition are not copied; changes to them are seen by later calls. */
  constructor(defs: ServiceDefinition, decl: ToolDeclaration, options: DispatcherOptions = {}) {
    this.dispatcher = new Dispatcher(defs, decl, options);
  }

  /** The framing of the last message read (`'content-length'` before any). */
  get framing(): Framing {
    return this.lastFraming;
  }

  /** Records a message just read and returns its text; `''` for the end of the stream. */
  protected received(message: FramedMessage | undefined): string {
    if (!message) return '';
    this.lastFraming = message.framing;
    return message.text;
  }

  /** Frames a reply; without an explicit framing, the framing of the last message read. */
  protected frame(json: string, framing: Framing = this.lastFraming): string {
    return frameMessage(json, framing);
  }
}
