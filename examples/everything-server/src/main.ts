#!/usr/bin/env node
/**
 * The everything server. `--port N` (default `$PORT` or 3001; 0 picks a free port) serves
 * `http://127.0.0.1:N/mcp` and logs the bound URL to stderr; `--stdio` serves standard I/O;
 * `--max-running-tasks-per-principal N` raises the open endpoint's share of running tasks (its
 * callers are all the one anonymous principal; default 100 per instance).
 * `--page-size N` pages tools/list N tools at a time; `--call-timeout-ms N` answers a call still
 * running after N ms with `isError: true` "timed out after N ms" and aborts its signal;
 * `--schema-dialect portable` writes the schemas without type arrays (`schemaDialect: 'portable'`).
 * `--server-card` serves the (experimental) server card at `/mcp/server-card`; `--server-json`
 * prints the MCP registry's `server.json` of the same declaration to stdout and exits.
 * `--auth-issuer URL --auth-resource URL`
 * make the HTTP endpoint an OAuth protected resource: JWT access tokens of that issuer, issued
 * for that resource (the endpoint's public URL), are required, `admin_reset` needs the scope
 * `admin`, and the RFC 9728 metadata is served at `/.well-known/oauth-protected-resource/<path
 * of the resource>`. Stdio stays unauthenticated (the MCP specification says not to use OAuth there).
 * `--task-store redis://HOST:PORT` keeps the tasks in Redis (`@toolwire/redis`) instead of in this
 * process's memory, so several instances behind one Redis share them (`--task-key-prefix P`
 * separates deployments; `--task-lease-ms N` is how long a task outlives a crash of the instance
 * running it before it turns `failed`); the store is connected before the server listens, and
 * closed on SIGTERM/SIGINT or when stdin ends. `--task-store rediss://HOST:PORT` talks TLS:
 * `--task-store-ca FILE` is the PEM CA that signed Redis's certificate (default: Node's CAs),
 * `--task-store-cert FILE --task-store-key FILE` a client certificate for a Redis that requires one.
 * `--redis redis://HOST:PORT` puts the tasks (unless `--task-store` names another), the rate
 * limits' counters and `ctx.state` in that Redis; `--rate-limit N/WINDOW` limits each caller's
 * tools/call (`5/1s`); `--audit-log FILE` appends one JSON line per call (`fleet.ts`); with it the notification bus
 * is there too: a `subscriptions/listen` held by one instance hears the list changes and resource
 * updates of every instance, and the triggers (`test_trigger_*`) fired through one instance are
 * applied on all of them (`sharedTriggers.ts`).
 */
import express from 'express';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mcpErrorHandler, mcpRouter, protectedResourceMetadata } from '@toolwire/express';
import type { AuthOptions } from '@toolwire/express';
import { registryEntry } from '@toolwire/core';
import type { SchemaDialect, TaskStore } from '@toolwire/core';
import { jwtVerifier } from '@toolwire/jwt';
import { RedisNotificationBus, RedisTaskStore, redactRedisUrl } from '@toolwire/redis';
import { MemoryNotificationBus } from '@toolwire/core';
import type { NotificationBus } from '@toolwire/core';
import { SharedTriggers } from './sharedTriggers';
import type { RedisTlsOptions } from '@toolwire/redis';
import { serveStdio } from '@toolwire/stdio';
import { createEverythingService } from './everything';
import { EVERYTHING_CARD, EVERYTHING_REGISTRY } from './identity';
import { fleetOptions, parseRateLimit } from './fleet';

function fail(message: string): never {
  console.error(`toolwire-everything: ${message}`);
  console.error('usage: toolwire-everything [--port N | --stdio] [--page-size N] [--call-timeout-ms N] [--max-running-tasks-per-principal N] [--schema-dialect default|portable] [--server-card] [--server-json] [--auth-issuer URL --auth-resource URL] [--task-store memory|redis://HOST:PORT|rediss://HOST:PORT [--task-store-ca FILE] [--task-store-cert FILE --task-store-key FILE] [--task-key-prefix P] [--task-lease-ms N]] [--redis redis://HOST:PORT] [--rate-limit N/WINDOW] [--audit-log FILE]');
  process.exit(2);
}

