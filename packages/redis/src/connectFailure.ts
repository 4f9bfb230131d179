/**
 * connectFailure: which errors end `RedisTaskStore.connect()` at once instead of being retried,
 * and the cause each names. node-redis retries every connection error with its
 * `reconnectStrategy` — the first connection too — so a certificate signed by an unknown CA,
 * a certificate for another host name, a TLS client talking to a plain-text port or a wrong
 * password would be retried until `connectTimeoutMs` with the same result. During the first connection these
 * errors stop the retries (the strategy answers `false`, and node-redis's `connect()` rejects
 * with the error); afterwards the caller's strategy, or node-redis's back-off, applies again.
 */
import { SocketClosedUnexpectedlyError, SocketTimeoutError } from '@redis/client';

/** A reconnect strategy as node-redis takes it: a delay in ms, or `false` / an Error to stop. */
export type ReconnectStrategy = false | number | ((retries: number, cause: Error) => false | Error | number);

/** Certificate verification codes meaning "signed by no CA this client trusts". */
const UNTRUSTED = new Set([
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'INVALID_CA',
]);

/** OpenSSL errors meaning "what came back was not TLS". */
const NOT_TLS = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'ERR_SSL_RECORD_LAYER_FAILURE', 'ERR_SSL_UNKNOWN_PROTOCOL', 'ERR_SSL_HTTP_REQUEST']);

/** Alerts of a server that refused the client's certificate. */
const CLIENT_CERT_REFUSED = new Set(['ERR_SSL_TLSV1_ALERT_UNKNOWN_CA', 'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE', 'ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN', 'ERR_SSL_TLSV1_ALERT_DECRYPT_ERROR']);

/** What kind of connection failed: TLS (`rediss://`) or not, with a client certificate or without. */
export interface ConnectionKind {
  readonly secure: boolean;
  readonly clientCertificate: boolean;
}

/**
 * Why a first connection failed for good, or undefined for an error worth retrying (Redis not
 * up yet, a refused or timed-out connection).
 */
export function fatalConnectCause(cause: unknown, link: ConnectionKind): string | undefined {
  const code = typeof (cause as { code?: unknown })?.code === 'string' ? (cause as { code: string }).code : '';
  if (UNTRUSTED.has(code)) return 'the server\'s TLS certificate is not signed by a CA this client trusts (give the CA that signed it as tls.ca)';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') return 'the server\'s TLS certificate is not for this host name (connect by a name it lists, or set tls.servername)';
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') return 'the server\'s TLS certificate has expired or is not valid yet';
  if (code === 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED') return 'the server requires a client certificate (give tls.cert and tls.key)';
  if (CLIENT_CERT_REFUSED.has(code)) return 'the server refused the client certificate (is tls.cert signed by a CA the server trusts?)';
  if (NOT_TLS.has(code)) return 'the server does not speak TLS on this port (a plain-text port? then use redis://)';
  if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || code.startsWith('ERR_OSSL_')) return 'the TLS handshake failed';
  // Redis answered, and refused us: the same answer on every retry
  const reply = cause instanceof Error ? cause.message : '';
  if (reply.startsWith('WRONGPASS')) return 'Redis refused the user name or password (check the credentials in the URL, e.g. redis://user:password@host:port)';
  if (reply.startsWith('NOAUTH')) return 'Redis requires a password (give it in the URL: redis://:password@host:port, or redis://user:password@host:port)';
  if (reply.startsWith('NOPERM')) return 'the Redis user lacks a permission this store needs (it runs scripts, reads and writes its keys and uses pub/sub)';
  const closed = code === 'ECONNRESET' || code === 'EPIPE' || cause instanceof SocketClosedUnexpectedlyError;
  if (!closed) return undefined;
  // a TLS-only port resets (or closes) a plain-text connection as soon as it sends its first command
  if (!link.secure) return 'Redis closed the connection without answering (a TLS-only port? then use rediss://)';
  // a plain-text Redis closes on a ClientHello it reads as a malformed command
  if (/before secure TLS connection was established/.test(String((cause as Error).message))) return 'the server closed the connection during the TLS handshake (a plain-text port? then use redis://)';
  // with TLS 1.3 a server checks the client certificate after the handshake: its alert can be lost in the close
  return link.clientCertificate
    ? 'Redis closed the TLS connection without answering (does it refuse the client certificate? is tls.cert signed by a CA it trusts?)'
    : 'Redis closed the TLS connection without answering (does it require a client certificate? give tls.cert and tls.key)';
}

/** `CODE: message` of a connection error, OpenSSL's error-stack prefix and source location cut off. */
export function describeCause(cause: Error): string {
  const code = (cause as { code?: unknown }).code;
  // "80CC…:error:0A00045C:SSL routines:ssl3_read_bytes:tlsv13 alert certificate required:../deps/…:1601:SSL alert number 116"
  const openssl = /^[0-9A-F]+:error:[0-9A-F]+:[^:]*:[^:]*:([^:]+):/.exec(cause.message);
  const message = openssl ? openssl[1] : cause.message.trim();
  return typeof code === 'string' ? `${code}: ${message}` : message;
}

/** node-redis's own back-off (its `defaultReconnectStrategy`): 2^retries × 50 ms, at most 2 s, plus up to 200 ms of jitter; none after a socket timeout. */
function backOff(retries: number, cause: Error): false | number {
  if (cause instanceof SocketTimeoutError) return false;
  return Math.min(2 ** retries * 50, 2000) + Math.floor(Math.random() * 200);
}

/**
 * The strategy the store gives node-redis: while `isFirstConnect()` holds, an error
 * {@link fatalConnectCause} names stops the retries and is handed to `onFatal`; otherwise
 * `strategy` (the caller's), or node-redis's back-off, decides.
 */
export function failFastStrategy(
  strategy: ReconnectStrategy | undefined,
  link: ConnectionKind,
  isFirstConnect: () => boolean,
  onFatal: (cause: Error, why: string) => void,
): (retries: number, cause: Error) => false | Error | number {
  return (retries, cause) => {
    if (isFirstConnect()) {
      const why = fatalConnectCause(cause, link);
      if (why !== undefined) {
        onFatal(cause, why);
        return false;
      }
    }
    if (strategy === undefined) return backOff(retries, cause);
    return typeof strategy === 'function' ? strategy(retries, cause) : strategy;
  };
}
