/**
 * serveStdio: the ready-made stdio server loop. It reads messages as they arrive, dispatches
 * each without waiting for earlier ones (so replies may come out of order), answers each in its
 * request's framing (replies ready in the same turn of the event loop go out in one write, before
 * the loop waits for more input), writes the notifications of a tool call (progress, log
 * messages) in the same framing before its response — and, once notifications went out, holds
 * responses until the client answered a ping, so a client that handles notifications late still
 * sees them first (see ReplyWriter) — keeps console output off stdout, and at the end of input
 * waits for the calls in flight before it resolves. A broken output (EPIPE) ends it quietly.
 */
import type { Readable, Writable } from 'node:stream';
import { pingRequest } from '@toolwire/core/transport';
import type { Era } from '@toolwire/core';
import type { ServiceDefinition, ToolDeclaration } from '@toolwire/core';
import type { StdioOptions } from './Connection';
import { StdioService } from './StdioService';
import { WAIT } from './io/StreamMessageSource';
import { consoleToStderr } from './consoleToStderr';
import { ReplyWriter } from './io/ReplyWriter';
import type { Barrier } from './io/ReplyWriter';
import { frameMessage } from './framing/frameMessage';
import type { Framing } from './framing/Framing';

/** Options of {@link serveStdio}: the streams, plus the stdio options (dispatcher options, `maxMessageBytes`). */
export interface ServeStdioOptions extends StdioOptions {
  /** Where requests come from; default `process.stdin`. */
  input?: Readable;
  /** Where replies go; default `process.stdout`. Nothing else is written to it. */
  output?: Writable;
  /**
   * Whether responses that follow notifications wait for the client's answer to a `ping` the
   * server sends right after them (default `true`): the official 1.x SDK client handles a
   * notification a microtask after a response read with it, and would lose progress otherwise.
   * `false` for a client known to handle messages in order: nothing is held, and no ping is sent.
   */
  flushPing?: boolean;
}

/**
 * Serves `decl` and `defs` over stdio until the input ends.
 * Resolves once every reply to a request received before the end has been written, or as soon
 * as the output fails (the client went away; calls in flight are aborted). Rejects when the
 * input stream errors (after the replies in flight are written).
 * @example
 * await serveStdio(defs, decl); // process.stdin → process.stdout
 */
export async function serveStdio(defs: ServiceDefinition, decl: ToolDeclaration, options: ServeStdioOptions = {}): Promise<void> {
  const { input = process.stdin, output = process.stdout, flushPing = true, ...stdioOptions } = options ?? {};
  if (typeof flushPing !== 'boolean') throw new TypeError(`serveStdio: option flushPing: expected a boolean, got ${typeof flushPing}`);
  const service = new StdioService(defs, decl, stdioOptions, 'serveStdio');
  const replies = new Set<Promise<void>>();
  let outputGone = false;
  let stopped: () => void = () => undefined;
  const whenStopped = new Promise<void>((resolve) => (stopped = resolve));
  const stop = (): void => {
    if (outputGone) return;
    outputGone = true;
    service.release(input);
    service.session.abortAll(new Error('stdio output closed'));
    stopped();
  };
  output.on('error', stop);
  output.on('close', stop);
  let pings = 0;
  const barrier: Barrier = {
    request: (onAnswer) => {
      const id = `toolwire-flush-${++pings}`;
      service.session.expectResponse(id, onAnswer);
      return frameMessage(pingRequest(id), service.framing);
    },
  };
  const writer = new ReplyWriter(output, stop, flushPing ? barrier : undefined);
  // one sink per framing, made once: a notification goes out in its request's framing
  const notifiers: Record<Framing, (json: string, era?: Era) => void> = {
    newline: (json, era) => writer.notify(frameMessage(json, 'newline'), era !== 'modern'),
    'content-length': (json, era) => writer.notify(frameMessage(json, 'content-length'), era !== 'modern'),
  };
  const restoreConsole = consoleToStderr();

  let inputError: { error: unknown } | undefined;
  try {
    let handled = 0; // messages answered since the loop last gave the event loop a turn
    for (;;) {
      let message = service.readBuffered(input);
      if (message === WAIT) {
        // every buffered message is answered: its replies go out now, not a turn later; then wait
        handled = 0;
        writer.flushNow();
        await service.waitForInput(input);
        if (outputGone) break;
        continue;
      }
      if (handled === TURN_MESSAGES) {
        // let the replies of a long burst go out and other work run
        handled = 0;
        writer.flushNow();
        message = await nextTurn(message);
      }
      if (message === undefined || outputGone) break;
      handled++;
      const framing = message.framing;
      const body = service.handle(message, notifiers[framing]);
      if (typeof body === 'string') {
        writer.queue(frameMessage(body, framing)); // answered on the spot: no closure, no Promise, no timer (flushed before the loop yields)
      } else if (body !== undefined) {
        const reply = body.then((json) => (outputGone || json === undefined ? undefined : writer.write(frameMessage(json, framing)))).catch(stop);
        replies.add(reply);
        void reply.then(() => replies.delete(reply));
      }
      if (output.writableNeedDrain) {
        writer.flushNow();
        await drained(output); // false once the output is destroyed
      }
    }
  } catch (error) {
    inputError = { error };
  }
  service.session.inputEnded(); // asks to the client can no longer be answered
  try {
    if (!outputGone) await Promise.race([Promise.all(replies).then(() => writer.settle()), whenStopped]);
  } finally {
    service.release(input);
    output.off('error', stop);
    output.off('close', stop);
    restoreConsole();
  }
  if (inputError) throw inputError.error;
}

/**
 * How many messages already buffered are answered in one turn of the event loop before the loop
 * yields: a long pipelined burst still gets its replies written, and timers and other I/O
 * (asynchronous tools finishing) their turn, every so often.
 */
const TURN_MESSAGES = 1024;

/** Resolves with `value` after the current turn of the event loop (after its I/O and immediates). */
function nextTurn<T>(value: T): Promise<T> {
  return new Promise((resolve) => setImmediate(() => resolve(value)));
}

/** Resolves when the output drains, or fails (then the loop stops). */
function drained(output: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      for (const event of ['drain', 'error', 'close']) output.off(event, done);
      resolve();
    };
    for (const event of ['drain', 'error', 'close']) output.on(event, done);
  });
}
