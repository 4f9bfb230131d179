/**
 * Content block helpers and the block writer: `text()`, `image()`, `audio()`, `resource()`,
 * `resourceLink()` build MCP content blocks a procedure can return (with `blocksContent()`);
 * `blockJson()` validates one block and writes it for the negotiated protocol version
 * (binary as base64; fields and `resource_link` blocks a 2025-03-26 client does not know are
 * left out or degraded to text).
 */
import { encodeBase64 } from './Base64Encoder';
import type { ProtocolProfile } from '../protocol/profile';

/** Bytes as a procedure may hand them over. */
export type Bytes = Uint8Array | ArrayBuffer;

/** Optional annotations of a content block (audience, priority, lastModified). */
export type Annotations = Record<string, unknown>;

/** The text or blob contents of an embedded resource. */
export type ResourceContents =
  | { uri: string; mimeType?: string; text: string; _meta?: Record<string, unknown> }
  | { uri: string; mimeType?: string; blob: Bytes | string; _meta?: Record<string, unknown> };

/** A resource link's fields. */
export interface ResourceLinkFields {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: Annotations;
  _meta?: Record<string, unknown>;
}

/** Extra fields every block may carry. */
export interface BlockExtras {
  annotations?: Annotations;
  _meta?: Record<string, unknown>;
}

/** A content block as the helpers build it. */
export type ContentBlock =
  | ({ type: 'text'; text: string } & BlockExtras)
  | ({ type: 'image' | 'audio'; data: Bytes | string; mimeType: string } & BlockExtras)
  | ({ type: 'resource'; resource: ResourceContents } & BlockExtras)
  | ({ type: 'resource_link' } & ResourceLinkFields);

/** A text block. */
export function text(value: string, extras: BlockExtras = {}): ContentBlock {
  return { type: 'text', text: value, ...extras };
}

/** An image block; `data` is raw bytes (encoded as base64 on the wire) or an already base64 string. */
export function image(data: Bytes | string, mimeType = 'image/png', extras: BlockExtras = {}): ContentBlock {
  return { type: 'image', data, mimeType, ...extras };
}

/** An audio block; `data` is raw bytes (encoded as base64 on the wire) or an already base64 string. */
export function audio(data: Bytes | string, mimeType = 'audio/wav', extras: BlockExtras = {}): ContentBlock {
  return { type: 'audio', data, mimeType, ...extras };
}

/** An embedded resource block: `{ uri, mimeType?, text }` or `{ uri, mimeType?, blob }`. */
export function resource(contents: ResourceContents, extras: BlockExtras = {}): ContentBlock {
  return { type: 'resource', resource: contents, ...extras };
}

/** A resource link block (2025-06-18 and later; older clients get a text block naming the link). */
export function resourceLink(fields: ResourceLinkFields): ContentBlock {
  return { type: 'resource_link', ...fields };
}

/** Thrown by {@link blockJson} for a block of the wrong shape; the message says what is wrong. */
export class BlockShapeError extends Error {}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);

function need(block: Obj, key: string, kind: 'string' | 'number', where: string): void {
  if (typeof block[key] !== kind) throw new BlockShapeError(`${where}: expected "${key}" to be a ${kind}, got ${describe(block[key])}`);
}

function optional(block: Obj, key: string, kind: 'string' | 'number' | 'object', where: string): void {
  const v = block[key];
  if (v !== undefined && (kind === 'object' ? !isObj(v) : typeof v !== kind)) {
    throw new BlockShapeError(`${where}: expected "${key}" to be a${kind === 'object' ? 'n' : ''} ${kind}, got ${describe(v)}`);
  }
}

function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (v instanceof Uint8Array) return 'binary';
  return Array.isArray(v) ? 'array' : typeof v;
}

function base64(value: unknown, key: string, where: string): string {
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return encodeBase64(value);
  if (value instanceof ArrayBuffer) return encodeBase64(new Uint8Array(value));
  throw new BlockShapeError(`${where}: expected "${key}" to be binary data or a base64 string, got ${describe(value)}`);
}

/** Copies the listed optional members that are present, in order. */
function pick(from: Obj, keys: readonly string[], to: Obj): Obj {
  for (const k of keys) if (from[k] !== undefined) to[k] = from[k];
  return to;
}

/** Validates resource contents and returns their wire form. */
export function resourceContentsJson(value: unknown, profile: ProtocolProfile, where: string): Obj {
  if (!isObj(value)) throw new BlockShapeError(`${where}: expected { uri, mimeType?, text } or { uri, mimeType?, blob }, got ${describe(value)}`);
  need(value, 'uri', 'string', where);
  optional(value, 'mimeType', 'string', where);
  const out: Obj = { uri: value.uri };
  if (value.mimeType !== undefined) out.mimeType = value.mimeType;
  if (typeof value.text === 'string') out.text = value.text;
  else if (value.blob !== undefined) out.blob = base64(value.blob, 'blob', where);
  else throw new BlockShapeError(`${where}: expected "text" (a string) or "blob" (binary data)`);
  if (profile.resourceLinks) pick(value, ['_meta'], out);
  return out;
}

/** The fields every block may carry beside its own, per era (read per block: built once). */
const LEGACY_EXTRAS: readonly string[] = ['annotations'];
const MODERN_EXTRAS: readonly string[] = ['annotations', '_meta'];

/**
 * Validates one block and returns its JSON for `profile`'s version.
 * @throws BlockShapeError when the block does not have the shape its type requires.
 */
export function blockJson(block: unknown, profile: ProtocolProfile, where = 'content block'): string {
  if (!isObj(block)) throw new BlockShapeError(`${where}: expected a content block object, got ${describe(block)}`);
  const modern = profile.resourceLinks;
  const extras = modern ? MODERN_EXTRAS : LEGACY_EXTRAS;
  optional(block, 'annotations', 'object', where);
  let out: Obj;
  switch (block.type) {
    case 'text':
      need(block, 'text', 'string', where);
      out = { type: 'text', text: block.text };
      break;
    case 'image':
    case 'audio':
      need(block, 'mimeType', 'string', where);
      if (block.type === 'audio' && !profile.audio) {
        base64(block.data, 'data', where); // validated as for every version
        out = { type: 'text', text: audioPlaceholder(block.mimeType as string) };
        break;
      }
      out = { type: block.type, data: base64(block.data, 'data', where), mimeType: block.mimeType };
      break;
    case 'resource':
      out = { type: 'resource', resource: resourceContentsJson(block.resource, profile, `${where} resource`) };
      break;
    case 'resource_link':
      need(block, 'uri', 'string', where);
      need(block, 'name', 'string', where);
      for (const k of ['title', 'description', 'mimeType']) optional(block, k, 'string', where);
      optional(block, 'size', 'number', where);
      if (!modern) {
        const label = typeof block.title === 'string' ? block.title : block.name;
        return JSON.stringify(pick(block, ['annotations'], { type: 'text', text: `Resource link: ${label} <${block.uri}>` }));
      }
      out = pick(block, ['name', 'title', 'uri', 'description', 'mimeType', 'size'], { type: 'resource_link' });
      break;
    default:
      throw new BlockShapeError(`${where}: unknown content block type ${JSON.stringify(block.type)}`);
  }
  return JSON.stringify(pick(block, extras, out));
}

/**
 * The text block written instead of audio for versions without audio content (2024-11-05): it
 * names the audio so the model knows there was some.
 */
export function audioPlaceholder(mimeType: string): string {
  return `[audio: ${mimeType}; this protocol version has no audio content]`;
}