interface Args {
  stdio: boolean;
  port: number;
  pageSize?: number;
  callTimeoutMs?: number;
  maxRunningTasksPerPrincipal?: number;
  schemaDialect?: SchemaDialect;
  authIssuer?: string;
  authResource?: string;
  serverCard: boolean;
  serverJson: boolean;
  /** The Redis URL of the task store; undefined: in memory. */
  taskStore?: string;
  taskKeyPrefix?: string;
  taskLeaseMs?: number;
  /** The PEM files of a rediss:// task store: its CA, a client certificate and key. */
  taskStoreCa?: string;
  taskStoreCert?: string;
  taskStoreKey?: string;
  /** `--redis`: tasks, rate limits and state in this Redis. */
  redis?: string;
  rateLimit?: { max: number; window: string };
  auditLog?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { stdio: false, port: Number(process.env.PORT ?? 3001), serverCard: false, serverJson: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--stdio') args.stdio = true;
    else if (argv[i] === '--port') args.port = Number(argv[++i]);
    else if (argv[i] === '--page-size') args.pageSize = Number(argv[++i]);
    else if (argv[i] === '--call-timeout-ms') args.callTimeoutMs = Number(argv[++i]);
    else if (argv[i] === '--max-running-tasks-per-principal') args.maxRunningTasksPerPrincipal = Number(argv[++i]);
    else if (argv[i] === '--schema-dialect') args.schemaDialect = argv[++i] as SchemaDialect;
    else if (argv[i] === '--server-card') args.serverCard = true;
    else if (argv[i] === '--server-json') args.serverJson = true;
    else if (argv[i] === '--auth-issuer') args.authIssuer = argv[++i];
    else if (argv[i] === '--auth-resource') args.authResource = argv[++i];
    else if (argv[i] === '--task-store') {
      const store = argv[++i];
      args.taskStore = store === 'memory' ? undefined : checkRedisUrl(store, '--task-store');
    } else if (argv[i] === '--task-key-prefix') args.taskKeyPrefix = argv[++i];
    else if (argv[i] === '--task-lease-ms') args.taskLeaseMs = Number(argv[++i]);
    else if (argv[i] === '--task-store-ca') args.taskStoreCa = fileArgument('--task-store-ca', argv[++i]);
    else if (argv[i] === '--task-store-cert') args.taskStoreCert = fileArgument('--task-store-cert', argv[++i]);
    else if (argv[i] === '--task-store-key') args.taskStoreKey = fileArgument('--task-store-key', argv[++i]);
    else if (argv[i] === '--redis') args.redis = checkRedisUrl(argv[++i], '--redis');
    else if (argv[i] === '--audit-log') args.auditLog = fileArgument('--audit-log', argv[++i]);
    else if (argv[i] === '--rate-limit') {
      const limit = parseRateLimit(argv[++i]);
      if (typeof limit === 'string') fail(limit);
      args.rateLimit = limit;
    }
    else fail(`unknown argument ${JSON.stringify(argv[i])}`);
  }
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) fail('the port must be an integer from 0 to 65535');
  if (args.pageSize !== undefined && (!Number.isInteger(args.pageSize) || args.pageSize < 1)) fail('the page size must be a positive integer');
  if (args.callTimeoutMs !== undefined && (!Number.isInteger(args.callTimeoutMs) || args.callTimeoutMs < 1 || args.callTimeoutMs > 2 ** 31 - 1)) {
    fail('the call timeout must be a positive integer number of ms (at most 2147483647)');
  }
  if (args.maxRunningTasksPerPrincipal !== undefined && (!Number.isInteger(args.maxRunningTasksPerPrincipal) || args.maxRunningTasksPerPrincipal < 1)) {
    fail('--max-running-tasks-per-principal must be a positive integer');
  }
  if (args.schemaDialect !== undefined && args.schemaDialect !== 'default' && args.schemaDialect !== 'portable') fail('the schema dialect must be default or portable');
  if ((args.authIssuer === undefined) !== (args.authResource === undefined)) fail('--auth-issuer and --auth-resource go together');
  if (args.stdio && args.serverCard) fail('the server card is served over HTTP; --server-card needs HTTP');
  if (args.taskLeaseMs !== undefined && (!Number.isInteger(args.taskLeaseMs) || args.taskLeaseMs < 3 || args.taskLeaseMs > 2 ** 31 - 1)) {
    fail('the task lease must be an integer number of ms from 3 to 2147483647');
  }
  if (args.redis !== undefined && args.taskStore !== undefined && args.taskStore !== args.redis) fail('--redis and --task-store name different Redis servers; --redis alone keeps the tasks there too');
  if (args.redis !== undefined) args.taskStore = args.redis;
  if (args.taskStore === undefined && (args.taskKeyPrefix !== undefined || args.taskLeaseMs !== undefined)) fail('--task-key-prefix and --task-lease-ms need --task-store redis://HOST:PORT');
  if (args.taskKeyPrefix !== undefined && args.taskKeyPrefix === '') fail('the task key prefix must not be empty');
  const tlsFiles = args.taskStoreCa !== undefined || args.taskStoreCert !== undefined || args.taskStoreKey !== undefined;
  if (tlsFiles && !args.taskStore?.startsWith('rediss:')) fail('--task-store-ca, --task-store-cert and --task-store-key need --task-store rediss://HOST:PORT');
  if ((args.taskStoreCert === undefined) !== (args.taskStoreKey === undefined)) fail('--task-store-cert and --task-store-key go together');
  if (args.stdio && args.authIssuer !== undefined) fail('stdio is not authenticated (the MCP specification says not to use OAuth there); --auth-* need HTTP');
  return args;
}

