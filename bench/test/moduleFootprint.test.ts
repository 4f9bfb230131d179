/**
 * The toolwire server programs load a feature's library only in the process variant that uses it:
 * zod (`SCHEMA=zod`), the OpenTelemetry SDK (`TELEMETRY=1`) and the Redis client (`TASKS=redis`,
 * `RATE_LIMIT=redis`) stay out of every other process, whose RSS is compared with the
 * hand-written servers' (they once carried all three: +20 MB of RSS before the first request).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpServer } from '../src/driver/catalog';
import { ServerProcess } from '../src/driver/ServerProcess';

jest.setTimeout(30_000);

const PRELOAD = join(__dirname, 'fixtures', 'listModulesOnExit.cjs');
const FEATURE_LIBRARIES = ['/node_modules/zod/', '/node_modules/@opentelemetry/', '/node_modules/@redis/'];

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'toolwire-footprint-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The feature libraries (of {@link FEATURE_LIBRARIES}) a server program had loaded when it exited. */
async function featureLibrariesLoaded(id: 'toolwire-http' | 'toolwire-express', env: Record<string, string>): Promise<string[]> {
  const file = join(dir, `${id}-${Object.keys(env).join('-') || 'plain'}.txt`);
  const server = await ServerProcess.start(httpServer(id).program, { tools: 10, execArgv: ['--require', PRELOAD], env: { ...env, LIST_MODULES_TO: file } });
  await server.close();
  const modules = readFileSync(file, 'utf8').split('\n');
  return FEATURE_LIBRARIES.filter((library) => modules.some((path) => path.includes(library)));
}

describe('the toolwire server programs', () => {
  it.each(['toolwire-http', 'toolwire-express'] as const)('%s loads neither zod, nor OpenTelemetry, nor a Redis client by default', async (id) => {
    expect(await featureLibrariesLoaded(id, {})).toEqual([]);
  });

  it('load zod for SCHEMA=zod and the OpenTelemetry SDK for TELEMETRY=1, and only that', async () => {
    expect(await featureLibrariesLoaded('toolwire-http', { SCHEMA: 'zod' })).toEqual(['/node_modules/zod/']);
    expect(await featureLibrariesLoaded('toolwire-express', { TELEMETRY: '1' })).toEqual(['/node_modules/@opentelemetry/']);
  });
});
