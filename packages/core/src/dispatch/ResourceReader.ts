/**
 * ResourceReader: resources/read — find the static resource or the first template the URI
 * matches, call its read procedure (or take its fixed contents), and write the contents with
 * the resource's MIME type and `_meta` where an item does not give its own. A URI the server
 * does not serve is the profile's code (-32002 on legacy versions, -32602 on 2026-07-28) with
 * the URI in `data` (the message shows at most its first {@link SHOWN_URI} characters); a URI
 * longer than `maxUriLength` is refused -32602 before any template is tried; a procedure's
 * failure follows the error policy of tools/call.
 */
import type { ResourceEntry } from '../declaration/ResourceEntry';
import type { ReadContext, ReadContent, ReadResult, ServiceDefinition } from '../remoting/ServiceDefinition';
import { ErrorCodes } from '../faults/ErrorCodes';
import { encodeBase64 } from '../content/Base64Encoder';
import { describe as jsonKind } from '../schema/Property';
import type { ProtocolProfile } from '../protocol/profile';
import { errorReply, resultReply } from './replies';
import type { RequestId } from './jsonRpc';
import { isObject, isThenable } from '../guards';
import type { DispatchResult, ResultReply } from './DispatchResult';
import type { Settled } from './ToolCaller';
import type { InboundRequest } from './Inbound';
import type { ErrorPolicy } from './errorPolicy';
import { clientCapabilitiesOf } from './callScope';
import { principalOf } from './principal';
import { METHOD } from '../protocol/methodNames';

const NEVER_ABORTED = new AbortController().signal;

/** How much of a URI an error message repeats (`data.uri` has all of it). */
const SHOWN_URI = 200;

/** Runs resources/read requests for one declaration and procedure table. */
export class ResourceReader {
  constructor(
    private readonly defs: ServiceDefinition,
    private readonly policy: ErrorPolicy,
    /** The `maxUriLength` limit. */
    readonly maxUriLength: number,
  ) {}

  /**
   * Answers one resources/read request; a Promise only when the procedure returned one, which
   * resolves to nothing when the transport's signal aborted meanwhile (the client went away).
   */
  read(request: InboundRequest): Settled | Promise<Settled | undefined> {
    const { id, params, profile } = request;
    const uri = isObject(params) ? params.uri : undefined;
    if (typeof uri !== 'string') return errorReply(id, ErrorCodes.InvalidParams, `Invalid params: resources/read requires "uri" as a string, got ${uri === undefined ? 'nothing' : jsonKind(uri)}`);
    if (uri.length > this.maxUriLength) return errorReply(id, ErrorCodes.InvalidParams, `Invalid params: "uri" is ${uri.length} characters, more than maxUriLength (${this.maxUriLength})`);
    const target = request.target?.kind === 'resource' ? request.target : undefined;
    if (!target) return this.notFound(request, uri);
    if (typeof target.args === 'string') return errorReply(id, ErrorCodes.InvalidParams, `Invalid params: ${shown(uri)} does not fit ${target.key}: ${target.args}`);
    const fn = this.defs.getResourceReader(target.key);
    if (!fn) {
      if (target.fixed !== undefined) return this.write(id, uri, target.entry, target.fixed, profile);
      return errorReply(id, ErrorCodes.InternalError, `Resource "${target.key}" is declared but no read procedure is registered for it`);
    }
    let value: unknown;
    try {
      value = fn(...target.args, new ResourceReadContext(request, uri));
    } catch (error) {
      return this.failure(id, error);
    }
    if (!isThenable(value)) return this.settled(request, uri, target.entry, value);
    if (request.mode === 'sync') {
      Promise.resolve(value).catch(() => undefined);
      return errorReply(id, ErrorCodes.InternalError, `Resource "${target.key}" returned a Promise: asynchronous read procedure; use StdioService`);
    }
    // the transport's signal aborted (the client closed the request): nobody to answer, and its going away is no error for onError
    const gone = (): boolean => request.context.signal?.aborted === true;
    return Promise.resolve(value).then(
      (result) => (gone() ? undefined : this.settled(request, uri, target.entry, result)),
      (error: unknown) => (gone() ? undefined : this.failure(id, error)),
    );
  }

  private settled(request: InboundRequest, uri: string, entry: ResourceEntry, value: unknown): Settled {
    if (value === undefined || value === null) return this.notFound(request, uri);
    try {
      return this.write(request.id, uri, entry, value as ReadResult, request.profile);
    } catch (error) {
      return this.policy.internal(request.id, error, { requestId: request.id, method: METHOD.resourcesRead });
    }
  }

