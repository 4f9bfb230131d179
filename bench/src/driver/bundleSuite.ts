/**
 * The bundle-size suite (`--only=bundle`): the three-tool server as a Workers-style fetch module
 * (`src/bundle/*Fetch.ts`) and as a stdio program (`src/cold/*Stdio.ts`, the cold-start
 * programs), each bundled with esbuild (ES module, minified; the fetch servers for a worker
 * runtime — platform `browser` with the `workerd`/`worker` conditions, Node's built-ins left
 * external — the stdio servers for Node), then gzipped (level 9): toolwire and every peer that
 * has that kind of server. Each bundle's metafile also says which source files went in, so the
 * suite reports whether toolwire's stdio bundle holds any of core's HTTP code (its HTTP rules,
 * its HTTP pipeline, or the bundled `http` entry) — measured, not assumed.
 */
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Ids of the bundled servers, in table order. */
export const BUNDLE_IDS = ['toolwire-fetch', 'sdk-fetch', 'sdk2-fetch', 'tmcp-fetch', 'toolwire-stdio', 'sdk-stdio', 'sdk2-stdio', 'tmcp-stdio', 'fastmcp-stdio'] as const;

/** One bundled server's id. */
export type BundleId = (typeof BUNDLE_IDS)[number];

/** A bundled server: its entry source and the kind of bundle. */
export interface BundleSpec {
  readonly id: BundleId;
  readonly label: string;
  readonly kind: 'fetch' | 'stdio';
  readonly entry: string;
  /** Imports left out: optional packages a library imports dynamically and that are not installed (fastmcp's schema converters for effect and sury). */
  readonly external?: readonly string[];
}

const SRC = join(__dirname, '..', '..', 'src');

const SPECS: Readonly<Record<BundleId, BundleSpec>> = {
  'toolwire-fetch': { id: 'toolwire-fetch', label: 'toolwire mcpFetchHandler', kind: 'fetch', entry: join(SRC, 'bundle', 'toolwireFetch.ts') },
  'sdk-fetch': { id: 'sdk-fetch', label: 'MCP SDK 1.x WebStandard transport', kind: 'fetch', entry: join(SRC, 'bundle', 'sdkFetch.ts') },
  'sdk2-fetch': { id: 'sdk2-fetch', label: 'MCP SDK v2 createMcpHandler', kind: 'fetch', entry: join(SRC, 'bundle', 'sdk2Fetch.ts') },
  'tmcp-fetch': { id: 'tmcp-fetch', label: 'tmcp 1.20 HttpTransport', kind: 'fetch', entry: join(SRC, 'bundle', 'tmcpFetch.ts') },
  'toolwire-stdio': { id: 'toolwire-stdio', label: 'toolwire serveStdio', kind: 'stdio', entry: join(SRC, 'cold', 'toolwireStdio.ts') },
  'sdk-stdio': { id: 'sdk-stdio', label: 'MCP SDK 1.x StdioServerTransport', kind: 'stdio', entry: join(SRC, 'cold', 'sdkStdio.ts') },
  'sdk2-stdio': { id: 'sdk2-stdio', label: 'MCP SDK v2 StdioServerTransport', kind: 'stdio', entry: join(SRC, 'cold', 'sdk2Stdio.ts') },
  'tmcp-stdio': { id: 'tmcp-stdio', label: 'tmcp 1.20 StdioTransport', kind: 'stdio', entry: join(SRC, 'cold', 'tmcpStdio.ts') },
  'fastmcp-stdio': { id: 'fastmcp-stdio', label: 'fastmcp stdio', kind: 'stdio', entry: join(SRC, 'cold', 'fastmcpStdio.ts'), external: ['effect', 'sury'] },
};

/** The bundled server with this id. */
export function bundleSpec(id: BundleId): BundleSpec {
  return SPECS[id];
}

/** One bundle's sizes, and the source files in it that are core's HTTP code. */
export interface BundleSample {
  id: BundleId;
  /** Minified bytes. */
  bytes: number;
  /** Those bytes gzipped (level 9). */
  gzipBytes: number;
  /** Source files that went in. */
  inputs: number;
  /** Minified bytes of the schema library in it (zod: what the peers declare their tools with). */
  schemaBytes: number;
  /** The inputs that are core's HTTP code (its `httpRules/`, `pipeline/` or `http` entry). */
  httpInputs: string[];
  failure?: string;
}

