/**
 * RedisTaskStore over TLS against real redis-servers listening for TLS only (`--port 0
 * --tls-port N`), with a throwaway CA made by openssl: the `tls` option (CA, client certificate
 * and key, server name) connects; every mistake no retry can mend — an untrusted CA, another
 * host name, a missing or refused client certificate, `redis://` to a TLS port — rejects
 * `connect()` at once, naming the cause; `rediss://` to a plain-text port (which never answers a
 * handshake) within `connectTimeoutMs`, with the hint; options that are not PEM are TypeErrors.
 * Only the first connection fails at once: a Redis that restarts later is reconnected to.
 */
import { RedisTaskStore } from '@toolwire/redis';
import type { RedisTaskStoreOptions } from '@toolwire/redis';
import { startRedis, RedisServer } from '../../../../test-support/redisServer';
import { createTestCertificates, TestCertificates } from '../../../../test-support/testCertificates';

jest.setTimeout(20_000);

const OWNER = 'https://issuer.example|alice';
let certs: TestCertificates;
let plain: RedisServer;
let tls: RedisServer;
let mtls: RedisServer;

beforeAll(async () => {
  certs = await createTestCertificates();
  [plain, tls, mtls] = await Promise.all([startRedis(), startRedis({ tls: { certificates: certs } }), startRedis({ tls: { certificates: certs, authClients: 'yes' } })]);
});

afterAll(async () => {
  await Promise.all([plain?.stop(), tls?.stop(), mtls?.stop()]);
  await certs?.remove();
});

/** Connects, creates and reads back a task, closes. */
async function roundTrip(options: RedisTaskStoreOptions): Promise<void> {
  const store = await RedisTaskStore.connect({ onError: () => undefined, ...options });
  try {
    const task = await store.create({ owner: OWNER, ttlMs: 60_000 });
    expect(await store.get(task.taskId, OWNER)).toMatchObject({ taskId: task.taskId, status: 'working' });
  } finally {
    await store.close();
  }
}

/**
 * The rejection of `connect(options)` (it must reject). `atOnce`: the cause ended the attempt,
 * not the connect timeout (whose message says "within N ms") — shown by the message, not timed.
 */
async function refusal(options: RedisTaskStoreOptions): Promise<{ message: string; atOnce: boolean }> {
  try {
    const store = await RedisTaskStore.connect({ connectTimeoutMs: 10_000, onError: () => undefined, ...options });
    await store.close();
  } catch (error) {
    const message = (error as Error).message;
    return { message, atOnce: !/within \d+ ms/.test(message) };
  }
  throw new Error('connect() resolved');
}

const port = (server: RedisServer) => server.port;