/** `value` if it is a redis:// or rediss:// URL with a host (else the usage error names what is wrong). */
function checkRedisUrl(value: string | undefined, flag: string): string {
  const expected = `${flag === '--task-store' ? 'memory or ' : ''}redis://HOST:PORT`;
  if (value === undefined) fail(`${flag} needs a value: ${expected}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(`${flag} ${JSON.stringify(redactRedisUrl(value))} is not a URL: expected ${expected}`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') fail(`${flag} ${JSON.stringify(url.protocol)} is not a Redis URL: expected ${expected} (rediss:// for TLS)`);
  if (url.hostname === '') fail(`${flag}: the Redis URL has no host (redis://HOST:PORT)`);
  return value;
}

/** `value`, the name of a file, or the usage error. */
function fileArgument(flag: string, value: string | undefined): string {
  if (value === undefined || value === '') fail(`${flag} needs a file name`);
  return value;
}

/** The TLS options of a rediss:// task store, read from the files `args` name (a file that cannot be read stops the server). */
function taskStoreTls(args: Args): RedisTlsOptions | undefined {
  if (!args.taskStore?.startsWith('rediss:') || (args.taskStoreCa === undefined && args.taskStoreCert === undefined)) return undefined;
  const read = (flag: string, file: string): Buffer => {
    try {
      return readFileSync(file);
    } catch (error) {
      fail(`${flag} ${file}: ${(error as Error).message}`);
    }
  };
  return {
    ...(args.taskStoreCa !== undefined && { ca: read('--task-store-ca', args.taskStoreCa) }),
    ...(args.taskStoreCert !== undefined && { cert: read('--task-store-cert', args.taskStoreCert) }),
    ...(args.taskStoreKey !== undefined && { key: read('--task-store-key', args.taskStoreKey) }),
  };
}

/** Connects the Redis task store `args` name (undefined: the dispatcher's in-memory store). */
async function connectTaskStore(args: Args): Promise<TaskStore | undefined> {
  if (args.taskStore === undefined) return undefined;
  const tls = taskStoreTls(args);
  try {
    return await RedisTaskStore.connect({
      url: args.taskStore,
      ...(tls !== undefined && { tls }),
      connectTimeoutMs: 5_000,
      ...(args.taskKeyPrefix !== undefined ? { keyPrefix: args.taskKeyPrefix } : {}),
      ...(args.taskLeaseMs !== undefined ? { leaseMs: args.taskLeaseMs } : {}),
      onError: (error) => console.error('toolwire-everything: task store:', error),
    });
  } catch (error) {
    // the library names its option (tls.ca); the user gave a flag and a file
    const files: Record<string, string | undefined> = { ca: args.taskStoreCa, cert: args.taskStoreCert, key: args.taskStoreKey };
    const message = (error as Error).message.replace(/^RedisTaskStore option tls\.(ca|cert|key)\b/, (_, field: string) => `--task-store-${field} ${files[field] ?? ''}`);
    fail(`the task store could not start: ${message}`);
  }
}

/** The notification bus: in `--redis`, else this process's. */
async function connectBus(args: Args): Promise<NotificationBus> {
  if (args.redis === undefined) return new MemoryNotificationBus();
  try {
    return await RedisNotificationBus.connect({ url: args.redis, connectTimeoutMs: 5_000, onError: (error) => console.error('toolwire-everything: notification bus:', error) });
  } catch (error) {
    fail(`the notification bus could not start: ${(error as Error).message}`);
  }
}

/** The `auth` option for tokens of `issuer` issued for `resource`. */
function authOptions(issuer: string, resource: string): AuthOptions {
  try {
    return { resource, authorizationServers: [issuer], verify: jwtVerifier({ issuer, audience: resource }), scopesSupported: ['admin'] };
  } catch (error) {
    fail((error as Error).message);
  }
}

const args = parseArgs(process.argv.slice(2));
const { decl, defs, triggers } = createEverythingService({ pageSize: args.pageSize, schemaDialect: args.schemaDialect });
const onError = (error: unknown, info: { tool?: string; method?: string }) =>
  console.error(`toolwire-everything: ${info.tool ?? info.method ?? 'request'} failed:`, error);

async function main(): Promise<void> {
  if (args.serverJson) {
    process.stdout.write(`${JSON.stringify(registryEntry(decl, EVERYTHING_REGISTRY), null, 2)}\n`);
    return;
  }
  const taskStore = await connectTaskStore(args);
  const fleet = await fleetOptions({ ...args, redisTls: taskStoreTls(args) }, (what, error) => console.error(`toolwire-everything: ${what}:`, error)).catch((error: unknown) => fail(`--redis or --audit-log: ${(error as Error).message}`));
  const bus = await connectBus(args);
  // with a bus in Redis, triggers reach every instance; alone, they are applied where they are called
  const shared = args.redis !== undefined ? new SharedTriggers(bus, triggers) : undefined;
  const tasks = { ...fleet.options, notificationBus: shared?.bus ?? bus, ...(taskStore ? { taskStore } : {}) };
  const storeLabel = args.taskStore ? ` (tasks in ${redactRedisUrl(args.taskStore)})` : '';
  /** Closes the task store (it fails the tasks this process still runs) and the bus, then exits. */
  const closeStore = (code: number) => {
    const closing = Promise.all([taskStore?.close(), fleet.close(), bus.close()]);
    closing.then(
      () => process.exit(code),
      (error: unknown) => {
        console.error('toolwire-everything: closing the task store failed:', error);
        process.exit(1);
      },
    );
  };
  if (args.stdio) {
    if (storeLabel) console.error(`toolwire-everything on stdio${storeLabel}`);
    const closeOnSignal = () => closeStore(0);
    process.once('SIGINT', closeOnSignal);
    process.once('SIGTERM', closeOnSignal);
    await serveStdio(defs, decl, { onError, callTimeoutMs: args.callTimeoutMs, maxRunningTasksPerPrincipal: args.maxRunningTasksPerPrincipal, ...tasks });
    if (taskStore || args.redis !== undefined || args.auditLog !== undefined) closeStore(0); // stdin ended: Redis connections (or the audit file) would keep the process alive
    return;
  }
  const app = express();
  const auth = args.authIssuer && args.authResource ? authOptions(args.authIssuer, args.authResource) : undefined;
  if (auth) {
    const path = new URL(auth.resource).pathname.replace(/\/$/, '');
    app.use(`/.well-known/oauth-protected-resource${path}`, protectedResourceMetadata(auth));
  }
  const serverCard = args.serverCard ? { serverCard: EVERYTHING_CARD } : {};
  app.use('/mcp', mcpRouter(decl, defs, { onError, callTimeoutMs: args.callTimeoutMs, maxRunningTasksPerPrincipal: args.maxRunningTasksPerPrincipal, ...(auth ? { auth } : {}), ...serverCard, ...tasks }), mcpErrorHandler());
  // Slow clients cannot hold sockets open: a request's headers must arrive within 10 s and the
  // whole request within 30 s (the response — a long call, an SSE stream — is not limited by
  // these), and an idle keep-alive connection is closed after 5 s.
  const server = createServer({ headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 }, app);
  server.listen(args.port, '127.0.0.1', () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    console.error(`toolwire-everything listening on ${url}${auth ? ` (tokens of ${args.authIssuer} for ${auth.resource} required)` : ''}${storeLabel}`);
  });
  server.on('error', (error) => fail(error.message));
  const close = () => {
    server.close(() => closeStore(0));
    server.closeAllConnections();
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
}

main().catch((error: unknown) => fail(String(error)));
