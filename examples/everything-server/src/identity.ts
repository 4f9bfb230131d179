/**
 * identity: what the everything server's identity documents say beyond its declaration — the
 * registry name (a placeholder namespace: the example is not published) and description — shared by its server card (`--server-card`) and
 * its registry entry (`--server-json`), so the two and serverInfo never disagree.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RegistryEntryOptions, ServerCardOptions } from '@toolwire/core';

/** This example's package.json: its npm name, version and `mcpName` (which the registry checks against the entry's name). */
export const PACKAGE = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { name: string; version: string; mcpName: string };

/** The fields of the server card (`serverCard` option). */
export const EVERYTHING_CARD: ServerCardOptions = Object.freeze({
  name: PACKAGE.mcpName,
  description: 'Every MCP content kind, resources, asks and a raw JSON Schema tool: the conformance fixtures',
});

/** The fields of the registry entry: the card's plus the npm package that serves it over stdio (`--stdio`). */
export const EVERYTHING_REGISTRY: RegistryEntryOptions = Object.freeze({
  ...EVERYTHING_CARD,
  packages: Object.freeze([Object.freeze({ identifier: PACKAGE.name, version: PACKAGE.version })]),
});
