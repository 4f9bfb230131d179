/**
 * modern: the admission ladder of a request that claims the 2026-07-28 era (its
 * `params._meta` names a protocol version). In the specification's order — header/body
 * mismatches, the `_meta` envelope, the version, missing standard headers and `Mcp-Name` (steps
 * 4a–6; for `tasks/*` the task id, as the tasks extension routes them) — each step refuses with its code and HTTP 400; what passes is served by the modern era
 * (an unknown method there is 404). Header steps run only for transports that have headers
 * (HTTP); stdio has none. Steps 7 and 8 — the client capabilities a tool needs (-32021, every era)
 * and its mirrored `Mcp-Param-*` headers — are rules of the pipeline's chain (`rules/`).
 */
import type { ToolDeclaration } from '../declaration/ToolDeclaration';
import { ErrorCodes } from '../faults/ErrorCodes';
import type { ProtocolProfile } from '../protocol/profile';
import { META, readMeta } from '../protocol/meta';
import type { RequestMeta } from '../protocol/meta';
import { headerValue } from '../protocol/headers';
import { errorReply } from './replies';
import type { RequestId } from './jsonRpc';
import { refused } from './DispatchResult';
import type { DispatchResult } from './DispatchResult';
import type { DispatchContext } from './DispatchContext';
import type { Envelope } from './classify';
import { ERA_METHODS } from './methods/methods';
import type { NameHeader } from './methods/MethodTraits';

/** A claimed request that passed the ladder: its profile and what its `_meta` says. */
export interface Admission {
  readonly profile: ProtocolProfile;
  readonly meta: RequestMeta;
}

/**
 * Runs the ladder for one claimed request (with id `id`); a DispatchResult is its refusal. It
 * allocates nothing on the way to an admission but the admission itself and its `_meta` reading.
 */
export function admit(envelope: Envelope, id: RequestId, context: DispatchContext, decl: ToolDeclaration): Admission | DispatchResult {
  const { method } = envelope;
  const params = envelope.params as Record<string, unknown>; // a claim implies params and _meta are objects
  const headers = context.header !== undefined;
  if (headers) {
    const repeated = repeatedStandardHeader(context);
    if (repeated) return mismatch(id, `Header mismatch: ${repeated} is sent more than once`);
  }

  // 4a: headers that disagree with the body
  const versionHeader = context.protocolVersion?.trim();
  const methodHeader = headers ? context.header!('mcp-method')?.trim() : undefined;
  if (headers) {
    const claimed = (params._meta as Record<string, unknown>)[META.protocolVersion];
    if (versionHeader !== undefined && versionHeader !== claimed) {
      return mismatch(id, `Header mismatch: MCP-Protocol-Version is ${JSON.stringify(versionHeader)} but _meta names ${JSON.stringify(claimed)}`);
    }
    if (methodHeader !== undefined && methodHeader !== method) return mismatch(id, `Header mismatch: Mcp-Method is ${JSON.stringify(methodHeader)} but the method is ${JSON.stringify(method)}`);
  }

  // 4b: the _meta envelope
  const meta = readMeta(params);
  if (typeof meta === 'string') return refused(errorReply(id, ErrorCodes.InvalidParams, `Invalid params: ${meta}`));

  // 5: the version
  const profile = decl.modernProfileOf(meta.protocolVersion);
  if (!profile) {
    return refused(
      errorReply(id, ErrorCodes.UnsupportedProtocolVersion, `Unsupported protocol version: ${meta.protocolVersion}`, {
        supported: decl.modernVersions,
        requested: meta.protocolVersion,
      }),
    );
  }

  // 6: required standard headers, Mcp-Name
  if (headers) {
    if (versionHeader === undefined) return mismatch(id, 'Header mismatch: the MCP-Protocol-Version header is required');
    if (methodHeader === undefined) return mismatch(id, 'Header mismatch: the Mcp-Method header is required');
    const nameHeader = ERA_METHODS.modern.get(method)?.nameHeader;
    if (nameHeader) {
      const problem = nameHeaderProblem(method, nameHeader, context.header!('mcp-name'), params[nameHeader.param]);
      if (problem) return mismatch(id, problem);
    }
  }
  return { profile, meta };
}

/** The -32020 (HTTP 400) refusal of a request whose headers do not agree with it. */
function mismatch(id: RequestId, message: string): DispatchResult {
  return refused(errorReply(id, ErrorCodes.HeaderMismatch, message));
}

/** The standard headers that must come at most once (Mcp-Param-* are checked where they are read), as named in messages and as looked up. */
const STANDARD_HEADERS: readonly (readonly [name: string, lowerCase: string])[] = ['MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name'].map((name) => [name, name.toLowerCase()] as const);

/** The first standard header `context` says came on more than one line, or `undefined`. */
function repeatedStandardHeader(context: DispatchContext): string | undefined {
  if (!context.headerRepeated) return undefined;
  for (const [name, lowerCase] of STANDARD_HEADERS) if (context.headerRepeated(lowerCase)) return name;
  return undefined;
}

/** Mcp-Name must state the member of `params` its method's descriptor names (`name`, `uri`, `taskId`). */
function nameHeaderProblem(method: string, named: NameHeader, raw: string | undefined, name: unknown): string | undefined {
  if (raw === undefined) return `Header mismatch: ${method} requires the Mcp-Name header`;
  const decoded = headerValue(raw);
  if (decoded === undefined) return 'Header mismatch: Mcp-Name is not valid =?base64?…?= encoding';
  if (typeof name === 'string' && decoded !== name) return `Header mismatch: Mcp-Name is ${JSON.stringify(decoded)} but the ${named.noun} is ${JSON.stringify(name)}`;
  return undefined;
}
