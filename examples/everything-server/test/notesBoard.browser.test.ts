/**
 * The everything-server's view `ui://notes/board` in a real browser (Debian's Chromium through
 * playwright-core): the host page of test-support/browserHost (ext-apps's AppBridge and the
 * official client) reads `show_notes`'s view and renders it in a sandboxed iframe; the view
 * (ext-apps's App) calls `show_notes` through the bridge and lists the notes. A missing browser
 * fails the test with its reason.
 */
import express from 'express';
import type { Browser, Page } from 'playwright-core';
import { mcpErrorHandler, mcpRouter } from '@toolwire/express';
import { createEverythingService, NOTES } from '../src/everything';
import { startHostServer } from '../../../test-support/browserHost/hostServer';
import type { HostServer } from '../../../test-support/browserHost/hostServer';
import { hostState, launchChromium, watchProblems } from '../../../test-support/browserHost/browser';

jest.setTimeout(60_000);

describe("the everything-server's notes board in Chromium", () => {
  let browser: Browser | undefined;
  let host: HostServer | undefined;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    const { decl, defs } = createEverythingService();
    const app = express();
    app.use('/mcp', mcpRouter(decl, defs), mcpErrorHandler());
    host = await startHostServer(app, 'show_notes');
    page = await browser.newPage({ viewport: { width: 720, height: 480 } });
    watchProblems(page, problems);
    await page.goto(`${host.origin}/`);
  });

  afterAll(async () => {
    await browser?.close();
    await host?.close();
  });

  it('renders the view, which lists the notes it got from show_notes through the bridge', async () => {
    const view = page.frameLocator('#view');
    const expected = [...NOTES].map(([id, text]) => `${id}: ${text}`);
    try {
      await view.locator('#notes li').filter({ hasText: expected[0] }).waitFor({ timeout: 20_000 });
      await page.locator('#host-status').filter({ hasText: 'tool result sent to the view' }).waitFor({ timeout: 20_000 });
    } catch (error) {
      throw new Error(`the view did not show the notes: ${(error as Error).message}\nhost: ${await hostState(page, problems)}`, { cause: error });
    }
    expect(await view.locator('#notes li').allTextContents()).toEqual(expected);
    expect(problems).toEqual([]);
  });
});
