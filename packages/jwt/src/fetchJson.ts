/**
 * fetchJson: one GET of a JSON document from the authorization server (its metadata or its
 * JWKS) — `Accept: application/json`, a time limit, no redirects, at most {@link MAX_DOCUMENT_BYTES}
 * read — answering the parsed document, or the status of an answer that was not 2xx. A network
 * error, a timeout, an oversized body or a body that is not JSON throws, naming the URL.
 */

/** The largest metadata or JWKS document read (1 MiB); a larger one is a failed load. */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;

/** What a GET gave: the document of a 2xx answer, or the status of another. */
export type JsonFetch = { readonly ok: true; readonly document: unknown } | { readonly ok: false; readonly status: number };

/**
 * @param what - the document's name in error messages (`the JWKS`).
 * @throws Error for a network error, a timeout, a body over the limit or one that is not JSON.
 */
export async function fetchJson(url: string, timeoutMs: number, what: string): Promise<JsonFetch> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (error) {
    throw new Error(`${what} at ${url} could not be fetched: ${reasonOf(error)}`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, status: response.status };
  }
  let text: string;
  try {
    text = await readLimited(response);
  } catch (error) {
    throw new Error(`${what} at ${url} could not be read: ${reasonOf(error)}`, { cause: error });
  }
  try {
    return { ok: true, document: JSON.parse(text) as unknown };
  } catch (error) {
    throw new Error(`${what} at ${url} is not JSON`, { cause: error });
  }
}

/** The body as text, refusing more than {@link MAX_DOCUMENT_BYTES}. */
async function readLimited(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_DOCUMENT_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`its Content-Length ${declared} exceeds ${MAX_DOCUMENT_BYTES} bytes`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > MAX_DOCUMENT_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`it exceeds ${MAX_DOCUMENT_BYTES} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
