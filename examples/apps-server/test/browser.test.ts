/**
 * The notes board in a real browser: Debian's Chromium, driven by playwright-core, loads a host
 * page built on ext-apps's AppBridge and the official MCP client (test-support/browserHost). The
 * host reads the tool's view from the toolwire server and renders it in a sandboxed iframe; the
 * view (ext-apps's App) calls `show_board` through the bridge and lists the notes
 * (`structuredContent`) with the board's capacity (the result's `_meta`), then pins a new one
 * with `add_note`. The test asserts the rendered text and keeps a screenshot in `test/artifacts/`
 * (git-ignored). A missing browser fails the test with its reason.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createApp } from '../src/app';
import { FIRST_NOTES } from '../src/service';
import { startHostServer } from '../../../test-support/browserHost/hostServer';
import type { HostServer } from '../../../test-support/browserHost/hostServer';
import { hostState, launchChromium, watchProblems } from '../../../test-support/browserHost/browser';

const ARTIFACTS = join(__dirname, 'artifacts');

jest.setTimeout(60_000);

describe('the notes board in Chromium', () => {
  let browser: Browser | undefined;
  let host: HostServer | undefined;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    host = await startHostServer(createApp(), 'show_board');
    page = await browser.newPage({ viewport: { width: 720, height: 480 } });
    watchProblems(page, problems);
    await page.goto(`${host.origin}/`);
  });

  afterAll(async () => {
    await browser?.close();
    await host?.close();
  });

  it('renders the view, which lists the notes and the capacity (structuredContent and _meta) it got from show_board through the bridge', async () => {
    const view = page.frameLocator('#view');
    try {
      await view.locator('#status').filter({ hasText: `${FIRST_NOTES.length} of 50 notes` }).waitFor({ timeout: 20_000 });
      await page.locator('#host-status').filter({ hasText: 'tool result sent to the view' }).waitFor({ timeout: 20_000 });
    } catch (error) {
      throw new Error(`the view did not show the notes: ${(error as Error).message}\nhost: ${await hostState(page, problems)}`, { cause: error });
    }
    expect(await view.locator('#notes li').allTextContents()).toEqual([...FIRST_NOTES]);
    const log = await page.evaluate(() => (globalThis as unknown as { hostLog: string[] }).hostLog);
    expect(log[0]).toBe('connected; server extension {"mimeTypes":["text/html;profile=mcp-app"]}');
    expect(log[1]).toMatch(/^read ui:\/\/notes\/board \(\d+ characters, _meta.ui \{"prefersBorder":true,"csp":\{"connectDomains":\[\],"resourceDomains":\[\]\}\}\)$/);
  });

  it('pins a note from the view (add_note through the bridge) and shows the board with it; keeps a screenshot', async () => {
    const view = page.frameLocator('#view');
    await view.locator('#text').fill('Ship the Apps example');
    await view.locator('#pin').click();
    await view.locator('#status').filter({ hasText: `${FIRST_NOTES.length + 1} of 50 notes` }).waitFor({ timeout: 20_000 });
    expect(await view.locator('#notes li').allTextContents()).toEqual([...FIRST_NOTES, 'Ship the Apps example']);
    expect(problems).toEqual([]);
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = join(ARTIFACTS, 'notes-board.png');
    await page.screenshot({ path: file });
    expect(existsSync(file)).toBe(true);
  });
});
