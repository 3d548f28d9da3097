// A real browser for the HTML report's tests: Debian's chromium, driven by playwright-core (no
// browser download). One launch per test file. Without chromium the tests are skipped with a
// warning on a developer's machine, and fail in CI (CI set), where .ci/run installs it.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** True when the browser tests must be skipped: no chromium, and not in CI. */
export function browserMissing(): boolean {
  if (existsSync(CHROMIUM)) return false;
  if (process.env['CI'] !== undefined) return false; // CI must run them: the launch fails loudly
  console.warn(`warning: ${CHROMIUM} is missing, so the HTML report's browser tests are skipped`);
  return true;
}

/** A headless chromium for the file's tests, launched once. */
export function useBrowser(): { readonly current: Browser } {
  const holder: { browser?: Browser } = {};
  beforeAll(async () => {
    holder.browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ARGS,
      headless: true,
    });
  }, 30_000);
  afterAll(async () => {
    await holder.browser?.close();
  });
  return {
    get current(): Browser {
      if (!holder.browser) throw new Error('browser not launched');
      return holder.browser;
    },
  };
}

export interface Opened {
  page: Page;
  /** Every URL the page asked for, in order. */
  requests: string[];
  /** Console messages of type error or warning, and uncaught page errors. */
  problems: string[];
}

/**
 * Opens an HTML file from file:// and waits until its script says it is ready. Every request
 * is recorded, and any but the file itself is refused, so a page that tries the network shows
 * it in `requests` (and fails to load what it wanted).
 */
export async function openFile(
  browser: Browser,
  file: string,
  options: {
    width?: number;
    height?: number;
    colorScheme?: 'light' | 'dark';
    /** Script source run in the page before its own (to watch what it draws). */
    init?: string;
  } = {},
): Promise<Opened> {
  const url = pathToFileURL(file).href;
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
  });
  if (options.init !== undefined) await context.addInitScript(options.init);
  const page = await context.newPage();
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await context.route('**/*', (route) => {
    const asked = route.request().url();
    requests.push(asked);
    return asked === url ? route.continue() : route.abort();
  });
  await page.goto(url);
  await page.waitForSelector('html[data-ready]', { timeout: 10_000 });
  return { page, requests, problems };
}

/**
 * For `init`: the points uPlot draws on each canvas, read from the paths it fills or strokes
 * (each point is an arc). `canvas.__points()` gives the radii of the arcs drawn since the
 * canvas was last cleared (uPlot clears it before each draw), one per point.
 */
export const COUNT_POINTS = `(() => {
  const arcs = new WeakMap();
  const arc = Path2D.prototype.arc;
  Path2D.prototype.arc = function (x, y, r, ...rest) {
    if (!arcs.has(this)) arcs.set(this, []);
    arcs.get(this).push(r);
    return arc.call(this, x, y, r, ...rest);
  };
  const drawn = new WeakMap();
  const clear = CanvasRenderingContext2D.prototype.clearRect;
  CanvasRenderingContext2D.prototype.clearRect = function (...args) {
    drawn.set(this.canvas, new Set());
    this.canvas.__points = () => [...(drawn.get(this.canvas) ?? [])].flatMap((p) => arcs.get(p));
    return clear.apply(this, args);
  };
  for (const name of ['fill', 'stroke']) {
    const draw = CanvasRenderingContext2D.prototype[name];
    CanvasRenderingContext2D.prototype[name] = function (...args) {
      const path = args[0];
      if (path instanceof Path2D && arcs.has(path)) drawn.get(this.canvas)?.add(path);
      return draw.apply(this, args);
    };
  }
})();`;
