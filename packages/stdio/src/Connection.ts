/**
 * Connection: what Service and StdioService share — one dispatcher, one Session (the version
 * negotiated by initialize, the calls in flight), and the framing of the last message read,
 * which replies default to.
 */
import { Dispatcher, DispatcherOptions, ServiceDefinition, Session, ToolDeclaration } from '@toolwire/core';
import { DEFAULT_FRAMING, FramedMessage, Framing } from './framing/Framing';
import { frameMessage } from './framing/frameMessage';

/** One stdio connection's protocol state. */
export class Connection {
  readonly dispatcher: Dispatcher;
  readonly session = new Session();
  private lastFraming: Framing = DEFAULT_FRAMING;

  constructor(defs: ServiceDefinition, decl: ToolDeclaration, options: DispatcherOptions = {}) {
    this.dispatcher = new Dispatcher(defs, decl, options);
  }

  /** The framing of the last message read (Content-Length before any). */
  get framing(): Framing {
    return this.lastFraming;
  }

  /** Records a message just read and returns its text; `''` for the end of the stream. */
  received(message: FramedMessage | undefined): string {
    if (!message) return '';
    this.lastFraming = message.framing;
    return message.text;
  }

  /** Frames a reply; without an explicit framing, the framing of the last message read. */
  frame(json: string, framing: Framing = this.lastFraming): string {
    return frameMessage(json, framing);
  }
}
