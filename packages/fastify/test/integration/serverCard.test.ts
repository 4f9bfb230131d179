/**
 * mcpPlugin's server card (experimental `serverCard` option): `<path>/server-card`, answered by
 * the shared pipeline with the same headers and bytes as the other adapters (`fastify.inject`).
 */
import Fastify from 'fastify';
import { mcpPlugin } from '../../src';
import { fastifyService } from '../helpers';

const serverCard = { name: 'io.example/fastify-test', description: 'Fastify test tools' };

describe('mcpPlugin with serverCard', () => {
  it('serves the card at <path>/server-card: media type, CORS, caching, ETag and 304', async () => {
    const app = Fastify();
    await app.register(mcpPlugin, { ...fastifyService(), path: '/mcp', serverCard });
    try {
      const res = await app.inject({ method: 'GET', url: '/mcp/server-card' });
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'application/mcp-server-card+json',
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET',
        'access-control-allow-headers': 'Content-Type, If-None-Match',
        'access-control-expose-headers': 'ETag',
        'cache-control': 'public, max-age=3600',
      });
      expect(res.json()).toMatchObject({ name: 'io.example/fastify-test', version: '1.0.0', description: 'Fastify test tools', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'fastify-test', version: '1.0.0' } } });
      const etag = String(res.headers.etag);
      const cached = await app.inject({ method: 'GET', url: '/mcp/server-card', headers: { 'if-none-match': etag } });
      expect([cached.statusCode, cached.body]).toEqual([304, '']);
      expect((await app.inject({ method: 'OPTIONS', url: '/mcp/server-card' })).statusCode).toBe(204);
      // the endpoint is still the endpoint
      expect((await app.inject({ method: 'GET', url: '/mcp' })).statusCode).toBe(405);
    } finally {
      await app.close();
    }
  });

  it('has no card route without the option (404), and refuses a bad option at registration', async () => {
    const plain = Fastify();
    await plain.register(mcpPlugin, { ...fastifyService(), path: '/mcp' });
    expect((await plain.inject({ method: 'GET', url: '/mcp/server-card' })).statusCode).toBe(404);
    await plain.close();
    const bad = Fastify();
    await expect(bad.register(mcpPlugin, { ...fastifyService(), serverCard: { description: 'x' } })).rejects.toThrow(/@toolwire\/fastify: option serverCard\.name: required/);
    await bad.close();
  });
});
