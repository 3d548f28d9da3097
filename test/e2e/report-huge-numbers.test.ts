// The HTML report in a real browser, on numbers at the edges of the doubles: every number a
// person reads is short (1e308 was written as 309 grouped digits, which pushed the summary
// table off the page), the page runs without errors, and no NaN or Infinity is shown.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserMissing, openFile, useBrowser } from '../helpers/browser.ts';
import { tempDir } from '../helpers/cli.ts';
import { FIRST, hugeNumbersApi, LAST } from '../helpers/huge-numbers.ts';
import { hd, useTestServers } from '../helpers/test-server.ts';

describe.skipIf(browserMissing())('report on numbers at the edges of the doubles', () => {
  const serve = useTestServers();
  const browser = useBrowser();

  it('shows every number short, in scientific notation past 1e15, in text and on the page', async () => {
    const server = await serve(hugeNumbersApi());
    const file = join(tempDir('healthdata-report-'), 'edges.html');
    const r = await hd(server.url, ['report', '--from', FIRST, '--to', LAST, '-o', file]);
    expect(r.code, r.stderr).toBe(0);
    const { page, problems } = await openFile(browser.current, file);
    expect(problems).toEqual([]);
    const text = (await page.evaluate('document.body.innerText')) as string;
    // 1e308 as people read it, and no run of grouped digits anywhere.
    expect(text).toContain('1e308');
    expect(text).toContain('-1e308');
    expect(text).not.toMatch(/\d{1,3}(,\d{3}){5,}/);
    expect(text).not.toMatch(/NaN|Infinity|∞/);
    // The ordinary metric keeps its grouped thousands.
    expect(text).toMatch(/8,0\d0/);
    // The summary table fits the page at 1280 px: nothing wider than the viewport.
    const widest = (await page.evaluate(
      'Math.max(...[...document.querySelectorAll("table")].map((t) => t.scrollWidth))',
    )) as number;
    expect(widest).toBeLessThanOrEqual(1280);
    await page.context().close();
  });
});
