/**
 * MCP Inspector 2.12's schema lints (`--cli … --method tools/list --strict`, on Node 24 from the
 * optionalDependency node-24: the Inspector needs Node ≥ 22.19) against dist/main.js over stdio:
 * with `--schema-dialect portable` it reports nothing; with the default dialect it flags
 * find_notes' type arrays — so the clean run is the dialect's doing, not a lint that never fires.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runtimeBinary } from '../../../test-support/runtimeBinary';

jest.setTimeout(60_000);

const MAIN = join(__dirname, '..', 'dist', 'main.js');
const INSPECTOR = join(require.resolve('@modelcontextprotocol/inspector/package.json'), '..', 'clients', 'launcher', 'build', 'index.js');
const node24 = runtimeBinary('node-24');

/** Runs the Inspector CLI's strict tools/list against the server started with `serverArgs`. */
function inspect(serverArgs: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  if (!node24.binary || node24.unavailable) throw new Error(`Node 24 cannot run here: ${node24.unavailable}`);
  const home = mkdtempSync(join(tmpdir(), 'toolwire-inspector-'));
  const args = [INSPECTOR, '--cli', process.execPath, MAIN, '--stdio', ...serverArgs, '--method', 'tools/list', '--strict'];
  // the catalog file the Inspector may write goes to a temporary folder, not the user's home
  const env = { ...process.env, HOME: home, MCP_CATALOG_PATH: join(home, 'mcp.json'), NO_COLOR: '1' };
  return new Promise((resolve) => {
    execFile(node24.binary as string, args, { env, encoding: 'utf8', timeout: 45_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      rmSync(home, { recursive: true, force: true });
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('MCP Inspector 2.12 --strict', () => {
  it('finds nothing to report in the tools of --schema-dialect portable', async () => {
    const { code, stdout, stderr } = await inspect(['--schema-dialect', 'portable']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const tools = (JSON.parse(stdout) as { tools: { name: string }[] }).tools;
    expect(tools.map((tool) => tool.name)).toContain('find_notes');
    expect(tools.length).toBeGreaterThanOrEqual(30);
  });

  it("flags the default dialect's type arrays (find_notes' nullable parameter and result member)", async () => {
    const { code, stderr } = await inspect([]);
    expect(code).toBe(0); // warnings do not fail the run; only errors (exit 6) would
    expect(stderr).toContain('Warning: tool "find_notes"\n  Path: inputSchema.properties.prefix\n  Issue: `type` is an array (["string","null"])');
    expect(stderr).toContain('Path: outputSchema.properties.first');
    expect(stderr).toContain('0 errors, 2 warnings across 1 tool.');
  });
});
