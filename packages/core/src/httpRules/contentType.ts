/**
 * contentType: is a request's `Content-Type` JSON? `application/json` and any
 * `application/*+json` type qualify; a `charset` parameter, if present, must be UTF-8 (JSON is
 * UTF-8 by definition, and the body is decoded as such). A missing header counts as JSON.
 */

/** True when the `Content-Type` header (absent or empty = JSON) announces a UTF-8 JSON body. */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined || header === '' || header === 'application/json') return true;
  const semi = header.indexOf(';');
  const type = (semi < 0 ? header : header.slice(0, semi)).trim().toLowerCase();
  if (type !== 'application/json' && !(type.startsWith('application/') && type.endsWith('+json'))) return false;
  return semi < 0 || utf8Charset(header.slice(semi + 1));
}

function utf8Charset(parameters: string): boolean {
  for (const parameter of parameters.split(';')) {
    const eq = parameter.indexOf('=');
    if (eq < 0 || parameter.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const value = parameter.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1').toLowerCase();
    return value === 'utf-8' || value === 'utf8';
  }
  return true;
}
