/**
 * uriTemplate: RFC 6570 level-1 URI templates (`test://notes/{id}`) — simple string expansion
 * only. A template is parsed once into its literal parts and variable names; a URI matches it
 * when the literals are where the template has them and each variable's text is what level-1
 * expansion can produce (unreserved characters and percent-escapes), which is then decoded.
 */

/** A parsed level-1 URI template. */
export interface UriTemplate {
  /** The template text. */
  readonly text: string;
  /** The variable names in the order they appear. */
  readonly variables: readonly string[];
  /** The variables' values when `uri` matches, else `undefined`. */
  match(uri: string): Record<string, string> | undefined;
  /** The URI for these values (each percent-encoded as level 1 does). */
  expand(values: Readonly<Record<string, string>>): string;
}

const VARIABLE = /\{([^{}]*)\}/g;
const NAME = /^[A-Za-z0-9_]+$/;
/** What a level-1 expansion of a value consists of: unreserved characters and pct-encoded triplets. */
const EXPANDED = '((?:[A-Za-z0-9\\-._~]|%[0-9A-Fa-f]{2})*)';

/**
 * Parses a level-1 template.
 * @throws TypeError for an expression that is not a plain variable name (an operator, a
 *   modifier, a list) or a repeated name, and for a stray brace.
 */
export function parseUriTemplate(what: string, text: string): UriTemplate {
  const variables: string[] = [];
  let pattern = '^';
  let last = 0;
  for (const m of text.matchAll(VARIABLE)) {
    const name = m[1];
    if (!NAME.test(name)) throw new TypeError(`${what}: expected {name} variables (RFC 6570 level 1: letters, digits, _), got "{${name}}" in ${JSON.stringify(text)}`);
    if (variables.includes(name)) throw new TypeError(`${what}: variable "${name}" appears twice in ${JSON.stringify(text)}`);
    variables.push(name);
    pattern += literal(what, text, text.slice(last, m.index)) + EXPANDED;
    last = (m.index ?? 0) + m[0].length;
  }
  pattern += literal(what, text, text.slice(last)) + '$';
  const regex = new RegExp(pattern);
  return Object.freeze({
    text,
    variables: Object.freeze(variables),
    match(uri: string): Record<string, string> | undefined {
      const m = regex.exec(uri);
      if (!m) return undefined;
      const values: Record<string, string> = {};
      try {
        variables.forEach((name, i) => (values[name] = decodeURIComponent(m[i + 1])));
      } catch {
        return undefined; // an escape that is not UTF-8
      }
      return values;
    },
    expand(values: Readonly<Record<string, string>>): string {
      return text.replace(VARIABLE, (_, name: string) => encodeUnreserved(values[name] ?? ''));
    },
  });
}

function literal(what: string, text: string, part: string): string {
  if (part.includes('{') || part.includes('}')) throw new TypeError(`${what}: unbalanced brace in ${JSON.stringify(text)}`);
  return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Level-1 expansion of one value: everything but the unreserved characters percent-encoded. */
function encodeUnreserved(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
