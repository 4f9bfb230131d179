/**
 * RedisTlsOptions: how a RedisTaskStore talks TLS to a `rediss://` Redis — the CA that signed
 * the server's certificate, a client certificate and key when the server requires one, and the
 * host name to verify — and their check: each is read once, when `connect()` is called, so a
 * file name or a DER blob given where PEM text belongs is a `TypeError` naming the option
 * instead of a handshake that fails later.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { createSecureContext } from 'node:tls';

/** PEM text, as a string or the bytes of a `.pem` / `.crt` / `.key` file. */
export type Pem = string | Buffer;

/**
 * TLS options of `RedisTaskStore.connect()`; they need a `rediss://` URL. Without them a
 * `rediss://` connection trusts Node's default CAs (enough for a managed Redis with a public
 * certificate).
 *
 * @example
 * const store = await RedisTaskStore.connect({
 *   url: 'rediss://redis.internal:6380',
 *   tls: { ca: readFileSync('/etc/redis/ca.crt'), cert: readFileSync('client.crt'), key: readFileSync('client.key') },
 * });
 */
export interface RedisTlsOptions {
  /** The CA certificate(s) (PEM) that signed the server's certificate; they replace Node's default CAs. */
  readonly ca?: Pem | readonly Pem[];
  /** The client certificate (PEM), for a server started with `tls-auth-clients yes`; needs `key`. */
  readonly cert?: Pem;
  /** The client certificate's private key (PEM); needs `cert`. */
  readonly key?: Pem;
  /** The passphrase of an encrypted `key`. */
  readonly passphrase?: string;
  /** The host name the server's certificate must name (and the SNI sent); default the URL's host. */
  readonly servername?: string;
}

/** What the TLS options add to node-redis's socket options. */
export interface TlsSocketOptions {
  ca?: Pem[];
  cert?: Pem;
  key?: Pem;
  passphrase?: string;
  servername?: string;
}

const KEYS = new Set(['ca', 'cert', 'key', 'passphrase', 'servername']);
const CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/** A short description of a value that is not what an option expects. */
function describe(value: unknown): string {
  if (Buffer.isBuffer(value)) return `a Buffer of ${value.length} bytes`;
  if (typeof value === 'string') {
    const shown = JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
    return /^[^\n]{1,300}\.(pem|crt|cer|key)$/i.test(value) ? `${shown} (a file name? pass the file's contents)` : shown;
  }
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/** `value` checked to be PEM certificates: each block must parse. */
function checkCertificates(option: string, value: unknown): Pem {
  const text = typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('latin1') : undefined;
  const blocks = text?.match(CERTIFICATE);
  if (!blocks) throw new TypeError(`RedisTaskStore option ${option}: expected PEM certificates ("-----BEGIN CERTIFICATE-----"), got ${describe(value)}`);
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch (error) {
      throw new TypeError(`RedisTaskStore option ${option}: a PEM certificate that does not parse (${(error as Error).message})`, { cause: error });
    }
  }
  return value as Pem;
}

/**
 * Checks the `tls` option and resolves it to socket options; a `TypeError` names what is wrong
 * (not PEM, a file name, a key without its certificate, a key that does not match it, an
 * unknown field).
 */
export function tlsSocketOptions(tls: RedisTlsOptions): TlsSocketOptions {
  if (typeof tls !== 'object' || tls === null || Array.isArray(tls)) throw new TypeError(`RedisTaskStore option tls: expected an object, got ${describe(tls)}`);
  for (const key of Object.keys(tls)) {
    if (!KEYS.has(key)) throw new TypeError(`RedisTaskStore option tls: unknown field ${JSON.stringify(key)} (expected ca, cert, key, passphrase, servername)`);
  }
  const { ca, cert, key, passphrase, servername } = tls;
  const resolved: TlsSocketOptions = {};
  if (ca !== undefined) {
    const list: readonly unknown[] = Array.isArray(ca) ? ca : [ca];
    if (list.length === 0) throw new TypeError('RedisTaskStore option tls.ca: expected PEM certificates, got an empty array');
    resolved.ca = list.map((item, i) => checkCertificates(Array.isArray(ca) ? `tls.ca[${i}]` : 'tls.ca', item));
  }
  if ((cert === undefined) !== (key === undefined)) throw new TypeError(`RedisTaskStore option tls.${cert === undefined ? 'key' : 'cert'}: needs tls.${cert === undefined ? 'cert' : 'key'} as well (a client certificate and its key go together)`);
  if (passphrase !== undefined && typeof passphrase !== 'string') throw new TypeError(`RedisTaskStore option tls.passphrase: expected a string, got ${describe(passphrase)}`);
  if (cert !== undefined && key !== undefined) {
    resolved.cert = checkCertificates('tls.cert', cert);
    const keyText = typeof key === 'string' ? key : Buffer.isBuffer(key) ? key.toString('latin1') : '';
    if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(keyText)) throw new TypeError(`RedisTaskStore option tls.key: expected a PEM private key ("-----BEGIN PRIVATE KEY-----"), got ${describe(key)}`);
    try {
      createPrivateKey({ key, format: 'pem', ...(passphrase !== undefined && { passphrase }) });
    } catch (error) {
      throw new TypeError(`RedisTaskStore option tls.key: a PEM private key that does not load (${(error as Error).message})`, { cause: error });
    }
    resolved.key = key;
    if (passphrase !== undefined) resolved.passphrase = passphrase;
    try {
      createSecureContext({ cert, key, ...(passphrase !== undefined && { passphrase }) });
    } catch (error) {
      throw new TypeError(`RedisTaskStore option tls.key: does not belong to tls.cert (${(error as Error).message})`, { cause: error });
    }
  }
  if (servername !== undefined) {
    if (typeof servername !== 'string' || servername === '') throw new TypeError(`RedisTaskStore option tls.servername: expected a host name, got ${describe(servername)}`);
    resolved.servername = servername;
  }
  return resolved;
}
