import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { rememberSecret } from '../../support/client';
import { e2eContext } from '../../support/stackContext';

/**
 * The browser the portal tests drive: Debian's Chromium (`.ci/run` installs the `chromium`
 * package), never a browser download. One browser per test file, a new context per test.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const ARTIFACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'test-artifacts');
export const SCREENSHOT_DIR = path.join(ARTIFACTS_DIR, 'screenshots');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
} as const;

/** What a failing wait looks like quickly, well inside jest's time-out. */
const ACTION_TIMEOUT_MS = 10_000;

/** The built portals the router serves; without them it serves a placeholder page. */
const PORTAL_DIST = path.resolve(__dirname, '..', '..', '..', 'portal-web', 'dist');

/**
 * Stops a browser test at once when the portals are not built (`npm test` builds them first; a
 * lone `npx jest tests/browser/...` on a fresh checkout does not), instead of letting every test
 * wait ten seconds for a screen the router's placeholder page never shows.
 */
function requireBuiltPortals(): void {
  const missing = ['index.html', 'admin.html'].filter((page) => !existsSync(path.join(PORTAL_DIST, page)));
  if (missing.length > 0) {
    throw new Error(`portal-web/dist has no ${missing.join(' or ')}: run \`npm run build -w @ems/portal-web\` before the browser tests`);
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** Contract rule 2: no response to the browser carries a JWT. */
export const JWT_PATTERN = /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\./;

export interface PortalTab {
  readonly context: BrowserContext;
  readonly page: Page;
  /**
   * Console errors matching `pattern` are expected in this test (Chromium logs a console error
   * for every HTTP 4xx/5xx answer, e.g. the refused sign-in of a forged link). Anything else
   * fails the test.
   */
  allowConsoleError(pattern: RegExp): void;
  /** How many response bodies were read and checked for JWTs and secrets so far (headers: all). */
  responsesChecked(): Promise<number>;
}

/**
 * Jest hooks for one test file: launches Chromium once, opens a fresh context and page for each
 * test, and fails the test on any console error or uncaught page error, and on any response to
 * the browser (headers or body) that carries a JWT or one of the installation's secrets.
 */
export function usePortalBrowser(): { tab(): PortalTab } {
  let browser: Browser | undefined;
  let current: (PortalTab & { finish(): Promise<string[]> }) | undefined;

  beforeAll(async () => {
    requireBuiltPortals();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('Chromium did not start');
    current = await openTab(browser);
  });
  afterEach(async () => {
    const tab = current;
    current = undefined;
    if (!tab) return;
    const problems = await tab.finish();
    if (problems.length) throw new Error(`The browser reported problems during this test:\n- ${problems.join('\n- ')}`);
  });

  return {
    tab() {
      if (!current) throw new Error('tab() is available inside a test only');
      return current;
    },
  };
}

async function openTab(browser: Browser) {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'en-GB' });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const problems: string[] = [];
  const allowed: RegExp[] = [];
  const checks: Array<Promise<void>> = [];
  let bodiesRead = 0;
  const secrets = Object.entries(e2eContext().secrets).filter(([, value]) => value.length >= 16);

  const leakIn = (text: string): string | null => {
    if (JWT_PATTERN.test(text)) return 'a JWT';
    for (const [name, value] of secrets) if (text.includes(value)) return `the ${name}`;
    return null;
  };

  const checkResponse = async (response: Response): Promise<void> => {
    const where = `${response.request().method()} ${response.url()}`;
    const headerLeak = leakIn(JSON.stringify(await response.allHeaders()));
    if (headerLeak) problems.push(`response headers carried ${headerLeak}: ${where}`);
    const status = response.status();
    // A redirect has no body the browser could read; the page may also be gone already.
    if (status >= 300 && status < 400) return;
    const body = await response.body().catch(() => null);
    if (body === null) return;
    bodiesRead += 1;
    const bodyLeak = leakIn(body.toString('utf8'));
    if (bodyLeak) problems.push(`response body carried ${bodyLeak}: ${where}`);
  };

  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = `${message.text()} (${message.location().url || page.url()})`;
      if (!allowed.some((pattern) => pattern.test(text))) problems.push(`console error: ${text}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught error in the page: ${error.message}`));
    page.on('response', (response) => {
      checks.push(
        checkResponse(response).catch((error: Error) => {
          problems.push(`could not check ${response.url()}: ${error.message}`);
        }),
      );
    });
  };
  context.on('page', watch);
  const page = await context.newPage();

  return {
    context,
    page,
    allowConsoleError(pattern: RegExp) {
      allowed.push(pattern);
    },
    async responsesChecked() {
      await Promise.all(checks);
      return bodiesRead;
    },
    async finish(): Promise<string[]> {
      await Promise.all(checks);
      // The teardown searches every service log for the session ids the tests saw.
      for (const cookie of await context.cookies()) rememberSecret(decodeURIComponent(cookie.value));
      await context.close();
      return problems;
    },
  };
}

/**
 * Screenshots of the current screen at desktop (1280x800) and phone (375x740) width, written to
 * test-artifacts/screenshots/<name>-desktop.png and <name>-phone.png (the whole page, so that
 * what lies below the fold on a phone is in the picture too). The viewport is restored after.
 */
export async function screenshots(page: Page, name: string): Promise<string[]> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  const files: string[] = [];
  try {
    for (const [kind, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      const file = path.join(SCREENSHOT_DIR, `${name}-${kind}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
      files.push(file);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
  return files;
}
