/**
 * tools/call, for every era: the rules a call must pass before its procedure runs, in order —
 * the scopes of a protected endpoint (`tool.setScopes`: 403 `insufficient_scope`), the client
 * capabilities the tool needs (`tool.setRequiredCapabilities`: -32021), the cap on calls in
 * flight (`maxConcurrentCalls`: -32000, 503) — then the ToolCaller, which validates, calls and
 * formats. The modern method table stamps this handler's results; it never calls a tool itself.
 */
import type { RequestHandler } from './Handler';
import { scopeRefusal } from '../scopeRefusal';
import { capabilityRefusal } from '../capabilityRefusal';

export const toolsCall: RequestHandler = (request, { tools, decl }) =>
  scopeRefusal(request, decl) ?? capabilityRefusal(request, decl) ?? tools.busyRefusal(request) ?? tools.call(request);
