/** The router beside other routes and middleware: any mount path, auth in front, req visible to procedures. */
import express from 'express';
import request from 'supertest';
import { createServer } from 'node:http';
import { mcpHandler, mcpRouter } from '../../src';
import { call, rpc, testService } from '../helpers/testService';

function appWithAuth(): express.Express {
  const { decl, defs } = testService();
  const app = express();
  app.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  const requireToken: express.RequestHandler = (req, res, next) => {
    if (req.headers.authorization === 'Bearer secret') return next();
    res.status(401).json({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Unauthorized' } });
  };
  app.use('/api/v1/tools', requireToken, mcpRouter(decl, defs));
  return app;
}

describe('mcpRouter: mounting', () => {
  it('serves at any mount path', async () => {
    const { decl, defs } = testService();
    const app = express().use('/some/deep/path', mcpRouter(decl, defs));
    const res = await request(app).post('/some/deep/path').send(call('add', { a: 6, b: 7 }));
    expect(res.body.result.content).toEqual([{ type: 'text', text: '13' }]);
  });

  it('serves the mount path with a trailing slash', async () => {
    const { decl, defs } = testService();
    const app = express().use('/mcp', mcpRouter(decl, defs));
    expect((await request(app).post('/mcp/').send(rpc('ping'))).status).toBe(200);
  });

  it('leaves sub-paths of the mount path to the rest of the app (404)', async () => {
    const { decl, defs } = testService();
    const app = express().use('/mcp', mcpRouter(decl, defs));
    expect((await request(app).post('/mcp/other').send(rpc('ping'))).status).toBe(404);
  });

  it('lives beside other routes', async () => {
    const res = await request(appWithAuth()).get('/health');
    expect(res.body).toEqual({ ok: true });
  });

  it('lets an auth middleware in front of it reject the request', async () => {
    const res = await request(appWithAuth()).post('/api/v1/tools').send(rpc('ping'));
    expect(res.status).toBe(401);
  });

  it('serves requests the auth middleware lets through', async () => {
    const res = await request(appWithAuth()).post('/api/v1/tools').set('Authorization', 'Bearer secret').send(rpc('ping'));
    expect(res.body).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('hands procedures the request as context.request', async () => {
    const res = await request(appWithAuth()).post('/api/v1/tools').set('Authorization', 'Bearer secret').set('X-User', 'ada').send(call('whoami'));
    expect(res.body.result.content).toEqual([{ type: 'text', text: 'ada' }]);
  });

  it('keeps headers an earlier middleware set on the response', async () => {
    const { decl, defs } = testService();
    const app = express();
    app.use((_req, res, next) => {
      res.setHeader('X-Served-By', 'toolwire-test');
      next();
    });
    app.use('/mcp', mcpRouter(decl, defs));
    const res = await request(app).post('/mcp').send(rpc('ping'));
    expect(res.headers['x-served-by']).toBe('toolwire-test');
  });
});

describe('behind something that already answered', () => {
  it('writes nothing more (no ERR_HTTP_HEADERS_SENT, no unhandled rejection) and keeps serving', async () => {
    const { decl, defs } = testService();
    const handle = mcpHandler(decl, defs);
    const failures: unknown[] = [];
    const server = createServer((req, res) => {
      if (req.headers['x-busy']) res.writeHead(503, { 'Content-Type': 'text/plain' }).end('busy'); // e.g. load shedding
      try {
        handle(req, res);
      } catch (error) {
        failures.push(error);
      }
    });
    const onProcessError = (error: unknown) => failures.push(error);
    process.on('uncaughtException', onProcessError);
    process.on('unhandledRejection', onProcessError);
    try {
      for (const body of [call('echo', { message: 'late' }), call('add', { a: 1, b: 2 })]) {
        const busy = await request(server).post('/').set('x-busy', '1').send(body);
        expect([busy.status, busy.text]).toEqual([503, 'busy']);
      }
      await new Promise((resolve) => setImmediate(resolve));
      expect(failures).toEqual([]);
      const ok = await request(server).post('/').send(call('add', { a: 6, b: 7 }));
      expect(ok.body.result.content).toEqual([{ type: 'text', text: '13' }]);
    } finally {
      process.off('uncaughtException', onProcessError);
      process.off('unhandledRejection', onProcessError);
    }
  });
});
