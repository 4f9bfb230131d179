/**
 * Server program: the official SDK v2 (`@modelcontextprotocol/server` 2.4.0) as its docs mount it
 * on Node — `createMcpHandler(factory)` (MCP 2026-07-28, with its default stateless fallback for
 * 2025-era requests) wrapped once with `toNodeHandler` from `@modelcontextprotocol/node`, as a
 * plain `node:http` request listener. The entry is validation-free by design (no Origin/Host
 * checks, which toolwire's servers do).
 */
import { createServer } from 'node:http';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { sdk2ServerFactory } from './sdk2Definition';
import { listenOnLoopback, runServerProgram } from './serverIpc';
import { toolCountFromEnv } from '../fixture/toolSpecs';

const handler = toNodeHandler(createMcpHandler(sdk2ServerFactory(toolCountFromEnv())));

runServerProgram(() => listenOnLoopback(createServer((req, res) => void handler(req, res))));
