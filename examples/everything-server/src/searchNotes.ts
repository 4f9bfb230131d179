/**
 * searchNotes: `search_notes`, the everything server's tool declared with zod — the schemas a
 * server ported from the official SDK already has. Its input and output are zod objects
 * (`decl.addTool(name, description, { input, output })`): tools/list publishes their JSON Schema,
 * zod validates the arguments (its own messages in the `isError` result a model retries from),
 * fills in the default `limit`, and checks the result sent as `structuredContent`.
 */
import { z } from 'zod';
import type { ServiceDefinition, ToolDeclaration } from '@toolwire/core';

/** The arguments of `search_notes`: text to look for, and how many matches at most (1–10, default 5). */
export const SEARCH_INPUT = z.object({
  query: z.string().min(1).describe('Text to look for, case-insensitively'),
  limit: z.number().int().min(1).max(10).default(5).describe('How many matches at most'),
});

/** The result of `search_notes`: the matching notes, by id. */
export const SEARCH_OUTPUT = z.object({
  matches: z.array(z.object({ id: z.string(), text: z.string() })).describe('The notes whose text contains the query'),
});

/** Declares `search_notes` over `notes` and registers its procedure. */
export function addSearchNotes(decl: ToolDeclaration, defs: ServiceDefinition, notes: ReadonlyMap<string, string>): void {
  const search = decl.addTool('search_notes', 'Search the notes for a text (declared with zod)', { input: SEARCH_INPUT, output: SEARCH_OUTPUT });
  defs.registerTool(search, ({ query, limit }) => {
    const needle = query.toLowerCase();
    const matches = [...notes.entries()]
      .filter(([, text]) => text.toLowerCase().includes(needle))
      .slice(0, limit)
      .map(([id, text]) => ({ id, text }));
    return { matches };
  });
}
