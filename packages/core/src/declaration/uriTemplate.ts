/**
 * uriTemplate: RFC 6570 level-1 URI templates (`test://notes/{id}`) — simple string expansion
 * only. A template is parsed once into its literal parts and variable names; a URI matches it
 * when the literals are where the template has them and each variable's text is what level-1
 * expansion can produce (unreserved characters and percent-escapes), which is then decoded.
 * Matching reads the URI once, left to right, without backtracking: each variable stops at the
 * first place its next literal appears (a run of adjacent variables: the first takes the text,
 * the others are empty), and the template's last literal is matched at the URI's end — so a URI
 * costs time linear in its length whatever the template (a regex with adjacent variables or
 * unreserved literals, like `{region}-{year}`, backtracks polynomially).
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

/**
 * Parses a level-1 template.
 * @throws TypeError for an expression that is not a plain variable name (an operator, a
 *   modifier, a list) or a repeated name, and for a stray brace.
 */
export function parseUriTemplate(what: string, text: string): UriTemplate {
  const variables: string[] = [];
  /** `literals[i]` precedes `variables[i]`; the last one ends the template. */
  const literals: string[] = [];
  let last = 0;
  for (const m of text.matchAll(VARIABLE)) {
    const name = m[1];
    if (!NAME.test(name)) throw new TypeError(`${what}: expected {name} variables (RFC 6570 level 1: letters, digits, _), got "{${name}}" in ${JSON.stringify(text)}`);
    if (variables.includes(name)) throw new TypeError(`${what}: variable "${name}" appears twice in ${JSON.stringify(text)}`);
    variables.push(name);
    literals.push(literal(what, text, text.slice(last, m.index)));
    last = (m.index ?? 0) + m[0].length;
  }
  literals.push(literal(what, text, text.slice(last)));
  return Object.freeze({
    text,
    variables: Object.freeze(variables),
    match(uri: string): Record<string, string> | undefined {
      const raw = matchLiterals(uri, literals);
      if (!raw) return undefined;
      const values: Record<string, string> = {};
      try {
        variables.forEach((name, i) => (values[name] = decodeURIComponent(raw[i])));
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

/**
 * The variables' raw (still encoded) texts when `uri` has `literals` around them, else
 * `undefined`: one pass, each variable ending where its next literal is first found; the
 * last literal must end the URI.
 */
function matchLiterals(uri: string, literals: readonly string[]): string[] | undefined {
  const count = literals.length - 1;
  if (count === 0) return uri === literals[0] ? [] : undefined;
  const tail = literals[count];
  if (!uri.startsWith(literals[0]) || uri.length < literals[0].length + tail.length || !uri.endsWith(tail)) return undefined;
  const end = uri.length - tail.length;
  const values: string[] = [];
  let at = literals[0].length;
  for (let i = 0; i < count; i++) {
    // the next literal that is not empty (adjacent variables share the text up to it)
    let next = i + 1;
    while (next < count && literals[next] === '') next++;
    const stop = next === count ? end : uri.indexOf(literals[next], at);
    if (stop < 0 || stop + (next === count ? 0 : literals[next].length) > end || !isExpansion(uri, at, stop)) return undefined;
    values.push(uri.slice(at, stop));
    for (let j = i + 1; j < next; j++) values.push('');
    i = next - 1;
    at = next === count ? end : stop + literals[next].length;
  }
  return values;
}

/** Whether `uri[from, to)` is what level-1 expansion produces: unreserved characters and `%XX` escapes. */
function isExpansion(uri: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = uri.charCodeAt(i);
    if (isUnreserved(c)) continue;
    if (c !== 0x25 || i + 2 >= to || !isHex(uri.charCodeAt(i + 1)) || !isHex(uri.charCodeAt(i + 2))) return false;
    i += 2;
  }
  return true;
}

/** RFC 3986 unreserved: `A-Z a-z 0-9 - . _ ~`. */
function isUnreserved(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e || c === 0x5f || c === 0x7e;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function literal(what: string, text: string, part: string): string {
  if (part.includes('{') || part.includes('}')) throw new TypeError(`${what}: unbalanced brace in ${JSON.stringify(text)}`);
  return part;
}

/** Level-1 expansion of one value: everything but the unreserved characters percent-encoded. */
function encodeUnreserved(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
