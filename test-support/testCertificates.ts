/**
 * testCertificates: a throwaway PKI for the TLS tests, made with `openssl` in a fresh temporary
 * directory — a CA, a server certificate it signed (for 127.0.0.1 and localhost), a client
 * certificate it signed, and an unrelated CA that signed neither. Nothing is committed; `remove()`
 * deletes the directory. A missing `openssl` rejects with the reason.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The files (and PEM text) of one throwaway PKI. */
export interface TestCertificates {
  readonly dir: string;
  /** The CA that signed the server and client certificates. */
  readonly caFile: string;
  readonly caPem: string;
  /** A CA that signed nothing here: trusting only it, a client rejects the server; shown as a client certificate, the server rejects it. */
  readonly otherCaFile: string;
  readonly otherCaPem: string;
  readonly otherCaKeyPem: string;
  /** The server's certificate (CN and SAN 127.0.0.1, SAN localhost) and key. */
  readonly serverCertFile: string;
  readonly serverKeyFile: string;
  /** A client certificate (extendedKeyUsage clientAuth) and its key. */
  readonly clientCertFile: string;
  readonly clientKeyFile: string;
  readonly clientCertPem: string;
  readonly clientKeyPem: string;
  remove(): Promise<void>;
}

function openssl(args: readonly string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('openssl', args, { cwd }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      reject(new Error(missing ? 'openssl is not installed: the TLS tests make their certificates with it (apt-get install -y openssl)' : `openssl ${args.join(' ')} failed: ${stderr}`));
    });
  });
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** A self-signed CA `name`.crt / `name`.key in `dir`. */
async function makeCa(dir: string, name: string, subject: string): Promise<void> {
  await openssl(['req', '-x509', ...EC_KEY, '-keyout', `${name}.key`, '-out', `${name}.crt`, '-days', '2', '-subj', subject,
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'], dir);
}

/** A certificate `name`.crt / `name`.key in `dir`, signed by the CA `ca`, with the extensions given. */
async function makeLeaf(dir: string, name: string, subject: string, ca: string, extensions: string): Promise<void> {
  await writeFile(join(dir, `${name}.ext`), extensions);
  await openssl(['req', ...EC_KEY, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject], dir);
  await openssl(['x509', '-req', '-in', `${name}.csr`, '-CA', `${ca}.crt`, '-CAkey', `${ca}.key`, '-set_serial', String(Date.now()), '-days', '2',
    '-extfile', `${name}.ext`, '-out', `${name}.crt`], dir);
}

/** Makes a fresh CA, server and client certificate, and an unrelated CA, in a new temporary directory. */
export async function createTestCertificates(): Promise<TestCertificates> {
  const dir = await mkdtemp(join(tmpdir(), 'toolwire-tls-'));
  try {
    await Promise.all([makeCa(dir, 'ca', '/CN=toolwire test CA'), makeCa(dir, 'other-ca', '/CN=toolwire unrelated CA')]);
    await Promise.all([
      makeLeaf(dir, 'server', '/CN=127.0.0.1', 'ca', 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n'),
      makeLeaf(dir, 'client', '/CN=toolwire test client', 'ca', 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=clientAuth\n'),
    ]);
    const read = (file: string) => readFile(join(dir, file), 'utf8');
    const [caPem, otherCaPem, otherCaKeyPem, clientCertPem, clientKeyPem] = await Promise.all([read('ca.crt'), read('other-ca.crt'), read('other-ca.key'), read('client.crt'), read('client.key')]);
    return {
      dir,
      caFile: join(dir, 'ca.crt'),
      caPem,
      otherCaFile: join(dir, 'other-ca.crt'),
      otherCaPem,
      otherCaKeyPem,
      serverCertFile: join(dir, 'server.crt'),
      serverKeyFile: join(dir, 'server.key'),
      clientCertFile: join(dir, 'client.crt'),
      clientKeyFile: join(dir, 'client.key'),
      clientCertPem,
      clientKeyPem,
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
