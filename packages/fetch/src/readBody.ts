/**
 * readBody: reads a Web `Request` body into a string with a size limit. Chunks are kept as they
 * arrive, joined once and decoded once as UTF-8; a declared `Content-Length` over the limit is
 * refused before anything is read, and a stream that grows past it is cancelled.
 */

/** What reading a body gave: its text, or why there is none. */
export type BodyOutcome = { readonly text: string } | { readonly problem: 'tooLarge' | 'consumed' };

const decoder = new TextDecoder();

/** Reads `request`'s body, at most `limit` bytes. */
export async function readBody(request: Request, limit: number): Promise<BodyOutcome> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) {
    request.body?.cancel().catch(ignore);
    return { problem: 'tooLarge' };
  }
  if (request.bodyUsed) return { problem: 'consumed' };
  const body = request.body;
  if (body === null) return { text: '' };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(ignore);
      return { problem: 'tooLarge' };
    }
    chunks.push(value);
  }
  return { text: decoder.decode(chunks.length === 1 ? chunks[0] : join(chunks, size)) };
}

function join(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}

function ignore(): void {
  // cancelling a stream the client already closed fails; there is nothing left to do
}
