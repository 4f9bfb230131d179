/**
 * resources/read, for every era: handed to the ResourceReader. The rules a read must pass first
 * (the resource's scopes) are the pipeline's chain; the result carries what its version's results
 * end with (2026-07-28: cache hints, resultType, serverInfo `_meta`).
 */
import type { RequestHandler } from './Handler';

export const resourcesRead: RequestHandler = (request, { resources }) => resources.read(request);
