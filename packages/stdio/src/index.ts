/**
 * @toolwire/stdio — serve toolwire MCP tools over standard I/O: the synchronous Service, the
 * asynchronous StdioService, the serveStdio loop, and the framing they share
 * (Content-Length and newline-delimited JSON, detected per message).
 */
// The declarations use Node's types (streams, Buffer, NodeJS): the reference makes them load
// under TypeScript 7 too, whose default `types` is empty (install @types/node).
/// <reference types="node" preserve="true" />
export { Connection } from './Connection';
export type { StdioOptions } from './Connection';
export { Service } from './Service';
export type { TextSink } from './Service';
export { StdioService } from './StdioService';
export { serveStdio } from './serveStdio';
export type { ServeStdioOptions } from './serveStdio';
export { consoleToStderr } from './consoleToStderr';

export { MemorySource } from './io/MemorySource';
export { FdSource } from './io/FdSource';
export type { SyncSource } from './io/SyncSource';

export { MessageReader } from './framing/MessageReader';
export { frameMessage } from './framing/frameMessage';
export { DEFAULT_FRAMING, DEFAULT_MAX_HEADER_BYTES, DEFAULT_MAX_MESSAGE_BYTES } from './framing/Framing';
export type { Framing, FramedMessage } from './framing/Framing';
