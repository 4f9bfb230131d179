/** ExchangeContext over a NodeExchange (what mcpHandler builds): the version header, the request, and when its signal aborts. */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ExchangeContext, NodeExchange } from '../../src/http';

/** The context mcpHandler gives the dispatcher for `req` and `res`. */
class HttpDispatchContext extends ExchangeContext {
  constructor(req: IncomingMessage, res: ServerResponse) {
    super(new NodeExchange(req, res));
  }
}

function fakes(headers: Record<string, string> = {}, res: { destroyed?: boolean; writableFinished?: boolean } = {}) {
  const req = { headers } as unknown as IncomingMessage;
  const response = Object.assign(new EventEmitter(), { destroyed: false, writableFinished: false, ...res });
  return { req, res: response as unknown as ServerResponse & EventEmitter & { writableFinished: boolean } };
}

describe('HttpDispatchContext', () => {
  it('carries the raw MCP-Protocol-Version header and the request', () => {
    const { req, res } = fakes({ 'mcp-protocol-version': '2025-11-25' });
    const ctx = new HttpDispatchContext(req, res);
    expect(ctx.protocolVersion).toBe('2025-11-25');
    expect(ctx.request).toBe(req);
  });

  it('leaves protocolVersion undefined without the header', () => {
    const { req, res } = fakes();
    expect(new HttpDispatchContext(req, res).protocolVersion).toBeUndefined();
  });

  it('aborts its signal when the response closes before it was written', () => {
    const { req, res } = fakes();
    const signal = new HttpDispatchContext(req, res).signal;
    res.emit('close');
    expect(signal.aborted).toBe(true);
  });

  it('does not abort its signal when the response closes after it was written', () => {
    const { req, res } = fakes();
    const signal = new HttpDispatchContext(req, res).signal;
    res.writableFinished = true;
    res.emit('close');
    expect(signal.aborted).toBe(false);
  });

  it('returns an already aborted signal when the client is already gone', () => {
    const { req, res } = fakes({}, { destroyed: true });
    expect(new HttpDispatchContext(req, res).signal.aborted).toBe(true);
  });

  it('creates one signal per request, on first use', () => {
    const { req, res } = fakes();
    const ctx = new HttpDispatchContext(req, res);
    expect(res.listenerCount('close')).toBe(0);
    expect(ctx.signal).toBe(ctx.signal);
    expect(res.listenerCount('close')).toBe(1);
  });
});
