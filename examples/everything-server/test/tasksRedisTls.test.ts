/**
 * The everything server with its tasks in a Redis reached over TLS (`--task-store rediss://…`),
 * against real redis-servers listening for TLS only, with a throwaway CA made by openssl: two
 * instances given the CA (`--task-store-ca`) and a client certificate (`--task-store-cert`,
 * `--task-store-key`, which this Redis requires) share a task that elicits, created through A
 * and answered through B, to completion. A certificate of an untrusted CA, a missing client
 * certificate, `redis://` for the TLS port, an unreadable or non-PEM file and TLS flags without
 * `rediss://` stop the server at startup with the reason, at once.
 */
import { startRedis } from '../../../test-support/redisServer';
import type { RedisServer } from '../../../test-support/redisServer';
import { createTestCertificates } from '../../../test-support/testCertificates';
import type { TestCertificates } from '../../../test-support/testCertificates';
import { startServer } from '../src/conformance';
import { createTask, getTask, pollTask, send, stop, TERMINAL } from './helpers/taskRequests';
import type { Instance } from './helpers/taskRequests';

jest.setTimeout(60_000);

let certs: TestCertificates;
let tlsRedis: RedisServer;
let mtlsRedis: RedisServer;
const started: Instance[] = [];

beforeAll(async () => {
  certs = await createTestCertificates();
  [tlsRedis, mtlsRedis] = await Promise.all([startRedis({ tls: { certificates: certs } }), startRedis({ tls: { certificates: certs, authClients: 'yes' } })]);
});

afterEach(async () => {
  await Promise.all(started.splice(0).map(stop));
});

afterAll(async () => {
  await Promise.all([tlsRedis?.stop(), mtlsRedis?.stop()]);
  await certs?.remove();
});

/** The server's exit message when started with `args` (it must not start). */
async function startupFailure(args: readonly string[]): Promise<{ message: string }> {
  try {
    started.push(await startServer(args));
  } catch (error) {
    return { message: (error as Error).message };
  }
  throw new Error(`the server started with ${args.join(' ')}`);
}

describe('everything server: --task-store rediss:// (TLS)', () => {
  it('two instances with the CA and a client certificate share a task over TLS: created through A, answered through B, completed', async () => {
    const args = ['--task-store', mtlsRedis.url, '--task-store-ca', certs.caFile, '--task-store-cert', certs.clientCertFile, '--task-store-key', certs.clientKeyFile, '--task-key-prefix', 'tls:'];
    const [a, b] = await Promise.all([startServer(args), startServer(args)]);
    started.push(a, b);
    const taskId = await createTask(a, 'confirm_delete', { filename: 'secret.txt' });
    const waiting = await pollTask(b, taskId, (task) => task.status !== 'working', 30_000);
    expect(waiting.status).toBe('input_required');
    const [key] = Object.keys(waiting.inputRequests as Record<string, unknown>);
    expect((await send(b, 'tasks/update', { taskId, inputResponses: { [key]: { action: 'accept', content: { confirm: true } } } })).error).toBeUndefined();
    const done = await pollTask(b, taskId, (task) => TERMINAL.has(String(task.status)), 30_000);
    expect(done).toMatchObject({ taskId, status: 'completed', result: { content: [{ type: 'text', text: 'deleted secret.txt' }], isError: false } });
    expect((await getTask(a, taskId)).result).toEqual(done);
  });

  it('with the CA only, against a Redis that does not ask for client certificates, a task runs to completion', async () => {
    const instance = await startServer(['--task-store', `rediss://localhost:${tlsRedis.port}`, '--task-store-ca', certs.caFile]);
    started.push(instance);
    const taskId = await createTask(instance, 'slow_compute', { seconds: 1, label: 'tls' });
    expect(await pollTask(instance, taskId, (task) => TERMINAL.has(String(task.status)), 30_000)).toMatchObject({ taskId, status: 'completed', result: { content: [{ type: 'text', text: 'computed for 1 s (tls)' }] } });
  });

  it.each([
    ['a CA that did not sign Redis\'s certificate', () => ['--task-store', tlsRedis.url, '--task-store-ca', certs.otherCaFile], /the server's TLS certificate is not signed by a CA this client trusts/],
    ['no client certificate for a Redis that requires one', () => ['--task-store', mtlsRedis.url, '--task-store-ca', certs.caFile], /client certificate.*give tls\.cert and tls\.key/],
    ['redis:// for the TLS port', () => ['--task-store', `redis://127.0.0.1:${tlsRedis.port}`], /Redis closed the connection without answering \(a TLS-only port\? then use rediss:\/\/\)/],
  ])('%s: exits 2 at once with the reason', async (_name, args, reason) => {
    const { message } = await startupFailure(args());
    expect(message).toMatch(/^server exited with 2: toolwire-everything: the task store could not start: RedisTaskStore: could not connect to redis/);
    expect(message).toMatch(reason);
    // at once: the cause ended the attempt, not the connect timeout (whose message says "within N ms")
    expect(message).not.toMatch(/within \d+ ms/);
  });

  it.each([
    ['--task-store-ca without rediss://', () => ['--task-store', 'redis://127.0.0.1:6379', '--task-store-ca', certs.caFile], /--task-store-ca, --task-store-cert and --task-store-key need --task-store rediss:\/\/HOST:PORT/],
    ['--task-store-cert without --task-store-key', () => ['--task-store', tlsRedis.url, '--task-store-cert', certs.clientCertFile], /--task-store-cert and --task-store-key go together/],
    ['--task-store-ca without a file', () => ['--task-store', tlsRedis.url, '--task-store-ca'], /--task-store-ca needs a file name/],
    ['a CA file that does not exist', () => ['--task-store', tlsRedis.url, '--task-store-ca', `${certs.dir}/missing.crt`], /--task-store-ca .*missing\.crt: ENOENT/],
    ['a CA file that holds a key, not a certificate', () => ['--task-store', tlsRedis.url, '--task-store-ca', certs.clientKeyFile], /the task store could not start: --task-store-ca .*client\.key: expected PEM certificates/],
  ])('%s: exits 2 with a clear error', async (_name, args, reason) => {
    const { message } = await startupFailure(args());
    expect(message).toMatch(/^server exited with 2: /);
    expect(message).toMatch(reason);
  });
});
