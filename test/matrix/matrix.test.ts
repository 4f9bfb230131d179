/**
 * The rule × version × transport matrix: every cross-cutting rule (scopes, listOnlyPermittedTools,
 * context.auth, required capabilities, argument validation, every limit, callTimeoutMs, onError,
 * maxConcurrentCalls, cancellation of a call in flight, the Mcp-Param-* header forms, resources/read: a read, the unknown-URI code per
 * era, resource scopes, Mcp-Name = uri, the bounds, scopes and telemetry of subscriptions/listen and of the legacy
 * notification streams) under every supported protocol version, through
 * the dispatcher, mcpRouter, mcpHandler, mcpFetchHandler, mcpPlugin (Fastify) and serveStdio — each cell where the rule
 * applies. A rule that holds on one era or one transport and not on another fails its cell here.
 */
import { MODERN_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS } from '@toolwire/core';
import { RULES, profiles } from './rules';
import { TRAITS, TRANSPORTS, open } from './transports';
import type { Transport } from './transports';

const VERSIONS = profiles([...SUPPORTED_PROTOCOL_VERSIONS, ...MODERN_PROTOCOL_VERSIONS].reverse());

describe.each(TRANSPORTS)('%s', (name) => {
  let transport: Transport;
  beforeAll(async () => {
    transport = await open(name);
  });
  afterAll(() => transport.close());

  describe.each(VERSIONS.map((profile) => [profile.version, profile] as const))('%s', (_version, profile) => {
    const cells = RULES.filter((rule) => !rule.applies || rule.applies(TRAITS[name], profile)).map((rule) => [rule.name, rule] as const);
    it.each(cells)('%s', (_rule, rule) => rule.check(transport, profile));
  });
});
