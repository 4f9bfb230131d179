import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { call, Collector, contentLength, request } from '../helpers';

const FIXTURE = join(__dirname, '..', 'fixtures', 'syncServer.js');

describe('Service on file descriptors in a real process', () => {
  it('reads non-blocking stdin synchronously (retrying EAGAIN) and answers in each request’s framing', async () => {
    const child = spawn(process.execPath, [FIXTURE], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const output = new Collector();
    child.stdout.pipe(output.stream);
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));

    child.stdin.write(`${request(1, 'initialize', { protocolVersion: '2025-11-25' })}\n`);
    await output.waitFor(1); // the child now blocks in readSync on an empty, non-blocking pipe
    child.stdin.write(contentLength(call(2, 'add', { a: 20, b: 22 })));
    await output.waitFor(2);
    child.stdin.write(`${call(3, 'add', { a: 'x', b: 1 })}\n`);
    child.stdin.end();

    expect(await exited).toBe(0);
    expect(stderr).toBe('');
    const frames = output.frames();
    expect(frames.map((f) => [f.framing, f.reply.id])).toEqual([
      ['newline', 1],
      ['content-length', 2],
      ['newline', 3],
    ]);
    expect(frames[1].reply.result?.content?.[0].text).toBe('42');
    expect(frames[2].reply.result?.isError).toBe(true); // 2025-11-25 was negotiated on this connection
  });
});