describe('RedisTaskStore over TLS (rediss://)', () => {
  it('connects with the CA as PEM text or as the bytes of the file, by IP address and by host name', async () => {
    await roundTrip({ url: tls.url, tls: { ca: certs.caPem } });
    await roundTrip({ url: `rediss://localhost:${port(tls)}`, tls: { ca: [Buffer.from(certs.otherCaPem), Buffer.from(certs.caPem)] } });
    await roundTrip({ url: tls.url, tls: { ca: certs.caPem, servername: 'localhost' } });
  });

  it('rejects at once, naming the cause, when the server\'s certificate is signed by a CA it was not given', async () => {
    for (const options of [{ tls: { ca: certs.otherCaPem } }, {}]) {
      const { message, atOnce } = await refusal({ url: tls.url, ...options });
      expect(message).toMatch(new RegExp(`^RedisTaskStore: could not connect to rediss://127\\.0\\.0\\.1:${port(tls)}: the server's TLS certificate is not signed by a CA this client trusts \\(give the CA that signed it as tls\\.ca\\)`));
      expect(atOnce).toBe(true);
    }
  });

  it('rejects at once when the certificate is not for the host name verified', async () => {
    const { message, atOnce } = await refusal({ url: tls.url, tls: { ca: certs.caPem, servername: 'redis.example.com' } });
    expect(message).toMatch(/the server's TLS certificate is not for this host name .*ERR_TLS_CERT_ALTNAME_INVALID.*redis\.example\.com/);
    expect(atOnce).toBe(true);
  });

  it('rejects at once when redis:// is given for a TLS-only port', async () => {
    const { message, atOnce } = await refusal({ url: `redis://127.0.0.1:${port(tls)}` });
    expect(message).toMatch(/Redis closed the connection without answering \(a TLS-only port\? then use rediss:\/\/\)/);
    expect(atOnce).toBe(true);
  });

  it('rejects within connectTimeoutMs, saying why, when rediss:// is given for a plain-text port (it seldom answers the handshake)', async () => {
    const { message, atOnce } = await refusal({ url: `rediss://127.0.0.1:${port(plain)}`, tls: { ca: certs.caPem }, connectTimeoutMs: 1_000 });
    expect(message).toMatch(/within 1000 ms.*plain-text port\? then use redis:\/\//);
    expect(atOnce).toBe(false);
  });

  it('with tls-auth-clients yes: connects with a client certificate and key, rejects at once without one or with one of another CA', async () => {
    await roundTrip({ url: mtls.url, tls: { ca: certs.caPem, cert: certs.clientCertPem, key: Buffer.from(certs.clientKeyPem) } });
    const missing = await refusal({ url: mtls.url, tls: { ca: certs.caPem } });
    // TLS 1.3: the server checks the certificate after the handshake; its alert, or only the close, reaches the client
    expect(missing.message).toMatch(/(the server requires a client certificate \(|does it require a client certificate\? )give tls\.cert and tls\.key\)/);
    expect(missing.atOnce).toBe(true);
    const foreign = await refusal({ url: mtls.url, tls: { ca: certs.caPem, cert: certs.otherCaPem, key: certs.otherCaKeyPem } });
    expect(foreign.message).toMatch(/(the server refused|does it refuse) the client certificate/);
    expect(foreign.atOnce).toBe(true);
  });

  it.each([
    ['redis://', false],
    ['rediss://', true],
  ])('%s: only the first connection fails at once: a Redis restarted later is reconnected to, and the store works again', async (_scheme, secure) => {
    const first = await startRedis(secure ? { tls: { certificates: certs } } : {});
    const store = await RedisTaskStore.connect({ url: first.url, ...(secure && { tls: { ca: certs.caPem } }), onError: () => undefined });
    try {
      const before = await store.create({ owner: OWNER, ttlMs: 60_000 });
      await first.stop();
      // the closed connection (ECONNRESET or a close) is what a TLS-only port answers a first connection with: here it is retried
      await expect(store.get(before.taskId, OWNER)).rejects.toThrow();
      const again = await startRedis({ port: first.port, ...(secure && { tls: { certificates: certs } }) });
      try {
        const deadline = Date.now() + 10_000;
        let task: Awaited<ReturnType<typeof store.create>> | undefined;
        while (!task) {
          // node-redis reconnects with its back-off; there is no event to await through the store
          task = await store.create({ owner: OWNER, ttlMs: 60_000 }).catch(() => undefined);
          if (!task && Date.now() > deadline) throw new Error('the store did not reconnect within 10 s');
          if (!task) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(await store.get(task.taskId, OWNER)).toMatchObject({ status: 'working' });
      } finally {
        await store.close();
        await again.stop();
      }
    } finally {
      await store.close();
      await first.stop();
    }
  });

  it('refuses tls options that are not PEM, or do not fit together, with a TypeError naming the option', async () => {
    const url = tls.url;
    const cases: [RedisTaskStoreOptions, RegExp][] = [
      [{ url, tls: { ca: '/etc/redis/ca.crt' } }, /^RedisTaskStore option tls\.ca: expected PEM certificates .*got "\/etc\/redis\/ca\.crt" \(a file name\? pass the file's contents\)/],
      [{ url, tls: { ca: Buffer.from([0x30, 0x82, 0x01, 0x0a]) } }, /^RedisTaskStore option tls\.ca: expected PEM certificates .*got a Buffer of 4 bytes/],
      [{ url, tls: { ca: [certs.caPem, 'nonsense'] } }, /^RedisTaskStore option tls\.ca\[1\]: expected PEM certificates/],
      [{ url, tls: { ca: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n' } }, /^RedisTaskStore option tls\.ca: a PEM certificate that does not parse/],
      [{ url, tls: { cert: certs.clientKeyPem, key: certs.clientKeyPem } }, /^RedisTaskStore option tls\.cert: expected PEM certificates/],
      [{ url, tls: { cert: certs.clientCertPem, key: certs.clientCertPem } }, /^RedisTaskStore option tls\.key: expected a PEM private key/],
      [{ url, tls: { cert: certs.clientCertPem, key: certs.otherCaKeyPem } }, /^RedisTaskStore option tls\.key: does not belong to tls\.cert/],
      [{ url, tls: { cert: certs.clientCertPem } }, /^RedisTaskStore option tls\.cert: needs tls\.key as well/],
      [{ url, tls: { key: certs.clientKeyPem } }, /^RedisTaskStore option tls\.key: needs tls\.cert as well/],
      [{ url, tls: { servername: '' } }, /^RedisTaskStore option tls\.servername: expected a host name/],
      [{ url, tls: { certificate: certs.clientCertPem } as never }, /^RedisTaskStore option tls: unknown field "certificate"/],
      [{ url: plain.url, tls: { ca: certs.caPem } }, /^RedisTaskStore option tls: needs a rediss:\/\/ url, got "redis:\/\/…"/],
    ];
    for (const [options, message] of cases) {
      const attempt = RedisTaskStore.connect({ ...options, onError: () => undefined });
      await expect(attempt).rejects.toThrow(TypeError);
      await expect(attempt).rejects.toThrow(message);
    }
  });
});
