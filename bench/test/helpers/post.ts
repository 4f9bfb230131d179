/** post: one HTTP POST from a bench test to a server it started, answered with its status and body text. */
import { request } from 'node:http';

/** POSTs `body` to `url` with `headers`; resolves with the status and the whole body. */
export function post(url: string, body: string, headers: Readonly<Record<string, string>>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
