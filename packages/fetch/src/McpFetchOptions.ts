/**
 * McpFetchOptions: what `mcpFetchHandler` accepts — the same options as `@toolwire/express`
 * (core's `HttpOptions`: the dispatcher's plus the HTTP rules'), checked once by core.
 */
import type { HttpOptions } from '@toolwire/core';

/**
 * Options of {@link mcpFetchHandler}: `allowedOrigins`, `allowedHosts`, `maxBodyBytes`,
 * `maxSseBufferBytes`, `auth`, `strictAccept`, `exposeInternalErrors`, `onError`. A Web runtime hands over no socket, so
 * without `allowedHosts` only the Host names `localhost`, `127.0.0.1` and `[::1]` pass: a
 * deployed server lists its public host names in `allowedHosts`.
 */
export type McpFetchOptions = HttpOptions;