/** Whether a bundle input (a path in esbuild's metafile) is core's HTTP code. */
export function isCoreHttpCode(input: string): boolean {
  return /packages[\\/]core[\\/](?:src|dist)[\\/](?:.*[\\/])?(?:httpRules|pipeline)[\\/]|packages[\\/]core[\\/]dist[\\/](?:cjs|esm)[\\/]http\.js$/.test(input);
}

/** Bundles one server and measures it. */
export async function measureBundle(spec: BundleSpec): Promise<BundleSample> {
  // esbuild is a dev dependency of the repository: loaded here only, so the other suites run without it
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { build } = require('esbuild') as typeof import('esbuild');
  const worker = spec.kind === 'fetch';
  const result = await build({
    entryPoints: [spec.entry],
    bundle: true,
    write: false,
    metafile: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: worker ? 'browser' : 'node',
    ...(worker ? { conditions: ['workerd', 'worker', 'browser', 'module'] } : {}),
    external: [...(worker ? ['node:*'] : []), ...(spec.external ?? [])],
    logLevel: 'silent',
    legalComments: 'none',
  });
  const output = result.outputFiles[0].contents;
  const inputs = Object.keys(result.metafile.inputs);
  const parts = Object.entries(Object.values(result.metafile.outputs)[0].inputs);
  const schemaBytes = parts.filter(([input]) => /node_modules[\\/]zod[\\/]/.test(input)).reduce((sum, [, part]) => sum + part.bytesInOutput, 0);
  return { id: spec.id, bytes: output.byteLength, gzipBytes: gzipSync(output, { level: 9 }).byteLength, inputs: inputs.length, schemaBytes, httpInputs: inputs.filter(isCoreHttpCode) };
}

/** Bundles every server in `ids`; a bundle that fails is reported with its error. */
export async function runBundleSuite(ids: readonly BundleId[], log: (text: string) => void): Promise<BundleSample[]> {
  log(`bundle size: ${ids.length} bundles (esbuild, minified, gzip) …`);
  const samples: BundleSample[] = [];
  for (const id of ids) {
    try {
      samples.push(await measureBundle(SPECS[id]));
    } catch (error) {
      samples.push({ id, bytes: NaN, gzipBytes: NaN, inputs: 0, schemaBytes: NaN, httpInputs: [], failure: error instanceof Error ? error.message.split('\n')[0] : String(error) });
    }
  }
  return samples;
}

/** The suite's table as printed lines (empty for a run without it). */
export function bundleTable(samples: readonly BundleSample[]): string[] {
  if (samples.length === 0) return [];
  const kib = (bytes: number): string => (Number.isFinite(bytes) ? (bytes / 1024).toFixed(1) : '–');
  const sdk2 = (kind: 'fetch' | 'stdio'): number => samples.find((s) => s.id === `sdk2-${kind}`)?.gzipBytes ?? NaN;
  const lines = ['', 'bundle size — the 3-tool server bundled with esbuild (ES module, minified), then gzip -9 (KiB); fetch: Workers-style module, stdio: Node program; zod: the minified bytes of zod in it (the peers declare their tools with zod)'];
  lines.push(`${'server'.padEnd(40)}${'kind'.padEnd(7)}${'min KiB'.padStart(9)}${'gzip KiB'.padStart(10)}${'×SDK v2'.padStart(9)}${'zod KiB'.padStart(9)}${'inputs'.padStart(8)}  HTTP code of core`);
  for (const s of samples) {
    const spec = SPECS[s.id];
    const ratio = s.gzipBytes / sdk2(spec.kind);
    const http = s.failure ? `FAIL: ${s.failure}` : s.id.startsWith('toolwire') ? (s.httpInputs.length ? `${s.httpInputs.length} files` : 'none') : '';
    lines.push(`${spec.label.padEnd(40)}${spec.kind.padEnd(7)}${kib(s.bytes).padStart(9)}${kib(s.gzipBytes).padStart(10)}${`${Number.isFinite(ratio) ? ratio.toFixed(2) : '–'}×`.padStart(9)}${kib(s.schemaBytes).padStart(9)}${String(s.inputs).padStart(8)}  ${http}`);
  }
  return lines;
}
