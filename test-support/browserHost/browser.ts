/**
 * browser: Debian's Chromium for the MCP Apps browser tests, driven by playwright-core, and the
 * page problems a test must see — errors thrown in the page, console errors, and failed loads
 * other than the expected ones. A missing browser is an error with its reason (a failing test,
 * never a skip): set CHROMIUM_PATH or install chromium.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

/** The Chromium binary the tests drive. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Starts Chromium. @throws Error naming the missing binary and the fix. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
  // --no-sandbox: Chromium's own sandbox cannot start as root in a container (CI runs so). The
  // view's iframe sandbox, which these tests are about, is unaffected.
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

/** Records the page's problems in `problems` from now on. */
export function watchProblems(page: Page, problems: string[]): void {
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // Failed loads are judged by their responses below (Chromium logs each as a console error too).
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    const method = response.request().method();
    // Expected refusals: no favicon, and 405 for the client's optional GET /mcp (a stateless endpoint opens no stream).
    const expected = (pathname === '/favicon.ico' && response.status() === 404) || (pathname === '/mcp' && method === 'GET' && response.status() === 405);
    if (response.status() >= 400 && !expected) problems.push(`${method} ${pathname}: ${response.status()}`);
  });
}

/** The host page's steps, its failure and the problems seen, for a failure message. */
export async function hostState(page: Page, problems: readonly string[]): Promise<string> {
  const state = await page.evaluate(() => ({ log: (globalThis as unknown as { hostLog?: string[] }).hostLog, error: (globalThis as unknown as { hostError?: string }).hostError }));
  return JSON.stringify({ ...state, problems }, null, 1);
}
