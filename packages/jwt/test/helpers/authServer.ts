/**
 * authServer: starts the local authorization server of the tests (oauth2-mock-server in a child
 * process, see authServerProcess.mjs) and asks it for signed tokens: `token({ aud, scope,
 * expiresIn })`, `foreignToken(...)` (signed by a key its JWKS does not list), `rotate()`,
 * `setIssuer(url)` (for a server of the test's own put in front of it).
 */
import { fork, ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface TokenRequest {
  /** The `aud` claim (left out when undefined). */
  aud?: string | string[];
  /** The `scope` claim, space-separated. */
  scope?: string;
  /** Seconds until `exp`; negative for an expired token. Default 3600. */
  expiresIn?: number;
  /** More claims. */
  claims?: Record<string, unknown>;
}

export interface AuthServer {
  /** The issuer, `http://127.0.0.1:<port>`. */
  readonly url: string;
  token(request?: TokenRequest): Promise<string>;
  /** A token with the right issuer and claims, signed by a key the JWKS does not list. */
  foreignToken(request?: TokenRequest): Promise<string>;
  /** Replaces the signing key; the old one leaves the JWKS. */
  rotate(): Promise<void>;
  /** Makes `url` the issuer: tokens' `iss`, the metadata's `issuer` and `jwks_uri` (the server still listens at {@link url}). */
  setIssuer(url: string): Promise<void>;
  stop(): Promise<void>;
}

type Reply = { id?: number; type?: string; url?: string; token?: string; error?: string };

export async function startAuthServer(): Promise<AuthServer> {
  const child: ChildProcess = fork(join(__dirname, 'authServerProcess.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, (reply: Reply) => void>();
  let next = 1;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the authorization server exited with ${code}`)));
    child.on('message', (reply: Reply) => {
      if (reply.type === 'ready' && reply.url) resolve(reply.url);
      else if (reply.id !== undefined) pending.get(reply.id)?.(reply);
    });
  });
  const ask = (message: Record<string, unknown>): Promise<Reply> =>
    new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, (reply) => {
        pending.delete(id);
        if (reply.error) reject(new Error(reply.error));
        else resolve(reply);
      });
      child.send({ ...message, id });
    });
  return {
    url,
    token: async (request = {}) => (await ask({ type: 'token', ...request })).token as string,
    foreignToken: async (request = {}) => (await ask({ type: 'token', foreign: true, ...request })).token as string,
    rotate: async () => {
      await ask({ type: 'rotate' });
    },
    setIssuer: async (issuer) => {
      await ask({ type: 'issuer', url: issuer });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}
