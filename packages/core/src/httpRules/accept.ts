/**
 * accept: the `strictAccept` check. Streamable HTTP clients must accept both `application/json`
 * and `text/event-stream`; by default toolwire does not insist (it only ever answers JSON), with
 * `strictAccept` it does. Wildcards do not count, and a range with `q=0` is a refusal.
 */

/** True when the `Accept` header explicitly accepts both application/json and text/event-stream. */
export function acceptsJsonAndEventStream(header: string | undefined): boolean {
  if (header === undefined) return false;
  let json = false;
  let eventStream = false;
  for (const range of header.split(',')) {
    const parts = range.split(';');
    const type = parts[0].trim().toLowerCase();
    if (type !== 'application/json' && type !== 'text/event-stream') continue;
    if (parts.some((p, i) => i > 0 && /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(p))) continue;
    if (type === 'application/json') json = true;
    else eventStream = true;
  }
  return json && eventStream;
}
