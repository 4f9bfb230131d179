/**
 * The official MCP conformance suite, server mode, against the everything server over HTTP:
 * software nobody here wrote decides whether toolwire's answers are right.
 */
import { SCENARIOS, runConformance } from '../src/conformance';

jest.setTimeout(180_000);

describe('@modelcontextprotocol/conformance against the everything server', () => {
  it('passes every tool scenario, DNS-rebinding protection and JSON Schema 2020-12', async () => {
    const results = await runConformance(SCENARIOS, 4);
    const failures = results.filter((r) => !r.ok).map((r) => `${r.scenario}:\n${r.output}`);
    expect(failures).toEqual([]);
    expect(results.map((r) => r.scenario)).toEqual([...SCENARIOS]);
    expect(results.every((r) => r.total > 0 && r.passed === r.total)).toBe(true);
  });
});
