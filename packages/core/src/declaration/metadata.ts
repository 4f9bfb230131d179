/**
 * metadata: the descriptive fields hosts read from tools and servers — annotations (how a host
 * presents and confirms a tool), icons, `_meta` — with the checks their setters run. Which
 * protocol versions carry each field is the profile's business (see protocol/profile.ts).
 */
import { describe } from '../schema/Property';

/**
 * Hints about a tool's behaviour (MCP `ToolAnnotations`, 2025-03-26 on). Hosts use them to
 * decide, for example, that a `readOnlyHint` tool runs without a confirmation prompt. They are
 * hints from the server, not guarantees.
 */
export interface ToolAnnotations {
  /** A human-readable title (a tool's own `setTitle` takes precedence in hosts that know both). */
  title?: string;
  /** The tool does not modify its environment (default false). */
  readOnlyHint?: boolean;
  /** The tool may perform destructive updates (default true; meaningful when not read-only). */
  destructiveHint?: boolean;
  /** Calling it again with the same arguments has no further effect (default false). */
  idempotentHint?: boolean;
  /** The tool interacts with an open world of external entities (default true). */
  openWorldHint?: boolean;
}

/** An icon (MCP `Icon`, 2025-11-25 on): a URL or `data:` URI and how to pick it. */
export interface Icon {
  /** An `https:` URL or a `data:` URI of the image. */
  src: string;
  /** The image's MIME type, when `src` does not make it obvious. */
  mimeType?: string;
  /** Sizes the image fits, such as `"48x48"` or `"any"`. */
  sizes?: string[];
  /** The theme the icon is designed for. */
  theme?: 'light' | 'dark';
}

/** A JSON object sent as is (`_meta`). */
export type JsonObject = { [key: string]: unknown };

const ANNOTATION_KINDS: Readonly<Record<keyof ToolAnnotations, 'string' | 'boolean'>> = Object.freeze({
  title: 'string',
  readOnlyHint: 'boolean',
  destructiveHint: 'boolean',
  idempotentHint: 'boolean',
  openWorldHint: 'boolean',
});

/** A frozen copy of valid annotations. @throws TypeError naming the bad member. */
export function checkAnnotations(what: string, annotations: unknown): Readonly<ToolAnnotations> {
  const object = checkObject(what, annotations);
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(object)) {
    const kind = ANNOTATION_KINDS[name as keyof ToolAnnotations];
    if (!kind) throw new TypeError(`${what}: unknown annotation "${name}" (known: ${Object.keys(ANNOTATION_KINDS).join(', ')})`);
    if (value === undefined) continue;
    if (typeof value !== kind) throw new TypeError(`${what}: annotation ${name}: expected a ${kind}, got ${describe(value)}`);
    copy[name] = value;
  }
  return Object.freeze(copy);
}

/** A frozen copy of a valid icon list. @throws TypeError naming the bad icon and member. */
export function checkIcons(what: string, icons: unknown): readonly Icon[] {
  if (!Array.isArray(icons)) throw new TypeError(`${what}: expected an array of icons, got ${describe(icons)}`);
  return Object.freeze(
    icons.map((icon: unknown, i) => {
      const at = `${what}: icon ${i}`;
      const { src, mimeType, sizes, theme, ...rest } = checkObject(at, icon) as Partial<Icon>;
      const unknown = Object.keys(rest)[0];
      if (unknown !== undefined) throw new TypeError(`${at}: unknown member "${unknown}" (known: src, mimeType, sizes, theme)`);
      if (typeof src !== 'string' || src === '') throw new TypeError(`${at}: expected src to be a non-empty string, got ${describe(src)}`);
      const copy: Icon = { src };
      if (mimeType !== undefined) {
        if (typeof mimeType !== 'string') throw new TypeError(`${at}: expected mimeType to be a string, got ${describe(mimeType)}`);
        copy.mimeType = mimeType;
      }
      if (sizes !== undefined) {
        if (!Array.isArray(sizes) || !sizes.every((s) => typeof s === 'string')) throw new TypeError(`${at}: expected sizes to be an array of strings`);
        copy.sizes = [...sizes];
      }
      if (theme !== undefined) {
        if (theme !== 'light' && theme !== 'dark') throw new TypeError(`${at}: expected theme "light" or "dark", got ${JSON.stringify(theme)}`);
        copy.theme = theme;
      }
      return Object.freeze(copy);
    }),
  );
}

/** A deep copy of a JSON object (`_meta`, raw schemas). @throws TypeError when it is not one. */
export function copyJsonObject(what: string, value: unknown): JsonObject {
  checkObject(what, value);
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new TypeError(`${what}: expected a JSON-serializable object (${(error as Error).message})`, { cause: error });
  }
  return JSON.parse(text) as JsonObject;
}

/** A non-empty string. @throws TypeError otherwise. */
export function checkText(what: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new TypeError(`${what}: expected a non-empty string, got ${describe(value)}`);
  return value;
}

function checkObject(what: string, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`${what}: expected an object, got ${describe(value)}`);
  return value as Record<string, unknown>;
}
