/**
 * McpTestClientOptions: what a test client is told — the version or era it speaks, where and with
 * which headers it posts, who it says it is, the capabilities and ask handlers it declares, the
 * log level it asks for and how many rounds of asks it answers — checked and resolved once, when
 * the client is made (a malformed option is a TypeError at once, naming what it got).
 */
import { LATEST_MODERN_VERSION, LATEST_PROTOCOL_VERSION, isLoggingLevel, isModernVersion } from '@toolwire/core';
import type { LoggingLevel } from '@toolwire/core';
import { describeArgument } from '@toolwire/core/transport';
import { capabilitiesOf } from './askHandlers';
import type { AskHandlers } from './askHandlers';

/** Options of {@link mcpTestClient}. */
export interface McpTestClientOptions extends AskHandlers {
  /**
   * The protocol version to speak. A 2026-07-28 (or later) version speaks the modern era: the
   * `_meta` envelope and the `Mcp-*` headers on every request. Default: core's latest legacy
   * version, or `2026-07-28` with `era: 'modern'`.
   */
  protocolVersion?: string;
  /** `'modern'` speaks 2026-07-28 (the same as `protocolVersion: '2026-07-28'`); default `'legacy'` unless the version is modern. */
  era?: 'legacy' | 'modern';
  /** Where the endpoint is mounted (default `/mcp`); not used for a URL (it names its path), a Dispatcher or stdio. */
  path?: string;
  /** Extra request headers, e.g. `{ Authorization: 'Bearer …', Origin: … }`; not used for a Dispatcher or stdio. */
  headers?: Record<string, string>;
  /** The `clientInfo` sent (`initialize`; 2026-07-28: in every `_meta`). Default `{ name: 'toolwire-test-client', version: '1.0.0' }`. */
  clientInfo?: { name: string; version: string };
  /** More client capabilities to declare, beside those of the handlers (`onElicit` declares `elicitation`, …). */
  capabilities?: Record<string, unknown>;
  /** 2026-07-28: the `logLevel` every request asks for (servers send no log messages without one). Default `'debug'`; `false` sends none. */
  logLevel?: LoggingLevel | false;
  /** The most `input_required` results one call answers; one more throws (default 10). */
  maxInputRounds?: number;
}

/** The options, checked, with their defaults. */
export interface ResolvedOptions {
  readonly protocolVersion: string;
  readonly era: 'legacy' | 'modern';
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly clientInfo: { name: string; version: string };
  readonly handlers: AskHandlers;
  readonly capabilities: Readonly<Record<string, unknown>>;
  readonly logLevel: LoggingLevel | undefined;
  readonly maxInputRounds: number;
}

/**
 * Checks the options and fills in their defaults.
 * @throws TypeError for a malformed option, or an era that does not speak the version.
 */
export function resolveOptions(options: McpTestClientOptions): ResolvedOptions {
  if (typeof options !== 'object' || options === null) throw new TypeError(`mcpTestClient: expected an options object, got ${describeArgument(options)}`);
  const { era, protocolVersion: asked, logLevel = 'debug', maxInputRounds = 10 } = options;
  if (era !== undefined && era !== 'legacy' && era !== 'modern') throw new TypeError(`mcpTestClient: expected era 'legacy' or 'modern', got ${describeArgument(era)}`);
  const protocolVersion = asked ?? (era === 'modern' ? LATEST_MODERN_VERSION : LATEST_PROTOCOL_VERSION);
  const spoken = isModernVersion(protocolVersion) ? 'modern' : 'legacy';
  if (era !== undefined && era !== spoken) throw new TypeError(`mcpTestClient: era '${era}' does not speak protocol version ${protocolVersion}`);
  if (logLevel !== false && !isLoggingLevel(logLevel)) throw new TypeError(`mcpTestClient: expected logLevel to be a logging level or false, got ${describeArgument(logLevel)}`);
  if (!Number.isInteger(maxInputRounds) || maxInputRounds < 1) throw new TypeError(`mcpTestClient: expected maxInputRounds to be a positive integer, got ${describeArgument(maxInputRounds)}`);
  for (const name of ['onElicit', 'onSample', 'onListRoots'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') throw new TypeError(`mcpTestClient: expected ${name} to be a function, got ${describeArgument(options[name])}`);
  }
  const handlers = { onElicit: options.onElicit, onSample: options.onSample, onListRoots: options.onListRoots };
  return {
    protocolVersion,
    era: spoken,
    path: options.path ?? '/mcp',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...options.headers },
    clientInfo: options.clientInfo ?? { name: 'toolwire-test-client', version: '1.0.0' },
    handlers,
    capabilities: Object.freeze({ ...capabilitiesOf(handlers), ...options.capabilities }),
    logLevel: logLevel === false ? undefined : logLevel,
    maxInputRounds,
  };
}