  private notFound(request: InboundRequest, uri: string): DispatchResult {
    return errorReply(request.id, request.profile.resourceNotFound, `Resource not found: ${shown(uri)}`, { uri });
  }

  private failure(id: RequestId, error: unknown): DispatchResult {
    return this.policy.fault(id, error, { requestId: id, method: METHOD.resourcesRead });
  }

  /** The result: `{"contents":[…]}`, cacheable (the era adds what its cacheable results end with). */
  private write(id: RequestId, uri: string, entry: ResourceEntry, value: ReadResult, profile: ProtocolProfile): ResultReply {
    if (typeof value === 'string') return resultReply(id, `{"contents":[${textContent(uri, entry, value, profile)}]`, 'cacheable');
    const items: readonly ReadContent[] = typeof value === 'string' ? [{ text: value }] : value instanceof Uint8Array || value instanceof ArrayBuffer ? [{ blob: value }] : Array.isArray(value) ? value : [value as ReadContent];
    const contents = items.map((item, i) => content(item, i, uri, entry, profile));
    return resultReply(id, `{"contents":${JSON.stringify(contents)}`, 'cacheable');
  }
}

/** `uri` as an error message repeats it: its first {@link SHOWN_URI} characters. */
function shown(uri: string): string {
  return uri.length > SHOWN_URI ? `${uri.slice(0, SHOWN_URI)}… (${uri.length} characters)` : uri;
}

/** The wire content of a read that returned text (what {@link content} makes of `{ text }`, written directly). */
function textContent(uri: string, entry: ResourceEntry, text: string, profile: ProtocolProfile): string {
  const mimeType = entry.mimeType === undefined ? '' : `,"mimeType":${JSON.stringify(entry.mimeType)}`;
  const meta = entry.meta && profile.resourceLinks ? `,"_meta":${JSON.stringify(entry.meta)}` : '';
  return `{"uri":${JSON.stringify(uri)}${mimeType},"text":${JSON.stringify(text)}${meta}}`;
}

/** One wire content; a malformed item is the server's bug (-32603). */
function content(item: ReadContent, index: number, uri: string, entry: ResourceEntry, profile: ProtocolProfile): Record<string, unknown> {
  if (!isObject(item)) throw new TypeError(`read procedure returned contents[${index}] as ${jsonKind(item)}, expected { text } or { blob }`);
  const out: Record<string, unknown> = { uri: typeof item.uri === 'string' ? item.uri : uri };
  const mimeType = typeof item.mimeType === 'string' ? item.mimeType : entry.mimeType;
  if (mimeType !== undefined) out.mimeType = mimeType;
  if (typeof item.text === 'string') out.text = item.text;
  else if (item.blob instanceof Uint8Array) out.blob = encodeBase64(item.blob);
  else if (item.blob instanceof ArrayBuffer) out.blob = encodeBase64(new Uint8Array(item.blob));
  else throw new TypeError(`read procedure returned contents[${index}] without text (a string) or blob (bytes)`);
  const meta = isObject(item._meta) ? item._meta : entry.meta;
  if (meta && profile.resourceLinks) out._meta = meta;
  return out;
}

/**
 * The context a read procedure receives. A class, so that its lazy members are the prototype's
 * (an object literal with getters is built as a slow dictionary object on every read): the signal
 * — over HTTP, looking it up costs an AbortController and a close listener — and the client's
 * capabilities are looked up only when read.
 */
export class ResourceReadContext implements ReadContext {
  readonly requestId: RequestId;
  readonly protocolVersion: string;
  readonly era: ProtocolProfile['era'];

  constructor(
    private readonly inbound: InboundRequest,
    readonly uri: string,
  ) {
    this.requestId = inbound.id;
    this.protocolVersion = inbound.profile.version;
    this.era = inbound.profile.era;
  }

  get signal(): AbortSignal {
    return this.inbound.context.signal ?? NEVER_ABORTED;
  }

  get request(): unknown {
    return this.inbound.context.request;
  }

  get auth(): ReadContext['auth'] {
    return this.inbound.context.access?.auth;
  }

  get principal(): ReadContext['principal'] {
    return principalOf(this.inbound.context);
  }

  get clientCapabilities(): Readonly<Record<string, unknown>> {
    return clientCapabilitiesOf(this.inbound);
  }
}
